// Matching, planned against a book without touching it (venue-profile D): which resting orders
// an incoming order meets, in price-time priority, and what becomes of the order. The exchange
// writes the plan to SQLite and only then applies it to the book.
import type { BookSide, OrderBook, RestingOrder } from './book.js';
import type { OrderType } from '@shared/spec/index.js';

export interface Fill {
  maker: RestingOrder;
  size: number;
}

export interface MatchPlan {
  fills: Fill[];
  /** Resting orders met on the way that are past their expiration: taken off, not filled. */
  expired: RestingOrder[];
  /** The taker's own resting orders met on the way: cancelled rather than traded against. */
  selfCancelled: RestingOrder[];
  /** Micro tokens the fills add up to. */
  filled: number;
  /** Whether the best opposite price meets the order's price (whoever rests there). */
  crosses: boolean;
}

export interface IncomingOrder {
  side: BookSide;
  price: number; // micro
  size: number; // micro tokens
  wallet: string;
}

/**
 * Walks the opposite side best price first and, within a level, oldest first, until the order
 * is filled or a price no longer meets its limit. A fill trades at the maker's price.
 */
export function planMatch(book: OrderBook, order: IncomingOrder, nowS: number): MatchPlan {
  const opposite = order.side === 'BUY' ? book.asks : book.bids;
  const crosses = (price: number): boolean => (order.side === 'BUY' ? price <= order.price : price >= order.price);
  const plan: MatchPlan = { fills: [], expired: [], selfCancelled: [], filled: 0, crosses: opposite[0] !== undefined && crosses(opposite[0].price) };
  for (const level of opposite) {
    if (plan.filled >= order.size || !crosses(level.price)) break;
    for (const maker of level.orders) {
      if (plan.filled >= order.size) break;
      if (maker.expiration > 0 && maker.expiration <= nowS) plan.expired.push(maker);
      else if (maker.wallet === order.wallet) plan.selfCancelled.push(maker);
      else {
        const size = Math.min(order.size - plan.filled, maker.remaining);
        plan.fills.push({ maker, size });
        plan.filled += size;
      }
    }
  }
  return plan;
}

/** Why a planned order is refused before anything is written, or undefined when it goes ahead. */
export function refusal(order: { type: OrderType; postOnly: boolean; size: number }, plan: Pick<MatchPlan, 'crosses' | 'filled'>): 'POST_ONLY_CROSSES' | 'FOK_NOT_FILLED' | undefined {
  if (order.postOnly && plan.crosses) return 'POST_ONLY_CROSSES';
  if (order.type === 'FOK' && plan.filled < order.size) return 'FOK_NOT_FILLED';
  return undefined;
}

/** After its fills: whether the order's rest goes on the book (GTC, GTD), and its stored status. */
export function afterFills(order: { type: OrderType; size: number }, filled: number): { rests: boolean; status: 'live' | 'matched' | 'unmatched' } {
  const rests = (order.type === 'GTC' || order.type === 'GTD') && filled < order.size;
  return { rests, status: rests ? 'live' : filled === order.size || filled > 0 ? 'matched' : 'unmatched' };
}
