import { describe, expect, it } from 'vitest';
import { chartEnd } from './chart-end';

const bucket = { t: 1_000_000, o: 0.4, h: 0.45, l: 0.39, c: 0.41, v: 10 };

describe("a chart's last point", () => {
  it('is the price now, in the last bucket while it lasts, else in the bucket its time falls in', () => {
    expect(chartEnd(bucket, 3600, { price: '0.436', at: (1_000_000 + 120) * 1000 })).toEqual({ t: 1_000_000, c: 0.436 });
    expect(chartEnd(bucket, 3600, { price: '0.436', at: (1_000_000 + 2 * 3600 + 5) * 1000 })).toEqual({ t: 1_000_000 + 2 * 3600, c: 0.436 });
  });

  it('is left as the history has it when the price is older than the last bucket, or there is none', () => {
    expect(chartEnd(bucket, 3600, { price: '0.436', at: (1_000_000 - 1) * 1000 })).toBeUndefined();
    expect(chartEnd(undefined, 3600, { price: '0.436', at: 0 })).toBeUndefined();
    expect(chartEnd(bucket, 3600, undefined)).toBeUndefined();
  });
});
