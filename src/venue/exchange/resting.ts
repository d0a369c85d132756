// Orders on and off the books, with what they reserve and what watchers are told: the one way
// a book changes once a write is committed.
import type { RestingOrder } from './book.js';
import type { Books } from './books.js';
import type { BookFeed } from './feed.js';
import type { Reservations } from './reservations.js';
import type { Delays } from './delays.js';
import type { Tokens } from './tokens.js';
import { toResting, type OrderRow, type TokenInfo } from './types.js';

export class Resting {
  constructor(
    private readonly books: Books,
    private readonly tokens: Tokens,
    private readonly reservations: Reservations,
    private readonly feed: BookFeed,
    private readonly delays: Delays,
  ) {}

  /** Puts an order (already reserved for) on its book. */
  rest(order: RestingOrder, tokenId: string): void {
    this.books.add(order, tokenId);
    this.feed.level(tokenId, order.side, order.price);
  }

  /** Takes a resting order off its book and frees what it reserved. */
  unrest(order: RestingOrder): void {
    const entry = this.books.entry(order.id);
    if (!entry) return;
    const token = this.tokens.get(entry.tokenId);
    if (token) this.reservations.reserve(order, token, -1);
    this.books.remove(order.id);
    this.feed.level(entry.tokenId, entry.order.side, entry.order.price);
  }

  /** A committed fill of `size` of a resting order by a taker on `side`. */
  fill(maker: RestingOrder, size: number, token: TokenInfo, side: RestingOrder['side'], now: number): void {
    this.reservations.reserve({ ...maker, remaining: size }, token, -1);
    this.books.reduce(token.tokenId, maker, size);
    this.feed.level(token.tokenId, maker.side, maker.price);
    this.feed.trade(token.tokenId, maker.price, size, side, now);
  }

  /** Frees a cancelled order, resting or delayed. */
  drop(row: OrderRow): void {
    const entry = this.books.entry(row.id);
    if (entry) {
      this.unrest(entry.order);
      return;
    }
    this.delays.cancel(row.id);
    const token = this.tokens.get(row.token_id);
    if (token && row.status === 'delayed') this.reservations.reserve(toResting(row), token, -1);
  }
}
