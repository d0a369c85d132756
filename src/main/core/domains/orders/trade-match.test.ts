// Matching the account's trades to its orders: each trade to one order, by time priority, within
// what the order can take and when it could have traded.
import { describe, expect, it } from 'vitest';
import { assignTrades, keyTrades, type AccountTrade, type Claimant } from './trade-match.js';

const T0 = 1_800_000_000; // seconds
const trade = (over: Partial<AccountTrade> = {}): AccountTrade => ({ side: 'BUY', conditionId: '0xC', outcomeIndex: 0, asset: '0xC:0', price: 0.4, size: 5, timestamp: T0, transactionHash: '0xt1', ...over });
const order = (orderId: string, over: Partial<Claimant> = {}): Claimant => ({ orderId, tokenId: 'tok0', side: 'BUY', price: 400_000n, room: 5_000_000n, sentAt: T0 * 1000, seq: 1, ...over });
const ids = (got: Map<string, Array<{ key: string }>>) => Object.fromEntries([...got].map(([id, ts]) => [id, ts.map((t) => t.key.split('|')[0])]));

describe('keying trades', () => {
  it('finds the token by asset or outcome index, tells identical fills of one transaction apart, and leaves out what cannot be matched', () => {
    const keyed = keyTrades([trade(), trade(), trade({ asset: 'tok1', outcomeIndex: undefined }), trade({ price: undefined }), trade({ side: 'buy' })], ['tok0', 'tok1']);
    expect(keyed.map((t) => t.tokenId)).toEqual(['tok0', 'tok0', 'tok1']);
    expect(new Set(keyed.map((t) => t.key)).size).toBe(3);
    expect(keyed[0]).toMatchObject({ side: 'BUY', price: 400_000n, size: 5_000_000n, at: T0 });
    // The same list keyed again gives the same keys: claims made on one pass hold on the next.
    expect(keyTrades([trade(), trade()], ['tok0']).map((t) => t.key)).toEqual(keyed.slice(0, 2).map((t) => t.key));
  });
});

describe('assigning trades', () => {
  it('gives a trade to the earliest placed alike order only, in line order within a millisecond', () => {
    const trades = keyTrades([trade()], ['tok0']);
    expect(ids(assignTrades([order('b', { seq: 2 }), order('a', { seq: 1 })], trades))).toEqual({ a: ['0xt1'] });
    expect(ids(assignTrades([order('a', { sentAt: T0 * 1000 + 5 }), order('b', { seq: 9 })], trades))).toEqual({ b: ['0xt1'] });
  });

  it('adds trades up per order within its size, the rest to the next order, oldest trade first', () => {
    const trades = keyTrades([trade({ transactionHash: '0xt3', timestamp: T0 + 2 }), trade({ transactionHash: '0xt2', timestamp: T0 + 1 }), trade()], ['tok0']);
    expect(ids(assignTrades([order('a', { room: 10_000_000n }), order('b', { seq: 2 })], trades))).toEqual({ a: ['0xt1', '0xt2'], b: ['0xt3'] });
  });

  it('skips an order for a trade bigger than what it can still take', () => {
    const trades = keyTrades([trade({ size: 8 })], ['tok0']);
    expect(ids(assignTrades([order('a'), order('b', { seq: 2, room: 10_000_000n })], trades))).toEqual({ b: ['0xt1'] });
  });

  it('counts no trade before an order was signed, or after it was over, and none taken before', () => {
    const early = keyTrades([trade({ timestamp: T0 - 1 })], ['tok0']);
    expect(ids(assignTrades([order('a')], early))).toEqual({});
    const late = keyTrades([trade({ timestamp: T0 + 60 })], ['tok0']);
    expect(ids(assignTrades([order('a', { until: T0 + 10 }), order('b', { seq: 2 })], late))).toEqual({ b: ['0xt1'] });
    expect(ids(assignTrades([order('a')], late, new Set(late.map((t) => t.key))))).toEqual({});
  });

  it('matches token, side and price exactly', () => {
    const trades = keyTrades([trade({ price: 0.41 }), trade({ side: 'SELL', transactionHash: '0xt2' }), trade({ outcomeIndex: 1, asset: '0xC:1', transactionHash: '0xt3' })], ['tok0', 'tok1']);
    expect(ids(assignTrades([order('a', { room: 100_000_000n })], trades))).toEqual({});
  });
});
