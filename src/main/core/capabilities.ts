// What a venue offers beyond the spec (venue-profile E: optional routes, the key endpoint, the
// live channel), learned once per profile: on first need (a route that answers 404 is missing)
// and by the connection test's probe. A route known to be missing is never asked again; the
// call fails at once with NOT_OFFERED and words saying what the venue lacks.
import { AppError } from './router.js';
import type { Clients } from './clients/index.js';

export const OPTIONAL_ROUTES = {
  time: { surface: 'trading', route: 'GET /time', words: 'the server clock' },
  version: { surface: 'trading', route: 'GET /version', words: 'its order-signing domain' },
  book: { surface: 'trading', route: 'GET /book', words: 'the order book' },
  pricesHistory: { surface: 'trading', route: 'GET /prices-history', words: 'price history' },
  openOrders: { surface: 'trading', route: 'GET /data/orders', words: 'open orders' },
  cancel: { surface: 'trading', route: 'DELETE /orders', words: 'cancelling orders' },
  balance: { surface: 'trading', route: 'GET /balance-allowance', words: 'cash balances' },
  apiKeys: { surface: 'trading', route: 'POST /auth/api-key', words: 'creating API keys' },
  live: { surface: 'trading', route: 'live market channel', words: 'live prices' },
  tags: { surface: 'catalog', route: 'GET /tags', words: 'tags' },
  search: { surface: 'catalog', route: 'GET /public-search', words: 'search' },
} as const satisfies Record<string, { surface: 'catalog' | 'trading' | 'data'; route: string; words: string }>;

export type OptionalRoute = keyof typeof OPTIONAL_ROUTES;
export const OPTIONAL_ROUTE_IDS = Object.keys(OPTIONAL_ROUTES) as OptionalRoute[];
export type RouteState = 'offered' | 'lacking' | 'unknown';

/** "the order book is not offered by this venue" */
export function notOfferedMessage(route: OptionalRoute): string {
  const w = OPTIONAL_ROUTES[route].words;
  return `${w.charAt(0).toUpperCase()}${w.slice(1)}: not offered by this venue`;
}

export function isNotFound(err: unknown): boolean {
  return (err as { name?: string; status?: number }).name === 'HttpStatusError' && (err as { status?: number }).status === 404;
}

/** A probe's verdict from an error: 404 is a missing route; any other answer shows the route is there. */
function answeredBy(err: unknown): RouteState {
  const e = err as { name?: string; status?: number };
  if (e.name !== 'HttpStatusError') return 'unknown';
  return e.status === 404 ? 'lacking' : 'offered';
}

export class Capabilities {
  private readonly known = new Map<OptionalRoute, boolean>();

  constructor(
    stored: Partial<Record<string, boolean>> = {},
    private readonly changed: (all: Partial<Record<OptionalRoute, boolean>>) => void = () => undefined,
  ) {
    for (const id of OPTIONAL_ROUTE_IDS) if (typeof stored[id] === 'boolean') this.known.set(id, stored[id]);
  }

  state(route: OptionalRoute): RouteState {
    const k = this.known.get(route);
    return k === undefined ? 'unknown' : k ? 'offered' : 'lacking';
  }

  /** True unless the venue is known to lack the route. */
  mayHave(route: OptionalRoute): boolean {
    return this.known.get(route) !== false;
  }

  note(route: OptionalRoute, offered: boolean): void {
    if (this.known.get(route) === offered) return;
    this.known.set(route, offered);
    this.changed(Object.fromEntries(this.known));
  }

  /**
   * Runs a call to an optional route: refused at once when the venue lacks it, and learning from
   * the answer otherwise (a 404 means the route is missing).
   */
  async use<T>(route: OptionalRoute, call: () => Promise<T>): Promise<T> {
    if (!this.mayHave(route)) throw new AppError('NOT_OFFERED', notOfferedMessage(route));
    try {
      const r = await call();
      this.note(route, true);
      return r;
    } catch (err) {
      if (isNotFound(err)) {
        this.note(route, false);
        throw new AppError('NOT_OFFERED', notOfferedMessage(route));
      }
      if ((err as { name?: string }).name === 'HttpStatusError') this.note(route, true);
      throw err;
    }
  }

  list(): Array<{ id: OptionalRoute; surface: string; route: string; words: string; state: RouteState }> {
    return OPTIONAL_ROUTE_IDS.map((id) => ({ id, ...OPTIONAL_ROUTES[id], state: this.state(id) }));
  }

  /** What the venue offers and lacks, in words, for the connection test and Settings. */
  words(): { offers: string[]; lacks: string[] } {
    const all = this.list();
    return { offers: all.filter((r) => r.state === 'offered').map((r) => r.words), lacks: all.filter((r) => r.state === 'lacking').map((r) => r.words) };
  }
}

/**
 * Asks a venue for each optional route in a way that tells "missing" from "there": unsigned
 * calls to signed routes answer 401 where the route exists and 404 where it does not; routes
 * that take a token are asked about one the catalog lists.
 */
export async function probe(clients: Clients, caps: Capabilities): Promise<void> {
  const verdict = async (route: OptionalRoute, ask: () => Promise<unknown>) => {
    try {
      await ask();
      caps.note(route, true);
    } catch (err) {
      const v = answeredBy(err);
      if (v !== 'unknown') caps.note(route, v === 'offered');
    }
  };
  const t = clients.trading.http;
  const token = await clients.trading
    .samplingSimplifiedMarkets()
    .then((p) => p.data.flatMap((m) => (m.tokens ?? []).map((k) => String(k.token_id)))[0])
    .catch(() => undefined);
  let streams = false;
  await Promise.all([
    verdict('time', () => clients.trading.time()),
    verdict('version', async () => {
      const v = await clients.trading.version();
      streams = typeof (v as { streams?: { market?: unknown } }).streams?.market === 'string';
    }),
    token ? verdict('book', () => t.raw('GET', '/book', { query: { token_id: token } })) : undefined,
    token ? verdict('pricesHistory', () => t.raw('GET', '/prices-history', { query: { market: token, fidelity: 60 } })) : undefined,
    verdict('openOrders', () => t.raw('GET', '/data/orders')),
    verdict('balance', () => t.raw('GET', '/balance-allowance')),
    verdict('cancel', () => t.raw('DELETE', '/orders', { body: [], idempotent: false })),
    verdict('apiKeys', () => t.raw('POST', '/auth/api-key', { idempotent: false })),
    verdict('tags', () => clients.catalog.http.raw('GET', '/tags', { query: { limit: 1 } })),
    verdict('search', () => clients.catalog.http.raw('GET', '/public-search', { query: { q: 'a' } })),
  ]);
  caps.note('live', caps.state('version') === 'offered' && streams);
}
