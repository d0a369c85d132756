// The catalog's book-derived market fields, as the family's catalog sends them: best bid and
// ask and spread of the first outcome's book, its last trade, and liquidity — the cash resting
// within a few cents of each outcome book's mid — so that a listing agrees with the book.
import { MICRO } from '../money.js';

/** Distance from a book's mid within which resting orders count as liquidity (micro). */
export const LIQUIDITY_BAND = 50_000;

interface BookLevels {
  /** Levels best first, read in place. */
  side(side: 'BUY' | 'SELL'): ReadonlyArray<{ price: number; size: number }>;
}

/** What the catalog reads books through (the venue's exchange). */
export interface BookReader {
  book(tokenId: string): BookLevels;
}

export interface QuoteFields {
  bestBid?: number;
  bestAsk?: number;
  spread?: number;
  lastTradePrice?: number;
  liquidity: string;
  liquidityNum: number;
}

/** What a market's books say, in micro: the first outcome's best prices and the liquidity sum. */
export interface BookQuote {
  bid: number | undefined;
  ask: number | undefined;
  /** Micro cash, summed level by level in book order (its float rounding is part of the answer). */
  liquidity: number;
}

/** Reads the books in place, allocating nothing: listings call this for every market they show. */
export function bookQuote(books: BookReader, tokenIds: readonly string[]): BookQuote {
  let liquidity = 0;
  let bid0: number | undefined;
  let ask0: number | undefined;
  for (let t = 0; t < tokenIds.length; t++) {
    const book = books.book(tokenIds[t] as string);
    const bids = book.side('BUY');
    const asks = book.side('SELL');
    const bid = bids[0]?.price;
    const ask = asks[0]?.price;
    if (t === 0) {
      bid0 = bid;
      ask0 = ask;
    }
    const centre = bid !== undefined && ask !== undefined ? (bid + ask) / 2 : (bid ?? ask);
    if (centre === undefined) continue;
    for (const l of bids) if (Math.abs(l.price - centre) <= LIQUIDITY_BAND) liquidity += (l.price * l.size) / MICRO;
    for (const l of asks) if (Math.abs(l.price - centre) <= LIQUIDITY_BAND) liquidity += (l.price * l.size) / MICRO;
  }
  return { bid: bid0, ask: ask0, liquidity };
}

export function quoteFieldsOf(q: BookQuote, lastTrade: number | undefined): QuoteFields {
  const out: QuoteFields = { liquidity: String(q.liquidity / MICRO), liquidityNum: q.liquidity / MICRO };
  if (q.bid !== undefined) out.bestBid = q.bid / MICRO;
  if (q.ask !== undefined) out.bestAsk = q.ask / MICRO;
  if (q.bid !== undefined && q.ask !== undefined) out.spread = (q.ask - q.bid) / MICRO;
  if (lastTrade !== undefined) out.lastTradePrice = lastTrade / MICRO;
  return out;
}

export function quoteFields(books: BookReader, tokenIds: readonly string[], lastTrade: number | undefined): QuoteFields {
  return quoteFieldsOf(bookQuote(books, tokenIds), lastTrade);
}
