// Exact money on screen: the service's numbers become integer micro units through their decimal
// text, so totals and exported values never carry a binary fraction.
import { formatMicros } from '@shared/domain/money';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** `0.31` or `"-12.5"` → micro units; rounds half away from zero past six places; undefined when not a number. */
export function toMicros(value: number | string | undefined | null): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) >= 1e20) return undefined;
    // toFixed(7) spells out the double to 7 places without an exponent in this range.
    text = value.toFixed(7);
  } else text = value.trim();
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const frac = (m[3] ?? '').padEnd(7, '0');
  let micros = BigInt((m[2] || '0') + frac.slice(0, 6));
  if ((frac[6] ?? '0') >= '5') micros += 1n;
  return m[1] === '-' ? -micros : micros;
}

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
