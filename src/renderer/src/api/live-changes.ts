// Live changes as screens take them: gathered for a moment and applied together, and applied to
// what the screens already hold where the change says all there is to know. A market page whose
// market changes thirty times a minute, beside a list whose rows stream too, repaints a few times
// a second at most, and asks the core again only for what a change does not carry (the book).
import type { CallOutput, EventPayload } from '@shared/ipc/contract';

export type LiveChange = EventPayload<'market.live'>;

/** Changes are applied together at most this often: a few repaints a second. */
export const LIVE_BATCH_MS = 250;

export interface BatchTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const windowTimers: BatchTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** One token's two changes as one: the newer's prices, the book changed if either changed it, the newest fill. */
export function mergeChanges(a: LiveChange | undefined, b: LiveChange): LiveChange {
  if (!a) return b;
  const trade = b.lastTrade ?? a.lastTrade;
  return { ...b, bookChanged: a.bookChanged || b.bookChanged, ...(trade ? { lastTrade: trade } : {}) };
}

/**
 * Holds live changes, one per token, and hands them over together `everyMs` after the first of
 * them: a re-quote of both outcomes, or a list's rows moving in one tick, is one repaint.
 */
export class LiveBatch {
  private pending = new Map<string, LiveChange>();
  private timer: unknown;
  private closed = false;

  constructor(
    private readonly apply: (changes: LiveChange[]) => void,
    private readonly timers: BatchTimers = windowTimers,
    private readonly everyMs = LIVE_BATCH_MS,
  ) {}

  push(change: LiveChange): void {
    if (this.closed) return;
    this.pending.set(change.tokenId, mergeChanges(this.pending.get(change.tokenId), change));
    this.timer ??= this.timers.setTimeout(() => this.flush(), this.everyMs);
  }

  /** Applies what is held now. */
  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const changes = [...this.pending.values()];
    this.pending = new Map();
    this.apply(changes);
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}

type Quotes = CallOutput<'markets.quotes'>;

/**
 * A market's quotes with its tokens' live best prices and fills put in: what the core would
 * answer from the same live books, read now. The same object when nothing it shows changed. A
 * stale answer (the venue could not be read) is asked again instead, not passed off as current.
 */
export function withLiveQuotes(answer: Quotes | undefined, changes: readonly LiveChange[], now: number): Quotes | undefined {
  if (!answer) return answer;
  const byToken = new Map(changes.map((c) => [c.tokenId, c]));
  let changed = false;
  const data = answer.data.map((q) => {
    const c = byToken.get(q.tokenId);
    if (!c) return q;
    const next = { tokenId: q.tokenId, outcome: q.outcome } as Quotes['data'][number];
    if (c.bestBid !== null) next.bestBid = c.bestBid;
    if (c.bestAsk !== null) next.bestAsk = c.bestAsk;
    const price = c.lastTrade?.price ?? q.lastPrice;
    const side = c.lastTrade ? c.lastTrade.side : q.lastSide;
    if (price !== undefined) next.lastPrice = price;
    if (side !== undefined) next.lastSide = side;
    if (next.bestBid === q.bestBid && next.bestAsk === q.bestAsk && next.lastPrice === q.lastPrice && next.lastSide === q.lastSide) return q;
    changed = true;
    return next;
  });
  // Read from the live books now: as current as the core's own answer would be.
  return changed ? { ...answer, data, fetchedAt: now, ageMs: 0 } : answer;
}
