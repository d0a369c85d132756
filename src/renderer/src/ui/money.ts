// Exact money on screen: the service's numbers become integer micro units (the shared toMicros,
// through their decimal text), so totals and exported values never carry a binary fraction.
import { formatMicros, toMicros } from '@shared/domain/money';

/** The exact decimal text of a service number ("" when absent): what a CSV carries. */
export function exact(value: number | string | undefined | null): string {
  const m = toMicros(value);
  return m === undefined ? '' : formatMicros(m);
}

export function sumMicros(values: Iterable<number | string | undefined | null>): bigint {
  let total = 0n;
  for (const v of values) total += toMicros(v) ?? 0n;
  return total;
}

const grouping = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });

/** Micro units as money with 2 decimals and thousands separators, rounded half away from zero. */
export function usdMicros(micros: bigint | undefined): string {
  if (micros === undefined) return '—';
  const neg = micros < 0n;
  const cents = ((neg ? -micros : micros) + 5_000n) / 10_000n;
  const whole = grouping.format(cents / 100n);
  const frac = (cents % 100n).toString().padStart(2, '0');
  return `${neg && cents > 0n ? '−' : ''}$${whole}.${frac}`;
}

/** −1, 0 or 1: the sign that picks gain or loss colour. */
export function sign(micros: bigint | undefined): -1 | 0 | 1 {
  return micros === undefined || micros === 0n ? 0 : micros > 0n ? 1 : -1;
}
