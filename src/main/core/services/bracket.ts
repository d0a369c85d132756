// The arithmetic of an event's outcomes, exact in micro units: each outcome's price change over
// 24 hours from the venue's trades, and a bracket's sums of best asks and best bids.
import { formatMicros, parseMicros, toMicros } from '@shared/domain/money.js';
import type { BracketSums } from '@shared/ipc/find.js';
import type { Trade } from '@shared/spec/index.js';

export const DAY_SECONDS = 86_400;

export interface ChangeMarket {
  conditionId: string;
  /** Outcome labels count: a two-outcome market's No trade gives its Yes price as 1 − price. */
  outcomes: number;
  /** The Yes price now, exact decimal text, when known. */
  price: string | undefined;
}

/** What of a trade the 24h change reads. */
export type ChangeTrade = Pick<Trade, 'conditionId' | 'outcomeIndex' | 'price' | 'timestamp'>;

/**
 * Each market's Yes price now minus its Yes price 24 hours ago (its last trade at or before
 * then), as exact decimal text, keyed by lower-case condition id. `trades` are newest first; a
 * market whose trades in `trades` do not reach back 24 hours has no entry.
 */
export function changes24h(markets: readonly ChangeMarket[], trades: readonly ChangeTrade[], nowSec: number): Map<string, string> {
  const cutoff = nowSec - DAY_SECONDS;
  // Per market and outcome: the newest trade at or before the cutoff, and the newest of all.
  const before = new Map<string, bigint>();
  const newest = new Map<string, bigint>();
  const byCid = new Map(markets.map((m) => [m.conditionId.toLowerCase(), m]));
  for (const t of trades) {
    const cid = t.conditionId?.toLowerCase();
    const p = toMicros(t.price);
    if (!cid || !byCid.has(cid) || p === undefined || typeof t.timestamp !== 'number' || (t.outcomeIndex !== 0 && t.outcomeIndex !== 1)) continue;
    const key = `${cid}:${t.outcomeIndex}`;
    if (!newest.has(key)) newest.set(key, p);
    if (t.timestamp <= cutoff && !before.has(key)) before.set(key, p);
  }
  // As the venue marks a price: the Yes outcome's own trade, else the complement of No's.
  const yes = (prices: Map<string, bigint>, cid: string, two: boolean): bigint | undefined => {
    const own = prices.get(`${cid}:0`);
    const other = two ? prices.get(`${cid}:1`) : undefined;
    return own ?? (other === undefined ? undefined : 1_000_000n - other);
  };
  const out = new Map<string, string>();
  for (const [cid, m] of byCid) {
    const two = m.outcomes === 2;
    const then = yes(before, cid, two);
    const now = (m.price !== undefined ? parseMicros(m.price) : null) ?? yes(newest, cid, two);
    if (then !== undefined && now !== undefined) out.set(cid, formatMicros(now - then));
  }
  return out;
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
    underAsk: askKnown && asks < 1_000_000n,
    overBid: bidKnown && bids > 1_000_000n,
  };
}
