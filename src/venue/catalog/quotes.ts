// The catalog's book-derived market fields, as the family's catalog sends them: best bid and
// ask and spread of the first outcome's book, its last trade, and liquidity — the cash resting
// within a few cents of each outcome book's mid — so that a listing agrees with the book.
import { MICRO } from '../money.js';

/** Distance from a book's mid within which resting orders count as liquidity (micro). */
export const LIQUIDITY_BAND = 50_000;

interface BookLevels {
  depth(side: 'BUY' | 'SELL'): Array<{ price: number; size: number }>;
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

export function quoteFields(books: BookReader, tokenIds: readonly string[], lastTrade: number | undefined): QuoteFields {
  let liquidity = 0; // micro cash
  let first: { bid: number | undefined; ask: number | undefined } | undefined;
  for (const tokenId of tokenIds) {
    const book = books.book(tokenId);
    const bids = book.depth('BUY');
    const asks = book.depth('SELL');
    const bid = bids[0]?.price;
    const ask = asks[0]?.price;
    first ??= { bid, ask };
    const centre = bid !== undefined && ask !== undefined ? (bid + ask) / 2 : (bid ?? ask);
    if (centre === undefined) continue;
    for (const l of [...bids, ...asks]) if (Math.abs(l.price - centre) <= LIQUIDITY_BAND) liquidity += (l.price * l.size) / MICRO;
  }
  const out: QuoteFields = { liquidity: String(liquidity / MICRO), liquidityNum: liquidity / MICRO };
  if (first?.bid !== undefined) out.bestBid = first.bid / MICRO;
  if (first?.ask !== undefined) out.bestAsk = first.ask / MICRO;
  if (first?.bid !== undefined && first.ask !== undefined) out.spread = (first.ask - first.bid) / MICRO;
  if (lastTrade !== undefined) out.lastTradePrice = lastTrade / MICRO;
  return out;
}
