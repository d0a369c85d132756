// What "the price" of an outcome means, once, for every screen: as the service family's web app
// shows it, the midpoint of the best bid and ask while the spread is at most 10¢, else the last
// trade. A wide book's midpoint says little (a 2¢ bid under a 90¢ ask is not a 46¢ market), and
// a last trade under a tight book may be long past; each rule covers the other's weakness.
// Exact: decimal text in, micro units inside, decimal text out.
import { formatMicros, parseMicros } from './money.js';
import { microsOfCents } from './units.js';

/** The widest spread (micro units, 10¢) whose midpoint is the price. */
export const MID_SPREAD_MAX = microsOfCents(10n);

/** Which reading gave the price: the book's midpoint, the last trade, or the catalog's listed price. */
export type PriceBasis = 'mid' | 'last' | 'catalog';

export interface PriceInputs {
  bid?: string | null | undefined;
  ask?: string | null | undefined;
  last?: string | null | undefined;
}

export interface ChosenPrice {
  price: string;
  basis: Exclude<PriceBasis, 'catalog'>;
}

const micro = (p: string | null | undefined): bigint | undefined => {
  if (p === null || p === undefined) return undefined;
  const m = parseMicros(p);
  return m === null ? undefined : m;
};

/**
 * The price from a book's best prices and the last trade; undefined when neither rule applies
 * (no tight two-sided book and no trade), so the caller says what else it shows.
 */
export function choosePrice(q: PriceInputs): ChosenPrice | undefined {
  const bid = micro(q.bid);
  const ask = micro(q.ask);
  if (bid !== undefined && ask !== undefined && ask >= bid && ask - bid <= MID_SPREAD_MAX) {
    // Half a micro rounds up: ticks are at least 0.0001, so it never happens on a real book.
    return { price: formatMicros((bid + ask + 1n) / 2n), basis: 'mid' };
  }
  const last = micro(q.last);
  if (last !== undefined) return { price: formatMicros(last), basis: 'last' };
  return undefined;
}

/** Whether a price choice needs the last trade: it does unless the book alone decides. */
export function needsLast(q: Pick<PriceInputs, 'bid' | 'ask'>): boolean {
  const bid = micro(q.bid);
  const ask = micro(q.ask);
  return !(bid !== undefined && ask !== undefined && ask >= bid && ask - bid <= MID_SPREAD_MAX);
}

/** The rule in words, for the heads of price columns. */
export const PRICE_RULE = 'the midpoint of the best bid and ask while the spread is at most 10¢, else the last trade; its age beside it';

/** How a basis is said next to a price. */
export const BASIS_WORDS: Record<PriceBasis, string> = {
  mid: 'midpoint of the best bid and ask',
  last: 'last trade',
  catalog: "the catalog's listed price",
};

/**
 * A 24h change as the price shown reads it: that price now minus the price a day ago, exact
 * decimal text ("-0.021"); undefined when either is no price. So a row's price and its change
 * never tell two stories, however the price moved since the change was read.
 */
export function changeSince(now: string, then: string): string | undefined {
  const a = micro(now);
  const b = micro(then);
  return a === undefined || b === undefined ? undefined : formatMicros(a - b);
}
