// Exact money in micro units (1e-6 of cash or of a token), as bigint, with decimal text at the
// edges. One formatter for the venue, the cache and the order builder. The units are units.ts's.
import { CENTS_PER_DOLLAR, MICRO, MICRO_DECIMALS, MICROS_PER_CENT, MICROS_PER_DOLLAR } from './units.js';

/** 58_400_000n → "58.4"; -1n → "-0.000001". */
export function formatMicros(micros: bigint | number): string {
  const v = BigInt(micros);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = abs / MICROS_PER_DOLLAR;
  const frac = (abs % MICROS_PER_DOLLAR).toString().padStart(MICRO_DECIMALS, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** "0.42" → 420_000n exactly; null for anything that is not a plain decimal with ≤ 6 places. */
export function parseMicros(decimal: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > MICRO_DECIMALS) return null;
  return BigInt(m[1] as string) * MICROS_PER_DOLLAR + BigInt(frac.padEnd(MICRO_DECIMALS, '0') || '0');
}

/** A market's tick as the venue's settings give it (a JSON number such as 0.01) → "0.01". */
export function tickText(mts: number): string {
  return formatMicros(BigInt(Math.round(mts * MICRO)));
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Why a value is not an amount, for `requireMicros`'s message; or the amount itself. */
function convert(value: number | string): bigint | 'not finite' | 'not decimal' {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'not finite';
    // toFixed spells the double out exactly to one place past a micro, the rounding digit; from
    // 1e21 up it gives an exponent, which the pattern below refuses.
    text = value.toFixed(MICRO_DECIMALS + 1);
  } else text = value.trim();
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return 'not decimal';
  const frac = (m[3] ?? '').padEnd(MICRO_DECIMALS + 1, '0');
  let micros = BigInt((m[2] || '0') + frac.slice(0, MICRO_DECIMALS));
  if ((frac[MICRO_DECIMALS] as string) >= '5') micros += 1n;
  return m[1] === '-' ? -micros : micros;
}

/**
 * A service number (`58.4`, `"-12.5"`, `".5"`) → micro units, through its decimal text so no
 * binary fraction leaks in; rounds half away from zero past six places. Undefined when absent
 * or not a plain decimal (NaN, Infinity, "1e5", "").
 */
export function toMicros(value: number | string | undefined | null): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  const r = convert(value);
  return typeof r === 'bigint' ? r : undefined;
}

/** `toMicros` for values that must be amounts: throws naming `what` instead of giving undefined. */
export function requireMicros(value: number | string, what = 'amount'): bigint {
  const r = convert(value);
  if (typeof r === 'bigint') return r;
  if (r === 'not finite') throw new Error(`${what} must be a finite number, got ${value}`);
  throw new Error(`${what} is not a decimal number: ${JSON.stringify(value)}`);
}

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Micro units as dollars for a person: 2 decimals and thousands separators, exactly
 * (4_000_000_000n → "$4,000.00"). `up`/`down` round toward +/− infinity — a need is never shown
 * below itself, nor what is at hand above itself — `half` rounds half away from zero.
 */
export function usdText(micros: bigint, round: 'half' | 'up' | 'down' = 'half'): string {
  const neg = micros < 0n;
  const abs = neg ? -micros : micros;
  const rest = abs % MICROS_PER_CENT;
  let cents = abs / MICROS_PER_CENT;
  const away = round === 'half' ? rest >= MICROS_PER_CENT / 2n : rest > 0n && (round === 'up') !== neg;
  if (away) cents += 1n;
  const text = `$${group((cents / CENTS_PER_DOLLAR).toString())}.${(cents % CENTS_PER_DOLLAR).toString().padStart(2, '0')}`;
  return neg && cents > 0n ? `-${text}` : text;
}

/** Micro units as an exact decimal with thousands separators: 1_000_000_500_000n → "1,000,000.5". */
export function groupedText(micros: bigint): string {
  const [whole, frac] = formatMicros(micros).split('.') as [string, string | undefined];
  const neg = whole.startsWith('-');
  return `${neg ? '-' : ''}${group(neg ? whole.slice(1) : whole)}${frac ? `.${frac}` : ''}`;
}

/** A price or amount in micro-units as cents, exactly, without the sign: 365_500n → "36.55", 5_000n → "0.5". */
export function centsDecimal(micros: bigint): string {
  return formatMicros(micros * CENTS_PER_DOLLAR);
}

/** A price as cents for a person, exactly: "0.3655" or 365_500n → "36.55¢"; "—" for none or text that is no price. */
export function centsText(price: string | bigint | undefined): string {
  const m = typeof price === 'bigint' ? price : price === undefined ? null : parseMicros(price);
  return m === null ? '—' : `${centsDecimal(m)}¢`;
}

/** A change of price in cents with its sign, exactly: "0.03" → "+3¢", "-0.025" → "−2.5¢", "0¢"; "—" when unknown. */
export function changeText(change: string | bigint | undefined): string {
  const m = typeof change === 'bigint' ? change : change === undefined ? undefined : toMicros(change);
  if (m === undefined) return '—';
  const cents = centsDecimal(m < 0n ? -m : m);
  return m === 0n ? '0¢' : `${m > 0n ? '+' : '−'}${cents}¢`;
}

/** Dollars, exactly, at least to the cent, with separators: 4_995_000n → "$4.995", "0.3" → "$0.30" (unreadable text as typed). */
export function dollarsText(value: bigint | string): string {
  const m = typeof value === 'bigint' ? value : parseMicros(value);
  if (m === null) return `$${value}`;
  const neg = m < 0n;
  const [whole, frac = ''] = groupedText(neg ? -m : m).split('.') as [string, string | undefined];
  return `${neg ? '−' : ''}$${whole}.${frac.padEnd(2, '0')}`;
}
