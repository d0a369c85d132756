// `markets.prices`: the freshest known price of each token a screen shows, with its age (see
// live/board.ts for why this is the one place). A token the live channel streams is priced from
// its book now; any other from the newest reading of the board, read again from the trading
// surface (its price map and last trades, both in the spec, so every venue has them) once older
// than the prices' freshness window. The last trade is read only where the book does not decide.
import { parseMicros } from '@shared/domain/money.js';
import { needsLast } from '@shared/domain/price.js';
import type { Book } from '@shared/spec/index.js';
import { PriceBoard, priceOf, type BookReading, type TokenPrice, type TradeReading } from '../../live/board.js';
import { perSession, type Session } from '../../session.js';
import type { PriceSeen } from '../../readings.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';

export type Prices = ReturnType<typeof pricesService>;

interface Reading {
  book: BookReading | undefined;
  trade: TradeReading | undefined;
  live: { book: boolean; trade: boolean };
}

export function pricesService(ctx: CoreContext) {
  const boardOf = perSession(() => new PriceBoard());

  /** Readings made elsewhere (quotes, price maps, books read for a screen) go on the board. */
  const note = (s: Session, prices: readonly PriceSeen[]): void => {
    const board = boardOf(s);
    const now = ctx.clock.now();
    for (const p of prices) {
      if (!p.tokenId) continue;
      const at = p.at ?? now;
      if (p.bestBid !== undefined || p.bestAsk !== undefined) board.noteBook(p.tokenId, p.bestBid ?? null, p.bestAsk ?? null, at);
      if (p.last) board.noteTrade(p.tokenId, p.last, at);
    }
  };

  /** A book read from the venue (not the live copy), by its best levels. */
  const noteBook = (s: Session, tokenId: string, book: Book, at: number): void => {
    boardOf(s).noteBook(tokenId, best(book.bids, 1n), best(book.asks, -1n), at);
  };

  /** What is known of a token now: the live feed's copy where it streams, else the board's. */
  const reading = (s: Session, tokenId: string, now: number): Reading => {
    const board = boardOf(s);
    const best = s.live.best(tokenId);
    if (!best) return { book: board.book(tokenId), trade: board.trade(tokenId), live: { book: false, trade: false } };
    const seen = s.live.lastTrade(tokenId);
    const since = s.live.subscribedAt(tokenId);
    const read = board.trade(tokenId);
    // A trade read after the subscription began is still the last one unless the feed told of another.
    const trade = seen ? { price: seen.price, at: now } : read && since !== undefined && read.at >= since ? { price: read.price, at: now } : read;
    return { book: { bid: best.bid, ask: best.ask, at: now }, trade, live: { book: true, trade: trade !== undefined && trade !== read } };
  };

  /**
   * The price `markets.prices` would answer now for a token the feed streams, without a read
   * (undefined where it would need one): a live change carries it, so no screen asks again.
   */
  const livePrice = (s: Session, tokenId: string): TokenPrice | undefined => {
    const now = ctx.clock.now();
    const r = reading(s, tokenId, now);
    if (!r.live.book || !r.book) return undefined;
    // Where the book does not decide and the last trade is not current, the handler would read it.
    if (needsLast(r.book) && !r.live.trade && (r.trade === undefined || now - r.trade.at > FRESH.prices)) return undefined;
    const board = boardOf(s);
    board.noteBook(tokenId, r.book.bid, r.book.ask, now);
    if (r.live.trade && r.trade) board.noteTrade(tokenId, r.trade.price, now);
    return priceOf(tokenId, r.book, r.trade, r.live);
  };

  const handlers: HandlersOf<'markets.prices'> = {
    'markets.prices': async ({ tokenIds }) => {
      const s = ctx.session();
      const ids = [...new Set(tokenIds)];
      const now = ctx.clock.now();
      const old = (at: number | undefined): boolean => at === undefined || now - at > FRESH.prices;
      const books = ids.filter((t) => {
        const r = reading(s, t, now);
        return !r.live.book && old(r.book?.at);
      });
      if (books.length > 0) await readBooks(s, books);
      const lasts = ids.filter((t) => {
        const r = reading(s, t, now);
        return !r.live.trade && needsLast(r.book ?? {}) && old(r.trade?.at);
      });
      if (lasts.length > 0) await readLasts(s, lasts);
      const at = ctx.clock.now();
      const board = boardOf(s);
      return ids.map((t) => {
        const r = reading(s, t, at);
        // What streams is kept too: should the feed drop, the price stays, dated when it was last current.
        if (r.live.book && r.book) board.noteBook(t, r.book.bid, r.book.ask, at);
        if (r.live.trade && r.trade) board.noteTrade(t, r.trade.price, at);
        return priceOf(t, r.book, r.trade, r.live);
      }).filter((p): p is TokenPrice => p !== undefined);
    },
  };

  /** The price map of these tokens; a failed read leaves the board as it was (its ages say so). */
  const readBooks = async (s: Session, tokenIds: string[]): Promise<void> => {
    const sorted = [...tokenIds].sort();
    try {
      const r = await s.cached('trading', '/prices', { tokens: sorted.join(',') }, FRESH.prices, () => s.clients.trading.prices(sorted.map((token_id) => ({ token_id }))));
      const map = r.data as Record<string, { BUY?: string; SELL?: string } | undefined>;
      // A token left out of the map has no orders on either side.
      for (const t of sorted) boardOf(s).noteBook(t, map[t]?.BUY ?? null, map[t]?.SELL ?? null, r.fetchedAt);
    } catch {
      // Unreachable: the board keeps its older readings, and their ages show it.
    }
  };

  const readLasts = async (s: Session, tokenIds: string[]): Promise<void> => {
    const sorted = [...tokenIds].sort();
    try {
      const r = await s.cached('trading', '/last-trades-prices', { tokens: sorted.join(',') }, FRESH.prices, () => s.clients.trading.lastTradesPrices(sorted));
      for (const x of r.data) if (x.token_id && x.price && sorted.includes(x.token_id)) boardOf(s).noteTrade(x.token_id, x.price, r.fetchedAt);
    } catch {
      // As above: an older last trade stays, dated by when it was read.
    }
  };

  return { handlers, note, noteBook, livePrice };
}

/** The best level's price (highest for `dir` 1, lowest for -1), whatever order the venue sent. */
function best(levels: ReadonlyArray<{ price: string }>, dir: 1n | -1n): string | null {
  let top: { price: string; m: bigint } | null = null;
  for (const l of levels) {
    const m = parseMicros(String(l.price));
    if (m !== null && (top === null || (m - top.m) * dir > 0n)) top = { price: String(l.price), m };
  }
  return top?.price ?? null;
}
