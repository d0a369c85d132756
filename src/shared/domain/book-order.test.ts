import { describe, expect, it } from 'vitest';
import { bestFirst, bookBestFirst } from './book-order.js';

const lv = (...prices: string[]) => prices.map((price) => ({ price, size: '1' }));

describe('book levels best first', () => {
  it('reads either order: best-last (the family) and best-first give the same book', () => {
    const family = { asset_id: '1', bids: lv('0.29', '0.3', '0.31'), asks: lv('0.35', '0.34', '0.33') };
    const ours = { asset_id: '1', bids: lv('0.31', '0.30', '0.29'), asks: lv('0.33', '0.34', '0.35') };
    for (const b of [family, ours]) {
      const sorted = bookBestFirst(b);
      expect(sorted.bids.map((l) => Number(l.price))).toEqual([0.31, 0.3, 0.29]);
      expect(sorted.asks.map((l) => Number(l.price))).toEqual([0.33, 0.34, 0.35]);
      expect(sorted.asset_id).toBe('1');
    }
  });

  it('compares exactly and puts unreadable prices last', () => {
    expect(bestFirst(lv('0.100001', 'x', '0.1'), 'bids').map((l) => l.price)).toEqual(['0.100001', '0.1', 'x']);
    expect(bestFirst(lv('x', '0.100001', '0.1'), 'asks').map((l) => l.price)).toEqual(['0.1', '0.100001', 'x']);
  });
});
