// Display formats: prices as cents, money with 2 decimals. Display only — never for amounts sent.
import { CENTS_PER_DOLLAR } from '@shared/domain/units';

export function cents(price: string | number | undefined): string {
  if (price === undefined || price === '') return '—';
  const p = Number(price);
  if (!Number.isFinite(p)) return '—';
  const c = p * Number(CENTS_PER_DOLLAR);
  return `${Number.isInteger(Math.round(c * 10) / 10) ? Math.round(c) : (Math.round(c * 10) / 10).toFixed(1)}¢`;
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function usd(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  return `${v < 0 ? '−' : ''}$${money.format(Math.abs(v))}`;
}

export function usdCompact(v: number | undefined): string {
  return v === undefined ? '—' : `$${compact.format(v)}`;
}

const sizes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A token size with up to 2 decimals; text that is not a number is shown as it is. */
export function size(v: number | string | undefined): string {
  if (v === undefined || v === '') return '—';
  const n = Number(v);
  return Number.isFinite(n) ? sizes.format(n) : String(v);
}

// Date formats made once: \`toLocaleString\` with options builds a formatter at each call, about
// 0.3 ms here, and a list's rows format their dates on every render.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `locales` and `options`, made on first use and kept. */
export function dateFormat(locales: string | [], options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locales, options]);
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locales, options)));
  return f;
}

/** "Nov 23, 04:01 PM" (with seconds on request); empty when there is no time. */
export function dateTime(ms: number | undefined, seconds = false): string {
  if (!ms) return '';
  return dateFormat([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' as const } : {}) }).format(ms);
}

export function asOf(fetchedAt: number): string {
  return dateFormat([], { hour: '2-digit', minute: '2-digit' }).format(fetchedAt);
}

export function shortDate(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat([], { year: 'numeric', month: 'short', day: 'numeric' }).format(d);
}

/**
 * How old a price is, in the words every price carries: "live" while it streams, "12 s ago"
 * within a minute, else "as of 14:02" (with the day when it is not today's). `short` drops the
 * words around the figure, for narrow list cells: "live", "12s", "14:02".
 */
export function priceAge(at: number, now: number, live: boolean, short = false): string {
  if (live) return 'live';
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 60) return short ? `${s}s` : `${s} s ago`;
  const today = new Date(at).toDateString() === new Date(now).toDateString();
  const when = today ? asOf(at) : dateFormat([], { month: 'short', day: 'numeric' }).format(at);
  return short ? when : `as of ${today ? when : dateTime(at)}`;
}
