import { describe, expect, it } from 'vitest';
import { clampToBand, DEFAULT_TICK, FINEST_TICK, highestPrice, inBand, onSizeStep, onTick, priceFault, sharesFor, SIZE_STEP, sizeFault, snapPrice, snapSize, stepTick, tickNeighbours } from './grid.js';
import { cashFor, MICROS_PER_SHARE } from './units.js';

const CENT = 10_000n;
const MILL = 1_000n;

describe('the tick rule', () => {
  it('takes prices on the grid within [tick, 1 − tick]', () => {
    expect(priceFault(450_000n, CENT)).toBeUndefined();
    expect(priceFault(CENT, CENT)).toBeUndefined();
    expect(priceFault(990_000n, CENT)).toBeUndefined();
    expect(priceFault(455_000n, MILL)).toBeUndefined();
    expect(priceFault(999_000n, MILL)).toBeUndefined();
    expect(highestPrice(MILL)).toBe(999_000n);
  });

  it('refuses a price off the grid before one outside the band', () => {
    expect(priceFault(455_000n, CENT)).toBe('off-tick');
    expect(priceFault(450_001n, CENT)).toBe('off-tick');
    expect(priceFault(5_000n, CENT)).toBe('off-tick');
    expect(priceFault(455_500n, MILL)).toBe('off-tick');
    expect(priceFault(0n, CENT)).toBe('out-of-band');
    expect(priceFault(1_000_000n, CENT)).toBe('out-of-band');
    expect(priceFault(995_000n, CENT)).toBe('off-tick');
    expect(priceFault(-CENT, CENT)).toBe('out-of-band');
    // 99.9¢ is on the 0.001 grid but not the 0.01 one.
    expect(priceFault(999_000n, CENT)).toBe('off-tick');
    expect(priceFault(1_000_000n, MILL)).toBe('out-of-band');
    // Huge values stay exact.
    expect(priceFault(10n ** 30n, CENT)).toBe('out-of-band');
    expect(priceFault(10n ** 30n + 1n, CENT)).toBe('off-tick');
  });

  it('refuses a tick that is not above 0', () => {
    expect(() => onTick(1n, 0n)).toThrow(/tick must be above 0/);
    expect(() => snapPrice(1n, -1n)).toThrow(RangeError);
  });

  it('knows the band and the finest tick', () => {
    expect(inBand(CENT, CENT)).toBe(true);
    expect(inBand(CENT - 1n, CENT)).toBe(false);
    expect(inBand(990_001n, CENT)).toBe(false);
    expect(onTick(123_400n, FINEST_TICK)).toBe(true);
    expect(onTick(123_450n, FINEST_TICK)).toBe(false);
    expect(DEFAULT_TICK).toBe(CENT);
    expect(clampToBand(0n, CENT)).toBe(CENT);
    expect(clampToBand(2n * MICROS_PER_SHARE, MILL)).toBe(999_000n);
    expect(clampToBand(500_000n, CENT)).toBe(500_000n);
  });

  it('snaps a price to the nearest grid price, halves up, whatever the side', () => {
    expect(snapPrice(123_000n, CENT)).toBe(120_000n);
    expect(snapPrice(125_000n, CENT)).toBe(130_000n);
    expect(snapPrice(129_999n, CENT)).toBe(130_000n);
    expect(snapPrice(454_999n, CENT)).toBe(450_000n);
    expect(snapPrice(455_000n, CENT)).toBe(460_000n);
    expect(snapPrice(500_000n, CENT)).toBe(500_000n);
    expect(snapPrice(123_456n, MILL)).toBe(123_000n);
    expect(snapPrice(123_500n, MILL)).toBe(124_000n);
  });

  it('snaps within [tick, 1 − tick]', () => {
    expect(snapPrice(0n, CENT)).toBe(CENT);
    expect(snapPrice(4_000n, CENT)).toBe(CENT);
    expect(snapPrice(996_000n, CENT)).toBe(990_000n);
    expect(snapPrice(1_000_000n, CENT)).toBe(990_000n);
    expect(snapPrice(2_000_000n, MILL)).toBe(999_000n);
  });

  it('names the grid prices either side of a price', () => {
    expect(tickNeighbours(455_000n, CENT)).toEqual([450_000n, 460_000n]);
    expect(tickNeighbours(455_500n, MILL)).toEqual([455_000n, 456_000n]);
    expect(tickNeighbours(450_000n, CENT)).toEqual([450_000n]);
    // At the edges only the one inside the band.
    expect(tickNeighbours(5_000n, CENT)).toEqual([CENT]);
    expect(tickNeighbours(995_000n, CENT)).toEqual([990_000n]);
  });

  it('steps one tick, landing on the grid from off it, and stays in the band', () => {
    expect(stepTick(450_000n, CENT, 1)).toBe(460_000n);
    expect(stepTick(450_000n, CENT, -1)).toBe(440_000n);
    expect(stepTick(455_000n, CENT, 1)).toBe(460_000n);
    expect(stepTick(455_000n, CENT, -1)).toBe(450_000n);
    expect(stepTick(455_000n, MILL, 1)).toBe(456_000n);
    expect(stepTick(990_000n, CENT, 1)).toBe(990_000n);
    expect(stepTick(CENT, CENT, -1)).toBe(CENT);
  });
});

describe('the size rule', () => {
  it('takes sizes in hundredths of a share, above 0 and at least the minimum', () => {
    expect(sizeFault(5n * MICROS_PER_SHARE, 5n * MICROS_PER_SHARE)).toBeUndefined();
    expect(sizeFault(12_340_000n, 0n)).toBeUndefined();
    expect(sizeFault(12_345_000n, 0n)).toBe('off-step');
    expect(sizeFault(1n, 0n)).toBe('off-step');
    expect(sizeFault(0n, 0n)).toBe('not-positive');
    expect(sizeFault(-SIZE_STEP, 0n)).toBe('not-positive');
    expect(sizeFault(4_990_000n, 5n * MICROS_PER_SHARE)).toBe('below-minimum');
    // The step is checked before the minimum.
    expect(sizeFault(4_995_000n, 5n * MICROS_PER_SHARE)).toBe('off-step');
    expect(sizeFault(10n ** 24n, 5n * MICROS_PER_SHARE)).toBeUndefined();
    expect(onSizeStep(10n ** 24n + 1n)).toBe(false);
  });

  it('rounds a size down to the step, and cash down to the shares it pays for', () => {
    expect(snapSize(12_345_678n)).toBe(12_340_000n);
    expect(snapSize(SIZE_STEP - 1n)).toBe(0n);
    expect(snapSize(-5n)).toBe(0n);
    expect(sharesFor(5n * MICROS_PER_SHARE, 450_000n)).toBe(11_110_000n);
    expect(sharesFor(300_000n, 100_000n)).toBe(3n * MICROS_PER_SHARE);
    expect(sharesFor(1n, 990_000n)).toBe(0n);
    expect(sharesFor(5n, 0n)).toBe(0n);
    for (const [amount, price] of [[7_777_777n, 333_000n], [1_000_000_000n, 10_000n], [123n, 999_900n]] as const) {
      const shares = sharesFor(amount, price);
      expect(cashFor(shares, price) <= amount).toBe(true);
      expect(cashFor(shares + SIZE_STEP, price) > amount).toBe(true);
    }
  });
});
