// Who is watching the venue's market data, and which markets, so that the liquidity simulator
// puts its activity where someone looks: someone follows a token on the live market channel, or
// read a market's prices over HTTP lately (a spec-only deployment has no live channel: there an
// open page polls). Whether anyone watches at all sets the simulator's pace; which markets are
// watched sets where its re-quotes and trades go.
import type { SurfaceName } from './spec-routes.js';

/**
 * How long an HTTP read of market data counts as someone watching: past the 10 s at which a
 * market page polls its slowest price reads (trades, resolution) with room for a slow answer,
 * and short, since the simulator keeps its full pace this long after the last page closes.
 */
export const READ_WINDOW_MS = 15_000;

/**
 * A read naming at most this many things (tokens, markets, slugs) is a page looking at one
 * market (its two tokens, both sides): the market is in focus. A read naming more is a list
 * glancing at many rows, as is an event read (all its markets): those count as followed.
 */
const FOCUS_NAMES = 4;
/** Reads remembered at most, so a flood of distinct names cannot grow the venue's memory. */
const MAX_REMEMBERED = 5_000;

type Query = Record<string, unknown>;
/** What a request carries that can name markets. */
export interface ReadRequest {
  query: Query;
  params: Query;
  body: unknown;
}
/** The names a read gives its markets by (condition ids, token ids, slugs, `event:<slug>`), and whether it is a whole event's. */
interface Named {
  names: string[];
  event?: boolean;
}

const texts = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : typeof x === 'number' ? [String(x)] : [])).map((x) => x.trim()).filter((x) => x !== '');
const tokensOf = (body: unknown): string[] => (Array.isArray(body) ? body.flatMap((i) => texts((i as { token_id?: unknown } | null)?.token_id)) : []);

/**
 * The reads of one market's prices a page showing it makes, by route (`surface METHOD path`):
 * each says what it names, or undefined when that request does not count. Listings, search,
 * comments, the leaderboard and a wallet's own positions, trades and orders do not: the app reads
 * those with nothing open (catalog sync, portfolio), and none of them shows prices moving.
 */
const MARKET_READS: Record<string, (r: ReadRequest) => Named | undefined> = {
  'trading GET /book': (r) => ({ names: texts(r.query['token_id']) }),
  'trading POST /prices': (r) => ({ names: tokensOf(r.body) }),
  'trading POST /last-trades-prices': (r) => ({ names: tokensOf(r.body) }),
  'trading GET /prices-history': (r) => ({ names: texts(r.query['market']) }),
  'trading GET /markets/:condition_id': (r) => ({ names: texts(r.params['condition_id']) }),
  'trading GET /clob-markets/:condition_id': (r) => ({ names: texts(r.params['condition_id']) }),
  'trading GET /markets-by-token/:token_id': (r) => ({ names: texts(r.params['token_id']) }),
  // Trades of a market, not a wallet's.
  'data GET /trades': (r) => (has(r.query, 'market') ? { names: texts(r.query['market']) } : undefined),
  // One market or event, by slug or condition id.
  'catalog GET /markets/slug/:slug': (r) => ({ names: texts(r.params['slug']) }),
  'catalog GET /markets': (r) =>
    has(r.query, 'slug', 'conditionId', 'condition_id') ? { names: ['slug', 'conditionId', 'condition_id'].flatMap((k) => texts(r.query[k])) } : undefined,
  'catalog GET /events': (r) => (has(r.query, 'slug') ? { names: texts(r.query['slug']).map((s) => `event:${s}`), event: true } : undefined),
};
const has = (q: Query, ...names: string[]): boolean => names.some((n) => q[n] !== undefined && q[n] !== '');

/** Whether a request of a route counts as watching, and what it names; undefined for routes that never do. */
export function marketRead(surface: SurfaceName, method: string, path: string): ((r: ReadRequest) => Named | undefined) | undefined {
  return MARKET_READS[`${surface} ${method} ${path}`];
}

/** A standing watcher (the live channel): whether it watches now, and the markets it follows. */
interface Watcher {
  watching: () => boolean;
  markets?: () => Iterable<string>;
}

/** The markets watched now, by condition id: in focus (a page's reads), and followed (live followers, lists). */
export interface Watched {
  focused: string[];
  followed: string[];
}

export class Audience {
  private lastReadAt = -Infinity;
  private readonly sources: Watcher[] = [];
  private readonly listeners = new Set<() => void>();
  /** Per name a read gave, when it was last read: in focus, or glanced at. */
  private readonly focusReads = new Map<string, number>();
  private readonly glanceReads = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    readonly readWindowMs = READ_WINDOW_MS,
    /** The condition ids of the markets a name (see MARKET_READS) stands for. */
    private readonly resolve: (name: string) => readonly string[] | undefined = () => undefined,
  ) {}

  /** Someone watches now: a standing watcher (the live channel's followers) or a recent read. */
  watching(): boolean {
    return this.now() - this.lastReadAt < this.readWindowMs || this.sources.some((s) => s.watching());
  }

  /** An HTTP read of market data arrived, naming these markets. */
  read(named: Named = { names: [] }): void {
    const was = this.watching();
    const at = (this.lastReadAt = this.now());
    const names = [...new Set(named.names)];
    const into = names.length <= FOCUS_NAMES && !named.event ? this.focusReads : this.glanceReads;
    for (const n of names) {
      into.delete(n);
      into.set(n, at);
    }
    this.forget(into, MAX_REMEMBERED);
    if (!was) this.arrived();
  }

  /** Adds a standing watcher: `watching` says whether it watches now, `markets` which; call `arrived` when it starts. */
  watchedBy(watching: () => boolean, markets?: () => Iterable<string>): void {
    this.sources.push({ watching, ...(markets ? { markets } : {}) });
  }

  /** The markets watched now; a market in focus is not listed again as followed. */
  watched(): Watched {
    const resolve = (map: Map<string, number>): Set<string> => {
      this.forget(map, 0);
      const out = new Set<string>();
      // Newest reads first, so that the market a page opened last comes first.
      for (const name of [...map.keys()].reverse()) for (const c of this.resolve(name.startsWith('0x') ? name.toLowerCase() : name) ?? []) out.add(c);
      return out;
    };
    const focused = resolve(this.focusReads);
    const followed = resolve(this.glanceReads);
    for (const s of this.sources) for (const c of s.markets?.() ?? []) followed.add(c);
    for (const c of focused) followed.delete(c);
    return { focused: [...focused], followed: [...followed] };
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

  /** Drops names read before the window (oldest first), and the oldest beyond `keep` when there are more. */
  private forget(map: Map<string, number>, keep: number): void {
    const since = this.now() - this.readWindowMs;
    for (const [name, at] of map) {
      if (at >= since && (keep === 0 || map.size <= keep)) break;
      map.delete(name);
    }
  }
}
