// Exact money on screen: the service's numbers become integer micro units (the shared toMicros,
// through their decimal text), so totals and exported values never carry a binary fraction.
import { formatMicros, parseMicros, toMicros, usdText } from '@shared/domain/money';

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

/** Micro units as money with 2 decimals and thousands separators, rounded half away from zero, with the screens' minus sign. */
export function usdMicros(micros: bigint | undefined): string {
  return micros === undefined ? '—' : usdText(micros).replace(/^-/, '−');
}

/** −1, 0 or 1: the sign that picks gain or loss colour. */
export function sign(micros: bigint | undefined): -1 | 0 | 1 {
  return micros === undefined || micros === 0n ? 0 : micros > 0n ? 1 : -1;
}

/** "$1,000.50", "1000.5", "12" → micro units; undefined for anything else. */
export function readNumber(text: string, dollars: boolean): bigint | undefined {
  let t = text.trim().replace(/,/g, '');
  if (dollars) t = t.replace(/^\$\s*/, '');
  if (!/^\d*\.?\d+$|^\d+\.$/.test(t)) return undefined;
  const v = parseMicros(t.endsWith('.') ? t.slice(0, -1) : t.startsWith('.') ? `0${t}` : t);
  return v ?? undefined;
}
