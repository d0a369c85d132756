// A new world's progress: each phase in order, never backwards, spaced out in time, and 100% only
// once the world is complete — as told by the tracker alone and by the generator making a world.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorldProgress as WorldProgressSchema, WORLD_PHASES } from '@shared/ipc/venue-status.js';
import { getMeta, openDb } from '../db/open.js';
import { TEST_ANCHOR } from '../test-support.js';
import { generateWorld } from './generate.js';
import { PHASE_WEIGHTS, ProgressTracker, type WorldProgress } from './progress.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every report is valid, the percentage never goes back, and the last one is 100%. */
function expectMonotone(seen: readonly WorldProgress[]): void {
  for (const p of seen) expect(WorldProgressSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
  const percents = seen.map((p) => p.percent);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(percents.at(-1)).toBe(100);
  expect(percents.filter((p) => p === 100)).toHaveLength(1);
  const phases = seen.map((p) => WORLD_PHASES.indexOf(p.phase));
  expect(phases).toEqual([...phases].sort((a, b) => a - b));
}

describe('ProgressTracker', () => {
  it('weighs every phase, and they make up the whole', () => {
    expect(Object.keys(PHASE_WEIGHTS).sort()).toEqual([...WORLD_PHASES].sort());
    expect(Object.values(PHASE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('tells the phases in order, at most once per interval, with counts where they mean something, and 100% once at the end', () => {
    let clock = 0;
    const seen: Array<WorldProgress & { at: number }> = [];
    const tracker = new ProgressTracker((p) => seen.push({ ...p, at: clock }), { everyMs: 250, now: () => clock });
    tracker.phase('catalog');
    clock += 300;
    tracker.phase('trades', 1_000);
    // Steps every 10 ms: reports only every 250 ms.
    for (let done = 1; done <= 1_000; done++) {
      if (done % 10 === 0) clock += 10;
      tracker.step(done);
    }
    clock += 300;
    tracker.phase('positions', 4);
    tracker.step(4);
    clock += 300;
    tracker.phase('saving', 4);
    tracker.step(2);
    // The end is said at once, however soon.
    tracker.finish();
    tracker.finish();

    expectMonotone(seen);
    for (let i = 1; i < seen.length - 1; i++) expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(250);
    expect(seen[0]).toEqual({ percent: 0, phase: 'catalog', at: 0 });
    expect(seen[1]).toEqual({ percent: 5, phase: 'trades', done: 0, total: 1_000, at: 300 });
    // Trades are counted in trades; 2 500 ms of them at one report per 250 ms.
    const trades = seen.filter((p) => p.phase === 'trades');
    expect(trades.length).toBeGreaterThanOrEqual(4);
    expect(trades.every((p) => p.total === 1_000 && p.done !== undefined && p.done <= 1_000)).toBe(true);
    // Phases without a unit a reader knows are told in percent alone.
    expect(seen.filter((p) => p.phase === 'positions' || p.phase === 'saving').every((p) => p.done === undefined && p.total === undefined)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ percent: 100, phase: 'saving' });
    // Before the end it stays below 100, even with every step of the last phase done.
    const beforeEnd = new ProgressTracker((p) => seen.push({ ...p, at: clock }), { everyMs: 0, now: () => clock });
    beforeEnd.phase('saving', 1);
    beforeEnd.step(1);
    expect(seen.at(-1)?.percent).toBe(99);
  });
});

describe('a world being generated', () => {
  it('tells each step of a small world, in order, ending at 100% once it is complete', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-progress-'));
    dirs.push(dir);
    const db = openDb(dir);
    const seen: WorldProgress[] = [];
    let completeAt100: boolean | undefined;
    const tracker = new ProgressTracker(
      (p) => {
        seen.push(p);
        if (p.percent === 100) completeAt100 = getMeta(db, 'seed') === '7';
      },
      { everyMs: 0 },
    );
    generateWorld(db, { size: 'small', seed: 7, anchor: TEST_ANCHOR, progress: tracker });
    db.close();
    expectMonotone(seen);
    expect(completeAt100).toBe(true);
    // Told at every whole percent it passes in a phase that moves in small steps: trades run
    // 5%..33% in steps of three matches. (How many reports the writer-thread and signing phases
    // give depends on how far those threads got before they are waited for.)
    const tradePercents = seen.filter((p) => p.phase === 'trades').map((p) => p.percent);
    expect(tradePercents).toEqual(Array.from({ length: tradePercents.length }, (_, i) => 5 + i));
    expect(tradePercents.at(-1)).toBeGreaterThanOrEqual(32);
    expect(new Set(seen.map((p) => p.phase))).toEqual(new Set(['catalog', 'trades', 'positions', 'comments', 'orders', 'saving']));
    expect(seen.find((p) => p.phase === 'trades' && p.done === p.total)?.total).toBe(750);
  });
});
