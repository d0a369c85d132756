import { describe, expect, it } from 'vitest';
import { feeMicros } from './fees.js';

describe('fees', () => {
  it('charge rate × min(p, 1 − p) × size', () => {
    for (const r of ['down', 'up'] as const) {
      expect(feeMicros(200, 400_000n, 10_000_000n, r)).toBe(80_000n); // 2% × 0.40 × 10
      expect(feeMicros(200, 700_000n, 10_000_000n, r)).toBe(60_000n); // the nearer edge: 1 − 0.70
      expect(feeMicros(200n, 500_000n, 10_000_000n, r)).toBe(100_000n);
    }
  });

  it('round a part-micro the way asked', () => {
    // 1 bp × 0.01 × 0.01 = 1e-8 of a dollar: nothing charged, a micro shown.
    expect(feeMicros(1, 10_000n, 10_000n, 'down')).toBe(0n);
    expect(feeMicros(1, 10_000n, 10_000n, 'up')).toBe(1n);
    // 3 bp × 0.37 × 1.23 = 136.53 micro.
    expect(feeMicros(3, 370_000n, 1_230_000n, 'down')).toBe(136n);
    expect(feeMicros(3, 370_000n, 1_230_000n, 'up')).toBe(137n);
    // A whole number of micros is the same either way.
    expect(feeMicros(100, 500_000n, 15_000_000_000n, 'down')).toBe(feeMicros(100, 500_000n, 15_000_000_000n, 'up'));
  });

  it('charge nothing at a zero or negative rate, or on nothing', () => {
    expect(feeMicros(0, 400_000n, 10_000_000n, 'up')).toBe(0n);
    expect(feeMicros(-50, 400_000n, 10_000_000n, 'up')).toBe(0n);
    expect(feeMicros(200, 400_000n, 0n, 'up')).toBe(0n);
  });

  it('stay exact beyond what doubles hold', () => {
    // 10 million tokens at 0.5 and 10 000 bps: 5e12 micro, computed through 5e22.
    expect(feeMicros(10_000, 500_000n, 10_000_000_000_000n, 'down')).toBe(5_000_000_000_000n);
  });
});
