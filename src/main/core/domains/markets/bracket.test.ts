// A bracket's sums over the outcomes that can still win, and the 24h change made from trades
// inside the window only; the clock is a number passed in.
import { describe, expect, it } from 'vitest';
import { bracketOf, changes24h, DAY_SECONDS, NO_TRADE_24H, NOT_REACHED_24H, readsBack24h, withCatalogChanges, type BracketOutcome, type Change24h, type ChangeTrade } from './bracket.js';

const open = (marketId: string, bestBid: string, bestAsk: string): BracketOutcome => ({ marketId, status: 'open', bestBid, bestAsk });
const ended = (marketId: string, prices: [string, string]): BracketOutcome => ({ marketId, status: 'closed', outcomes: ['Yes', 'No'], outcomePrices: prices });

describe('bracket sums', () => {
  it('flags buying every open outcome under 100¢ while none has ended', () => {
    const s = bracketOf([open('A', '0.2', '0.25'), open('B', '0.3', '0.35'), open('C', '0.2', '0.3')]);
    expect(s).toMatchObject({ outcomes: 3, asks: '0.9', bids: '0.7', underAsk: true, overBid: false });
    expect(s.ended).toBeUndefined();
    expect(s.decided).toBeUndefined();
  });

  it('has no sums and no flag once an outcome resolved Yes: the others can only pay 0', () => {
    const s = bracketOf([ended('A', ['1', '0']), open('B', '0.01', '0.273'), open('C', '0.01', '0.364')]);
    expect(s).toEqual({ outcomes: 2, missingAsks: 0, missingBids: 0, underAsk: false, overBid: false, ended: 1, decided: 'A' });
  });

  it('leaves a closed outcome out of the sums, and one resolved No too', () => {
    // Closed at a last price of 40¢ (no result yet): it is not in the 90¢.
    const closed = bracketOf([{ ...ended('A', ['0.4', '0.6']) }, open('B', '0.4', '0.45'), open('C', '0.4', '0.45')]);
    expect(closed).toMatchObject({ outcomes: 2, asks: '0.9', bids: '0.8', underAsk: true, ended: 1 });
    expect(closed.decided).toBeUndefined();
    const lost = bracketOf([ended('A', ['0', '1']), open('B', '0.5', '0.55'), open('C', '0.5', '0.55')]);
    expect(lost).toMatchObject({ outcomes: 2, asks: '1.1', bids: '1', underAsk: false, overBid: false, ended: 1 });
    expect(lost.decided).toBeUndefined();
  });

  it('counts a paused outcome as one that can still win', () => {
    const s = bracketOf([{ ...open('A', '0.3', '0.4'), status: 'paused' }, open('B', '0.5', '0.55')]);
    expect(s).toMatchObject({ outcomes: 2, asks: '0.95', underAsk: true });
  });
});

const NOW = 1_800_000_000;
const trade = (cid: string, outcomeIndex: number, price: string, agoSec: number): ChangeTrade => ({ conditionId: cid, outcomeIndex, price: Number(price), timestamp: NOW - agoSec });
const m = (conditionId: string, live?: { price: string; atMs: number }) => ({ conditionId, outcomes: 2, ...(live ? { live } : {}) });

