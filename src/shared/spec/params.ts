// The query parameters of every endpoint, in one list: spec §4 and the optional routes of
// venue-profile C and E. A real deployment silently ignores a parameter it does not list, so
// the app sends only these (clients are typed by them, and a test walks every client method).
// Path parameters are the `{name}` segments of the template; bodies are not queries.

export type ParamSurface = 'catalog' | 'trading' | 'data';
export type ParamMethod = 'GET' | 'POST' | 'DELETE';

export interface EndpointParams {
  surface: ParamSurface;
  method: ParamMethod;
  /** Relative to the surface's base address, path parameters as `{name}`. */
  path: string;
  /** Every query name the endpoint takes, aliases included. */
  query: readonly string[];
  /** Alias → the name it stands for, where the spec names one. */
  aliases?: Readonly<Record<string, string>>;
  /** true: listed in spec §4, every deployment has it; false: optional (venue-profile C or E). */
  spec: boolean;
  /** Where the endpoint is written down. */
  ref: string;
}

const catalogPage = ['limit', 'offset'] as const;

/** Every endpoint the app may call. `as const` keeps the names as types for the clients. */
export const ENDPOINTS = [
  // ---- Data surface (spec §4.1)
  { surface: 'data', method: 'GET', path: '/trades', query: ['limit', 'offset', 'takerOnly', 'filterType', 'filterAmount', 'market', 'user', 'side'], spec: true, ref: 'spec §4.1' },
  {
    surface: 'data', method: 'GET', path: '/positions',
    query: ['user', 'market', 'sizeThreshold', 'redeemable', 'mergeable', 'limit', 'offset', 'sortBy', 'sortDirection', 'title'], spec: true, ref: 'spec §4.1',
  },
  { surface: 'data', method: 'GET', path: '/holders', query: ['market', 'limit', 'minBalance'], spec: true, ref: 'spec §4.1' },
  { surface: 'data', method: 'GET', path: '/v1/leaderboard', query: ['category', 'timePeriod', 'orderBy', 'limit', 'offset', 'user', 'userName'], spec: true, ref: 'spec §4.1' },

  // ---- Catalog surface (spec §4.2)
  {
    surface: 'catalog', method: 'GET', path: '/markets',
    query: [...catalogPage, 'active', 'closed', 'archived', 'tag', 'tag_id', 'tag_slug', 'event_id', 'event_slug', 'eventSlug', 'conditionId', 'condition_id', 'mirror', 'slug', 'order', 'ascending', 'creator'],
    aliases: { tag: 'tag_slug', eventSlug: 'event_slug', condition_id: 'conditionId' }, spec: true, ref: 'spec §4.2',
  },
  { surface: 'catalog', method: 'GET', path: '/markets/slug/{slug}', query: ['creator'], spec: true, ref: 'spec §4.2' },
  { surface: 'catalog', method: 'GET', path: '/markets/{id}/tags', query: ['creator'], spec: true, ref: 'spec §4.2' },
  {
    surface: 'catalog', method: 'GET', path: '/events',
    query: [...catalogPage, 'active', 'closed', 'archived', 'tag', 'tag_id', 'tag_slug', 'series_slug', 'slug', 'order', 'ascending', 'creator'],
    aliases: { tag: 'tag_slug' }, spec: true, ref: 'spec §4.2',
  },
  { surface: 'catalog', method: 'GET', path: '/series', query: [...catalogPage, 'creator'], spec: true, ref: 'spec §4.2' },
  {
    surface: 'catalog', method: 'GET', path: '/comments',
    query: [...catalogPage, 'order', 'parent_entity_type', 'parent_entity_id', 'event_slug', 'holders_only'], spec: true, ref: 'spec §4.2',
  },
  { surface: 'catalog', method: 'GET', path: '/comments/user_address/{user_address}', query: [...catalogPage], spec: true, ref: 'spec §4.2' },
  // Catalog routes beyond the spec (venue-profile E).
  { surface: 'catalog', method: 'GET', path: '/tags', query: [...catalogPage], spec: false, ref: 'venue-profile E' },
  { surface: 'catalog', method: 'GET', path: '/public-search', query: ['q', 'limit'], spec: false, ref: 'venue-profile E' },

  // ---- Trading surface (spec §4.3): only the cursor is a query; the rest are path or body.
  { surface: 'trading', method: 'POST', path: '/orders', query: [], spec: true, ref: 'spec §4.3' },
  { surface: 'trading', method: 'GET', path: '/markets/{condition_id}', query: [], spec: true, ref: 'spec §4.3' },
  { surface: 'trading', method: 'GET', path: '/sampling-simplified-markets', query: ['next_cursor'], spec: true, ref: 'spec §4.3' },
  { surface: 'trading', method: 'GET', path: '/clob-markets/{condition_id}', query: [], spec: true, ref: 'spec §4.3' },
  { surface: 'trading', method: 'POST', path: '/prices', query: [], spec: true, ref: 'spec §4.3' },
  { surface: 'trading', method: 'POST', path: '/last-trades-prices', query: [], spec: true, ref: 'spec §4.3' },
  // The L1 key endpoints the spec does not show (venue-profile C): headers only.
  { surface: 'trading', method: 'POST', path: '/auth/api-key', query: [], spec: false, ref: 'venue-profile C' },
  { surface: 'trading', method: 'GET', path: '/auth/derive-api-key', query: [], spec: false, ref: 'venue-profile C' },
  // Trading routes beyond the spec (venue-profile E).
  { surface: 'trading', method: 'GET', path: '/time', query: [], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/version', query: [], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/book', query: ['token_id'], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/prices-history', query: ['market', 'startTs', 'endTs', 'fidelity'], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/tick-size', query: ['token_id'], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/neg-risk', query: ['token_id'], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/fee-rate', query: ['token_id'], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/markets-by-token/{token_id}', query: [], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'DELETE', path: '/order', query: [], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'DELETE', path: '/orders', query: [], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'DELETE', path: '/cancel-all', query: [], spec: false, ref: 'venue-profile E' },
  // Open orders of the key: the cursor, and the filters the local venue takes.
  { surface: 'trading', method: 'GET', path: '/data/orders', query: ['next_cursor', 'id', 'market', 'asset_id'], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'GET', path: '/balance-allowance', query: [], spec: false, ref: 'venue-profile E' },
  { surface: 'trading', method: 'POST', path: '/redeem', query: [], spec: false, ref: 'venue-profile E' },
] as const satisfies readonly EndpointParams[];

type Entry = (typeof ENDPOINTS)[number];

type KeyOf<E> = E extends { surface: infer S extends string; method: infer M extends string; path: infer P extends string } ? `${S} ${M} ${P}` : never;

/** `surface METHOD /path/{template}`, the key of one endpoint. */
export type EndpointKey = KeyOf<Entry>;

/** The query names endpoint `K` takes. */
export type QueryName<K extends EndpointKey> = Entry extends infer E ? (E extends Entry ? (KeyOf<E> extends K ? E['query'][number] : never) : never) : never;

export const endpointKey = (surface: ParamSurface, method: ParamMethod, path: string): string => `${surface} ${method} ${path}`;

/** The endpoints by key. */
export const PARAMS: ReadonlyMap<string, EndpointParams> = new Map(ENDPOINTS.map((e) => [endpointKey(e.surface, e.method, e.path), e]));

const segments = (path: string): string[] => (path.split('?')[0] ?? '').split('/').filter((s) => s !== '');
const isParam = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);

