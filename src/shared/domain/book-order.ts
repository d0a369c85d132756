// Book levels best first, whatever order a venue lists them in: the local venue and the service
// family list both sides best-last (bids ascending, asks descending), other venues best-first.
import { parseMicros } from './money.js';

interface Level {
  price: string;
}

/** One side's levels sorted best first by exact price (bids high to low, asks low to high); unreadable prices last. */
export function bestFirst<L extends Level>(levels: readonly L[], side: 'bids' | 'asks'): L[] {
  const keyed = levels.map((l) => ({ l, m: parseMicros(String(l.price)) }));
  return keyed
    .sort((a, b) => {
      if (a.m === null || b.m === null) return a.m === null ? (b.m === null ? 0 : 1) : -1;
      if (a.m === b.m) return 0;
      return (side === 'bids' ? a.m > b.m : a.m < b.m) ? -1 : 1;
    })
    .map((x) => x.l);
}

/** A book with both sides best first. */
export function bookBestFirst<B extends { bids: readonly Level[]; asks: readonly Level[] }>(book: B): B {
  return { ...book, bids: bestFirst(book.bids, 'bids'), asks: bestFirst(book.asks, 'asks') };
}
