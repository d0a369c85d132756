// A comment's time: the largest whole unit ago, and the exact time for the hover.
import { describe, expect, it } from 'vitest';
import { ago, exactTime } from './time';

const now = Date.parse('2026-06-15T12:00:00Z');
const before = (ms: number): string => new Date(now - ms).toISOString();

describe('ago', () => {
  it('reads in the largest whole unit', () => {
    expect(ago(before(20_000), now)).toBe('just now');
    expect(ago(before(5 * 60_000 + 59_000), now)).toBe('5m ago');
    expect(ago(before(3 * 3_600_000), now)).toBe('3h ago');
    expect(ago(before(2 * 86_400_000), now)).toBe('2d ago');
    expect(ago(before(65 * 86_400_000), now)).toBe('2mo ago');
    expect(ago(before(800 * 86_400_000), now)).toBe('2y ago');
  });

  it('takes a time a little ahead as now, and no time as nothing', () => {
    expect(ago(new Date(now + 30_000).toISOString(), now)).toBe('just now');
    expect(ago(undefined, now)).toBe('');
    expect(ago('not a time', now)).toBe('');
    expect(exactTime(undefined)).toBe('');
    expect(exactTime('2026-06-15T12:00:07Z')).toMatch(/2026.*:07/);
  });
});
