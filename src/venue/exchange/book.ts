// In-memory order book of one token: price levels kept sorted best-first, FIFO within a level.
// The orders table is the durable record; books are rebuilt from it on start.

export type BookSide = 'BUY' | 'SELL';

export interface RestingOrder {
  id: string;
  seq: number;
  wallet: string;
  owner: string;
  side: BookSide;
  price: number; // micro
  /** Micro tokens ordered. */
  size: number;
  /** Micro tokens still open. */
  remaining: number;
  createdAt: number; // epoch ms
  expiration: number; // epoch s, 0 = none
}

export interface Level {
  price: number;
  size: number; // micro tokens, sum of the level's orders
  orders: RestingOrder[];
}

export class OrderBook {
  /** Best first: bids descending, asks ascending. */
  readonly bids: Level[] = [];
  readonly asks: Level[] = [];

  constructor(readonly tokenId: string) {}

  side(side: BookSide): Level[] {
    return side === 'BUY' ? this.bids : this.asks;
  }

  bestBid(): number | undefined {
    return this.bids[0]?.price;
  }

  bestAsk(): number | undefined {
    return this.asks[0]?.price;
  }

  add(order: RestingOrder): void {
    const levels = this.side(order.side);
    const better = order.side === 'BUY' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const p = (levels[mid] as Level).price;
      if (p === order.price) {
        const level = levels[mid] as Level;
        level.orders.push(order);
        level.size += order.remaining;
        return;
      }
      if (better(p, order.price)) lo = mid + 1;
      else hi = mid;
    }
    levels.splice(lo, 0, { price: order.price, size: order.remaining, orders: [order] });
  }

  /** Takes `size` off a resting order (a fill or a cancel); drops it and its level when empty. */
  reduce(order: RestingOrder, size: number): void {
    const levels = this.side(order.side);
    const i = levels.findIndex((l) => l.price === order.price);
    const level = levels[i];
    if (!level) return;
    order.remaining -= size;
    level.size -= size;
    if (order.remaining <= 0) {
      const j = level.orders.indexOf(order);
      if (j >= 0) level.orders.splice(j, 1);
    }
    if (level.orders.length === 0) levels.splice(i, 1);
  }

  remove(order: RestingOrder): void {
    if (order.remaining > 0) this.reduce(order, order.remaining);
  }

  /** Aggregated levels, best first, for `/book`. */
  depth(side: BookSide, max = Infinity): Array<{ price: number; size: number }> {
    return this.side(side)
      .slice(0, max)
      .map((l) => ({ price: l.price, size: l.size }));
  }
}
