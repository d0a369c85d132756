// What a venue offers beyond the spec (venue-profile E: optional routes, the key endpoint, the
// live channel), learned once per profile: on first need (a route that answers 404 is missing)
// and by the connection test's probe. A route known to be missing is never asked again (until
// the venue's /version answer changes, or the connection is tested again); the call fails at
// once with NOT_OFFERED and words saying what the venue lacks. The probe only reads: a route that
// changes something (cancel, redeem) is learned from /version's list or from its first real use.
import { CAPABILITY_IDS, type CapabilityId, type RouteState } from '@shared/ipc/capabilities.js';
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
  redeem: { surface: 'trading', route: 'POST /redeem', words: 'redeeming resolved positions' },
  live: { surface: 'trading', route: 'live market channel', words: 'live prices' },
  tags: { surface: 'catalog', route: 'GET /tags', words: 'tags' },
  search: { surface: 'catalog', route: 'GET /public-search', words: 'search' },
} as const satisfies Record<CapabilityId, { surface: 'catalog' | 'trading' | 'data'; route: string; words: string }>;

export type OptionalRoute = CapabilityId;
/** The shared list, in its order: the order the routes are listed and said in. */
export const OPTIONAL_ROUTE_IDS: readonly OptionalRoute[] = CAPABILITY_IDS;
export type { RouteState };

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

/** What is kept of the capabilities: each known route, and the /version answer they were learned under. */
export type StoredCapabilities = Partial<Record<OptionalRoute, boolean>> & { venueVersion?: string };

/** The routes a /version answer lists as served (`capabilities: ["DELETE /orders", …]`), where it lists them. */
export function listedRoutes(answer: unknown): Set<string> | undefined {
  const list = (answer as { capabilities?: unknown } | undefined)?.capabilities;
  return Array.isArray(list) ? new Set(list.filter((x): x is string => typeof x === 'string')) : undefined;
}

/** What identifies a venue's version for the capabilities: its /version answer without the addresses that may move. */
function versionMark(answer: unknown): string {
  const a = (answer ?? {}) as { version?: unknown; capabilities?: unknown };
  return JSON.stringify([a.version ?? null, Array.isArray(a.capabilities) ? [...(a.capabilities as unknown[])].map(String).sort() : null]);
}

export class Capabilities {
  private readonly known = new Map<OptionalRoute, boolean>();
  private venueVersion: string | undefined;

  constructor(
    stored: Partial<Record<string, unknown>> = {},
    private readonly changed: (all: StoredCapabilities) => void = () => undefined,
  ) {
    for (const id of OPTIONAL_ROUTE_IDS) if (typeof stored[id] === 'boolean') this.known.set(id, stored[id]);
    if (typeof stored['venueVersion'] === 'string') this.venueVersion = stored['venueVersion'];
  }

  /** Everything known, as it is kept (and as a test hands it to the profile it adds). */
  snapshot(): StoredCapabilities {
    return { ...Object.fromEntries(this.known), ...(this.venueVersion !== undefined ? { venueVersion: this.venueVersion } : {}) };
  }

  /**
   * A /version answer was read: a new version of the venue may serve routes the last one lacked,
   * so what was found missing is asked again; and routes its list names are there.
   */
  sawVersion(answer: unknown): void {
    const mark = versionMark(answer);
    let touched = false;
    if (this.venueVersion !== undefined && this.venueVersion !== mark) {
      for (const [id, offered] of [...this.known]) if (!offered) this.known.delete(id);
      touched = true;
    }
    if (this.venueVersion !== mark) touched = true;
    this.venueVersion = mark;
    const listed = listedRoutes(answer);
    for (const id of OPTIONAL_ROUTE_IDS) {
      if (OPTIONAL_ROUTES[id].surface === 'trading' && listed?.has(OPTIONAL_ROUTES[id].route) && this.known.get(id) !== true) {
        this.known.set(id, true);
        touched = true;
      }
    }
    if (touched) this.changed(this.snapshot());
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
    this.changed(this.snapshot());
  }

  /** Whether a /version answer was read (its list, where it has one, is then known). */
  get versionRead(): boolean {
    return this.venueVersion !== undefined;
  }

