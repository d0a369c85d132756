// What an order got for what it matched, from the venue's answer: exact, and only where known.
import { describe, expect, it } from 'vitest';
import { arrivalFill, arrivalPrice, averagePrice, stateOfAnswer } from './fills.js';

const facts = { side: 'BUY' as const, price: '0.48', sizeMatched: '12', status: 'matched', makingAmount: '2350000', takingAmount: '5000000' };

describe('what matched on arrival', () => {
  it('reads the amounts by side: a BUY gives cash, a SELL gives tokens', () => {
    expect(arrivalFill('BUY', '4450000', '10000000')).toEqual({ tokens: 10_000_000n, cash: 4_450_000n });
    expect(arrivalFill('SELL', '10000000', '4450000')).toEqual({ tokens: 10_000_000n, cash: 4_450_000n });
    expect(arrivalFill('BUY', undefined, '1')).toBeUndefined();
    expect(arrivalFill('BUY', '1.5', '1')).toBeUndefined();
  });
});

describe('the average price', () => {
  it('weighs the arrival fill with what matched later at the limit, rounded half up to the micro', () => {
    // 5 for 2.35, then 7 at 0.48: 5.71 for 12 = 0.4758333…
    expect(averagePrice(facts)).toBe('0.475833');
    expect(averagePrice({ ...facts, sizeMatched: '5' })).toBe('0.47');
    // 3 for 1.000001: 0.3333336… → 0.333334 (half up).
    expect(averagePrice({ ...facts, sizeMatched: '3', makingAmount: '1000001', takingAmount: '3000000' })).toBe('0.333334');
  });

  it('is the limit price for an order that rested and was filled there, unknown where it may have taken the book', () => {
    expect(averagePrice({ ...facts, status: 'live', makingAmount: '0', takingAmount: '0', sizeMatched: '10', price: '0.3' })).toBe('0.3');
    expect(averagePrice({ ...facts, status: 'delayed', makingAmount: '0', takingAmount: '0' })).toBeUndefined();
    expect(averagePrice({ ...facts, status: null, makingAmount: null, takingAmount: null })).toBeUndefined();
    expect(averagePrice({ ...facts, sizeMatched: '0' })).toBeUndefined();
  });

  it('counts fees as the venue counted them on a SELL', () => {
    // Sold 10, took 4.40 after fees.
    expect(averagePrice({ side: 'SELL', price: '0.44', sizeMatched: '10', status: 'matched', makingAmount: '10000000', takingAmount: '4400000' })).toBe('0.44');
  });
});

describe('the state an answer leaves', () => {
  const line = { side: 'BUY' as const, size: '10', type: 'GTC' };
  it('is filled with the size matched, or resting with what matched of it', () => {
    expect(stateOfAnswer(line, { success: true, status: 'matched', makingAmount: '4500000', takingAmount: '10000000' })).toEqual({ state: 'filled', sizeMatched: '10' });
    expect(stateOfAnswer(line, { success: true, status: 'matched', makingAmount: '1800000', takingAmount: '4000000' })).toEqual({ state: 'partly_filled', sizeMatched: '4' });
    expect(stateOfAnswer(line, { success: true, status: 'live' })).toEqual({ state: 'open' });
    expect(stateOfAnswer(line, { success: true, status: 'delayed', makingAmount: '0', takingAmount: '0' })).toEqual({ state: 'open' });
  });

  it('cancels the rest of a FAK order, fills a FOK order whole, and refuses what the venue refused', () => {
    expect(stateOfAnswer({ ...line, type: 'FAK' }, { success: true, status: 'matched', makingAmount: '1800000', takingAmount: '4000000' })).toEqual({ state: 'cancelled', sizeMatched: '4' });
    expect(stateOfAnswer({ ...line, type: 'FAK' }, { success: true, status: 'unmatched' })).toEqual({ state: 'cancelled', sizeMatched: '0' });
    expect(stateOfAnswer({ ...line, type: 'FOK' }, { success: true, status: 'matched' })).toEqual({ state: 'filled', sizeMatched: '10' });
    expect(stateOfAnswer(line, { success: false, status: '' })).toEqual({ state: 'rejected' });
    expect(stateOfAnswer(line, undefined)).toEqual({ state: 'rejected' });
  });
});

describe('the price and fee of a fill on arrival', () => {
  const rules = { tick: '0.01', takerFeeBps: 200 };
  it('tells the grid price the order filled at and its taker fee apart, exactly', () => {
    // 10 at 10¢ with a 2% fee: $1.00 and $0.02 of fee, not "10.2¢".
    expect(arrivalPrice('BUY', '1020000', '10000000', rules)).toEqual({ price: 100_000n, fee: 20_000n });
    // 6 sold at 60¢: the fee is on the nearer edge, 40¢: $3.60 less $0.048.
    expect(arrivalPrice('SELL', '6000000', '3552000', rules)).toEqual({ price: 600_000n, fee: 48_000n });
    // At the grid's edge: 5 at 99¢ pay 2% of 1¢ each.
    expect(arrivalPrice('BUY', '4951000', '5000000', rules)).toEqual({ price: 990_000n, fee: 1_000n });
    // A venue that charged less than the rate read (nothing here), and a market without fees.
    expect(arrivalPrice('BUY', '50000', '5000000', rules)).toEqual({ price: 10_000n, fee: 0n });
    expect(arrivalPrice('BUY', '2350000', '5000000', { tick: '0.01' })).toEqual({ price: 470_000n, fee: 0n });
  });

  it('finds the price when fills at it each rounded their fee down a micro', () => {
    // Three fills of 1.01 at 33¢, 1.5%: 4,999.5 micro of fee each, charged 4,999: $0.014997, not $0.014998.
    expect(arrivalPrice('BUY', String(999_900 + 3 * 4_999), '3030000', { tick: '0.01', takerFeeBps: 150 })).toEqual({ price: 330_000n, fee: 14_997n });
  });

  it('keeps the fee in an average that is no grid price, and says so', () => {
    // 5 at 10¢ and 5 at 11¢ with 2%: $1.071 for 10, 10.71¢ a share, fee included.
    expect(arrivalPrice('BUY', '1071000', '10000000', rules)).toEqual({ price: 107_100n, feeIncluded: true });
    expect(arrivalPrice('BUY', '0', '0', rules)).toBeUndefined();
  });
});
