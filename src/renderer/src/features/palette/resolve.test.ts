import { describe, expect, it } from 'vitest';
import { parseCommand, type Command } from './command';
import { heldByToken, pickMarket, resolveCancel, resolveFollow, resolveOnMarket, type MarketFacts, type Resolved } from './resolve';

const MARKET: MarketFacts = {
  conditionId: '0xc1',
  ref: '17',
  question: 'Will the Fed cut rates in March?',
  outcomes: [
    { tokenId: 't-yes', outcome: 'Yes' },
    { tokenId: 't-no', outcome: 'No' },
  ],
  tick: '0.01',
  minSize: '5',
  held: new Map([['t-no', '25.006']]),
};
const FINE: MarketFacts = { ...MARKET, tick: '0.001' };

const cmd = (text: string): Exclude<Command, { kind: 'cancel' | 'follow' }> => {
  const p = parseCommand(text);
  if (!p?.ok || p.command.kind === 'cancel' || p.command.kind === 'follow') throw new Error(`not a market command: ${text}`);
  return p.command;
};
const on = (text: string, m: MarketFacts = MARKET, room = 15): Resolved => resolveOnMarket(cmd(text), m, room);
const action = (r: Resolved) => {
  if (!r.ok) throw new Error(r.problem);
  return r.action;
};
const problem = (r: Resolved): string => {
  if (r.ok) throw new Error(`resolved as ${r.action.label}`);
  return r.problem;
};

