// Display formats: prices in cents, money, sizes and dates, with a dash for what is missing.
import { describe, expect, it } from 'vitest';
import { asOf, cents, dateFormat, dateTime, priceAge, shortDate, size, usd, usdCompact } from './format';

describe('display formats', () => {
  it('formats dates as the locale methods do, with one formatter kept per format', () => {
    const at = Date.UTC(2026, 10, 23, 16, 1, 7);
    expect(shortDate(new Date(at).toISOString())).toBe(new Date(at).toLocaleDateString([], { year: 'numeric', month: 'short', day: 'numeric' }));
    expect(asOf(at)).toBe(new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    expect(dateTime(at, true)).toBe(new Date(at).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }));
    expect(dateFormat('en-US', { month: 'short' })).toBe(dateFormat('en-US', { month: 'short' }));
    expect(dateFormat('en-US', { month: 'short' })).not.toBe(dateFormat('en-US', { month: 'long' }));
  });

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

  it("says a price's age: live, seconds within a minute, else the time it was read", () => {
    const now = new Date(2026, 11, 7, 14, 30, 0).getTime();
    expect(priceAge(now - 90_000, now, true)).toBe('live');
    expect(priceAge(now - 12_400, now, false)).toBe('12 s ago');
    expect(priceAge(now - 12_400, now, false, true)).toBe('12s');
    // A clock a little behind the reading's is not a negative age.
    expect(priceAge(now + 500, now, false)).toBe('0 s ago');
    const earlier = new Date(2026, 11, 7, 14, 2, 0).getTime();
    expect(priceAge(earlier, now, false)).toBe(`as of ${asOf(earlier)}`);
    expect(priceAge(earlier, now, false, true)).toBe(asOf(earlier));
    const yesterday = new Date(2026, 11, 6, 9, 15).getTime();
    expect(priceAge(yesterday, now, false)).toBe(`as of ${dateTime(yesterday)}`);
    expect(priceAge(yesterday, now, false, true)).toMatch(/Dec/);
  });
});
