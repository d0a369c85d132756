import { describe, expect, it } from 'vitest';
import { candles, centDigits, CHART_PLAN, CHART_RANGES } from './candles';

describe('candles', () => {
  it('keeps a spike inside one bucket as its high', () => {
    const points = [
      { t: 1000, p: 0.4 },
      { t: 1060, p: 0.9 },
      { t: 1120, p: 0.41 },
    ];
    const [first] = candles(points, [], 1000, 2000, 1000);
    expect(first).toEqual({ t: 1000, o: 0.4, h: 0.9, l: 0.4, c: 0.41, v: 0 });
  });

  it('opens each bucket at the last close and carries it across empty buckets', () => {
    const out = candles([{ t: 10, p: 0.5 }, { t: 35, p: 0.3 }], [], 0, 40, 10);
    expect(out).toEqual([
      { t: 10, o: 0.5, h: 0.5, l: 0.5, c: 0.5, v: 0 },
      { t: 20, o: 0.5, h: 0.5, l: 0.5, c: 0.5, v: 0 },
      { t: 30, o: 0.5, h: 0.5, l: 0.3, c: 0.3, v: 0 },
    ]);
  });

  it('adds trades to prices and volume, and leaves out what falls outside the window', () => {
    const out = candles([{ t: 5, p: 0.5 }], [{ t: 7, p: 0.62, cash: 31 }, { t: 8, p: 0.55, cash: 11 }, { t: 99, p: 0.1, cash: 5 }], 0, 20, 10);
    expect(out).toEqual([
      { t: 0, o: 0.5, h: 0.62, l: 0.5, c: 0.55, v: 42 },
      { t: 10, o: 0.55, h: 0.55, l: 0.55, c: 0.55, v: 0 },
    ]);
  });

  it('gives nothing when there is no price at all', () => {
    expect(candles([], [], 0, 100, 10)).toEqual([]);
  });

  it('plans every range within the history point bound', () => {
    for (const r of CHART_RANGES) {
      const { span, fidelity, step } = CHART_PLAN[r];
      expect(span / (fidelity * 60)).toBeLessThanOrEqual(9000);
      expect(span / step).toBeLessThanOrEqual(200);
    }
  });

  it('shows cents to the tick', () => {
    expect(centDigits('0.01')).toBe(0);
    expect(centDigits(0.001)).toBe(1);
    expect(centDigits('0.0001')).toBe(2);
    expect(centDigits(undefined)).toBe(0);
  });
});
