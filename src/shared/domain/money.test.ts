import { describe, expect, it } from 'vitest';
import { centsText, changeText, dollarsText, formatMicros, groupedText, parseMicros, requireMicros, toMicros, usdText } from './money.js';

describe('micro money', () => {
  it('formats exactly', () => {
    expect(formatMicros(58_400_000n)).toBe('58.4');
    expect(formatMicros(-1n)).toBe('-0.000001');
    expect(formatMicros(12_000_000)).toBe('12');
    expect(formatMicros(0)).toBe('0');
  });
  it('parses plain decimals and refuses the rest', () => {
    expect(parseMicros('0.42')).toBe(420_000n);
    expect(parseMicros('10.500000')).toBe(10_500_000n);
    expect(parseMicros('1')).toBe(1_000_000n);
    for (const bad of ['0.1234567', '-1', '1e3', '', '.5', 'abc']) expect(parseMicros(bad)).toBeNull();
    // Never through a float: 0.1 + 0.2 stays exact.
    expect((parseMicros('0.1') as bigint) + (parseMicros('0.2') as bigint)).toBe(parseMicros('0.3'));
  });

  it('converts service numbers and decimal text exactly, half away from zero past six places', () => {
    expect(toMicros(58.4)).toBe(58_400_000n);
    expect(toMicros('58.4')).toBe(58_400_000n);
    expect(toMicros(' -12.5 ')).toBe(-12_500_000n);
    expect(toMicros('+3')).toBe(3_000_000n);
    expect(toMicros('.5')).toBe(500_000n);
    expect(toMicros('7.')).toBe(7_000_000n);
    expect(toMicros('0.0000005')).toBe(1n);
    expect(toMicros('-0.0000005')).toBe(-1n);
    expect(toMicros('0.00000049999')).toBe(0n);
    expect(toMicros(1e-7)).toBe(0n);
    expect(toMicros(0.1)).toBe(100_000n);
    expect(toMicros(123456789.123456)).toBe(123_456_789_123_456n);
    // The sum of converted amounts is exact where the doubles' sum is not.
    expect((toMicros(0.1) as bigint) + (toMicros(0.2) as bigint)).toBe(toMicros('0.3'));
    expect(toMicros(1e20)).toBe(10n ** 26n);
  });
  it('gives undefined for what is not an amount', () => {
    for (const bad of [undefined, null, Number.NaN, Infinity, -Infinity, 1e21, '1e5', '', ' ', '.', '-', 'abc', '1.2.3', '0x10']) {
      expect(toMicros(bad)).toBeUndefined();
    }
  });
  it('requireMicros converts the same and throws naming the field', () => {
    expect(requireMicros(58.4)).toBe(58_400_000n);
    expect(requireMicros('-0.0000005', 'x')).toBe(-1n);
    expect(() => requireMicros('1e5')).toThrow(/^amount is not a decimal number: "1e5"$/);
    expect(() => requireMicros(1e21, 'volume')).toThrow(/volume is not a decimal number/);
    expect(() => requireMicros(Number.NaN, 'markets[0].volume')).toThrow(/^markets\[0\]\.volume must be a finite number, got NaN$/);
  });
});

describe('money for a person', () => {
  it('shows dollars with 2 decimals and thousands separators, exactly', () => {
    expect(usdText(4_000_000_000n)).toBe('$4,000.00');
    expect(usdText(958_450_000n)).toBe('$958.45');
    expect(usdText(1_234_567_890_123_456_789n)).toBe('$1,234,567,890,123.46');
    expect(usdText(0n)).toBe('$0.00');
    expect(usdText(-12_500_000n)).toBe('-$12.50');
    expect(usdText(-4_000n)).toBe('$0.00');
  });

  it('rounds a need up and what is at hand down, and half away from zero otherwise', () => {
    expect(usdText(4_545_001n)).toBe('$4.55');
    expect(usdText(4_544_999n)).toBe('$4.54');
    expect(usdText(4_540_001n, 'up')).toBe('$4.55');
    expect(usdText(4_549_999n, 'down')).toBe('$4.54');
    expect(usdText(4_540_000n, 'up')).toBe('$4.54');
    expect(usdText(-4_540_001n, 'up')).toBe('-$4.54');
    expect(usdText(-4_540_001n, 'down')).toBe('-$4.55');
  });

  it('groups an exact decimal amount', () => {
    expect(groupedText(1_000_000_500_000n)).toBe('1,000,000.5');
    expect(groupedText(999_000_000n)).toBe('999');
    expect(groupedText(-1_234_000_001n)).toBe('-1,234.000001');
    expect(groupedText(0n)).toBe('0');
  });
});

describe('centsText', () => {
  it('says a price in cents exactly, from decimal text or micro units', () => {
    expect(centsText('0.3655')).toBe('36.55¢');
    expect(centsText(365_500n)).toBe('36.55¢');
    expect(centsText('0.001')).toBe('0.1¢');
    expect(centsText('0.45')).toBe('45¢');
    expect(centsText('0.123456')).toBe('12.3456¢');
    expect(centsText('1.05')).toBe('105¢');
  });

  it('shows no price as "—", never as 0¢', () => {
    expect(centsText(undefined)).toBe('—');
    expect(centsText('abc')).toBe('—');
  });
});

describe('changeText', () => {
  it('signs a change of price in cents, exactly', () => {
    expect(changeText('0.03')).toBe('+3¢');
    expect(changeText('-0.025')).toBe('−2.5¢');
    expect(changeText('-0.031')).toBe('−3.1¢');
    expect(changeText(-31_000n)).toBe('−3.1¢');
    expect(changeText('0')).toBe('0¢');
    expect(changeText(undefined)).toBe('—');
  });
});

describe('dollarsText', () => {
  it('says dollars exactly, at least to the cent, with separators', () => {
    expect(dollarsText(4_999_500n)).toBe('$4.9995');
    expect(dollarsText(4_500_000n)).toBe('$4.50');
    expect(dollarsText(1_000_000_000n)).toBe('$1,000.00');
    expect(dollarsText(-4_500_000n)).toBe('−$4.50');
    expect(dollarsText('0.3')).toBe('$0.30');
    expect(dollarsText('0.455')).toBe('$0.455');
    // Text that is no amount is shown as typed, behind the sign.
    expect(dollarsText('abc')).toBe('$abc');
  });
});
