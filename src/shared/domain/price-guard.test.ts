import { describe, expect, it } from 'vitest';
import { GUARD_CROSS_TICKS, GUARD_FROM_MID, priceGuard } from './price-guard.js';

const c = (cents: number): bigint => BigInt(Math.round(cents * 10_000));
const tick = c(0.1);

describe('the fat-finger guard', () => {
  it('holds a buy far above the best ask, in words', () => {
    expect(priceGuard({ side: 'BUY', price: c(50), tick, bestBid: c(1.8), bestAsk: c(2.2) })).toBe('Buy at 50¢ is 47.8¢ above the best ask 2.2¢ — confirm');
  });

  it('holds a sell far below the best bid', () => {
    expect(priceGuard({ side: 'SELL', price: c(5), tick: c(1), bestBid: c(41), bestAsk: c(60) })).toBe('Sell at 5¢ is 36¢ below the best bid 41¢ — confirm');
  });

  it('lets a price cross by up to the set number of ticks, and asks one tick further', () => {
    expect(GUARD_CROSS_TICKS).toBe(5n);
    expect(priceGuard({ side: 'BUY', price: c(2.7), tick, bestAsk: c(2.2) })).toBeUndefined();
    expect(priceGuard({ side: 'BUY', price: c(2.8), tick, bestAsk: c(2.2) })).toBe('Buy at 2.8¢ is 0.6¢ above the best ask 2.2¢ — confirm');
    expect(priceGuard({ side: 'SELL', price: c(36), tick: c(1), bestBid: c(41) })).toBeUndefined();
    expect(priceGuard({ side: 'SELL', price: c(35), tick: c(1), bestBid: c(41) })).toMatch(/6¢ below the best bid 41¢/);
  });

  it('holds a price outside the spread more than 20¢ from the mid', () => {
    expect(GUARD_FROM_MID).toBe(c(20));
    // Mid 50.5¢: a buy at 30¢ is 20.5¢ under it, a buy at 31¢ 19.5¢.
    expect(priceGuard({ side: 'BUY', price: c(30), tick: c(1), bestBid: c(41), bestAsk: c(60) })).toBe('Buy at 30¢ is 20.5¢ below the mid 50.5¢ — confirm');
    expect(priceGuard({ side: 'BUY', price: c(31), tick: c(1), bestBid: c(41), bestAsk: c(60) })).toBeUndefined();
    expect(priceGuard({ side: 'SELL', price: c(75), tick: c(1), bestBid: c(41), bestAsk: c(60) })).toBe('Sell at 75¢ is 24.5¢ above the mid 50.5¢ — confirm');
  });

  it('never holds a price inside the spread, a passive half-cent bid on a longshot, or a price with no book', () => {
    expect(priceGuard({ side: 'BUY', price: c(10), tick: c(1), bestBid: c(1), bestAsk: c(99) })).toBeUndefined();
    expect(priceGuard({ side: 'BUY', price: c(0.5), tick, bestBid: c(1.8), bestAsk: c(2.2) })).toBeUndefined();
    expect(priceGuard({ side: 'BUY', price: c(90), tick })).toBeUndefined();
    // One side only: only the cross is judged.
    expect(priceGuard({ side: 'BUY', price: c(5), tick: c(1), bestBid: c(41) })).toBeUndefined();
  });
});
