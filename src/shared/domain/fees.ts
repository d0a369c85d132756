// Trading fees (venue-profile D): rate bps × min(price, 1 − price) × size, exact in micro units.
// One formula for the order preview and the venue; each says which way a part-micro goes.
import { BPS_PER_ONE, MICROS_PER_DOLLAR, MICROS_PER_SHARE } from './units.js';

const ONE = MICROS_PER_DOLLAR;
const DEN = BPS_PER_ONE * MICROS_PER_SHARE;

/** Which way a fee that is not a whole micro goes: a venue charges `down` (never overcharge);
 *  a preview shows `up`, so the cash it says a line needs is never short. */
export type FeeRounding = 'down' | 'up';

/**
 * The fee in micro cash on `size` micro tokens at `price` micro (0 < price < 1 000 000), at
 * `bps` basis points of the nearer edge, min(price, 1 − price). No fee at a rate of 0 or below.
 */
export function feeMicros(bps: number | bigint, price: bigint, size: bigint, rounding: FeeRounding): bigint {
  const rate = BigInt(bps);
  if (rate <= 0n) return 0n;
  const edge = price < ONE - price ? price : ONE - price;
  const num = rate * edge * size;
  return rounding === 'up' ? (num + DEN - 1n) / DEN : num / DEN;
}
