// The matching planner on a book built by hand: no database, no server.
import { describe, expect, it } from 'vitest';
import { OrderBook, type BookSide, type RestingOrder } from './book.js';
import { afterFills, planMatch, refusal, type MatchPlan } from './matching.js';

const M = 1_000_000;
const NOW_S = 1_800_000_000;
let seq = 0;

function resting(side: BookSide, price: number, size: number, wallet = 'maker', expiration = 0): RestingOrder {
  seq++;
  return { id: `o${seq}`, seq, wallet, owner: `key-${wallet}`, side, price: Math.round(price * M), size: size * M, remaining: size * M, createdAt: seq, expiration };
}

function book(...orders: RestingOrder[]): OrderBook {
  const b = new OrderBook('token');
  for (const o of orders) b.add(o);
  return b;
}

const taker = (side: BookSide, price: number, size: number, wallet = 'taker') => ({ side, price: Math.round(price * M), size: size * M, wallet });
const fills = (p: MatchPlan) => p.fills.map((f) => [f.maker.id, f.size / M]);

describe('planMatch', () => {
  it('meets the best price first and, within a price, the oldest order first', () => {
    const a = resting('SELL', 0.52, 10);
    const b = resting('SELL', 0.5, 10);
    const c = resting('SELL', 0.5, 10);
    const d = resting('SELL', 0.51, 10);
    const plan = planMatch(book(a, b, c, d), taker('BUY', 0.52, 35), NOW_S);
    expect(fills(plan)).toEqual([[b.id, 10], [c.id, 10], [d.id, 10], [a.id, 5]]);
    expect(plan.filled).toBe(35 * M);
    expect(plan.crosses).toBe(true);
    // A SELL meets the highest bid first.
    const x = resting('BUY', 0.4, 5);
    const y = resting('BUY', 0.45, 5);
    expect(fills(planMatch(book(x, y), taker('SELL', 0.4, 10), NOW_S))).toEqual([[y.id, 5], [x.id, 5]]);
  });

  it('stops at the limit price and fills partly what is left', () => {
    const a = resting('SELL', 0.5, 4);
    const b = resting('SELL', 0.55, 100);
    const plan = planMatch(book(a, b), taker('BUY', 0.54, 10), NOW_S);
    expect(fills(plan)).toEqual([[a.id, 4]]);
    expect(plan.filled).toBe(4 * M);
    // A small taker takes part of a maker; the maker's remaining on the book is untouched by planning.
    const big = resting('BUY', 0.6, 50);
    const b2 = book(big);
    expect(fills(planMatch(b2, taker('SELL', 0.6, 7.5), NOW_S))).toEqual([[big.id, 7.5]]);
    expect(big.remaining).toBe(50 * M);
    expect(b2.bids[0]?.size).toBe(50 * M);
  });

  it('uses what a maker has left, not what it first ordered', () => {
    const a = resting('SELL', 0.5, 10);
    const b2 = book(a);
    b2.reduce(a, 6 * M);
    expect(fills(planMatch(b2, taker('BUY', 0.5, 10), NOW_S))).toEqual([[a.id, 4]]);
  });

  it('does not cross when the best opposite price is worse, or nothing rests', () => {
    const plan = planMatch(book(resting('SELL', 0.6, 10)), taker('BUY', 0.59, 10), NOW_S);
    expect(plan).toEqual({ fills: [], expired: [], selfCancelled: [], filled: 0, crosses: false });
    expect(planMatch(book(resting('BUY', 0.4, 10)), taker('SELL', 0.41, 10), NOW_S).crosses).toBe(false);
    expect(planMatch(book(), taker('BUY', 0.99, 10), NOW_S).crosses).toBe(false);
    // The same side of the book is never met.
    expect(planMatch(book(resting('BUY', 0.5, 10)), taker('BUY', 0.5, 10), NOW_S).fills).toEqual([]);
  });

  it('cancels the taker’s own resting orders it meets instead of trading with them, and goes on past them', () => {
    const own = resting('SELL', 0.5, 10, 'taker');
    const other = resting('SELL', 0.5, 10);
    const plan = planMatch(book(own, other), taker('BUY', 0.5, 10), NOW_S);
    expect(plan.selfCancelled).toEqual([own]);
    expect(fills(plan)).toEqual([[other.id, 10]]);
    // Only its own orders on the way: it crosses, and nothing fills.
    const alone = planMatch(book(resting('SELL', 0.5, 10, 'taker')), taker('BUY', 0.5, 10), NOW_S);
    expect(alone.crosses).toBe(true);
    expect(alone.filled).toBe(0);
    expect(alone.selfCancelled).toHaveLength(1);
  });

  it('takes expired makers off instead of filling them; expiration 0 never expires', () => {
    const stale = resting('SELL', 0.5, 10, 'maker', NOW_S);
    const fresh = resting('SELL', 0.5, 10, 'maker', NOW_S + 1);
    const forever = resting('SELL', 0.5, 10, 'maker', 0);
    const plan = planMatch(book(stale, fresh, forever), taker('BUY', 0.5, 15), NOW_S);
    expect(plan.expired).toEqual([stale]);
    expect(fills(plan)).toEqual([[fresh.id, 10], [forever.id, 5]]);
  });

  it('looks no further once filled: later orders are neither filled, cancelled nor expired', () => {
    const first = resting('SELL', 0.5, 10);
    const own = resting('SELL', 0.5, 10, 'taker');
    const stale = resting('SELL', 0.51, 10, 'maker', NOW_S - 1);
    const plan = planMatch(book(first, own, stale), taker('BUY', 0.6, 10), NOW_S);
    expect(fills(plan)).toEqual([[first.id, 10]]);
    expect(plan.selfCancelled).toEqual([]);
    expect(plan.expired).toEqual([]);
  });
});

