import { describe, expect, it } from 'vitest';
import { centsText, changeText, diffText } from './prices';

describe('cents for a person, exactly', () => {
  it('writes prices and sums as cents with up to two decimals', () => {
    expect(centsText('0.9')).toBe('90¢');
    expect(centsText('0.925')).toBe('92.5¢');
    expect(centsText('1.05')).toBe('105¢');
    expect(centsText('0.123456')).toBe('12.35¢');
    expect(centsText(undefined)).toBe('—');
    expect(centsText('abc')).toBe('—');
  });

  it('signs a change, and takes differences without float drift', () => {
    expect(changeText('0.05')).toBe('+5¢');
    expect(changeText('-0.031')).toBe('−3.1¢');
    expect(changeText('0')).toBe('0¢');
    // 1 − 0.92 is 0.07999999999999996 in floats.
    expect(diffText('1', '0.92')).toBe('8¢');
    expect(diffText('1.1', '1')).toBe('10¢');
  });
});
