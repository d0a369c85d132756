import { describe, expect, it } from 'vitest';
import { checkLine } from './build.js';
import { feeMicros } from '@shared/domain/fees.js';
import { checkBatch, economics } from './economics.js';

const rules = { tick: '0.01', minSize: '5', acceptingOrders: true, negRisk: false };
const built = (side: 'BUY' | 'SELL', price: string, size: string) => {
  const b = checkLine({ side, price, size }, rules).built;
  if (!b) throw new Error('line should build');
  return b;
};
const ctx = { type: 'GTC' as const, postOnly: false, takerFeeBps: 200, makerFeeBps: 0 };

describe('line economics', () => {
  it('previews fees as rate × min(p, 1 − p) × size, rounded up to a micro', () => {
    expect(feeMicros(200, 400_000n, 10_000_000n, 'up')).toBe(80_000n); // 2% × 0.40 × 10
    expect(feeMicros(200, 700_000n, 10_000_000n, 'up')).toBe(60_000n); // uses 1 − p
    expect(feeMicros(1, 10_000n, 10_000n, 'up')).toBe(1n); // 1e-10 of a dollar still costs a micro
  });

  it('a BUY that crosses pays the taker fee; one below the ask rests at the maker rate', () => {
    expect(economics(built('BUY', '0.45', '10'), { ...ctx, side: 'BUY', bestOpposite: 440_000n })).toEqual({
      cost: '4.59', shares: '10', payoutIfRight: '10', maxLoss: '4.59', fee: '0.09', execution: 'crosses', bestOpposite: '0.44',
    });
    expect(economics(built('BUY', '0.4', '10'), { ...ctx, side: 'BUY', bestOpposite: 440_000n })).toMatchObject({ cost: '4', fee: '0', execution: 'rests' });
  });

  it('a SELL brings cash in and forgoes the payout; FOK with nothing to hit is killed; post-only crossing is rejected', () => {
    expect(economics(built('SELL', '0.3', '20'), { ...ctx, side: 'SELL', bestOpposite: 310_000n })).toMatchObject({ cost: '-5.88', maxLoss: '14.12', execution: 'crosses' });
    expect(economics(built('BUY', '0.3', '20'), { ...ctx, side: 'BUY', type: 'FOK', bestOpposite: undefined }).execution).toBe('killed');
    expect(economics(built('BUY', '0.5', '20'), { ...ctx, side: 'BUY', postOnly: true, bestOpposite: 450_000n }).execution).toBe('rejected');
  });

  it('checks the whole batch in order against cash and tokens, naming what is left', () => {
    const lines = [
      { tokenId: 'a', side: 'BUY' as const, built: built('BUY', '0.5', '10') },
      { tokenId: 'a', side: 'BUY' as const, built: built('BUY', '0.5', '10') },
      { tokenId: 'b', side: 'SELL' as const, built: built('SELL', '0.5', '6') },
      { tokenId: 'b', side: 'SELL' as const, built: built('SELL', '0.5', '6') },
    ];
    const problems = checkBatch(lines, { cash: 7_000_000n, tokens: new Map([['b', 10_000_000n]]) });
    expect(problems[0]).toEqual([]);
    expect(problems[1]?.[0]?.message).toBe('not enough cash: needs $5.00, you have $2.00 after the lines above');
    expect(problems[2]).toEqual([]);
    expect(problems[3]?.[0]?.message).toBe('not enough tokens: sells 6, you hold 4 after the lines above');
  });

  it('names money with 2 decimals and thousands separators, a need rounded up and cash at hand down', () => {
    const big = [{ tokenId: 'a', side: 'BUY' as const, built: built('BUY', '0.4', '10000'), fee: 1n }];
    expect(checkBatch(big, { cash: 958_459_999n })[0]?.[0]?.message).toBe('not enough cash: needs $4,000.01, you have $958.45');
    const sell = [{ tokenId: 'b', side: 'SELL' as const, built: built('SELL', '0.5', '1000000') }];
    expect(checkBatch(sell, { tokens: new Map([['b', 1_500_000n]]) })[0]?.[0]?.message).toBe('not enough tokens: sells 1,000,000, you hold 1.5');
  });
});