describe('refusal and afterFills', () => {
  const crossing = { crosses: true, filled: 4 * M };
  const resting0 = { crosses: false, filled: 0 };

  it('refuses a post-only order that would cross, whoever rests there, and lets one that would rest through', () => {
    expect(refusal({ type: 'GTC', postOnly: true, size: 10 * M }, crossing)).toBe('POST_ONLY_CROSSES');
    expect(refusal({ type: 'GTD', postOnly: true, size: 10 * M }, resting0)).toBeUndefined();
    expect(refusal({ type: 'GTC', postOnly: false, size: 10 * M }, crossing)).toBeUndefined();
  });

  it('kills a fill-or-kill order that cannot fill whole; fill-and-kill takes what there is', () => {
    expect(refusal({ type: 'FOK', postOnly: false, size: 10 * M }, crossing)).toBe('FOK_NOT_FILLED');
    expect(refusal({ type: 'FOK', postOnly: false, size: 4 * M }, crossing)).toBeUndefined();
    expect(refusal({ type: 'FAK', postOnly: false, size: 10 * M }, crossing)).toBeUndefined();
    expect(refusal({ type: 'FAK', postOnly: false, size: 10 * M }, resting0)).toBeUndefined();
  });

  it('rests what GTC and GTD orders leave; FOK and FAK never rest', () => {
    expect(afterFills({ type: 'GTC', size: 10 * M }, 0)).toEqual({ rests: true, status: 'live' });
    expect(afterFills({ type: 'GTD', size: 10 * M }, 4 * M)).toEqual({ rests: true, status: 'live' });
    expect(afterFills({ type: 'GTC', size: 10 * M }, 10 * M)).toEqual({ rests: false, status: 'matched' });
    expect(afterFills({ type: 'FAK', size: 10 * M }, 4 * M)).toEqual({ rests: false, status: 'matched' });
    expect(afterFills({ type: 'FAK', size: 10 * M }, 0)).toEqual({ rests: false, status: 'unmatched' });
    expect(afterFills({ type: 'FOK', size: 10 * M }, 10 * M)).toEqual({ rests: false, status: 'matched' });
  });

  it('plans and outcomes together: a FAK against a thin book fills what rests and drops the rest', () => {
    const a = resting('SELL', 0.5, 3);
    const order = { ...taker('BUY', 0.5, 10), type: 'FAK' as const, postOnly: false };
    const plan = planMatch(book(a), order, NOW_S);
    expect(refusal(order, plan)).toBeUndefined();
    expect(afterFills(order, plan.filled)).toEqual({ rests: false, status: 'matched' });
    expect(refusal({ ...order, type: 'FOK' }, plan)).toBe('FOK_NOT_FILLED');
  });
});
