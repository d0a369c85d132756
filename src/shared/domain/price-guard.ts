// The fat-finger guard: a limit price that takes the book well past its best price, or sits far
// from the market outside the spread, is held until the trader confirms that very price. One
// rule for the order entry panel and the ticket; the core computes it with each line's preview.
import { centsText } from './money.js';
import { microsOfCents } from './units.js';

/** How far a price may cross the best opposite price, in ticks, before it asks for a yes. */
export const GUARD_CROSS_TICKS = 5n;
/** How far from the mid a price outside the spread may sit (micro units: 20¢) before it asks. */
export const GUARD_FROM_MID = microsOfCents(20n);

export interface GuardInput {
  side: 'BUY' | 'SELL';
  /** Micro units. */
  price: bigint;
  tick: bigint;
  bestBid?: bigint | undefined;
  bestAsk?: bigint | undefined;
}

/** Why this price needs an explicit confirmation, in words; undefined when it does not. */
export function priceGuard({ side, price, tick, bestBid, bestAsk }: GuardInput): string | undefined {
  const verb = side === 'BUY' ? 'Buy' : 'Sell';
  const at = `${verb} at ${centsText(price)}`;
  const opposite = side === 'BUY' ? bestAsk : bestBid;
  if (opposite !== undefined) {
    const past = side === 'BUY' ? price - opposite : opposite - price;
    if (past > GUARD_CROSS_TICKS * tick) {
      return `${at} is ${centsText(past)} ${side === 'BUY' ? 'above the best ask' : 'below the best bid'} ${centsText(opposite)} — confirm`;
    }
  }
  if (bestBid === undefined || bestAsk === undefined || bestBid >= bestAsk) return undefined;
  // Inside the spread a price is where the market is; outside, far from the mid is a typo's mark.
  if (price >= bestBid && price <= bestAsk) return undefined;
  const mid = (bestBid + bestAsk) / 2n;
  const off = price > mid ? price - mid : mid - price;
  if (off <= GUARD_FROM_MID) return undefined;
  return `${at} is ${centsText(off)} ${price > mid ? 'above' : 'below'} the mid ${centsText(mid)} — confirm`;
}
