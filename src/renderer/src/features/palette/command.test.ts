import { describe, expect, it } from 'vitest';
import { parseCommand, words, type Parsed } from './command';

const ok = (text: string) => {
  const p = parseCommand(text);
  if (!p?.ok) throw new Error(`“${text}” was not read: ${p ? p.problem : 'no command'}`);
  return p.command;
};
const problem = (text: string): string => {
  const p = parseCommand(text) as Parsed;
  expect(p, text).toBeDefined();
  if (p.ok) throw new Error(`“${text}” was read as ${JSON.stringify(p.command)}`);
  return p.problem;
};

describe('palette commands: reading the words', () => {
  it('is no command unless the first word is a verb', () => {
    for (const t of ['', '   ', 'bitcoin above 100k', 'buyout of twitter', 'go to orders', 'theme dark']) expect(parseCommand(t), t).toBeUndefined();
  });

  it('keeps a quoted phrase as one word', () => {
    expect(words('buy 10 "Over 2.5" 45  big game')).toEqual(['buy', '10', 'Over 2.5', '45', 'big', 'game']);
  });

  it('reads buy: shares, outcome, price in cents, and an optional market', () => {
    expect(ok('buy 10 yes 45')).toEqual({ kind: 'order', side: 'BUY', size: '10', outcome: 'yes', price: { typed: '45', price: '0.45' } });
    expect(ok('BUY 2.5 No 45.5 bitcoin above 100k')).toEqual({ kind: 'order', side: 'BUY', size: '2.5', outcome: 'No', price: { typed: '45.5', price: '0.455' }, market: 'bitcoin above 100k' });
    // Dollars only with "$"; a cent sign is allowed.
    expect(ok('buy 10 yes $0.45').kind === 'order' && ok('buy 10 yes $0.45')).toMatchObject({ price: { price: '0.45' } });
    expect(ok('buy 10 yes 45¢')).toMatchObject({ price: { price: '0.45' } });
    // A named outcome of several words, up to the price, or quoted.
    expect(ok('buy 5 real madrid 30')).toMatchObject({ outcome: 'real madrid', price: { price: '0.3' } });
    expect(ok('buy 5 "Over 2.5" 30 match goals')).toMatchObject({ outcome: 'Over 2.5', market: 'match goals' });
  });

  it('reads sell with shares or all; the price is optional with all', () => {
    expect(ok('sell 3 no 60')).toEqual({ kind: 'order', side: 'SELL', size: '3', outcome: 'no', price: { typed: '60', price: '0.6' } });
    expect(ok('sell all no')).toEqual({ kind: 'order', side: 'SELL', size: 'all', outcome: 'no' });
    expect(ok('sell all no 40')).toEqual({ kind: 'order', side: 'SELL', size: 'all', outcome: 'no', price: { typed: '40', price: '0.4' } });
    // Without a price, the word after "all" is the outcome and the rest names the market.
    expect(ok('sell all no fed cuts rates')).toEqual({ kind: 'order', side: 'SELL', size: 'all', outcome: 'no', market: 'fed cuts rates' });
    expect(ok('sell all yes 40 fed cuts rates')).toMatchObject({ price: { price: '0.4' }, market: 'fed cuts rates' });
  });

  it('says what is wrong with an order', () => {
    expect(problem('buy')).toMatch(/type buy <shares> <outcome> <price ¢>/);
    expect(problem('buy ten yes 45')).toBe('“ten” is not a number of shares, such as 10');
    expect(problem('buy 10.555 yes 45')).toMatch(/more than 2 decimals/);
    expect(problem('buy 0 yes 45')).toBe('the number of shares must be above 0');
    expect(problem('buy all yes 45')).toMatch(/“buy all” is not an order/);
    expect(problem('buy 10')).toMatch(/name the outcome/);
    expect(problem('buy 10 45')).toMatch(/name the outcome before the price/);
    expect(problem('buy 10 yes')).toMatch(/type the price in cents after yes/);
    expect(problem('buy 10 yes 145')).toBe('price: 145¢ is $1 or more: prices are below 100¢');
    expect(problem('buy 10 yes $1.20')).toMatch(/^price: \$1\.20 is not below \$1/);
    expect(problem('buy 10 yes 0')).toBe('price: a price must be above 0¢');
    expect(problem('buy 10 yes 45.123456')).toMatch(/more than 4 decimals of a cent/);
  });

  it('reads a ladder: outcome, from-to, rungs, size per rung, side and market optional', () => {
    expect(ok('ladder yes 40-45 x5 size 10')).toEqual({ kind: 'ladder', side: 'BUY', outcome: 'yes', from: { typed: '40', price: '0.4' }, to: { typed: '45', price: '0.45' }, rungs: 5, size: '10' });
    expect(ok('ladder sell no 60-55 X3 SIZE 2.5 fed cuts')).toEqual({ kind: 'ladder', side: 'SELL', outcome: 'no', from: { typed: '60', price: '0.6' }, to: { typed: '55', price: '0.55' }, rungs: 3, size: '2.5', market: 'fed cuts' });
    expect(ok('ladder "Over 2.5" 40–45 x2 size 5')).toMatchObject({ outcome: 'Over 2.5', rungs: 2 });
  });

  it('says what is wrong with a ladder', () => {
    expect(problem('ladder')).toMatch(/^type ladder/);
    expect(problem('ladder yes 40 45 x5 size 10')).toMatch(/as from-to in cents, such as 40-45/);
    expect(problem('ladder 40-45 x5 size 10')).toMatch(/name the outcome before the prices/);
    expect(problem('ladder yes 40-145 x5 size 10')).toBe('to price: 145¢ is $1 or more: prices are below 100¢');
    expect(problem('ladder yes 40-45 5 size 10')).toMatch(/number of rungs as x5/);
    expect(problem('ladder yes 40-45 x5 10')).toMatch(/shares per rung as size 10/);
    expect(problem('ladder yes 40-45 x5 size')).toMatch(/shares per rung as size 10/);
    expect(problem('ladder yes 40-45 x5 size 0.001')).toMatch(/more than 2 decimals/);
  });

  it('reads cancel all, of the market in view or named', () => {
    expect(ok('cancel all')).toEqual({ kind: 'cancel' });
    expect(ok('Cancel ALL fed cuts rates')).toEqual({ kind: 'cancel', market: 'fed cuts rates' });
    expect(problem('cancel')).toBe('type cancel all [market]');
    expect(problem('cancel mine')).toBe('type cancel all [market]');
  });

  it('reads follow with a wallet address, and refuses anything else', () => {
    const a = `0x${'aB12'.repeat(10)}`;
    expect(ok(`follow ${a}`)).toEqual({ kind: 'follow', address: a });
    expect(problem('follow')).toMatch(/^type follow 0x/);
    expect(problem('follow 0x1234')).toBe('“0x1234” is not a wallet address: 0x and 40 hex digits');
    expect(problem(`follow 0x${'g'.repeat(40)}`)).toMatch(/is not a wallet address/);
    expect(problem(`follow ${a} now`)).toMatch(/only the address follows/);
  });

  it('reads an alert: outcome, direction, level, optional market', () => {
    expect(ok('alert yes >= 60')).toEqual({ kind: 'alert', outcome: 'yes', op: '>=', price: { typed: '60', price: '0.6' } });
    expect(ok('alert no ≤ 12.5 fed cuts')).toEqual({ kind: 'alert', outcome: 'no', op: '<=', price: { typed: '12.5', price: '0.125' }, market: 'fed cuts' });
  });

  it('says what is wrong with an alert; > is not read as >=', () => {
    expect(problem('alert')).toMatch(/name the outcome/);
    expect(problem('alert yes')).toMatch(/type >= or <= and a price after yes/);
    expect(problem('alert yes > 60')).toBe('“>” is not a direction: type >= (rises to) or <= (falls to)');
    expect(problem('alert yes 60')).toMatch(/“60” is not a direction/);
    expect(problem('alert yes >=')).toMatch(/type the level in cents after >=/);
    expect(problem('alert yes >= 100')).toMatch(/^price: 100¢ is \$1 or more/);
  });
});
