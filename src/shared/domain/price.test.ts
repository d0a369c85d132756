import { describe, expect, it } from 'vitest';
import { changeSince, choosePrice, needsLast } from './price.js';

describe('the price of an outcome', () => {
  it('is the midpoint while the spread is at most 10¢', () => {
    expect(choosePrice({ bid: '0.37', ask: '0.39', last: '0.2' })).toEqual({ price: '0.38', basis: 'mid' });
    // A half-tick midpoint stays exact.
    expect(choosePrice({ bid: '0.376', ask: '0.377' })).toEqual({ price: '0.3765', basis: 'mid' });
    // Exactly 10¢ still counts as tight.
    expect(choosePrice({ bid: '0.3', ask: '0.4', last: '0.9' })).toEqual({ price: '0.35', basis: 'mid' });
  });

  it('is the last trade when the spread is wider, a side is empty, or the book is crossed', () => {
    expect(choosePrice({ bid: '0.3', ask: '0.41', last: '0.382' })).toEqual({ price: '0.382', basis: 'last' });
    expect(choosePrice({ bid: null, ask: '0.41', last: '0.4' })).toEqual({ price: '0.4', basis: 'last' });
    expect(choosePrice({ bid: '0.5', ask: '0.45', last: '0.47' })).toEqual({ price: '0.47', basis: 'last' });
    expect(choosePrice({ last: '0.0625' })).toEqual({ price: '0.0625', basis: 'last' });
  });

  it('has no price without a tight book or a trade', () => {
    expect(choosePrice({ bid: '0.02', ask: '0.9' })).toBeUndefined();
    expect(choosePrice({})).toBeUndefined();
    expect(choosePrice({ bid: 'abc', ask: '0.5', last: 'x' })).toBeUndefined();
  });

  it('says when the last trade is needed', () => {
    expect(needsLast({ bid: '0.37', ask: '0.39' })).toBe(false);
    expect(needsLast({ bid: '0.2', ask: '0.39' })).toBe(true);
    expect(needsLast({ bid: null, ask: '0.39' })).toBe(true);
  });
});

describe('a 24h change read against the price shown', () => {
  it('is that price minus the price a day ago, exactly', () => {
    expect(changeSince('0.433', '0.41')).toBe('0.023');
    expect(changeSince('0.3765', '0.4')).toBe('-0.0235');
    // 0.3 − 0.1 is 0.2, not the float 0.19999999999999998.
    expect(changeSince('0.3', '0.1')).toBe('0.2');
    expect(changeSince('0.5', '0.5')).toBe('0');
    expect(changeSince('abc', '0.5')).toBeUndefined();
  });
});
