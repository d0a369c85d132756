// Money on screen: exact sums of the service's numbers, rounded only when shown.
import { describe, expect, it } from 'vitest';
import { exact, sign, sumMicros, usdMicros } from './money';

describe('exact money', () => {
  it('sums money exactly and rounds only for display', () => {
    expect(sumMicros([0.1, 0.2, '-0.3'])).toBe(0n);
    expect(sumMicros([undefined, null, 'abc', '1.5'])).toBe(1_500_000n);
    expect(exact(0.1 + 0.2)).toBe('0.3');
    expect(exact(undefined)).toBe('');
    expect(usdMicros(1_234_567_890n)).toBe('$1,234.57');
    expect(usdMicros(-4_999n)).toBe('$0.00');
    expect(usdMicros(-5_000n)).toBe('−$0.01');
    expect(usdMicros(undefined)).toBe('—');
  });

  it('tells gain from loss', () => {
    expect([sign(5n), sign(0n), sign(-1n), sign(undefined)]).toEqual([1, 0, -1, 0]);
  });
});
