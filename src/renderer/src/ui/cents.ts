// Prices are typed and shown in cents, as traders of the service family read them: "45" is 45¢.
// A value written as dollars ("0.45", "$0.45") is read as dollars and shown converted. The
// result is the price as a decimal string of dollars, shifted exactly (no float arithmetic).

export type PriceInput = { ok: true; price: string; asDollars: boolean } | { ok: false; reason: string };

const CENTS = /^(\d{1,3})(?:\.(\d{1,4}))?\s*(?:¢|c)?$/i;
const DOLLARS = /^\$?\s*0?\.(\d{1,6})$/;

/** Reads a typed price: cents by default, dollars when written below one with a leading "0." or "$". */
export function parsePriceInput(text: string): PriceInput {
  const t = text.trim();
  if (t === '') return { ok: false, reason: 'enter a price in cents, such as 45' };
  const d = DOLLARS.exec(t);
  if (d) {
    const digits = (d[1] as string).replace(/0+$/, '');
    if (digits === '') return { ok: false, reason: 'a price must be above 0¢' };
    return { ok: true, price: `0.${digits}`, asDollars: true };
  }
  if (t.startsWith('$')) return { ok: false, reason: `"${text}" is not a price: dollars are below $1, such as $0.45` };
  const c = CENTS.exec(t);
  if (!c) return { ok: false, reason: `"${text}" is not a price: type cents, such as 45 or 45.5` };
  const whole = Number(c[1]);
  const frac = (c[2] ?? '').replace(/0+$/, '');
  if (whole >= 100) return { ok: false, reason: `${text}¢ is $1 or more: prices are below 100¢` };
  if (whole === 0 && frac === '') return { ok: false, reason: 'a price must be above 0¢' };
  // 45.5¢ → 0.455: two places to the left, exactly.
  const price = `0.${String(whole).padStart(2, '0')}${frac}`.replace(/0+$/, '');
  return { ok: true, price, asDollars: false };
}

/** A dollar price as cents for an input field: "0.455" → "45.5". */
export function centsText(price: string | undefined): string {
  if (price === undefined || price === '') return '';
  const m = /^0?\.(\d+)$/.exec(price.trim());
  if (!m) return price;
  const digits = (m[1] as string).padEnd(2, '0');
  const whole = String(Number(digits.slice(0, 2)));
  const frac = digits.slice(2).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}
