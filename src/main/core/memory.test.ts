// The core gives back a burst's garbage when the burst ends: a full collection runs (and really
// collects) once a catalog sync completes, not when V8's memory reducer gets round to it.
import { setImmediate as tick } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import { collectGarbage, garbageCollections } from '../../native/memory.js';
import { coreForFile } from './test-support.js';

const h = coreForFile();

describe('collecting garbage after a burst', () => {
  it('collects what nothing refers to', async () => {
    const dropped = ((): WeakRef<object> => new WeakRef({ rows: new Array(10_000).fill('row') }))();
    // A WeakRef keeps its target through the task that made it.
    await tick();
    const before = garbageCollections();
    collectGarbage();
    expect(garbageCollections()).toBe(before + 1);
    expect(dropped.deref()).toBeUndefined();
  });

  it('shrinks the young generation a burst grew', () => {
    const young = (): number => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.physical_space_size ?? 0;
    // A burst of short-lived rows with a few kept: V8 grows its young generation to take them.
    const kept: object[][] = [];
    for (let round = 0; round < 40; round++) {
      const rows = Array.from({ length: 100_000 }, (_, i) => ({ i, s: `row ${i}` }));
      kept.push(rows.slice(0, 1_000));
    }
    const grown = young();
    expect(grown).toBeGreaterThan(8 * 2 ** 20);
    collectGarbage();
    expect(young()).toBeLessThan(grown / 4);
    expect(kept).toHaveLength(40);
  });

  it('runs once when a catalog sync completes', async () => {
    const before = garbageCollections();
    await h.ok('sync.start');
    await vi.waitFor(async () => expect(await h.ok('sync.status')).toMatchObject({ running: false, lastSyncAt: expect.any(Number) }), { timeout: 20_000, interval: 100 });
    expect(garbageCollections()).toBe(before + 1);
    // Within the sync interval a second start is a no-op: nothing to give back.
    await h.ok('sync.start');
    expect(garbageCollections()).toBe(before + 1);
  });
});
