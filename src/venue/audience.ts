// Whether anyone is watching the venue's market data, so that the liquidity simulator can run at
// full pace only then: someone follows a token on the live market channel, or read a market's
// prices over HTTP lately (a spec-only deployment has no live channel: there an open page polls).
import type { SurfaceName } from './spec-routes.js';

/**
 * How long an HTTP read of market data counts as someone watching: past the 10 s at which a
 * market page polls its slowest price reads (trades, resolution) with room for a slow answer,
 * and short, since the simulator keeps its full pace this long after the last page closes.
 */
export const READ_WINDOW_MS = 15_000;

type Query = Record<string, unknown>;
const has = (q: Query, ...names: string[]): boolean => names.some((n) => q[n] !== undefined && q[n] !== '');

/**
 * The reads of one market's prices a page showing it makes, by route (`surface METHOD path`);
 * a function says which queries of a route count. Listings, search, comments, the leaderboard
 * and a wallet's own positions, trades and orders do not: the app reads those with nothing open
 * (catalog sync, portfolio), and none of them shows prices moving tick by tick.
 */
const MARKET_READS: Record<string, true | ((q: Query) => boolean)> = {
  'trading GET /book': true,
  'trading POST /prices': true,
  'trading POST /last-trades-prices': true,
  'trading GET /prices-history': true,
  'trading GET /markets/:condition_id': true,
  'trading GET /markets-by-token/:token_id': true,
  // Trades of a market, not a wallet's.
  'data GET /trades': (q) => has(q, 'market'),
  // One market or event, by slug or condition id.
  'catalog GET /markets/slug/:slug': true,
  'catalog GET /markets': (q) => has(q, 'slug', 'conditionId', 'condition_id'),
  'catalog GET /events': (q) => has(q, 'slug'),
};

/** Whether a request of a route counts as watching, by its query; undefined for routes that never do. */
export function marketRead(surface: SurfaceName, method: string, path: string): ((query: Query) => boolean) | undefined {
  const rule = MARKET_READS[`${surface} ${method} ${path}`];
  return rule === true ? () => true : rule;
}

export class Audience {
  private lastReadAt = -Infinity;
  private readonly sources: Array<() => boolean> = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly now: () => number,
    readonly readWindowMs = READ_WINDOW_MS,
  ) {}

  /** Someone watches now: a standing watcher (the live channel's followers) or a recent read. */
  watching(): boolean {
    return this.now() - this.lastReadAt < this.readWindowMs || this.sources.some((s) => s());
  }

  /** An HTTP read of market data arrived. */
  read(): void {
    const was = this.watching();
    this.lastReadAt = this.now();
    if (!was) this.arrived();
  }

  /** Adds a standing watcher: `watching` says whether it watches now; call `arrived` when it starts. */
  watchedBy(watching: () => boolean): void {
    this.sources.push(watching);
  }

  /** A watcher arrived where there was none: tells the listeners. */
  arrived(): void {
    for (const fn of this.listeners) fn();
  }

  /** Calls `fn` whenever a watcher arrives; returns the function that stops it. */
  onArrival(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
