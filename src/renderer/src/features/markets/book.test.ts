import { describe, expect, it } from 'vitest';
import { centsText, dollarsText } from '@shared/domain/money';
import { sharesFor } from '@shared/domain/grid';
import { cashFor } from '@shared/domain/units';
import { depthOutline, ladder, ownByLevel, sharesText, sizeThrough, spreadCents } from './book';

const M = 1_000_000n;

describe('ladder', () => {
  it('sorts each side best first whatever order the venue sent, and sums sizes level by level', () => {
    // Bids low to high, as some venues list them; asks shuffled; one price sent twice.
    const l = ladder({
      bids: [{ price: '0.30', size: '5' }, { price: '0.37', size: '10' }, { price: '0.35', size: '2.5' }],
      asks: [{ price: '0.50', size: '1' }, { price: '0.44', size: '10' }, { price: '0.47', size: '4' }, { price: '0.44', size: '0.01' }],
    });
    expect(l.bids.map((b) => [b.key, b.size, b.total])).toEqual([
      ['0.37', 10n * M, 10n * M],
      ['0.35', 2_500_000n, 12_500_000n],
      ['0.3', 5n * M, 17_500_000n],
    ]);
    expect(l.asks.map((a) => [a.key, a.size, a.total])).toEqual([
      ['0.44', 10_010_000n, 10_010_000n],
      ['0.47', 4n * M, 14_010_000n],
      ['0.5', 1n * M, 15_010_000n],
    ]);
    // The deepest side's last level fills its bar; the others are shares of it.
    expect(l.bids.at(-1)?.depth).toBe(1);
    expect(l.asks.at(-1)?.depth).toBeCloseTo(15_010 / 17_500, 3);
  });

  it('gives the spread and the midpoint exactly, and neither for a one-sided book', () => {
    const l = ladder({ bids: [{ price: '0.37', size: '1' }], asks: [{ price: '0.44', size: '1' }] });
    expect(l.spread).toBe(70_000n);
    expect(l.mid).toBe(405_000n);
    expect(spreadCents(l.spread as bigint)).toBe('7¢');
    expect(centsText(l.mid as bigint)).toBe('40.5¢');
    expect(spreadCents(5_000n)).toBe('0.5¢');
    const oneSided = ladder({ bids: [{ price: '0.37', size: '1' }], asks: [] });
    expect(oneSided.spread).toBeUndefined();
    expect(oneSided.mid).toBeUndefined();
  });

  it('keeps the best levels when asked for fewer, and drops levels it cannot read', () => {
    const bids = Array.from({ length: 30 }, (_, i) => ({ price: `0.${String(i + 10)}`, size: '1' }));
    const l = ladder({ bids: [...bids, { price: 'x', size: '1' }, { price: '0.5', size: '0' }, { price: '1.2', size: '3' }], asks: [] }, 20);
    expect(l.bids).toHaveLength(20);
    expect(l.bids[0]?.key).toBe('0.39');
    expect(l.bids[19]?.key).toBe('0.2');
    expect(l.bids[19]?.total).toBe(20n * M);
  });
});

describe('size and amount', () => {
  it('prices a size exactly and buys the most hundredths an amount pays for, never more', () => {
    expect(cashFor(10n * M, 450_000n)).toBe(4_500_000n);
    expect(cashFor(12_340_000n, 455_000n)).toBe(5_614_700n);
    // $5 at 45¢ is 11.111… shares: 11.11 are bought, for $4.9995.
    expect(sharesFor(5n * M, 450_000n)).toBe(11_110_000n);
    expect(cashFor(11_110_000n, 450_000n)).toBe(4_999_500n);
    // $0.1 + $0.2 at 10¢: 3 shares exactly, where floats would give 2.99999….
    expect(sharesFor(300_000n, 100_000n)).toBe(3n * M);
    expect(sharesFor(1n, 990_000n)).toBe(0n);
    for (const [amount, price] of [[7_770_000n, 330_000n], [1_000_000_000n, 10_000n], [123_450_000n, 987_600n]] as const) {
      const shares = sharesFor(amount, price);
      expect(cashFor(shares, price) <= amount).toBe(true);
      expect(cashFor(shares + 10_000n, price) > amount).toBe(true);
    }
  });

  it('writes shares and dollars exactly with separators', () => {
    expect(sharesText(1_234_500_000n)).toBe('1,234.5');
    expect(sharesText(11_110_000n)).toBe('11.11');
    expect(dollarsText(4_999_500n)).toBe('$4.9995');
    expect(dollarsText(4_500_000n)).toBe('$4.50');
    expect(dollarsText(1_000_000_000n)).toBe('$1,000.00');
  });
});

describe('click to fill', () => {
  const l = ladder({ bids: [], asks: [{ price: '0.44', size: '10' }, { price: '0.45', size: '2.5' }, { price: '0.47', size: '0.333' }] });
  it('sizes an order to take every level up to and including the clicked one', () => {
    expect(sizeThrough(l.asks, 0)).toBe('10');
    expect(sizeThrough(l.asks, 1)).toBe('12.5');
    // Hundredths only: 12.833 rounds down to what an order carries.
    expect(sizeThrough(l.asks, 2)).toBe('12.83');
    expect(sizeThrough(l.asks, 3)).toBe('');
  });
});

describe('own orders', () => {
  it('groups what is still open of the user’s orders on this token by side and level', () => {
    const orders = [
      { id: 'a', asset_id: 't1', side: 'BUY', price: '0.45', original_size: '10', size_matched: '4' },
      { id: 'b', asset_id: 't1', side: 'BUY', price: '0.450', original_size: '5', size_matched: '0' },
      { id: 'c', asset_id: 't1', side: 'SELL', price: '0.55', original_size: '3', size_matched: '3' },
      { id: 'd', asset_id: 't2', side: 'SELL', price: '0.55', original_size: '3', size_matched: '0' },
      { id: 'e', asset_id: 't1', side: 'SELL', price: '0.6', original_size: '2', size_matched: '0.5' },
    ];
    const by = ownByLevel(orders, 't1');
    expect([...by.keys()]).toEqual(['BUY:0.45', 'SELL:0.6']);
    expect(by.get('BUY:0.45')?.map((o) => [o.id, o.left])).toEqual([['a', 6n * M], ['b', 5n * M]]);
    expect(by.get('SELL:0.6')?.[0]?.left).toBe(1_500_000n);
  });
});

describe('depth chart', () => {
  it('steps bids up to the left and asks up to the right, scaled to the deepest side', () => {
    const l = ladder({ bids: [{ price: '0.4', size: '10' }, { price: '0.3', size: '10' }], asks: [{ price: '0.5', size: '5' }, { price: '0.6', size: '5' }] });
    const d = depthOutline(l, 100, 50);
    expect(d).toBeDefined();
    // Range 0.3–0.6 padded by 0.015 either side; the deepest total is the bids' 20.
    expect([d?.low, d?.high, d?.deepest]).toEqual([285_000n, 615_000n, 20n * M]);
    expect(d?.bids).toBe('M34.8,50 L34.8,25 L4.5,25 L4.5,0 L0,0 L0,50Z');
    expect(d?.asks).toBe('M65.2,50 L65.2,37.5 L95.5,37.5 L95.5,25 L100,25 L100,50Z');
    expect(depthOutline(ladder({ bids: [], asks: [] }), 100, 50)).toBeUndefined();
  });
});
