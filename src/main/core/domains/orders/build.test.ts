// The order builder on its own: the line checks (the grid rule is src/shared/domain/grid.ts's), and the exact amounts it signs.
import { describe, expect, it } from 'vitest';
import { ZERO_BYTES32 } from '@shared/crypto/index.js';
import { checkLine, signable, type MarketRules } from './build.js';

const rules: MarketRules = { tick: '0.01', minSize: '5', acceptingOrders: true, negRisk: false };
const fields = (r: ReturnType<typeof checkLine>) => r.problems.map((p) => p.field);

describe('checkLine', () => {
  it('builds exact amounts: a BUY pays cash for tokens, a SELL the reverse', () => {
    expect(checkLine({ side: 'BUY', price: '0.45', size: '10' }, rules)).toEqual({
      problems: [],
      built: { price: 450_000n, size: 10_000_000n, makerAmount: 4_500_000n, takerAmount: 10_000_000n },
    });
    expect(checkLine({ side: 'SELL', price: '0.45', size: '10' }, rules).built).toEqual({ price: 450_000n, size: 10_000_000n, makerAmount: 10_000_000n, takerAmount: 4_500_000n });
    // 2 size decimals × 4 price decimals: the cash is exact to the micro, never rounded.
    const fine = checkLine({ side: 'BUY', price: '0.1234', size: '12.34' }, { ...rules, tick: '0.0001', minSize: '1' });
    expect(fine.built).toEqual({ price: 123_400n, size: 12_340_000n, makerAmount: 1_522_756n, takerAmount: 12_340_000n });
    // Trailing zeros are the same amount.
    expect(checkLine({ side: 'BUY', price: '0.4500', size: '10.00' }, rules).built?.makerAmount).toBe(4_500_000n);
  });

  it('refuses a price off the tick and offers the nearest one on it', () => {
    const r = checkLine({ side: 'BUY', price: '0.455', size: '10' }, rules);
    expect(r.built).toBeUndefined();
    expect(r.snapped).toBe(460_000n);
    expect(r.problems).toEqual([{ field: 'price', message: '45.5¢ is not on the 1¢ tick; nearest 45¢ or 46¢' }]);
    // In cents, as the field takes them, on a tenth-of-a-cent tick and at the edge of the band.
    expect(checkLine({ side: 'BUY', price: '0.3655', size: '10' }, { ...rules, tick: '0.001' }).problems[0]?.message).toBe('36.55¢ is not on the 0.1¢ tick; nearest 36.5¢ or 36.6¢');
    expect(checkLine({ side: 'BUY', price: '0.0005', size: '10' }, { ...rules, tick: '0.001' }).problems[0]?.message).toBe('0.05¢ is not on the 0.1¢ tick; nearest 0.1¢');
    expect(checkLine({ side: 'SELL', price: '0.454', size: '10' }, rules).snapped).toBe(450_000n);
    // A line that builds suggests nothing; one on the tick with another problem suggests its own price.
    expect(checkLine({ side: 'SELL', price: '0.45', size: '10' }, rules).snapped).toBeUndefined();
    expect(checkLine({ side: 'SELL', price: '0.45', size: '1' }, rules).snapped).toBe(450_000n);
  });

  it('refuses a price with more decimals than micro units hold', () => {
    const r = checkLine({ side: 'BUY', price: '0.4500001', size: '10' }, rules);
    expect(r.problems).toEqual([{ field: 'price', message: 'price 0.4500001 has more than 6 decimals' }]);
    expect(r.snapped).toBeUndefined();
  });

  it('keeps the price within one tick of 0 and 1', () => {
    for (const price of ['0', '1', '0.995']) {
      const r = checkLine({ side: 'BUY', price, size: '10' }, rules);
      expect(fields(r)).toEqual(['price']);
      expect(r.built).toBeUndefined();
    }
    expect(checkLine({ side: 'BUY', price: '1', size: '10' }, rules).problems[0]?.message).toBe('the price must be from 1¢ to 99¢');
    expect(checkLine({ side: 'BUY', price: '0.01', size: '10' }, rules).built?.price).toBe(10_000n);
    expect(checkLine({ side: 'SELL', price: '0.99', size: '10' }, rules).built?.price).toBe(990_000n);
    expect(checkLine({ side: 'BUY', price: '0.999', size: '10' }, { ...rules, tick: '0.001' }).built?.price).toBe(999_000n);
  });

  it('takes sizes with at most 2 decimals, above 0 and at least the minimum', () => {
    expect(checkLine({ side: 'BUY', price: '0.5', size: '10.001' }, rules).problems).toEqual([{ field: 'size', message: 'size 10.001 may have at most 2 decimals' }]);
    expect(fields(checkLine({ side: 'BUY', price: '0.5', size: '1.1234567' }, rules))).toEqual(['size']);
    expect(checkLine({ side: 'BUY', price: '0.5', size: '0' }, { ...rules, minSize: '0' }).problems).toEqual([{ field: 'size', message: 'size must be above 0' }]);
    expect(checkLine({ side: 'BUY', price: '0.5', size: '4.99' }, rules).problems).toEqual([{ field: 'size', message: "size 4.99 is below this market's minimum of 5" }]);
    expect(checkLine({ side: 'BUY', price: '0.5', size: '5' }, rules).built?.size).toBe(5_000_000n);
    expect(checkLine({ side: 'SELL', price: '0.5', size: '5.01' }, rules).built?.size).toBe(5_010_000n);
  });

  it('reports every problem of a line at once, and a market not accepting orders', () => {
    const r = checkLine({ side: 'BUY', price: '0.455', size: '1' }, { ...rules, acceptingOrders: false });
    expect(fields(r)).toEqual(['market', 'price', 'size']);
    expect(r.built).toBeUndefined();
    expect(checkLine({ side: 'BUY', price: '0.45', size: '10' }, { ...rules, acceptingOrders: false }).built).toBeUndefined();
  });

  it('falls back to a 0.01 tick and no minimum when the market gives none it can read', () => {
    const r = checkLine({ side: 'BUY', price: '0.455', size: '0.01' }, { ...rules, tick: 'x', minSize: '' });
    expect(r.problems).toEqual([{ field: 'price', message: '45.5¢ is not on the 1¢ tick; nearest 45¢ or 46¢' }]);
    expect(checkLine({ side: 'BUY', price: '0.45', size: '0.01' }, { ...rules, tick: 'x', minSize: '' }).built?.makerAmount).toBe(4_500n);
  });
});

describe('signable', () => {
  it('signs the built amounts as integer strings, with the side as 0 (BUY) or 1 (SELL)', () => {
    const address = `0x${'ab'.repeat(20)}`;
    const built = checkLine({ side: 'SELL', price: '0.3', size: '20' }, rules).built;
    if (!built) throw new Error('line should build');
    expect(signable({ tokenId: '42', side: 'SELL' }, built, address, 7n, 1_735_689_600_123)).toEqual({
      salt: '7', maker: address, signer: address, tokenId: '42', makerAmount: '20000000', takerAmount: '6000000', side: 1,
      signatureType: 0, timestamp: '1735689600123', metadata: ZERO_BYTES32, builder: ZERO_BYTES32,
    });
  });
});