describe('palette commands on a market', () => {
  it('buy: one ticket line, its label saying exactly that line', () => {
    const a = action(on('buy 10 yes 45'));
    expect(a).toEqual({
      kind: 'lines',
      label: 'Buy 10 Yes at 45¢ — “Will the Fed cut rates in March?” — preview',
      lines: [{ conditionId: '0xc1', tokenId: 't-yes', label: 'Will the Fed cut rates in March?', outcome: 'Yes', side: 'BUY', price: '0.45', size: '10', type: 'GTC' }],
    });
  });

  it('matches outcomes by the market’s own names, case aside, and refuses others', () => {
    expect(action(on('buy 10 NO 45'))).toMatchObject({ lines: [{ tokenId: 't-no', outcome: 'No' }] });
    expect(problem(on('buy 10 maybe 45'))).toBe('“maybe” is not an outcome of this market: Yes or No');
    const named: MarketFacts = { ...MARKET, outcomes: [{ tokenId: 'a', outcome: 'Real Madrid' }, { tokenId: 'b', outcome: 'Barcelona' }] };
    expect(action(on('buy 5 real madrid 30', named))).toMatchObject({ label: 'Buy 5 Real Madrid at 30¢ — “Will the Fed cut rates in March?” — preview', lines: [{ tokenId: 'a' }] });
    expect(problem(on('buy 5 yes 30', named))).toBe('“yes” is not an outcome of this market: Real Madrid or Barcelona');
  });

  it('never rounds a price onto the tick or into the band', () => {
    expect(problem(on('buy 10 yes 45.5'))).toBe('45.5¢ is not on this market’s 1¢ tick: type 45 or 46');
    expect(action(on('buy 10 yes 45.5', FINE))).toMatchObject({ lines: [{ price: '0.455' }] });
    expect(problem(on('buy 10 yes 45.25', FINE))).toBe('45.25¢ is not on this market’s 0.1¢ tick: type 45.2 or 45.3');
    expect(problem(on('buy 10 yes 99.95', FINE))).toBe('99.95¢ is not on this market’s 0.1¢ tick: type 99.9');
    expect(problem(on('buy 10 yes 99.9'))).toBe('99.9¢ is not on this market’s 1¢ tick: type 99');
    expect(problem(on('buy 10 yes 0.5'))).toBe('0.5¢ is not on this market’s 1¢ tick: type 1');
    expect(problem(on('buy 10 yes 99.95', { ...MARKET, tick: '0.05' }))).toMatch(/not on this market’s 5¢ tick: type 95$/);
    expect(problem(on('buy 10 yes 99', { ...MARKET, tick: '0.05' }))).toMatch(/not on this market’s 5¢ tick/);
  });

  it('keeps to the market’s smallest order', () => {
    expect(problem(on('buy 4 yes 45'))).toBe('4 shares is below this market’s smallest order, 5 shares');
    expect(action(on('buy 5 yes 45'))).toMatchObject({ lines: [{ size: '5' }] });
  });

  it('sell all: the whole position held, to the hundredth an order carries, said in the label', () => {
    const a = action(on('sell all no 40'));
    expect(a).toMatchObject({ label: 'Sell all 25 No (of 25.006 held: orders take hundredths) at 40¢ — “Will the Fed cut rates in March?” — preview', lines: [{ tokenId: 't-no', side: 'SELL', size: '25', price: '0.4' }] });
    // No price typed: the line waits for one in the ticket, and says so.
    expect(action(on('sell all no', { ...MARKET, held: new Map([['t-no', '12.5']]) }))).toMatchObject({ label: 'Sell all 12.5 No at a price to type in the ticket — “Will the Fed cut rates in March?” — preview', lines: [{ size: '12.5', price: '' }] });
    expect(problem(on('sell all yes'))).toBe('you hold no Yes of “Will the Fed cut rates in March?”');
    expect(problem(on('sell all no', { ...MARKET, held: new Map([['t-no', '3']]) }))).toBe('3 shares is below this market’s smallest order, 5 shares');
    expect(problem(on('sell all no', { ...MARKET, held: undefined }))).toMatch(/reading what you hold/);
  });

  it('sell with shares typed', () => {
    expect(action(on('sell 7.25 yes 61'))).toMatchObject({ label: 'Sell 7.25 Yes at 61¢ — “Will the Fed cut rates in March?” — preview', lines: [{ side: 'SELL', size: '7.25', price: '0.61' }] });
  });

  it('a full ticket takes no more lines', () => {
    expect(problem(on('buy 10 yes 45', MARKET, 0))).toMatch(/the ticket already holds its most lines/);
  });

  it('ladder: the ticket ladder’s rungs, each of the size typed, every price in the label', () => {
    const a = action(on('ladder yes 40-45 x5 size 10'));
    expect(a.kind).toBe('lines');
    if (a.kind !== 'lines') return;
    expect(a.lines.map((l) => [l.price, l.size, l.side, l.tokenId])).toEqual([
      ['0.4', '10', 'BUY', 't-yes'],
      ['0.41', '10', 'BUY', 't-yes'],
      ['0.43', '10', 'BUY', 't-yes'],
      ['0.44', '10', 'BUY', 't-yes'],
      ['0.45', '10', 'BUY', 't-yes'],
    ]);
    expect(a.label).toBe('Ladder: buy Yes, 5 rungs at 40, 41, 43, 44, 45¢, 10 shares each — “Will the Fed cut rates in March?” — preview');
    expect(action(on('ladder sell no 60-58 x3 size 5'))).toMatchObject({ label: 'Ladder: sell No, 3 rungs at 60, 59, 58¢, 5 shares each — “Will the Fed cut rates in March?” — preview' });
  });

  it('says what is wrong with a ladder', () => {
    expect(problem(on('ladder yes 40.5-45 x5 size 10'))).toBe('40.5¢ is not on this market’s 1¢ tick: type 40 or 41');
    expect(problem(on('ladder yes 40-42 x5 size 10'))).toBe('5 rungs do not fit between 40¢ and 42¢ on the 1¢ tick');
    expect(problem(on('ladder yes 40-45 x5 size 2'))).toBe('2 shares is below this market’s smallest order, 5 shares');
    expect(problem(on('ladder yes 40-45 x5 size 10', MARKET, 4))).toBe('5 rungs do not fit: the ticket has room for 4 more lines');
    expect(problem(on('ladder yes 40-45 x16 size 10'))).toBe('rungs must be a whole number from 1 to 15');
    expect(problem(on('ladder maybe 40-45 x5 size 10'))).toMatch(/“maybe” is not an outcome/);
  });

  it('alert: the form’s draft, filled in', () => {
    expect(action(on('alert yes >= 60'))).toEqual({
      kind: 'alert',
      label: 'Alert when Yes ≥ 60¢ — “Will the Fed cut rates in March?” — open the form',
      conditionId: '0xc1',
      ref: '17',
      question: 'Will the Fed cut rates in March?',
      outcomes: ['Yes', 'No'],
      draft: { target: { kind: 'price', outcome: 0 }, op: '>=', value: '60' },
    });
    expect(action(on('alert no <= 12.5', FINE))).toMatchObject({ label: 'Alert when No ≤ 12.5¢ — “Will the Fed cut rates in March?” — open the form', draft: { target: { kind: 'price', outcome: 1 }, op: '<=', value: '12.5' } });
    expect(problem(on('alert no <= 12.5'))).toBe('12.5¢ is not on this market’s 1¢ tick: type 12 or 13');
  });
});

