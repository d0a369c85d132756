// Exact integer arithmetic for the venue's micro units (1e-6 of a token or of cash), kept as
// numbers in its columns; the units and the grid rule are src/shared/domain's.
import { feeMicros } from '@shared/domain/fees.js';
import { FINEST_TICK, onSizeStep, onTick } from '@shared/domain/grid.js';
import { cashFor, MICRO } from '@shared/domain/units.js';

export { MICRO };

/** Cash value of `size` tokens at `price`, both micro; exact because sizes carry at most
 *  2 decimals and prices at most 4, so the product has at most 6. */
export function notional(sizeMicro: number, priceMicro: number): number {
  if (!Number.isInteger(sizeMicro) || !onSizeStep(BigInt(sizeMicro))) throw new RangeError(`size ${sizeMicro / MICRO} has more than 2 decimals`);
  if (!Number.isInteger(priceMicro) || !onTick(BigInt(priceMicro), FINEST_TICK)) throw new RangeError(`price ${priceMicro / MICRO} has more than 4 decimals`);
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
