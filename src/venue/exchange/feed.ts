// What watchers of the books (the live market channel) are told: each changed price level and
// each fill, once the change is committed.
import type { BookSide } from './book.js';
import type { Books } from './books.js';

/** A price level of a book after a change: `size` is its new total, 0 when it is gone. */
export interface LevelChange {
  tokenId: string;
  side: BookSide;
  price: number; // micro
  size: number; // micro tokens
  bestBid: number | undefined;
  bestAsk: number | undefined;
}

/** A fill, at the maker's price, on the taker's side. */
export interface TradeEvent {
  tokenId: string;
  price: number; // micro
  size: number; // micro tokens
  side: BookSide;
  ts: number; // epoch ms
}

/**
 * Told of the changes of the books it watches, once each is committed (the live market
 * channel). Books of tokens it does not watch are not even described, so a venue nobody
 * watches pays one lookup per change.
 */
export interface BookObserver {
  watches(tokenId: string): boolean;
  level(change: LevelChange): void;
  trade(trade: TradeEvent): void;
  /** Every book was rebuilt from the database (a batch failed): what was told may be wrong. */
  reset(): void;
}

export class BookFeed {
  /** While a batch settles: what the observer is to be told once it commits. */
  private untold: Array<() => void> | undefined;

  constructor(
    private readonly books: Books,
    /** Replaceable only so that a test can listen in. */
    public observer: BookObserver | undefined,
    /** Told of every committed change of any book (a fill when `traded`): the catalog's `updatedAt`. */
    public touched?: (tokenId: string, traded: boolean) => void,
  ) {}

  // Books change in three places only (rest, unrest, a fill), each of which reports here.
  level(tokenId: string, side: BookSide, price: number): void {
    const touched = this.touched;
    if (touched) this.tell(() => touched(tokenId, false));
    const observer = this.observer;
    if (!observer?.watches(tokenId)) return;
    const book = this.books.book(tokenId);
    const size = book.side(side).find((l) => l.price === price)?.size ?? 0;
    const change: LevelChange = { tokenId, side, price, size, bestBid: book.bestBid(), bestAsk: book.bestAsk() };
    this.tell(() => observer.level(change));
  }

  trade(tokenId: string, price: number, size: number, side: BookSide, ts: number): void {
    const touched = this.touched;
    if (touched) this.tell(() => touched(tokenId, true));
    const observer = this.observer;
    if (!observer?.watches(tokenId)) return;
    this.tell(() => observer.trade({ tokenId, price, size, side, ts }));
  }

  reset(): void {
    this.observer?.reset();
  }

  /** Runs a batch, holding back what it tells until it returns; a batch that throws tells nothing. */
  held<T>(fn: () => T): T {
    const untold: Array<() => void> = (this.untold = []);
    let out: T;
    try {
      out = fn();
    } finally {
      this.untold = undefined;
    }
    for (const tell of untold) tell();
    return out;
  }

  private tell(event: () => void): void {
    if (this.untold) this.untold.push(event);
    else event();
  }
}
