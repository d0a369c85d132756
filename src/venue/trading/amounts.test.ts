// The amounts rule on its own: the spec's exact grid, and the family's market orders beside it.
import { describe, expect, it } from 'vitest';
import { marketShareDecimals, readAmounts, type OrderAmounts } from './amounts.js';

const CENT = { tick: 10_000n, minSize: 5_000_000n };
const order = (side: 'BUY' | 'SELL', makerAmount: bigint, takerAmount: bigint, type: OrderAmounts['type'] = 'FOK'): OrderAmounts => ({ side, makerAmount, takerAmount, type });

describe('readAmounts', () => {
  it('reads the spec grid the same in both modes', () => {
    for (const family of [false, true]) {
      expect(readAmounts(order('BUY', 1_650_000n, 5_000_000n, 'GTC'), CENT, family)).toEqual({ price: 330_000n, size: 5_000_000n });
      expect(readAmounts(order('SELL', 5_000_000n, 1_650_000n), CENT, family)).toEqual({ price: 330_000n, size: 5_000_000n });
      expect(readAmounts(order('BUY', 1_025_000n, 5_000_000n), CENT, family)).toMatchObject({ code: 'INVALID_TICK_SIZE' });
    }
  });

  it("reads a family market BUY's limit on the tick at or below its implied price, a SELL's at or above", () => {
    // 2.00 / 6.0606 = 0.330000…; 1.5654 / 5.05 = 0.309980…
    expect(readAmounts(order('BUY', 2_000_000n, 6_060_600n), CENT, true)).toEqual({ price: 330_000n, size: 6_060_600n });
    expect(readAmounts(order('SELL', 5_050_000n, 1_565_400n, 'FAK'), CENT, true)).toEqual({ price: 310_000n, size: 5_050_000n });
    expect(readAmounts(order('BUY', 2_000_000n, 6_060_600n), CENT, false)).toMatchObject({ code: 'INVALID_AMOUNTS' });
    expect(readAmounts(order('BUY', 2_000_000n, 6_060_600n, 'GTD'), CENT, true)).toMatchObject({ code: 'INVALID_AMOUNTS' });
  });

  it('still holds family market orders to the minimum size and the band', () => {
    expect(readAmounts(order('BUY', 1_000_000n, 3_030_300n), CENT, true)).toMatchObject({ code: 'ORDER_SIZE_BELOW_MINIMUM' });
    expect(readAmounts(order('SELL', 5_050_000n, 5_000_001n), CENT, true)).toMatchObject({ code: 'INVALID_AMOUNTS' });
    expect(readAmounts(order('SELL', 5_050_000n, 5_049_900n), CENT, true)).toMatchObject({ code: 'INVALID_TICK_SIZE' });
  });
});

describe('marketShareDecimals', () => {
  it('is 4 where fills of 4-decimal shares stay whole micro-units, fewer on finer ticks', () => {
    const byTick = Object.fromEntries([100_000n, 10_000n, 5_000n, 2_500n, 1_000n, 100n].map((t) => [String(t), marketShareDecimals(t)]));
    expect(byTick).toEqual({ '100000': 4, '10000': 4, '5000': 3, '2500': 2, '1000': 3, '100': 2 });
  });
});
