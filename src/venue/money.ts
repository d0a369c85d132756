// Exact integer arithmetic for the venue's micro units (1e-6 of a token or of cash), kept as
// numbers in its columns; the units and the grid rule are src/shared/domain's.
import { feeMicros } from '@shared/domain/fees.js';
import { cashFor, MICRO, MICROS_PER_SHARE } from '@shared/domain/units.js';

export { MICRO };

/**
 * Cash value of `size` tokens at `price`, both micro; exact, or a RangeError: orders carry sizes
 * and prices whose products are whole micro-units (2-decimal sizes at any tick; the family's
 * market orders' finer sizes only where their tick allows, see trading/amounts.ts).
 */
export function notional(sizeMicro: number, priceMicro: number): number {
  if (!Number.isInteger(sizeMicro) || !Number.isInteger(priceMicro)) throw new RangeError(`size ${sizeMicro} and price ${priceMicro} must be whole micro-units`);
  const product = BigInt(sizeMicro) * BigInt(priceMicro);
  if (product % MICROS_PER_SHARE !== 0n) throw new RangeError(`${sizeMicro / MICRO} at ${priceMicro / MICRO} is not a whole micro-unit of cash`);
  return Number(cashFor(BigInt(sizeMicro), BigInt(priceMicro)));
}

/** `a * b / c` rounded toward zero without overflowing doubles. */
export function mulDiv(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** Fee in micro cash (shared formula), rounded down: the venue never overcharges. */
export function feeMicro(bps: number, priceMicro: number, sizeMicro: number): number {
  return bps <= 0 ? 0 : Number(feeMicros(bps, BigInt(priceMicro), BigInt(sizeMicro), 'down'));
}
