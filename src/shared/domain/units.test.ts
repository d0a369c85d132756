import { describe, expect, it } from 'vitest';
import { centsDecimal, formatMicros, parseMicros } from './money.js';
import { CENTS_PER_DOLLAR, cashFor, exactPrice, MICRO, MICROS_PER_CENT, MICROS_PER_DOLLAR, MICROS_PER_SHARE, microsOfCents } from './units.js';

describe('units of money and size', () => {
  it('agree with each other: a dollar is 100 cents of 10_000 micros, a share pays a dollar', () => {
    expect(MICROS_PER_CENT * CENTS_PER_DOLLAR).toBe(MICROS_PER_DOLLAR);
    expect(MICROS_PER_SHARE).toBe(MICROS_PER_DOLLAR);
    expect(BigInt(MICRO)).toBe(MICROS_PER_DOLLAR);
    expect(parseMicros('1')).toBe(MICROS_PER_DOLLAR);
    expect(parseMicros('0.01')).toBe(MICROS_PER_CENT);
  });

  it('turns cents into micros and back into cents text exactly', () => {
    expect(microsOfCents(45n)).toBe(450_000n);
    expect(microsOfCents(0n)).toBe(0n);
    expect(microsOfCents(-3n)).toBe(-30_000n);
    expect(centsDecimal(microsOfCents(45n))).toBe('45');
    expect(centsDecimal(365_500n)).toBe('36.55');
    expect(centsDecimal(1n)).toBe('0.0001');
    // Far past what a double holds exactly.
    expect(centsDecimal(microsOfCents(123_456_789_012_345_678n))).toBe('123456789012345678');
  });

  it('gives the cash of shares at a price, toward zero', () => {
    expect(cashFor(10n * MICROS_PER_SHARE, 450_000n)).toBe(4_500_000n);
    expect(cashFor(12_340_000n, 455_000n)).toBe(5_614_700n);
    // A size off the hundredths at a fine price loses the part micro, never adds one.
    expect(cashFor(1n, 999_900n)).toBe(0n);
    expect(cashFor(10_000_000n * MICROS_PER_SHARE, 999_900n)).toBe(9_999_000n * MICROS_PER_DOLLAR);
  });

  it('gives a price from cash and shares only when it is a whole number of micros', () => {
    expect(exactPrice(4_500_000n, 10n * MICROS_PER_SHARE)).toBe(450_000n);
    expect(exactPrice(1n, 3n)).toBeUndefined();
    expect(exactPrice(5n, 0n)).toBeUndefined();
    expect(formatMicros(exactPrice(5_614_700n, 12_340_000n) as bigint)).toBe('0.455');
  });
});
