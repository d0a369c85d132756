// Cents for a person, exactly: decimal text in, "92.5¢" out, through micro units (no float drift
// in a sum or a difference of prices).
import { parseMicros } from '@shared/domain/money';

/** Signed decimal text → micro units; null when it is not a decimal. */
function micros(decimal: string): bigint | null {
  const neg = decimal.trim().startsWith('-');
  const m = parseMicros(neg ? decimal.trim().slice(1) : decimal);
  return m === null ? null : neg ? -m : m;
}

/** Micro units as cents with up to 2 decimals ("92.5¢", "−5¢"). */
function centsOf(v: bigint): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  // 1¢ = 10,000 micro; keep two decimals of a cent, rounded half up.
  const hundredths = (abs + 50n) / 100n;
  const whole = hundredths / 100n;
  const frac = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${neg && hundredths > 0n ? '−' : ''}${whole}${frac ? `.${frac}` : ''}¢`;
}

/** "0.925" → "92.5¢"; "—" when there is no price. */
export function centsText(decimal: string | undefined): string {
  const v = decimal === undefined ? null : micros(decimal);
  return v === null ? '—' : centsOf(v);
}

/** A change of price with its sign: "+5¢", "−3.1¢", "0¢". */
export function changeText(decimal: string | undefined): string {
  const v = decimal === undefined ? null : micros(decimal);
  if (v === null) return '—';
  return v > 0n ? `+${centsOf(v)}` : centsOf(v);
}

/** `a − b` in cents, exactly ("8¢" for 1 − 0.92). */
export function diffText(a: string, b: string): string {
  const x = micros(a);
  const y = micros(b);
  return x === null || y === null ? '—' : centsOf(x - y);
}
