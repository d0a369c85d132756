import { describe, expect, it } from 'vitest';
import { resolutionOf, resolutionWords } from './resolution.js';

const tokens = (winners: boolean[] = [false, false]) => winners.map((winner, i) => ({ token_id: `t${i}`, outcome: ['Yes', 'No', 'Maybe'][i], winner }));

describe('a market’s resolution from what the venue says', () => {
  it('takes the trading surface’s winner flag, settling the winner at 1 and the rest at 0', () => {
    const r = resolutionOf({ trading: { status: 'resolved', closed: true, tokens: tokens([false, true]) } });
    expect(r).toEqual({
      state: 'resolved',
      winner: 1,
      source: 'winner',
      outcomes: [
        { tokenId: 't0', outcome: 'Yes', settles: '0' },
        { tokenId: 't1', outcome: 'No', settles: '1' },
      ],
    });
    expect(resolutionWords(r)).toBe('Resolved: No won. No settles at $1, Yes at $0.');
  });

  it('reads final prices of exactly 1 and 0 on an ended market (archived after resolving, numbers or text)', () => {
    const r = resolutionOf({ trading: { status: 'archived', closed: true, tokens: tokens() }, catalog: { closed: true, outcomePrices: ['1', '0'] } });
    expect(r).toMatchObject({ state: 'resolved', winner: 0, source: 'prices' });
    expect(resolutionOf({ catalog: { closed: true, outcomes: ['Yes', 'No'], clobTokenIds: ['a', 'b'], outcomePrices: [0, 1.0] } })).toMatchObject({
      state: 'resolved',
      winner: 1,
      outcomes: [{ tokenId: 'a', outcome: 'Yes', settles: '0' }, { tokenId: 'b', outcome: 'No', settles: '1' }],
    });
    expect(resolutionOf({ catalog: { closed: true, outcomes: ['Yes', 'No'], outcomePrices: ['1.000', '0.0'] } }).winner).toBe(0);
  });

  it('never takes the prices of a market still trading, or prices that are not all 1 and 0, as a result', () => {
    expect(resolutionOf({ trading: { status: 'active', closed: false, accepting_orders: true, tokens: tokens() }, catalog: { outcomePrices: ['1', '0'] } }).state).toBe('open');
    const almost = resolutionOf({ trading: { status: 'closed', closed: true, tokens: tokens() }, catalog: { closed: true, outcomePrices: ['0.99', '0.01'] } });
    expect(almost).toEqual({ state: 'closed', outcomes: [{ tokenId: 't0', outcome: 'Yes' }, { tokenId: 't1', outcome: 'No' }] });
    expect(resolutionWords(almost)).toBe('Trading ended: the venue reports no result yet.');
    // Two at 1: not a clear winner.
    expect(resolutionOf({ catalog: { closed: true, outcomes: ['A', 'B'], outcomePrices: ['1', '1'] } }).state).toBe('closed');
  });

  it('says "winner not reported" where the venue says resolved and names no clear winner', () => {
    const bare = resolutionOf({ trading: { status: 'resolved', closed: true, tokens: tokens() } });
    expect(bare).toMatchObject({ state: 'resolved' });
    expect(bare.winner).toBeUndefined();
    expect(bare.outcomes.every((o) => o.settles === undefined)).toBe(true);
    expect(resolutionWords(bare)).toBe('Resolved — winner not reported by the venue.');
    for (const unclear of [
      resolutionOf({ trading: { status: 'resolved', tokens: tokens([true, true]) } }),
      resolutionOf({ catalog: { closed: true, umaResolutionStatus: 'resolved', outcomes: ['Yes', 'No'], outcomePrices: ['0.5', '0.5'] } }),
    ]) {
      expect(unclear.state).toBe('resolved');
      expect('winner' in unclear).toBe(false);
    }
  });

  it('tells a paused market from an open one', () => {
    expect(resolutionOf({ trading: { status: 'paused', active: true, closed: false, accepting_orders: false, tokens: tokens() } }).state).toBe('paused');
    expect(resolutionOf({ catalog: { active: true, closed: false, acceptingOrders: false, outcomes: ['Yes', 'No'] } }).state).toBe('paused');
    expect(resolutionWords({ state: 'paused', outcomes: [] })).toBe('Paused: the venue is not taking orders for now.');
  });

  it('names every loser of a market with more than two outcomes', () => {
    const r = resolutionOf({ trading: { status: 'resolved', closed: true, tokens: tokens([false, false, true]) } });
    expect(resolutionWords(r)).toBe('Resolved: Maybe won. Maybe settles at $1, Yes, No at $0.');
  });
});
