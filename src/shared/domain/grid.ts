// The market's grid (venue-profile D), once for the screens, the core and the venue: a price is a
// whole number of ticks within [tick, 1 − tick]; a size is a whole number of hundredths of a share
// and at least the market's minimum. Exact: micro-units as bigint. Each layer says a broken rule
// in its own words; the rule itself is only here.
import { MICROS_PER_DOLLAR, MICROS_PER_SHARE } from './units.js';

/** Orders take sizes in hundredths of a share (micro-units). */
export const SIZE_STEP = 10_000n;
/** The finest tick a price may carry, 0.0001: a size on its step times such a price is whole micro-units. */
export const FINEST_TICK = 100n;
/** The tick a market is checked on when its own cannot be read: 0.01. */
export const DEFAULT_TICK = 10_000n;

function positive(tick: bigint): bigint {
  if (tick <= 0n) throw new RangeError(`a tick must be above 0, got ${tick}`);
  return tick;
}

/** The highest price a market with this tick takes: 1 − tick. */
export function highestPrice(tick: bigint): bigint {
  return MICROS_PER_DOLLAR - tick;
}

/** Whether a price is a whole number of ticks. */
export function onTick(price: bigint, tick: bigint): boolean {
  return price % positive(tick) === 0n;
}

/** Whether a price is within [tick, 1 − tick]. */
export function inBand(price: bigint, tick: bigint): boolean {
  return price >= tick && price <= highestPrice(tick);
}

export type PriceFault = 'off-tick' | 'out-of-band';

/** What is wrong with a price on this tick, the grid first; undefined when an order may carry it. */
export function priceFault(price: bigint, tick: bigint): PriceFault | undefined {
  if (!onTick(price, tick)) return 'off-tick';
  return inBand(price, tick) ? undefined : 'out-of-band';
}

/** A price moved into [tick, 1 − tick]. */
export function clampToBand(price: bigint, tick: bigint): bigint {
  return price < tick ? tick : price > highestPrice(tick) ? highestPrice(tick) : price;
}

/** The nearest price on the grid (a half tick rounds up), within the band. */
export function snapPrice(price: bigint, tick: bigint): bigint {
  const t = positive(tick);
  return clampToBand(((price + t / 2n) / t) * t, t);
}

/** The grid prices either side of a price, within the band (one when it is on the grid or at an edge). */
export function tickNeighbours(price: bigint, tick: bigint): bigint[] {
  const down = (price / positive(tick)) * tick;
  return (down === price ? [down] : [down, down + tick]).filter((p) => inBand(p, tick));
}

/** One tick up or down from a price (from off the grid, the first step lands on it), within the band. */
export function stepTick(price: bigint, tick: bigint, dir: 1 | -1): bigint {
  const t = positive(tick);
  const on = dir === 1 ? (price / t) * t + t : ((price + t - 1n) / t) * t - t;
  return clampToBand(on, t);
}

/** Whether a size is a whole number of hundredths of a share. */
export function onSizeStep(size: bigint): boolean {
  return size % SIZE_STEP === 0n;
}

/** A size rounded down to what an order can carry; 0 for nothing. */
export function snapSize(size: bigint): bigint {
  return size <= 0n ? 0n : (size / SIZE_STEP) * SIZE_STEP;
}

export type SizeFault = 'off-step' | 'not-positive' | 'below-minimum';

/** What is wrong with a size for a market with this minimum (micro-units), the step first; undefined when none. */
export function sizeFault(size: bigint, minSize: bigint): SizeFault | undefined {
  if (!onSizeStep(size)) return 'off-step';
  if (size <= 0n) return 'not-positive';
  return size < minSize ? 'below-minimum' : undefined;
}

/** The most whole size steps `amount` of cash pays for at `price`; never more than the amount. */
export function sharesFor(amount: bigint, price: bigint): bigint {
  if (price <= 0n || amount <= 0n) return 0n;
  return snapSize((amount * MICROS_PER_SHARE) / price);
}

