// Memory given back when a burst of work ends, not when V8's memory reducer gets round to it: a
// full collection that really collects and shrinks the young generation, the core's trimmer and
// the venue's burst watcher (each on a count of work), and one collection after a catalog sync.
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { collectAfterBursts, collectGarbage, garbageCollections, scavengeCounter, trimYoungGeneration, youngGenerationBytes } from '../../native/memory.js';
import { coreForFile } from './test-support.js';

// This file's core collects for real (test cores do not, by default): its collections are counted here.
const h = coreForFile({ core: { collectGarbage } });

/** Short-lived rows with a few kept: V8 grows its young generation to take them. */
function burst(): object[][] {
  const kept: object[][] = [];
  for (let round = 0; round < 40; round++) {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ i, s: `row ${i}` }));
    kept.push(rows.slice(0, 1_000));
  }
  return kept;
}

/**
 * Collections made by one trimmer or watcher: the core under test runs its own trimmer in this
 * process, and a catalog sync collects too, so the process's count is not the one under test.
 */
function counted(): { collect: () => void; made: () => number } {
  let made = 0;
  return {
    collect: () => {
      made++;
      collectGarbage();
    },
    made: () => made,
  };
}

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
    const kept = burst();
    const grown = youngGenerationBytes();
    expect(grown).toBeGreaterThan(8 * 2 ** 20);
    collectGarbage();
    expect(youngGenerationBytes()).toBeLessThan(grown / 4);
    expect(kept).toHaveLength(40);
  });

  it('collects on its own once a burst has grown the young generation, and stops', async () => {
    collectGarbage();
    const trimmer = counted();
    const stop = trimYoungGeneration({ everyMs: 20, overBytes: 4 * 2 ** 20, collect: trimmer.collect });
    try {
      // Nothing grew: a look finds nothing to give back.
      await new Promise((done) => setTimeout(done, 100));
      expect(trimmer.made()).toBe(0);
      const kept = burst();
      expect(youngGenerationBytes()).toBeGreaterThan(4 * 2 ** 20);
      await vi.waitFor(() => expect(trimmer.made()).toBeGreaterThan(0), { timeout: 2_000, interval: 10 });
      expect(youngGenerationBytes()).toBeLessThan(4 * 2 ** 20);
      expect(kept).toHaveLength(40);
    } finally {
      stop();
    }
    const stopped = trimmer.made();
    burst();
    await new Promise((done) => setTimeout(done, 100));
    expect(trimmer.made()).toBe(stopped);
  });

  it('waits while the work goes on, and collects at the first quiet look', async () => {
    collectGarbage();
    let looks = 0;
    const trimmer = counted();
    const stop = trimYoungGeneration({ everyMs: 50, overBytes: 4 * 2 ** 20, now: () => looks++, collect: trimmer.collect });
    try {
      // Each round scavenges many times and outlasts the look interval: the one look between two
      // rounds sees work still going on.
      const kept: object[][][] = [];
      for (let round = 0; round < 3; round++) {
        kept.push(burst());
        const seen = looks;
        await new Promise((done) => setTimeout(done, 0));
        await new Promise((done) => setImmediate(done));
        expect(looks).toBeGreaterThan(seen);
        expect(trimmer.made()).toBe(0);
      }
      await vi.waitFor(() => expect(trimmer.made()).toBe(1), { timeout: 2_000, interval: 5 });
      expect(kept).toHaveLength(3);
    } finally {
      stop();
    }
  });

  it('collects steady growth once steadyMs have passed on its clock', async () => {
    collectGarbage();
    let now = 0;
    // A burst too small to count as one: only the clock can make it collect.
    const trimmer = counted();
    const stop = trimYoungGeneration({ everyMs: 5, overBytes: 0, burst: 1e9, steadyMs: 60_000, now: () => now, collect: trimmer.collect });
    try {
      const kept = burst();
      await new Promise((done) => setTimeout(done, 50));
      expect(trimmer.made()).toBe(0);
      now = 60_000;
      await vi.waitFor(() => expect(trimmer.made()).toBe(1), { timeout: 2_000, interval: 5 });
      expect(kept).toHaveLength(40);
    } finally {
      stop();
    }
  });

  it('collects once a burst of work has ended, not while it goes on', async () => {
    // Work grows by 100 at every look while the burst goes on.
    let served = 0;
    let busy = true;
    let looked = 0;
    const work = (): number => {
      looked++;
      if (busy) served += 100;
      return served;
    };
    // What runs at the burst's end sees the collection still to come.
    const ends: number[] = [];
    const watcher = counted();
    const stop = collectAfterBursts(work, { everyMs: 5, burst: 500, quiet: 20, atEnd: () => ends.push(watcher.made()), collect: watcher.collect });
    try {
      await vi.waitFor(() => expect(looked).toBeGreaterThan(10), { timeout: 2_000, interval: 5 });
      expect(watcher.made()).toBe(0);
      expect(ends).toEqual([]);
      // It ends: one collection, then none while the work stays at a trickle.
      busy = false;
      await vi.waitFor(() => expect(watcher.made()).toBe(1), { timeout: 2_000, interval: 5 });
      expect(ends).toEqual([0]);
      served += 10;
      const seen = looked;
      await vi.waitFor(() => expect(looked).toBeGreaterThan(seen + 5), { timeout: 2_000, interval: 5 });
      expect(watcher.made()).toBe(1);
      expect(ends).toEqual([0]);
    } finally {
      stop();
    }
  });

  it('never collects after steady work, however long it goes on', async () => {
    // Two units a look, under the three that make a look busy: a trickle, not a burst.
    let count = 0;
    let looks = 0;
    const watcher = counted();
    const stop = collectAfterBursts(() => ((looks += 1), (count += 2)), { everyMs: 2, burst: 30, quiet: 3, collect: watcher.collect });
    try {
      await vi.waitFor(() => expect(looks).toBeGreaterThan(60), { timeout: 2_000, interval: 5 });
      expect(watcher.made()).toBe(0);
      // Then a burst: collected once it ends.
      count += 100;
      await vi.waitFor(() => expect(watcher.made()).toBe(1), { timeout: 2_000, interval: 5 });
    } finally {
      stop();
    }
  });

  it('counts the scavenges a burst made, and a count of them ends bursts as the venue uses it', async () => {
    const counter = scavengeCounter();
    try {
      const before = counter.count();
      const kept = burst();
      // Node reports them a turn later.
      await new Promise((done) => setImmediate(done));
      const after = counter.count();
      expect(after - before).toBeGreaterThan(5);
      expect(kept).toHaveLength(40);

      const watcher = counted();
      const stop = collectAfterBursts(counter.count, { everyMs: 20, burst: 5, quiet: 1, collect: watcher.collect });
      try {
        // Nothing allocated: no burst, no collection.
        await new Promise((done) => setTimeout(done, 100));
        expect(watcher.made()).toBe(0);
        burst();
        await vi.waitFor(() => expect(watcher.made()).toBe(1), { timeout: 2_000, interval: 10 });
      } finally {
        stop();
      }
    } finally {
      counter.stop();
    }
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