describe('cancel all', () => {
  const orders = [
    { id: 'o1', tokenId: 't-yes' },
    { id: 'o2', tokenId: 't-no' },
    { id: 'o3', tokenId: 'elsewhere' },
  ];
  it('on a market: only that market’s open orders, by id', () => {
    expect(action(resolveCancel(orders, MARKET))).toEqual({ kind: 'cancel', label: 'Cancel all 2 open orders of “Will the Fed cut rates in March?” — confirm', question: MARKET.question, input: { orderIds: ['o1', 'o2'] }, count: 2 });
    expect(action(resolveCancel(orders.slice(1), MARKET))).toMatchObject({ label: 'Cancel the open order of “Will the Fed cut rates in March?” — confirm', input: { orderIds: ['o2'] } });
    expect(problem(resolveCancel(orders.slice(2), MARKET))).toBe('no open orders of “Will the Fed cut rates in March?”');
  });
  it('elsewhere: every open order of the account, and says so', () => {
    expect(action(resolveCancel(orders, undefined))).toEqual({ kind: 'cancel', label: 'Cancel all open orders of this account (3 listed) — confirm', input: { all: true }, count: 3 });
    expect(problem(resolveCancel([], undefined))).toBe('no open orders listed for this account');
  });
});

describe('follow and the market named', () => {
  it('follow opens the trader page, named by the short address', () => {
    const a = `0x${'ab12'.repeat(10)}`;
    expect(action(resolveFollow(a))).toEqual({ kind: 'follow', label: 'Follow 0xab12…ab12 — confirm', address: a });
  });

  it('a market named is one market, never the first of several', () => {
    const hits = [
      { id: '1', title: 'Will BTC top $100k?' },
      { id: '2', title: 'Will BTC top $120k?' },
    ];
    expect(pickMarket('btc 100k', hits.slice(0, 1))).toEqual({ ok: true, id: '1' });
    expect(pickMarket('will btc top $120k?', hits)).toEqual({ ok: true, id: '2' });
    expect(pickMarket('btc', hits)).toEqual({ ok: false, problem: '“btc” matches 2 markets (“Will BTC top $100k?”, “Will BTC top $120k?”): type more of the question' });
    expect(pickMarket('dogecoin', [])).toEqual({ ok: false, problem: 'no open market matches “dogecoin”' });
    const many = Array.from({ length: 5 }, (_, i) => ({ id: String(i), title: `Q${i}` }));
    expect(pickMarket('q', many)).toMatchObject({ problem: expect.stringMatching(/matches 5 markets \(“Q0”, “Q1”, “Q2”, …\)/) });
  });
});

describe('what is held, per outcome token', () => {
  it('reads the data surface’s <condition>:<index> ids, token ids, and exact sizes', () => {
    const tokens = ['111', '222'];
    expect(heldByToken([{ asset: '0xC1:1', size: 20.1 }, { asset: '0xc1:0', size: 0.3 }], '0xc1', tokens)).toEqual(new Map([['222', '20.1'], ['111', '0.3']]));
    expect(heldByToken([{ asset: '222', size: 5 }], '0xc1', tokens)).toEqual(new Map([['222', '5']]));
    expect(heldByToken([{ asset: 'odd', outcomeIndex: 0, size: 7 }], '0xc1', tokens)).toEqual(new Map([['111', '7']]));
    // Another market's position, or a token not of this market, is not held here.
    expect(heldByToken([{ asset: '0xc2:1', size: 9 }, { asset: '333', size: 9 }], '0xc1', tokens)).toEqual(new Map());
  });
});
