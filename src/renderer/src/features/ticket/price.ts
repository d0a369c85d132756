// A ticket line's price as typed (cents; dollars only with "$") and as the draft keeps it: the
// dollar decimal the core takes, so saved drafts stay what they were. Text that is no price is
// kept as typed, so nothing typed is lost, and the line says what is wrong with it.
import { dollarsText, toMicros, usdText } from '@shared/domain/money';
import { centsField, parsePriceInput } from '../../ui/cents';

const DOLLAR_PRICE = /^0?\.\d{1,6}$/;

export interface TypedPrice {
  /** What the draft keeps: the dollar price, or the text as typed when it is no price. */
  price: string;
  /** Said under the field when the text was read as dollars ("read as $0.45 = 45¢") or is under a cent. */
  hint?: string;
  problem?: string;
}


export function readTypedPrice(text: string): TypedPrice {
  const r = parsePriceInput(text);
  // Kept text that looks like a dollar decimal would load back as one: it keeps its cents sign.
  if (!r.ok) return { price: DOLLAR_PRICE.test(text.trim()) ? `${text.trim()}¢` : text.trim(), problem: r.reason };
  const hint = r.asDollars ? `read as ${dollarsText(r.price)} = ${centsField(r.price)}¢` : r.note;
  return { price: r.price, ...(hint ? { hint } : {}) };
}

/**
 * The text a kept price shows as: a dollar price in cents ("0.45" → "45"), anything else as it was
 * typed. Below 1¢ it carries its sign ("0.1¢"), so it cannot be taken for dollars.
 */
export function priceText(price: string): string {
  if (!DOLLAR_PRICE.test(price.trim())) return price;
  const c = centsField(price.trim());
  return c.startsWith('0.') ? `${c}¢` : c;
}

/** Why a kept price cannot be sent, or undefined when it is a price. */
export function priceProblem(price: string): string | undefined {
  if (price.trim() === '') return 'enter a price in cents, such as 45';
  const r = parsePriceInput(priceText(price));
  return r.ok ? undefined : r.reason;
}

/** Cash on the ticket, 2 decimals with separators, exactly: out as "$4.50", in (below 0) as "+$4.50". */
export function cashText(value: string | bigint | undefined): string {
  const m = typeof value === 'bigint' ? value : toMicros(value);
  if (m === undefined) return '—';
  return m < 0n ? `+${usdText(-m)}` : usdText(m);
}

/** A worst case: the loss, or — below 0, the batch gains whatever happens — "none (gains $0.50)". */
export function lossText(micros: bigint): string {
  return micros < 0n ? `none (gains ${usdText(-micros)})` : usdText(micros);
}
