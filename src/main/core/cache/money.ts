// Exact money in the cache: integer micro units (1e-6), converted from the service's numbers
// through their decimal text so no binary fraction leaks in.

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** `58.4` or `"58.4"` → 58_400_000n; rounds half away from zero past six decimals. */
export function toMicros(value: number | string, what = 'amount'): bigint {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${what} must be a finite number, got ${value}`);
    // toFixed(7) expands the double exactly to 7 places (no exponent below 1e21).
    text = value.toFixed(7);
  } else {
    text = value.trim();
  }
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`${what} is not a decimal number: ${JSON.stringify(value)}`);
  const frac = (m[3] ?? '').padEnd(7, '0');
  let micros = BigInt((m[2] || '0') + frac.slice(0, 6));
  const rest = frac.slice(6);
  if (rest[0] !== undefined && rest[0] >= '5') micros += 1n;
  return m[1] === '-' ? -micros : micros;
}

import { formatMicros } from '@shared/domain/money.js';

export { formatMicros };

const INT64_MAX = 2n ** 63n - 1n;

/** A micro amount for an INTEGER column (bound as bigint), refusing what 64 bits cannot hold. */
export function microsForSql(micros: bigint, what = 'amount'): bigint {
  if (micros > INT64_MAX || micros < -INT64_MAX) throw new Error(`${what} ${formatMicros(micros)} is too large to store`);
  return micros;
}
