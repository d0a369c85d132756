import { describe, expect, it } from 'vitest';
import { basketLines, canStillWin, eventPayoff, fewestSets, type BasketOutcome, type PayoffLine } from './event-basket.js';
import { feeMicros } from './fees.js';
import { cashFor } from './units.js';

const outcome = (n: number, patch: Partial<BasketOutcome> = {}): BasketOutcome => ({
  conditionId: `0xc${n}`, tokenId: `t${n}`, label: `Outcome ${n}`, bestBid: '0.2', bestAsk: '0.3', tick: '0.01', minSize: '5', ...patch,
});

/** A line as the order preview prices it: notional plus the taker fee (rounded up) on a BUY, less it on a SELL. */
function priced(conditionId: string, side: 'BUY' | 'SELL', price: bigint, size: bigint, bps = 200): PayoffLine {
  const fee = feeMicros(bps, price, size, 'up');
  const notional = cashFor(size, price);
  return { conditionId, yes: true, side, size, fee, cost: side === 'BUY' ? notional + fee : -(notional - fee) };
}

describe('which outcomes can still win', () => {
  it('takes open and paused markets, not ended ones', () => {
    expect(['open', 'paused', 'closed', 'archived', 'inactive'].map(canStillWin)).toEqual([true, true, false, false, false]);
  });
});

describe('the basket lines', () => {
  it('buys Yes of every outcome at its best ask, and sells at its best bid, the same size each', () => {
    const os = [outcome(1, { bestAsk: '0.45' }), outcome(2, { bestAsk: '0.305', tick: '0.001' }), outcome(3, { bestAsk: '0.2' })];
    expect(basketLines(os, 'BUY', 10_000_000n)).toEqual({
      problems: [],
      lines: [
        { conditionId: '0xc1', tokenId: 't1', side: 'BUY', price: '0.45', size: '10' },
        { conditionId: '0xc2', tokenId: 't2', side: 'BUY', price: '0.305', size: '10' },
        { conditionId: '0xc3', tokenId: 't3', side: 'BUY', price: '0.2', size: '10' },
      ],
    });
    expect(basketLines(os, 'SELL', 12_500_000n).lines.map((l) => [l.side, l.price, l.size])).toEqual([
      ['SELL', '0.2', '12.5'],
      ['SELL', '0.2', '12.5'],
      ['SELL', '0.2', '12.5'],
    ]);
  });

  it('starts at the largest minimum size, raised to the size step', () => {
    expect(fewestSets([outcome(1), outcome(2, { minSize: '15' }), outcome(3, { minSize: '2.555' })])).toBe(15_000_000n);
    expect(fewestSets([outcome(1, { minSize: '2.555' })])).toBe(2_560_000n);
    expect(fewestSets([outcome(1, { minSize: '0' })])).toBe(10_000n);
    expect(fewestSets([outcome(1), outcome(2, { minSize: undefined })])).toBeUndefined();
    expect(fewestSets([])).toBeUndefined();
  });

  it('names every outcome it cannot price, and gives no lines then', () => {
    const os = [
      outcome(1, { bestAsk: undefined }),
      outcome(2, { bestAsk: '0.455' }),
      outcome(3, { tick: undefined }),
      outcome(4, { minSize: '20' }),
      outcome(5, { tokenId: undefined }),
      outcome(6, { accepting: false }),
      outcome(7),
    ];
    const got = basketLines(os, 'BUY', 10_000_000n);
    expect(got.lines).toEqual([]);
    expect(got.problems).toEqual([
      'Outcome 1: no ask to buy from',
      'Outcome 2: the best ask 45.5¢ is off its 1¢ tick',
      'Outcome 3: its tick size is not known yet',
      'Outcome 4 takes at least 20 shares',
      'Outcome 5: its Yes token is not listed',
      'Outcome 6: its market takes no orders now',
    ]);
    expect(basketLines([outcome(1, { bestBid: undefined })], 'SELL', 10_000_000n).problems).toEqual(['Outcome 1: no bid to sell to']);
  });

  it('never rounds the size it is given', () => {
    expect(basketLines([outcome(1)], 'BUY', 10_005_000n).problems).toEqual(['10.005 sets is not a whole number of hundredths of a share']);
    expect(basketLines([outcome(1)], 'BUY', 0n).problems).toEqual(['the number of sets must be above 0']);
    expect(basketLines([], 'BUY', 5_000_000n).problems).toEqual(['no outcome can still win']);
  });
});

