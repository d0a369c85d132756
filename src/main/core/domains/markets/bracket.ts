// The arithmetic of an event's outcomes, exact in micro units: each outcome's price change over
// 24 hours from the venue's trades, and a bracket's sums of best asks and best bids.
import { formatMicros, parseMicros, toMicros } from '@shared/domain/money.js';
import { canStillWin } from '@shared/domain/event-basket.js';
import { resolutionOf } from '@shared/domain/resolution.js';
import { MICROS_PER_DOLLAR } from '@shared/domain/units.js';
import type { BracketSums, RowStatus } from '@shared/ipc/find.js';
import type { Trade } from '@shared/spec/index.js';

export const DAY_SECONDS = 86_400;

export interface ChangeMarket {
  conditionId: string;
  /** Outcome labels count: a two-outcome market's No trade gives its Yes price as 1 − price. */
  outcomes: number;
  /** A Yes trade seen live (exact decimal text, and when in ms): the price now if inside the window. */
  live?: { price: string; atMs: number } | undefined;
}

/** What of a trade the 24h change reads. */
export type ChangeTrade = Pick<Trade, 'conditionId' | 'outcomeIndex' | 'price' | 'timestamp'>;

/**
 * A market's 24h change as exact decimal text (with where it comes from, when not the trades), or
 * why none is shown, in words. One from the trades carries the price it is measured from (`then`),
 * so a screen showing a newer price now measures it from there too.
 */
export type Change24h = { change: string; then?: string; why?: undefined; from?: string } | { change?: undefined; then?: undefined; why: string; from?: undefined };

export const NO_TRADE_24H = 'No trade in the last 24 hours: no 24h change to show';
export const NOT_REACHED_24H = 'The trades read do not reach back 24 hours: no 24h change to show';

/**
 * Each market's Yes price change over the 24 hours before `nowSec`, keyed by lower-case condition
 * id. Only trades inside the window make one: the newest of them (or a live trade inside it) is
 * the price now; the price then is the last trade at or before the window's start — the price
 * that stood when the window opened — or, when the market first traded inside the window, its
 * first trade there. A market with no trade inside the window gets a reason instead, never a
 * change computed from older prices. `trades` are newest first; `complete` says they hold every
 * trade of these markets since the window's start (the read was not cut short before it).
 */
export function changes24h(markets: readonly ChangeMarket[], trades: readonly ChangeTrade[], nowSec: number, complete: boolean): Map<string, Change24h> {
  const cutoff = nowSec - DAY_SECONDS;
  // Per market and outcome: the newest and oldest trades inside the window, the newest before it.
  const newestIn = new Map<string, bigint>();
  const oldestIn = new Map<string, bigint>();
  const before = new Map<string, bigint>();
  const byCid = new Map(markets.map((m) => [m.conditionId.toLowerCase(), m]));
  for (const t of trades) {
    const cid = t.conditionId?.toLowerCase();
    const p = toMicros(t.price);
    if (!cid || !byCid.has(cid) || p === undefined || typeof t.timestamp !== 'number' || (t.outcomeIndex !== 0 && t.outcomeIndex !== 1)) continue;
    const key = `${cid}:${t.outcomeIndex}`;
    if (t.timestamp > cutoff) {
      if (!newestIn.has(key)) newestIn.set(key, p);
      oldestIn.set(key, p);
    } else if (!before.has(key)) before.set(key, p);
  }
  // As the venue marks a price: the Yes outcome's own trade, else the complement of No's.
  const yes = (prices: Map<string, bigint>, cid: string, two: boolean): bigint | undefined => {
    const own = prices.get(`${cid}:0`);
    const other = two ? prices.get(`${cid}:1`) : undefined;
    return own ?? (other === undefined ? undefined : MICROS_PER_DOLLAR - other);
  };
  const out = new Map<string, Change24h>();
  for (const [cid, m] of byCid) {
    const two = m.outcomes === 2;
    const live = m.live && m.live.atMs / 1000 > cutoff ? (parseMicros(m.live.price) ?? undefined) : undefined;
    const now = live ?? yes(newestIn, cid, two);
    const ref = yes(before, cid, two);
    // A trade before the window seen means every later trade of the market is in the read.
    const covered = complete || ref !== undefined;
    if (now === undefined) out.set(cid, { why: covered ? NO_TRADE_24H : NOT_REACHED_24H });
    else {
      const then = ref ?? (covered ? yes(oldestIn, cid, two) : undefined);
      out.set(cid, then === undefined ? { why: NOT_REACHED_24H } : { change: formatMicros(now - then), then: formatMicros(then) });
    }
  }
  return out;
}

