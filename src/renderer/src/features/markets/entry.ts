// The market page's order entry as data: what was typed (price in cents, a size in shares or an
// amount in dollars, the order type) → the one order line to check and send, the other measure
// computed exactly, and what is missing in words. The market's own rules (tick, minimum) are the
// core's checks, made through `orders.preview` like the ticket's.
import type { OrderLine } from '@shared/ipc/contract';
import type { OrderType } from '@shared/spec/trading';
import { centsText, dollarsText, formatMicros, parseMicros } from '@shared/domain/money';
import { DEFAULT_TICK, sharesFor, snapSize, stepTick } from '@shared/domain/grid';
import { cashFor } from '@shared/domain/units';
import { centsField, parsePriceInput } from '../../ui/cents';
import { readNumber } from '../../ui/money';
import { sinceAnswer, type Since } from '../orders/current';
import type { JournalEntry } from '../orders/rows';
import { sharesText } from './book';

export type SizeMode = 'shares' | 'amount';

export interface EntryForm {
  side: 'BUY' | 'SELL';
  price: string;
  mode: SizeMode;
  /** Shares or dollars, as `mode` says. */
  size: string;
  type: OrderType;
  postOnly: boolean;
  /** GTD only: epoch seconds. */
  expiration?: number;
}

export interface Entry {
  /** The line to check and send, once nothing is missing. */
  line?: OrderLine;
  /** Price as dollars, and what was read from the price field ("$0.45" typed is 45¢, "0.5" is 0.5¢). */
  price?: string;
  priceNote?: string;
  /** Shares and their exact cash at the price. */
  shares?: bigint;
  cash?: bigint;
  /** The other measure, in words: "= 11.11 shares" in amount mode, "= $4.50" in shares mode. */
  other?: string;
  /** Typed size rounded to what an order carries, said. */
  sizeNote?: string;
  problems: string[];
}

export function readEntry(f: EntryForm, market: { conditionId: string; tokenId: string }): Entry {
  const problems: string[] = [];
  const out: Entry = { problems };
  const p = parsePriceInput(f.price);
  let price: bigint | undefined;
  if (!p.ok) problems.push(p.reason);
  else {
    out.price = p.price;
    price = parseMicros(p.price) ?? undefined;
    if (p.asDollars && price !== undefined) out.priceNote = `read as dollars: $${p.price} = ${centsText(price)}`;
    else if (p.note) out.priceNote = p.note;
  }

  const typed = f.size.trim();
  if (typed === '') problems.push(f.mode === 'shares' ? 'enter a size in shares' : `enter an amount in dollars${f.side === 'SELL' ? ' to receive' : ' to spend'}`);
  else {
    const v = readNumber(typed, f.mode === 'amount');
    if (v === undefined) problems.push(f.mode === 'shares' ? `“${typed}” is not a number of shares, such as 10 or 12.5` : `“${typed}” is not an amount in dollars, such as 25 or 12.50`);
    else if (v <= 0n) problems.push(f.mode === 'shares' ? 'the size must be above 0 shares' : 'the amount must be above $0');
    else if (f.mode === 'shares') {
      const shares = snapSize(v);
      if (shares === 0n) problems.push('the size must be at least 0.01 shares');
      else {
        out.shares = shares;
        if (shares !== v) out.sizeNote = `rounded down to ${sharesText(shares)} shares (orders take hundredths)`;
      }
    } else if (price !== undefined) {
      const shares = sharesFor(v, price);
      if (shares === 0n) problems.push(`${dollarsText(v)} buys less than 0.01 shares at this price`);
      else out.shares = shares;
    }
  }
  if (out.shares !== undefined && price !== undefined) {
    out.cash = cashFor(out.shares, price);
    out.other = f.mode === 'shares' ? `= ${dollarsText(out.cash)}` : `= ${sharesText(out.shares)} shares · ${dollarsText(out.cash)}`;
  }

  if (f.type === 'GTD' && !f.expiration) problems.push('a GTD order needs an expiry date');
  if (problems.length === 0 && out.price && out.shares !== undefined) {
    const postOnly = f.postOnly && (f.type === 'GTC' || f.type === 'GTD');
    out.line = {
      conditionId: market.conditionId,
      tokenId: market.tokenId,
      side: f.side,
      price: out.price,
      size: formatMicros(out.shares),
      type: f.type,
      postOnly,
      ...(f.type === 'GTD' && f.expiration ? { expiration: f.expiration } : {}),
    };
  }
  return out;
}

