// The exchange's books in memory: one per token, each resting order indexed by id, and the
// orders that expire kept apart. The orders table is the durable record; these are rebuilt
// from it on start and after a failed batch.
import { OrderBook, type RestingOrder } from './book.js';

export interface BookEntry {
  order: RestingOrder;
  tokenId: string;
}

export class Books {
  private readonly books = new Map<string, OrderBook>();
  private readonly restingById = new Map<string, BookEntry>();
  /** The resting orders that expire (GTD): the sweep looks at these alone, not at every book's
   *  orders (62,000 on `large`, 4 ms a second for nothing). */
  private readonly expiring = new Map<string, RestingOrder>();

  /** The book of a token; empty if nothing rests on it. */
  book(tokenId: string): OrderBook {
    let book = this.books.get(tokenId);
    if (!book) {
      book = new OrderBook(tokenId);
      this.books.set(tokenId, book);
    }
    return book;
  }

  /** The resting order with this id and its token, if it rests. */
  entry(id: string): BookEntry | undefined {
    return this.restingById.get(id);
  }

  add(order: RestingOrder, tokenId: string): void {
    this.book(tokenId).add(order);
    this.restingById.set(order.id, { order, tokenId });
    if (order.expiration > 0) this.expiring.set(order.id, order);
  }

  /** Takes a resting order off its book; its entry, or undefined when it did not rest. */
  remove(id: string): BookEntry | undefined {
    const entry = this.restingById.get(id);
    if (!entry) return undefined;
    this.book(entry.tokenId).remove(entry.order);
    this.forget(id);
    return entry;
  }

  /** A fill of `size` of a resting order; one filled up leaves the index (the book drops it). */
  reduce(tokenId: string, order: RestingOrder, size: number): void {
    this.book(tokenId).reduce(order, size);
    if (order.remaining <= 0) this.forget(order.id);
  }

  /** The resting orders whose expiration (epoch s) is at or before `nowS`. */
  expired(nowS: number): RestingOrder[] {
    const due: RestingOrder[] = [];
    for (const order of this.expiring.values()) if (order.expiration <= nowS) due.push(order);
    return due;
  }

  clear(): void {
    this.books.clear();
    this.restingById.clear();
    this.expiring.clear();
  }

  private forget(id: string): void {
    this.restingById.delete(id);
    this.expiring.delete(id);
  }
}
