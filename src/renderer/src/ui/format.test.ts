// Display formats: prices in cents, money, sizes and dates, with a dash for what is missing.
import { describe, expect, it } from 'vitest';
import { cents, dateTime, shortDate, size, usd, usdCompact } from './format';

describe('display formats', () => {
  it('shows prices as whole cents, or to a tenth when the tick is finer', () => {
    expect(cents('0.45')).toBe('45¢');
    expect(cents(0.3)).toBe('30¢');
    expect(cents('0.001')).toBe('0.1¢');
    expect(cents('0.125')).toBe('12.5¢');
    // A double's noise does not make a tenth appear.
    expect(cents(0.1 + 0.2)).toBe('30¢');
    expect(cents('1')).toBe('100¢');
    expect(cents(undefined)).toBe('—');
    expect(cents('')).toBe('—');
    expect(cents('abc')).toBe('—');
  });

  it('shows money with two decimals, the minus sign in front, and compact totals', () => {
    expect(usd(1234.5)).toBe('$1,234.50');
    expect(usd(-0.5)).toBe('−$0.50');
    expect(usd(0)).toBe('$0.00');
    expect(usd(undefined)).toBe('—');
    expect(usd(Number.NaN)).toBe('—');
    expect(usdCompact(1_250_000)).toBe('$1.3M');
    expect(usdCompact(950)).toBe('$950');
    expect(usdCompact(undefined)).toBe('—');
  });

  it('shows sizes to two decimals, and text that is not a number as it is', () => {
    expect(size('10')).toBe('10');
    expect(size(1234.567)).toBe('1,234.57');
    expect(size('0.5')).toBe('0.5');
    expect(size('n/a')).toBe('n/a');
    expect(size('')).toBe('—');
    expect(size(undefined)).toBe('—');
  });

  it('leaves out a time that is not there, and dashes a date that is not one', () => {
    expect(dateTime(undefined)).toBe('');
    expect(dateTime(0)).toBe('');
    expect(dateTime(Date.UTC(2026, 0, 2, 12))).not.toBe('');
    expect(shortDate(undefined)).toBe('—');
    expect(shortDate('not a date')).toBe('—');
    expect(shortDate('2026-12-31T12:00:00Z')).toMatch(/2026/);
  });
});