describe('the payoff table', () => {
  const winners = ['0xc1', '0xc2', '0xc3'];

  it('pays a bought set $1 a share whichever outcome wins; the edge is 100¢ less the asks and the fees', () => {
    // Asks 30¢ + 25¢ + 40¢ = 95¢; 10 sets; a 2% taker fee on the nearer edge of each price.
    const lines = [priced('0xc1', 'BUY', 300_000n, 10_000_000n), priced('0xc2', 'BUY', 250_000n, 10_000_000n), priced('0xc3', 'BUY', 400_000n, 10_000_000n)];
    const p = eventPayoff(winners, lines);
    // Fees: 0.02 × (0.30 + 0.25 + 0.40) × 10 = $0.19.
    expect(p.fees).toBe(190_000n);
    expect(p.cost).toBe(9_500_000n + 190_000n);
    expect(p.rows).toEqual(winners.map((w) => ({ conditionId: w, paid: 10_000_000n, net: 310_000n })));
    expect([p.worst, p.best]).toEqual([310_000n, 310_000n]);
    // 5¢ under 100¢ before fees, 3.1¢ after.
    expect(p.sets).toBe(10_000_000n);
    expect(p.edgePerSet).toBe(31_000n);
  });

  it('sells every outcome: the bids come in, the winner’s share is given up', () => {
    // Bids 40¢ + 35¢ + 30¢ = 105¢, no fee.
    const lines = [priced('0xc1', 'SELL', 400_000n, 5_000_000n, 0), priced('0xc2', 'SELL', 350_000n, 5_000_000n, 0), priced('0xc3', 'SELL', 300_000n, 5_000_000n, 0)];
    const p = eventPayoff(winners, lines);
    expect(p.cost).toBe(-5_250_000n);
    expect(p.rows.map((r) => [r.paid, r.net])).toEqual(winners.map(() => [-5_000_000n, 250_000n]));
    expect(p.edgePerSet).toBe(50_000n);
  });

  it('shows the outcome a batch leaves out as a loss, and a lopsided batch per outcome', () => {
    // Two of three outcomes bought: if the third wins, nothing is paid.
    const p = eventPayoff(winners, [priced('0xc1', 'BUY', 300_000n, 10_000_000n, 0), priced('0xc2', 'BUY', 250_000n, 20_000_000n, 0)]);
    expect(p.cost).toBe(8_000_000n);
    expect(p.rows.map((r) => r.net)).toEqual([2_000_000n, 12_000_000n, -8_000_000n]);
    expect([p.worst, p.best]).toEqual([-8_000_000n, 12_000_000n]);
    // Sizes differ: no sets to speak of.
    expect(p.sets).toBeUndefined();
    expect(p.edgePerSet).toBeUndefined();
  });

  it('pays a No share when its outcome loses', () => {
    const no: PayoffLine = { conditionId: '0xc1', yes: false, side: 'BUY', size: 10_000_000n, cost: 6_000_000n, fee: 0n };
    expect(eventPayoff(winners, [no]).rows.map((r) => r.paid)).toEqual([0n, 10_000_000n, 10_000_000n]);
  });

  it('rounds a part-micro edge per set toward the loss', () => {
    // Cost $3.000001 for 3 sets paying $3: a loss of 1 micro, a third of a micro a set, said as 1 micro.
    const lines = winners.map((w) => ({ conditionId: w, yes: true, side: 'BUY' as const, size: 3_000_000n, cost: 1_000_000n, fee: 0n }));
    lines[0] = { ...lines[0]!, cost: 1_000_001n };
    expect(eventPayoff(winners, lines).edgePerSet).toBe(-1n);
    const gain = winners.map((w) => ({ conditionId: w, yes: true, side: 'BUY' as const, size: 3_000_000n, cost: 999_999n, fee: 0n }));
    // A gain of 3 micro over 3 sets: exactly 1 micro a set.
    expect(eventPayoff(winners, gain).edgePerSet).toBe(1n);
  });
});
