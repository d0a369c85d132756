// A token's live book: built from a snapshot and changes in seq order, telling a gap (or a copy
// that disagrees with the venue's best prices) so the feed asks for the book again.
import { describe, expect, it } from 'vitest';
import { LiveBook, LivePriceChange } from '@shared/spec/live.js';
import { TokenBook } from './book.js';

const snapshot = (seq: number, bids: Array<[string, string]>, asks: Array<[string, string]>) =>
  LiveBook.parse({ type: 'book', market: '0xabc', asset_id: '7', timestamp: '1767268800000', bids: bids.map(([price, size]) => ({ price, size })), asks: asks.map(([price, size]) => ({ price, size })), tick_size: 0.01, min_order_size: 5, seq });
const change = (seq: number, side: 'BUY' | 'SELL', price: string, size: string, best_bid: string | null, best_ask: string | null) =>
  LivePriceChange.parse({ type: 'price_change', asset_id: '7', price, size, side, best_bid, best_ask, seq });

describe('a live book', () => {
  it('applies changes in seq order: a new level, a level resized, a level gone', () => {
    const b = new TokenBook('7');
    b.snapshot(snapshot(4, [['0.4', '10']], [['0.6', '5']]), 1000);
    expect(b.change(change(5, 'BUY', '0.45', '3', '0.45', '0.6'), 2000)).toBe('applied');
    expect(b.change(change(6, 'SELL', '0.6', '2.5', '0.45', '0.6'), 2000)).toBe('applied');
    expect(b.change(change(7, 'BUY', '0.4', '0', '0.45', '0.6'), 2000)).toBe('applied');
    expect(b.best()).toEqual({ bid: '0.45', ask: '0.6' });
    expect(b.toBook()).toEqual({ market: '0xabc', asset_id: '7', timestamp: new Date(2000).toISOString(), bids: [{ price: '0.45', size: '3' }], asks: [{ price: '0.6', size: '2.5' }], tick_size: 0.01, min_order_size: 5 });
  });

  it('keeps levels best first, compared exactly', () => {
    const b = new TokenBook('7');
    b.snapshot(snapshot(0, [['0.1', '1'], ['0.35', '1'], ['0.3', '1']], [['0.9', '1'], ['0.55', '1'], ['0.7', '1']]), 0);
    expect(b.toBook()?.bids.map((l) => l.price)).toEqual(['0.35', '0.3', '0.1']);
    expect(b.toBook()?.asks.map((l) => l.price)).toEqual(['0.55', '0.7', '0.9']);
  });

  it('says gap when a seq is skipped, old for one already seen, and nothing is applied before a snapshot', () => {
    const b = new TokenBook('7');
    expect(b.change(change(1, 'BUY', '0.4', '1', '0.4', null), 0)).toBe('old');
    b.snapshot(snapshot(10, [], []), 0);
    expect(b.change(change(10, 'BUY', '0.4', '1', '0.4', null), 0)).toBe('old');
    expect(b.change(change(12, 'BUY', '0.4', '1', '0.4', null), 0)).toBe('gap');
  });

  it('says gap when its best prices disagree with the ones the venue sends', () => {
    const b = new TokenBook('7');
    b.snapshot(snapshot(0, [['0.4', '10']], []), 0);
    expect(b.change(change(1, 'BUY', '0.3', '1', '0.45', null), 0)).toBe('gap');
  });

  it('is not ready after a reset, and forgets the last trade seen', () => {
    const b = new TokenBook('7');
    b.snapshot(snapshot(0, [], []), 0);
    b.trade({ type: 'last_trade_price', asset_id: '7', price: '0.5', size: '5', side: 'BUY', timestamp: '1767268800000' });
    expect(b.lastTrade).toEqual({ price: '0.5', size: '5', side: 'BUY', at: 1767268800000 });
    b.reset();
    expect(b.ready).toBe(false);
    expect(b.lastTrade).toBeUndefined();
    expect(b.toBook()).toBeUndefined();
  });
});