  forget(route: OptionalRoute): void {
    if (this.known.delete(route)) this.changed(this.snapshot());
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
      if (route === 'version') this.sawVersion(r);
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

  list(): Array<{ id: OptionalRoute; surface: string; route: string; words: string; state: RouteState; learnedBy: 'read' | 'use' }> {
    return OPTIONAL_ROUTE_IDS.map((id) => ({ id, ...OPTIONAL_ROUTES[id], state: this.state(id), learnedBy: (WRITE_ROUTES as readonly string[]).includes(id) ? 'use' : 'read' }));
  }

  /** What the venue offers and lacks, in words, for the connection test and Settings. */
  words(): { offers: string[]; lacks: string[] } {
    const all = this.list();
    return { offers: all.filter((r) => r.state === 'offered').map((r) => r.words), lacks: all.filter((r) => r.state === 'lacking').map((r) => r.words) };
  }
}

type Ask = (clients: Clients, token: string | undefined) => Promise<unknown> | undefined;
type Probed = Exclude<OptionalRoute, 'live' | 'time' | WriteRoute>;

/**
 * Routes that change something when they exist: never sent to find out whether they do. They are
 * known from /version's list of capabilities where the venue publishes one, else from their first
 * real use; until then they are "not yet known" and the screens offer them.
 */
export const WRITE_ROUTES = ['cancel', 'redeem'] as const satisfies readonly OptionalRoute[];
type WriteRoute = (typeof WRITE_ROUTES)[number];

/**
 * How each optional route is asked about, by reads only; unsigned calls to signed routes are
 * enough. The key endpoint (POST /auth/api-key) is known by its read half, GET
 * /auth/derive-api-key (venue-profile C serves both or neither). The clock (GET /time) is asked by
 * the clock measurement itself.
 */
const ASKS: Record<Probed, Ask> = {
  version: (c) => c.trading.version(),
  book: (c, token) => (token ? c.trading.http.raw('GET', '/book', { query: { token_id: token } }) : undefined),
  pricesHistory: (c, token) => (token ? c.trading.http.raw('GET', '/prices-history', { query: { market: token, fidelity: 60 } }) : undefined),
  openOrders: (c) => c.trading.http.raw('GET', '/data/orders'),
  balance: (c) => c.trading.http.raw('GET', '/balance-allowance'),
  apiKeys: (c) => c.trading.http.raw('GET', '/auth/derive-api-key'),
  tags: (c) => c.catalog.http.raw('GET', '/tags', { query: { limit: 1 } }),
  search: (c) => c.catalog.http.raw('GET', '/public-search', { query: { q: 'a' } }),
};

/**
 * Asks the venue about one optional route in a way that tells "missing" from "there": unsigned
 * calls to signed routes answer 401 where the route exists and 404 where it does not; routes
 * that take a token are asked about one the venue lists.
 */
export async function probeRoute(clients: Clients, caps: Capabilities, route: Probed, token?: string): Promise<RouteState> {
  const asking = ASKS[route](clients, token);
  if (!asking) return caps.state(route);
  try {
    const answer = await asking;
    caps.note(route, true);
    if (route === 'version') {
      caps.sawVersion(answer);
      caps.note('live', typeof (answer as { streams?: { market?: unknown } }).streams?.market === 'string');
    }
  } catch (err) {
    const v = answeredBy(err);
    if (v !== 'unknown') caps.note(route, v === 'offered');
    if (route === 'version' && v === 'lacking') caps.note('live', false);
  }
  return caps.state(route);
}

/** Every optional route that a read can tell about, at once: the connection test. */
export async function probe(clients: Clients, caps: Capabilities): Promise<void> {
  const token = await clients.trading
    .samplingSimplifiedMarkets()
    .then((p) => p.data.flatMap((m) => (m.tokens ?? []).map((k) => String(k.token_id)))[0])
    .catch(() => undefined);
  // Tested again, a write route found missing is not yet known again: only its next use can tell.
  for (const r of WRITE_ROUTES) if (caps.state(r) === 'lacking') caps.forget(r);
  // /version first: a new version forgets what the last one lacked, before the others are noted.
  await probeRoute(clients, caps, 'version', token);
  await Promise.all((Object.keys(ASKS) as Probed[]).filter((r) => r !== 'version').map((route) => probeRoute(clients, caps, route, token)));
}
