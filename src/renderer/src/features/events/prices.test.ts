import { describe, expect, it } from 'vitest';
import { diffText } from './prices';

describe('a difference of prices in cents', () => {
  it('takes differences without float drift', () => {
    // 1 − 0.92 is 0.07999999999999996 in floats.
    expect(diffText('1', '0.92')).toBe('8¢');
    expect(diffText('1.1', '1')).toBe('10¢');
    expect(diffText('0.92', '1')).toBe('−8¢');
    expect(diffText('x', '1')).toBe('—');
  });
});
