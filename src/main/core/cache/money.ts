// Exact money in SQLite: integer micro units (1e-6), converted from the service's numbers by the
// shared conversion (requireMicros), and checked to fit an INTEGER column.
import { formatMicros } from '@shared/domain/money.js';
import { MICRO } from '@shared/domain/units.js';

const INT64_MAX = 2n ** 63n - 1n;

/** A micro amount for an INTEGER column (bound as bigint), refusing what 64 bits cannot hold. */
export function microsForSql(micros: bigint, what = 'amount'): bigint {
  if (micros > INT64_MAX || micros < -INT64_MAX) throw new Error(`${what} ${formatMicros(micros)} is too large to store`);
  return micros;
}

/** An INTEGER column of micro units as the service's number (dollars or shares); undefined for NULL. */
export function numberOfMicros(v: unknown): number | undefined {
  return v === null || v === undefined ? undefined : Number(v) / MICRO;
}