/** The size field's text after switching measure: the same order, in the other measure. */
export function switchMode(f: EntryForm, e: Entry): string {
  if (e.shares === undefined || e.cash === undefined) return '';
  return f.mode === 'shares' ? formatMicros(e.cash) : formatMicros(e.shares);
}

/**
 * The price field one tick up or down (ArrowUp / ArrowDown), kept inside the tick…1 − tick band.
 */
export function stepPrice(text: string, tick: string, dir: 1 | -1, from?: string): string {
  const t = parseMicros(tick) ?? DEFAULT_TICK;
  const p = parsePriceInput(text);
  // From nothing typed, the first press lands on the best price (or the middle).
  if (!p.ok) return centsField(from && parseMicros(from) !== null ? from : '0.5');
  const start = parseMicros(p.price);
  if (start === null) return text;
  // Off the grid: the first step lands on it.
  return centsField(formatMicros(stepTick(start, t, dir)));
}

export interface SendResult {
  success: boolean;
  status?: string | undefined;
  code?: string | undefined;
  message?: string | undefined;
  makingAmount?: string | undefined;
  takingAmount?: string | undefined;
}

const units = (v: string | undefined): bigint => (v && /^\d+$/.test(v) ? BigInt(v) : 0n);

/** What became of a sent order, in words: placed, filled (and for how much), or the venue's refusal. */
export function resultWords(r: SendResult, side: 'BUY' | 'SELL', outcome: string): string {
  if (!r.success) return `Not placed: ${r.message || r.code || 'the venue refused the order'}`;
  // The venue reports what the order gave (making) and got (taking) in base units.
  const shares = side === 'BUY' ? units(r.takingAmount) : units(r.makingAmount);
  const cash = side === 'BUY' ? units(r.makingAmount) : units(r.takingAmount);
  const traded = shares > 0n ? `${side === 'BUY' ? 'bought' : 'sold'} ${sharesText(shares)} ${outcome} for ${dollarsText(cash)}` : '';
  switch (r.status) {
    case 'matched':
      return `Filled: ${traded || 'matched in full'}`;
    case 'live':
      return traded ? `Placed: ${traded}; the rest rests on the book` : 'Placed: resting on the book';
    case 'delayed':
      return 'Placed: waiting out the market’s delay before it can match';
    case 'unmatched':
      return 'Not filled: nothing to match it at this price, so the venue cancelled it';
    default:
      return `Accepted by the venue${r.status ? ` (${r.status})` : ''}`;
  }
}

/** A placed order's result once the order moved on: "Placed, then cancelled: no longer on the book". */
export function laterWords(order: JournalEntry | undefined, status: string | undefined, side: 'BUY' | 'SELL', outcome: string): (Since & { words: string }) | undefined {
  const since = sinceAnswer(order, status);
  if (!since || !order) return undefined;
  const filled = parseMicros(order.sizeMatched) ?? 0n;
  const traded = `${side === 'BUY' ? 'bought' : 'sold'} ${sharesText(filled)}${outcome ? ` ${outcome}` : ''}`;
  switch (since.state) {
    case 'partly_filled':
      return { ...since, words: `Placed; since ${traded} of ${sharesText(parseMicros(order.size) ?? 0n)}, the rest rests on the book` };
    case 'filled':
      return { ...since, words: `Placed, then filled: ${traded}` };
    default:
      return { ...since, words: `Placed, then ${since.words}: no longer on the book${filled > 0n ? ` (${traded} before)` : ''}` };
  }
}
