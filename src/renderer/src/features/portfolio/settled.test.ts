import { describe, expect, it } from 'vitest';
import type { MarketResolution } from '@shared/ipc/resolution';
import type { Position } from '@shared/spec/data';
import { endedMarkets, isRedeemable, payoutOf, settlesAt, worthOf } from './settled';

const NOW = Date.parse('2026-03-01T00:00:00Z');
const resolved: MarketResolution = {
  conditionId: '0xa',
  state: 'resolved',
  winner: 0,
  outcomes: [{ tokenId: '1', outcome: 'Yes', settles: '1' }, { tokenId: '2', outcome: 'No', settles: '0' }],
  words: 'Resolved: Yes won.',
  redeem: 'offered',
};
const unclear: MarketResolution = { ...resolved, winner: undefined, outcomes: resolved.outcomes.map(({ tokenId, outcome }) => ({ tokenId, outcome })) } as MarketResolution;

describe('positions of ended markets', () => {
  it('asks only about markets a held position hints have ended', () => {
    const rows: Position[] = [
      { conditionId: '0xa', size: 3, curPrice: 0.42, endDate: '2026-02-01T00:00:00Z' },
      { conditionId: '0xb', size: 3, curPrice: 1 },
      { conditionId: '0xc', size: 3, curPrice: 0.5, redeemable: true },
      { conditionId: '0xd', size: 3, curPrice: 0.5, endDate: '2026-04-01T00:00:00Z' },
      { conditionId: '0xe', size: 0, curPrice: 0 },
      { conditionId: '0xb', size: 1, curPrice: 0 },
    ];
    expect(endedMarkets(rows, NOW)).toEqual(['0xa', '0xb', '0xc']);
  });

  it('is worth size × 1 for the winner and nothing for the loser, exactly, whatever the venue’s value says', () => {
    const win: Position = { conditionId: '0xa', asset: '0xa:0', size: 12.34, currentValue: 12.339999, curPrice: 0.99 };
    const lose: Position = { conditionId: '0xa', outcomeIndex: 1, size: 7.5, currentValue: 0.3 };
    expect([settlesAt(win, resolved), settlesAt(lose, resolved)]).toEqual(['1', '0']);
    expect([worthOf(win, resolved), worthOf(lose, resolved)]).toEqual([12_340_000n, 0n]);
    // Without a known winner the venue's own value stands.
    expect(worthOf(win, unclear)).toBe(12_339_999n);
    expect(worthOf(lose, undefined)).toBe(300_000n);
  });

  it('pays the winning claims of one market when redeemed, and counts the venue’s redeemable flag', () => {
    const rows: Position[] = [
      { conditionId: '0xa', outcomeIndex: 0, size: 12.34 },
      { conditionId: '0xa', outcomeIndex: 1, size: 7.5 },
      { conditionId: '0xb', outcomeIndex: 0, size: 0.1, redeemable: true },
      { conditionId: '0xb', outcomeIndex: 1, size: 0, redeemable: true },
    ];
    expect(payoutOf(rows, '0xa', resolved)).toBe(12_340_000n);
    expect(payoutOf(rows, '0xb', undefined)).toBe(100_000n);
    expect(rows.map((p) => isRedeemable(p, p.conditionId === '0xa' ? resolved : undefined))).toEqual([true, false, true, false]);
  });
});
