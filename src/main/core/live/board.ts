// The freshest known price of each token, one per Session: what the markets list, the watchlist,
// the event page, the market page and its chart all show. It lives in the core, not the
// renderer, because only the core sees every source — the live channel's books and trades, the
// book and quotes a market page polls, the trading surface's price map and last trades — and
// every window asks it the same question through one call (`markets.prices`), so no screen
// keeps a price of its own. A reading replaces an older one only: a slow answer never undoes a
// newer one. The price itself follows the one rule of shared/domain/price.ts.
import { choosePrice, type PriceBasis } from '@shared/domain/price.js';

export interface BookReading {
  bid: string | null;
  ask: string | null;
  /** Epoch ms when the venue said so. */
  at: number;
}

export interface TradeReading {
  price: string;
  /** Epoch ms when this was known to be the last trade (not when it happened). */
  at: number;
}

export interface TokenPrice {
  tokenId: string;
  price: string;
  basis: Exclude<PriceBasis, 'catalog'>;
  /** Epoch ms of the oldest reading the price rests on: its age. */
  at: number;
  /** Streamed: the venue tells of every change, so it is current now. */
  live: boolean;
}

/** At most this many tokens are remembered; the least recently noted go first. */
const KEEP = 5000;

export class PriceBoard {
  private readonly books = new Map<string, BookReading>();
  private readonly trades = new Map<string, TradeReading>();

  noteBook(tokenId: string, bid: string | null, ask: string | null, at: number): void {
    const had = this.books.get(tokenId);
    if (had && had.at > at) return;
    this.books.delete(tokenId);
    this.books.set(tokenId, { bid, ask, at });
    trim(this.books);
  }

  noteTrade(tokenId: string, price: string, at: number): void {
    const had = this.trades.get(tokenId);
    if (had && had.at > at) return;
    this.trades.delete(tokenId);
    this.trades.set(tokenId, { price, at });
    trim(this.trades);
  }

  book(tokenId: string): BookReading | undefined {
    return this.books.get(tokenId);
  }

  trade(tokenId: string): TradeReading | undefined {
    return this.trades.get(tokenId);
  }
}

function trim<V>(m: Map<string, V>): void {
  while (m.size > KEEP) m.delete(m.keys().next().value as string);
}

/**
 * A token's price from a book and a last trade, dated by the oldest reading it rests on: a
 * midpoint by its book alone; a last trade by the trade and by the book that made the midpoint
 * not apply (when there was one).
 */
export function priceOf(tokenId: string, book: BookReading | undefined, trade: TradeReading | undefined, live: { book: boolean; trade: boolean }): TokenPrice | undefined {
  const chosen = choosePrice({ bid: book?.bid, ask: book?.ask, last: trade?.price });
  if (!chosen) return undefined;
  if (chosen.basis === 'mid') return { tokenId, ...chosen, at: (book as BookReading).at, live: live.book };
  const t = trade as TradeReading;
  const at = book ? Math.min(book.at, t.at) : t.at;
  return { tokenId, ...chosen, at, live: live.trade && (book ? live.book : false) };
}