describe('the 24h change', () => {
  it('is the newest trade in the window minus the last trade before it, which it names', () => {
    const c = changes24h([m('0xa')], [trade('0xa', 0, '0.61', 60), trade('0xa', 0, '0.5', 3600), trade('0xa', 0, '0.42', DAY_SECONDS + 10), trade('0xa', 0, '0.3', DAY_SECONDS + 99)], NOW, false);
    expect(c.get('0xa')).toEqual({ change: '0.19', then: '0.42' });
  });

  it('is not made from trades older than the window, whatever the price now', () => {
    // The only trades are 19 days old: no change, and a live trade from before the window does not make one either.
    const old = [trade('0xa', 0, '0.928', 19 * DAY_SECONDS), trade('0xa', 0, '0.9', 20 * DAY_SECONDS)];
    expect(changes24h([m('0xa')], old, NOW, true).get('0xa')).toEqual({ why: NO_TRADE_24H });
    expect(changes24h([m('0xa', { price: '0.05', atMs: (NOW - 2 * DAY_SECONDS) * 1000 })], old, NOW, true).get('0xa')).toEqual({ why: NO_TRADE_24H });
  });

  it('takes a live trade inside the window as the price now', () => {
    const c = changes24h([m('0xa', { price: '0.7', atMs: (NOW - 5) * 1000 })], [trade('0xa', 0, '0.5', DAY_SECONDS + 1)], NOW, true);
    expect(c.get('0xa')).toEqual({ change: '0.2', then: '0.5' });
  });

  it('reads a No trade as 1 − its price, and prefers the Yes outcome’s own trade', () => {
    const c = changes24h([m('0xa'), m('0xb')], [trade('0xa', 1, '0.3', 10), trade('0xa', 1, '0.6', DAY_SECONDS + 1), trade('0xb', 1, '0.9', 5), trade('0xb', 0, '0.2', 10), trade('0xb', 0, '0.25', DAY_SECONDS + 1)], NOW, true);
    expect(c.get('0xa')).toEqual({ change: '0.3', then: '0.4' });
    expect(c.get('0xb')).toEqual({ change: '-0.05', then: '0.25' });
  });

  it('for a market first traded inside the window, runs from its first trade there when the read is whole', () => {
    const trades = [trade('0xa', 0, '0.4', 100), trade('0xa', 0, '0.35', 5000)];
    expect(changes24h([m('0xa')], trades, NOW, true).get('0xa')).toEqual({ change: '0.05', then: '0.35' });
    // A read cut short inside the window may miss earlier trades: no change, and it says why.
    expect(changes24h([m('0xa')], trades, NOW, false).get('0xa')).toEqual({ why: NOT_REACHED_24H });
    expect(changes24h([m('0xb')], trades, NOW, false).get('0xb')).toEqual({ why: NOT_REACHED_24H });
  });

  it('knows when a read reaches back 24 hours', () => {
    const inside = [trade('0xa', 0, '0.4', 10), trade('0xa', 0, '0.4', 20)];
    expect(readsBack24h(inside, 3, NOW)).toBe(true);
    expect(readsBack24h(inside, 2, NOW)).toBe(false);
    expect(readsBack24h([...inside, trade('0xa', 0, '0.4', DAY_SECONDS)], 3, NOW)).toBe(true);
  });
});

describe('the catalog’s 24h change standing in', () => {
  const nowMs = NOW * 1000;
  const start = (): Map<string, Change24h> => new Map<string, Change24h>([['0xbusy', { why: NOT_REACHED_24H }], ['0xquiet', { why: NO_TRADE_24H }], ['0xtraded', { change: '0.02' }], ['0xodd', { why: NOT_REACHED_24H }]]);
  const catalog: Record<string, unknown> = { '0xbusy': -0.0125, '0xquiet': 0.3, '0xtraded': 0.5, '0xodd': 'n/a' };

  it('only where the trades do not reach back, from a catalog read within a quarter of an hour, saying so', () => {
    const c = withCatalogChanges(start(), (cid) => catalog[cid], nowMs - 3 * 60_000, nowMs);
    expect(c.get('0xbusy')).toEqual({ change: '-0.0125', from: "As the venue's catalog gives it (read 3 min ago): the trades read do not reach back 24 hours" });
    // No trade in the window is the trades' own answer; a change from the trades is kept; a value that is not a number is not one.
    expect(c.get('0xquiet')).toEqual({ why: NO_TRADE_24H });
    expect(c.get('0xtraded')).toEqual({ change: '0.02' });
    expect(c.get('0xodd')).toEqual({ why: NOT_REACHED_24H });
  });

  it('not from a catalog read longer ago, nor when it was never read', () => {
    expect(withCatalogChanges(start(), (cid) => catalog[cid], nowMs - 16 * 60_000, nowMs).get('0xbusy')).toEqual({ why: NOT_REACHED_24H });
    expect(withCatalogChanges(start(), (cid) => catalog[cid], undefined, nowMs).get('0xbusy')).toEqual({ why: NOT_REACHED_24H });
  });
});
