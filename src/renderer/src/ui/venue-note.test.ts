import { describe, expect, it } from 'vitest';
import { WORLD_PHASES } from '@shared/ipc/venue-status';
import { venueNote, worldProgressText } from './venue-note';

describe('the starting venue note', () => {
  it("says a new world's progress with the phase's counts where it has them", () => {
    expect(worldProgressText({ percent: 42, phase: 'trades', done: 28_000, total: 56_000 })).toBe('42% (trades 28,000 of 56,000)');
    expect(worldProgressText({ percent: 70, phase: 'orders', done: 1_536, total: 5_972 })).toBe('70% (orders signed 1,536 of 5,972)');
    expect(worldProgressText({ percent: 86, phase: 'saving' })).toBe('86% (saving)');
    // Every phase the venue may tell has words.
    for (const phase of WORLD_PHASES) expect(worldProgressText({ percent: 1, phase })).toMatch(/^1% \([a-z][a-z ]+\)$/);
  });

  it('says what the venue is doing: generating its world, starting or restarting', () => {
    const progress = { percent: 42, phase: 'trades' as const, done: 28_000, total: 56_000 };
    expect(venueNote({ state: 'starting', reason: 'first start: generating its world', progress })).toBe("Generating the venue's world: 42% (trades 28,000 of 56,000)…");
    expect(venueNote({ state: 'restarting', progress })).toBe("Generating the venue's world: 42% (trades 28,000 of 56,000)…");
    // Before the first report, the reason says it is a first start.
    expect(venueNote({ state: 'starting', reason: 'first start: generating its world' })).toBe('Starting the local venue (first start: generating its world)…');
    expect(venueNote({ state: 'starting' })).toBe('Starting the local venue…');
    expect(venueNote({ state: 'restarting', reason: 'restart asked for' })).toBe('Restarting the local venue…');
  });
});
