import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../orders/rows';
import { laterWords, readEntry, resultWords, stepPrice, switchMode, type EntryForm } from './entry';

const market = { conditionId: 'c1', tokenId: 't1' };
const form = (patch: Partial<EntryForm> = {}): EntryForm => ({ side: 'BUY', price: '45', mode: 'shares', size: '10', type: 'GTC', postOnly: false, ...patch });

describe('order entry', () => {
  it('reads cents and shares into the line sent, with its exact cost', () => {
    const e = readEntry(form(), market);
    expect(e.problems).toEqual([]);
    expect(e.line).toEqual({ conditionId: 'c1', tokenId: 't1', side: 'BUY', price: '0.45', size: '10', type: 'GTC', postOnly: false });
    expect(e.other).toBe('= $4.50');
  });

  it('reads a price written with "$" as dollars and says so', () => {
    const e = readEntry(form({ price: '$0.455' }), market);
    expect(e.line?.price).toBe('0.455');
    expect(e.priceNote).toBe('read as dollars: $0.455 = 45.5¢');
    expect(readEntry(form({ price: '45.5' }), market).priceNote).toBeUndefined();
  });

  it('reads "0.5" as 0.5¢, not 50¢, and says how 50¢ is typed', () => {
    const e = readEntry(form({ price: '0.5' }), market);
    expect(e.line?.price).toBe('0.005');
    expect(e.priceNote).toBe('read as 0.5¢, under a cent — for 50¢ type 50');
    expect(e.other).toBe('= $0.05');
  });

  it('turns an amount into the most hundredths of a share it pays for, and shows both exactly', () => {
    const e = readEntry(form({ mode: 'amount', size: '$5' }), market);
    expect(e.line?.size).toBe('11.11');
    expect(e.other).toBe('= 11.11 shares · $4.9995');
    // 0.1 + 0.2 dollars at 10¢: exactly 3 shares.
    expect(readEntry(form({ mode: 'amount', size: '0.3', price: '10' }), market).line?.size).toBe('3');
    expect(readEntry(form({ mode: 'amount', size: '1,000', price: '33' }), market).line?.size).toBe('3030.3');
  });

  it('switches measure to the same order: shares → its exact cost, amount → its shares', () => {
    const shares = form({ size: '11.11' });
    expect(switchMode(shares, readEntry(shares, market))).toBe('4.9995');
    const amount = form({ mode: 'amount', size: '5' });
    expect(switchMode(amount, readEntry(amount, market))).toBe('11.11');
    expect(switchMode(form({ price: '' }), readEntry(form({ price: '' }), market))).toBe('');
  });

  it('rounds a size down to hundredths and says so', () => {
    const e = readEntry(form({ size: '10.555' }), market);
    expect(e.line?.size).toBe('10.55');
    expect(e.sizeNote).toBe('rounded down to 10.55 shares (orders take hundredths)');
  });

  it('says what is missing, in words, and sends nothing', () => {
    const none = readEntry(form({ price: '' }), market);
    expect(none.problems).toEqual(['enter a price in cents, such as 45']);
    expect(none.line).toBeUndefined();
    expect(readEntry(form({ price: '120' }), market).problems).toEqual(['120¢ is $1 or more: prices are below 100¢']);
    expect(readEntry(form({ size: '' }), market).problems).toEqual(['enter a size in shares']);
    expect(readEntry(form({ size: 'ten' }), market).problems).toEqual(['“ten” is not a number of shares, such as 10 or 12.5']);
    expect(readEntry(form({ size: '0.001' }), market).problems).toEqual(['the size must be at least 0.01 shares']);
    expect(readEntry(form({ mode: 'amount', size: '0.001' }), market).problems).toEqual(['$0.001 buys less than 0.01 shares at this price']);
    expect(readEntry(form({ side: 'SELL', mode: 'amount', size: '' }), market).problems).toEqual(['enter an amount in dollars to receive']);
    expect(readEntry(form({ type: 'GTD' }), market).problems).toEqual(['a GTD order needs an expiry date']);
  });

  it('carries the order type, the expiry for GTD, and post-only only where it applies', () => {
    expect(readEntry(form({ type: 'GTD', expiration: 2_000_000_000, postOnly: true }), market).line).toMatchObject({ type: 'GTD', expiration: 2_000_000_000, postOnly: true });
    expect(readEntry(form({ type: 'FOK', postOnly: true, expiration: 2_000_000_000 }), market).line).toEqual({
      conditionId: 'c1', tokenId: 't1', side: 'BUY', price: '0.45', size: '10', type: 'FOK', postOnly: false,
    });
  });
});

