import { describe, expect, it } from 'vitest';
import { parseMicros } from './money.js';
import { buildLadder, type LadderSpec } from './ladder.js';

const spec = (over: Partial<LadderSpec>): LadderSpec => ({ from: '0.40', to: '0.48', rungs: 5, spacing: 'linear', totalSize: '100', split: 'even', tick: '0.01', ...over });
const rungs = (over: Partial<LadderSpec>) => {
  const l = buildLadder(spec(over));
  if (!l.ok) throw new Error(l.problem);
  return l.rungs;
};
const sum = (r: Array<{ size: string }>) => r.reduce((s, x) => s + (parseMicros(x.size) ?? 0n), 0n);

describe('ladder builder', () => {
  it('spaces rungs linearly on the tick and splits the size evenly, to the hundredth', () => {
    expect(rungs({})).toEqual([
      { price: '0.4', size: '20' }, { price: '0.42', size: '20' }, { price: '0.44', size: '20' }, { price: '0.46', size: '20' }, { price: '0.48', size: '20' },
    ]);
    const odd = rungs({ totalSize: '10', rungs: 3 });
    expect(odd.map((r) => r.size)).toEqual(['3.34', '3.33', '3.33']);
    expect(sum(odd)).toBe(10_000_000n);
  });

  it('geometric spacing widens the steps and still lands on the tick; descending ladders work', () => {
    const g = rungs({ from: '0.10', to: '0.80', spacing: 'geometric', rungs: 4 });
    expect(g.map((r) => r.price)).toEqual(['0.1', '0.2', '0.4', '0.8']);
    expect(rungs({ from: '0.60', to: '0.50', rungs: 3 }).map((r) => r.price)).toEqual(['0.6', '0.55', '0.5']);
    expect(rungs({ tick: '0.001', from: '0.101', to: '0.104', rungs: 4 }).map((r) => r.price)).toEqual(['0.101', '0.102', '0.103', '0.104']);
  });

  it('skews size towards either end and keeps the exact total', () => {
    const to = rungs({ split: 'skew-to', totalSize: '150' });
    expect(to.map((r) => r.size)).toEqual(['10', '20', '30', '40', '50']);
    const from = rungs({ split: 'skew-from', totalSize: '99.99' });
    expect(sum(from)).toBe(99_990_000n);
    expect(Number(from[0]?.size)).toBeGreaterThan(Number(from[4]?.size));
  });

  it('names what is wrong instead of building a bad ladder', () => {
    expect(buildLadder(spec({ rungs: 16 }))).toEqual({ ok: false, problem: 'rungs must be a whole number from 1 to 15' });
    expect(buildLadder(spec({ from: '0.995' }))).toMatchObject({ ok: false, problem: 'prices must be from 1¢ to 99¢' });
    expect(buildLadder(spec({ totalSize: '1.234' }))).toMatchObject({ ok: false });
    expect(buildLadder(spec({ from: '0.40', to: '0.42', rungs: 5 }))).toMatchObject({ ok: false, problem: '5 rungs do not fit between 40¢ and 42¢ on the 1¢ tick' });
    expect(buildLadder(spec({ totalSize: '0.03', rungs: 5 }))).toMatchObject({ ok: false });
  });
});
