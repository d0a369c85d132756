// The batch's best and worst case: outcomes of one market exclude each other, a negative-risk
// event's markets have at most one winner, other markets are independent.
import { describe, expect, it } from 'vitest';
import { batchCases, type CaseLine } from './outcomes';

const A = { conditionId: 'A', outcomeTokens: ['a-yes', 'a-no'] };
const B = { conditionId: 'B', outcomeTokens: ['b-yes', 'b-no'] };
const line = (m: { conditionId: string; outcomeTokens?: string[] }, tokenId: string, side: 'BUY' | 'SELL', size: string, cost: string, negRiskEvent?: string): CaseLine => ({
  ...m, tokenId, side, size, cost, ...(negRiskEvent ? { negRiskEvent } : {}),
});
const M = 1_000_000n;

describe('a batch’s best and worst case', () => {
  it('pays a Yes and a No of the same market at most once', () => {
    const r = batchCases([line(A, 'a-yes', 'BUY', '10', '4.5'), line(A, 'a-no', 'BUY', '10', '5')]);
    // Paid 10 whichever wins, for 9.50: a gain of 0.50 in every case.
    expect(r).toEqual({ cost: 9_500_000n, best: 10n * M, worst: -500_000n });
  });

  it('adds up independent markets: both can be right, both can be wrong', () => {
    const r = batchCases([line(A, 'a-yes', 'BUY', '10', '4.5'), line(B, 'b-yes', 'BUY', '5', '1.55')]);
    expect(r).toEqual({ cost: 6_050_000n, best: 15n * M, worst: 6_050_000n });
  });

  it('lets one market of a negative-risk event win at most, and none of the batch’s when the event has others', () => {
    const lines = [line(A, 'a-yes', 'BUY', '10', '3', 'E'), line(B, 'b-yes', 'BUY', '10', '4', 'E')];
    expect(batchCases(lines)).toEqual({ cost: 7n * M, best: 10n * M, worst: 7n * M });
    expect(batchCases(lines, new Map([['E', ['A', 'B', 'C']]]))).toEqual({ cost: 7n * M, best: 10n * M, worst: 7n * M });
    // Every market of the event in the batch: one of them wins.
    expect(batchCases(lines, new Map([['E', ['A', 'B']]]))).toEqual({ cost: 7n * M, best: 10n * M, worst: -3n * M });
  });

  it('pays a No of an event’s market whenever another market wins, or none does', () => {
    const r = batchCases([line(A, 'a-no', 'BUY', '10', '6', 'E'), line(B, 'b-yes', 'BUY', '10', '4', 'E')]);
    // A wins: 0; B wins: 10 + 10; none: 10.
    expect(r).toEqual({ cost: 10n * M, best: 20n * M, worst: 10n * M });
  });

  it('counts a sale as giving up the payout, and its worst case as what it forgoes less what it took', () => {
    const r = batchCases([line(A, 'a-yes', 'SELL', '10', '-5.95')]);
    expect(r).toEqual({ cost: -5_950_000n, best: 0n, worst: 4_050_000n });
    // Bought and sold the same outcome: the two cancel out.
    expect(batchCases([line(A, 'a-yes', 'BUY', '10', '4'), line(A, 'a-yes', 'SELL', '10', '-5')])).toEqual({ cost: -1n * M, best: 0n, worst: -1n * M });
  });

  it('counts another outcome as possible where a market’s outcomes are not known', () => {
    const r = batchCases([line({ conditionId: 'X' }, 'x-1', 'BUY', '2.5', '1.000001'), line({ conditionId: 'X' }, 'x-2', 'BUY', '2.5', '1')]);
    expect(r).toEqual({ cost: 2_000_001n, best: 2_500_000n, worst: 2_000_001n });
    expect(batchCases([])).toEqual({ cost: 0n, best: 0n, worst: 0n });
  });
});