describe('price steps', () => {
  it('moves one tick, lands on the grid from between ticks, and stays inside the band', () => {
    expect(stepPrice('45', '0.01', 1)).toBe('46');
    expect(stepPrice('45', '0.01', -1)).toBe('44');
    expect(stepPrice('45.5', '0.01', 1)).toBe('46');
    expect(stepPrice('45.5', '0.01', -1)).toBe('45');
    expect(stepPrice('45.5', '0.001', 1)).toBe('45.6');
    expect(stepPrice('99', '0.01', 1)).toBe('99');
    expect(stepPrice('1', '0.01', -1)).toBe('1');
    expect(stepPrice('', '0.01', 1, '0.44')).toBe('44');
    expect(stepPrice('', '0.01', -1)).toBe('50');
  });
});

describe('send results', () => {
  it('says placed, filled with the exact amounts, or the venue’s refusal', () => {
    expect(resultWords({ success: true, status: 'live' }, 'BUY', 'Yes')).toBe('Placed: resting on the book');
    expect(resultWords({ success: true, status: 'matched', makingAmount: '4500000', takingAmount: '10000000' }, 'BUY', 'Yes')).toBe('Filled: bought 10 Yes for $4.50');
    expect(resultWords({ success: true, status: 'matched', makingAmount: '2500000', takingAmount: '1125000' }, 'SELL', 'No')).toBe('Filled: sold 2.5 No for $1.125');
    expect(resultWords({ success: true, status: 'live', makingAmount: '900000', takingAmount: '2000000' }, 'BUY', 'Yes')).toBe('Placed: bought 2 Yes for $0.90; the rest rests on the book');
    expect(resultWords({ success: true, status: 'unmatched' }, 'BUY', 'Yes')).toBe('Not filled: nothing to match it at this price, so the venue cancelled it');
    expect(resultWords({ success: false, code: 'INVALID_ORDER_NOT_ENOUGH_BALANCE', message: 'not enough balance / allowance' }, 'BUY', 'Yes')).toBe('Not placed: not enough balance / allowance');
    expect(resultWords({ success: false, code: 'RATE_LIMITED' }, 'BUY', 'Yes')).toBe('Not placed: RATE_LIMITED');
  });
});

describe('a placed order, later', () => {
  const order = (patch: Partial<JournalEntry>): JournalEntry => ({ orderId: '0x1', accountId: 'a', tokenId: 't', side: 'BUY', price: '0.41', size: '10', type: 'GTC', state: 'open', sizeMatched: '0', sentAt: 1, updatedAt: 1, ...patch });

  it('follows the order: cancelled, closed by the venue, filled, partly filled; nothing while it rests', () => {
    expect(laterWords(order({}), 'live', 'BUY', 'Yes')).toBeUndefined();
    expect(laterWords(order({ state: 'cancelled' }), 'live', 'BUY', 'Yes')?.words).toBe('Placed, then cancelled: no longer on the book');
    expect(laterWords(order({ state: 'closed', sizeMatched: '4' }), 'live', 'BUY', 'Yes')?.words).toBe('Placed, then closed by the venue: no longer on the book (bought 4 Yes before)');
    expect(laterWords(order({ state: 'filled', sizeMatched: '10' }), 'live', 'SELL', 'No')?.words).toBe('Placed, then filled: sold 10 No');
    expect(laterWords(order({ state: 'partly_filled', sizeMatched: '2.5' }), 'live', 'BUY', 'Yes')?.words).toBe('Placed; since bought 2.5 Yes of 10, the rest rests on the book');
  });
});