/**
 * The endpoint a concrete path is a request of (`/markets/slug/abc` → `/markets/slug/{slug}`),
 * or undefined when the app has no such endpoint. A literal segment wins over a parameter at the
 * first place they differ, as routers match.
 */
export function endpointOf(surface: ParamSurface, method: ParamMethod, path: string): EndpointParams | undefined {
  const parts = segments(path);
  let best: { entry: EndpointParams; literals: boolean[] } | undefined;
  for (const entry of ENDPOINTS as readonly EndpointParams[]) {
    if (entry.surface !== surface || entry.method !== method) continue;
    const tpl = segments(entry.path);
    if (tpl.length !== parts.length || !tpl.every((t, i) => isParam(t) || t === parts[i])) continue;
    const literals = tpl.map((t) => !isParam(t));
    if (!best || beats(literals, best.literals)) best = { entry, literals };
  }
  return best?.entry;
}

const beats = (a: boolean[], b: boolean[]): boolean => {
  const i = a.findIndex((x, j) => x !== b[j]);
  return i >= 0 && a[i] === true;
};

/**
 * The query names of `keys` that the endpoint of `path` does not take; every key when there is
 * no such endpoint.
 */
export function unlistedParams(surface: ParamSurface, method: ParamMethod, path: string, keys: Iterable<string>): string[] {
  const allowed = new Set(endpointOf(surface, method, path)?.query ?? []);
  return [...keys].filter((k) => !allowed.has(k));
}
