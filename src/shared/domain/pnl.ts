// Profit and loss by average cost, exactly, in micro units (bigint). A buy adds its cash (fees
// included) to the cost; a sell takes out the average cost of what it sold and realises the
// difference to its proceeds (net of fees); a resolved market settles what is left at $1 or $0 a
// token, redeemed or not. The account's P&L is realised + unrealised: with cash, that is exactly
// the change of cash + marked positions since the money came in.
import { MICROS_PER_SHARE } from './units.js';

/** One share, in micro-units: tokens × price back to cash divides by it. */
const ONE = MICROS_PER_SHARE;

/** One outcome token of one account: tokens held, what they cost, what was realised so far. */
export interface Lot {
  size: bigint;
  cost: bigint;
  realised: bigint;
}

export const EMPTY_LOT: Lot = { size: 0n, cost: 0n, realised: 0n };

/** A fill as cash moved: `cash` is what a buy paid (fees in) or a sell received (fees out). */
export interface LotFill {
  side: 'BUY' | 'SELL';
  size: bigint;
  cash: bigint;
}

/** Tokens × price (both micros) back to micros, rounded half away from zero. */
export function worth(size: bigint, price: bigint): bigint {
  const p = size * price;
  return (p + (p >= 0n ? ONE / 2n : -ONE / 2n)) / ONE;
}

/** The lot after one fill. A sell of more than is held is refused by name: the fills are incomplete. */
export function applyFill(l: Lot, f: LotFill): Lot {
  if (f.size <= 0n) throw new Error(`a fill needs a positive size, got ${f.size} micros`);
  if (f.side === 'BUY') return { size: l.size + f.size, cost: l.cost + f.cash, realised: l.realised };
  if (f.size > l.size) throw new Error(`sells ${f.size} micros of a token but holds ${l.size}: earlier fills are missing`);
  // The sold part's share of the cost, in proportion (all of it when everything goes).
  const removed = f.size === l.size ? l.cost : (l.cost * f.size) / l.size;
  return { size: l.size - f.size, cost: l.cost - removed, realised: l.realised + f.cash - removed };
}

/** Fills in the order they happened, folded into one lot. */
export function foldFills(fills: Iterable<LotFill>, start: Lot = EMPTY_LOT): Lot {
  let l = start;
  for (const f of fills) l = applyFill(l, f);
  return l;
}

/** The lot once its market resolved: what is left is worth $1 (won) or $0 (lost) a token, and that is final. */
export function settle(l: Lot, settles: '1' | '0'): Lot {
  if (l.size === 0n) return l;
  return applyFill(l, { side: 'SELL', size: l.size, cash: settles === '1' ? l.size : 0n });
}

/** Average price paid for what is held (micros a token), or undefined for an empty lot. */
export function averageCost(l: Lot): bigint | undefined {
  return l.size > 0n ? (l.cost * ONE + l.size / 2n) / l.size : undefined;
}

/** What a held lot is worth at a mark, and its unrealised P&L there. */
export function marked(l: Lot, mark: bigint): { value: bigint; unrealised: bigint } {
  const value = worth(l.size, mark);
  return { value, unrealised: value - l.cost };
}

/** Figures of one position, as the account adds them up. */
export interface PositionFigures {
  value: bigint;
  realised: bigint;
  unrealised: bigint;
}

/** Sums of the account: value of the positions, realised, unrealised and their total. */
export function totals(rows: Iterable<PositionFigures>): { value: bigint; realised: bigint; unrealised: bigint; pnl: bigint } {
  let value = 0n;
  let realised = 0n;
  let unrealised = 0n;
  for (const r of rows) {
    value += r.value;
    realised += r.realised;
    unrealised += r.unrealised;
  }
  return { value, realised, unrealised, pnl: realised + unrealised };
}