/** How old a catalog's `oneDayPriceChange` may be to stand in for the trades: its window has moved on by as much. */
export const CATALOG_CHANGE_MAX_AGE_MS = 15 * 60_000;

/**
 * Where the trades read do not reach back 24 hours (a busy market), the catalog's own
 * `oneDayPriceChange` (a family field) stands in, when it was read within a quarter of an hour —
 * said so in words. A market with no trade in the window keeps its "none": the trades said so.
 */
export function withCatalogChanges(changes: Map<string, Change24h>, catalog: (cid: string) => unknown, readAtMs: number | undefined, nowMs: number): Map<string, Change24h> {
  if (readAtMs === undefined || nowMs - readAtMs > CATALOG_CHANGE_MAX_AGE_MS) return changes;
  const minutes = Math.max(0, Math.round((nowMs - readAtMs) / 60_000));
  for (const [cid, c] of changes) {
    if (c.why !== NOT_REACHED_24H) continue;
    const v = catalog(cid);
    const micros = typeof v === 'number' || typeof v === 'string' ? toMicros(v) : undefined;
    if (micros === undefined) continue;
    changes.set(cid, { change: formatMicros(micros), from: `As the venue's catalog gives it (read ${minutes < 1 ? 'just now' : `${minutes} min ago`}): the trades read do not reach back 24 hours` });
  }
  return changes;
}

/** Whether a read of `limit` trades (newest first) holds every trade since the 24h window opened. */
export function readsBack24h(trades: readonly ChangeTrade[], limit: number, nowSec: number): boolean {
  if (trades.length < limit) return true;
  const oldest = trades.at(-1)?.timestamp;
  return typeof oldest === 'number' && oldest <= nowSec - DAY_SECONDS;
}

export interface SumOutcome {
  bestBid?: string | undefined;
  bestAsk?: string | undefined;
}

/** A bracket's book: the sums of best asks and of best bids over its open outcomes, exactly. */
export function bracketSums(open: readonly SumOutcome[]): BracketSums {
  let asks = 0n;
  let bids = 0n;
  let missingAsks = 0;
  let missingBids = 0;
  for (const o of open) {
    const ask = o.bestAsk !== undefined ? parseMicros(o.bestAsk) : null;
    const bid = o.bestBid !== undefined ? parseMicros(o.bestBid) : null;
    if (ask === null) missingAsks++;
    else asks += ask;
    if (bid === null) missingBids++;
    else bids += bid;
  }
  const any = open.length > 0;
  const askKnown = any && missingAsks === 0;
  const bidKnown = any && missingBids === 0;
  return {
    outcomes: open.length,
    ...(askKnown ? { asks: formatMicros(asks) } : {}),
    ...(bidKnown ? { bids: formatMicros(bids) } : {}),
    missingAsks,
    missingBids,
    underAsk: askKnown && asks < MICROS_PER_DOLLAR,
    overBid: bidKnown && bids > MICROS_PER_DOLLAR,
  };
}

export interface BracketOutcome extends SumOutcome {
  marketId: string;
  status: RowStatus;
  /** An ended market's outcome labels and final prices (its winner is read from them). */
  outcomes?: readonly string[] | undefined;
  outcomePrices?: readonly string[] | undefined;
}

const canWin = (o: BracketOutcome): boolean => canStillWin(o.status);

/** An ended outcome whose market resolved to Yes (its first outcome), by its final prices. */
export function resolvedYes(o: BracketOutcome): boolean {
  if (canWin(o) || !o.outcomes || !o.outcomePrices) return false;
  return resolutionOf({ catalog: { closed: true, outcomes: o.outcomes, outcomePrices: o.outcomePrices } }).winner === 0;
}

/**
 * A multi-outcome event's sums over the outcomes that can still win: a closed or resolved one
 * leaves them (it pays nothing more). Once one has resolved Yes the bracket is decided — every
 * other outcome can only pay 0 — so there are no sums and no flag.
 */
export function bracketOf(outcomes: readonly BracketOutcome[]): BracketSums {
  const open = outcomes.filter(canWin);
  const ended = outcomes.length - open.length;
  const won = outcomes.find(resolvedYes);
  if (won) return { outcomes: open.length, missingAsks: 0, missingBids: 0, underAsk: false, overBid: false, ended, decided: won.marketId };
  return { ...bracketSums(open), ...(ended > 0 ? { ended } : {}) };
}
