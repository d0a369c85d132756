// Prices are typed and shown in cents, as traders of the service family read them: "45" is 45¢,
// "45.5" is 45.5¢ and "0.5" is half a cent — always cents, never re-scaled by how it looks. A
// dollar amount is read only when written with "$" ("$0.45" is 45¢). The result is the price as
// a decimal string of dollars, shifted exactly (no float arithmetic).

export type PriceInput = { ok: true; price: string; asDollars: boolean; note?: string } | { ok: false; reason: string };

// Up to 4 decimals of a cent: a price carries at most 6 decimals of a dollar.
const CENTS = /^(\d{0,3})(?:\.(\d+))?\s*(?:¢|c)?$/i;
const DOLLARS = /^\$\s*(\d*)(?:\.(\d+))?$/;

/** Reads a typed price: cents always; dollars only when it starts with "$". */
export function parsePriceInput(text: string): PriceInput {
  const t = text.trim();
  if (t === '') return { ok: false, reason: 'enter a price in cents, such as 45' };
  if (t.startsWith('$')) {
    const d = DOLLARS.exec(t);
    if (!d || (d[1] === '' && d[2] === undefined)) return { ok: false, reason: `"${text}" is not a price: dollars are written such as $0.45` };
    if (Number(d[1] || '0') >= 1) return { ok: false, reason: `${t} is not below $1: prices are below $1 (100¢)` };
    const digits = (d[2] ?? '').replace(/0+$/, '');
    if (digits === '') return { ok: false, reason: 'a price must be above 0¢' };
    if (digits.length > 6) return { ok: false, reason: `${t} has more than 6 decimals of a dollar` };
    return { ok: true, price: `0.${digits}`, asDollars: true };
  }
  const c = CENTS.exec(t);
  if (!c || (c[1] === '' && c[2] === undefined)) return { ok: false, reason: `"${text}" is not a price: type cents, such as 45 or 45.5` };
  const whole = Number(c[1] || '0');
  const frac = (c[2] ?? '').replace(/0+$/, '');
  if (whole >= 100) return { ok: false, reason: `${t.replace(/\s*(¢|c)$/i, '')}¢ is $1 or more: prices are below 100¢` };
  if (whole === 0 && frac === '') return { ok: false, reason: 'a price must be above 0¢' };
  if (frac.length > 4) return { ok: false, reason: `${t} has more than 4 decimals of a cent` };
  // 45.5¢ → 0.455: two places to the left, exactly.
  const price = `0.${String(whole).padStart(2, '0')}${frac}`.replace(/0+$/, '');
  const cents = `${whole}${frac ? `.${frac}` : ''}`;
  // Below a cent is read as typed; the note says so, and what to type for 100 times more.
  const big = whole === 0 ? centsField(`0.${frac}`) : '';
  const note = whole === 0 ? `read as ${cents}¢, under a cent — for ${big}¢ type ${big}` : undefined;
  return { ok: true, price, asDollars: false, ...(note ? { note } : {}) };
}

/** A dollar price as the cents a price field shows, without the sign: "0.455" → "45.5". */
export function centsField(price: string | undefined): string {
  if (price === undefined || price === '') return '';
  const m = /^0?\.(\d+)$/.exec(price.trim());
  if (!m) return price;
  const digits = (m[1] as string).padEnd(2, '0');
  const whole = String(Number(digits.slice(0, 2)));
  const frac = digits.slice(2).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}
