// A new world made on a worker thread is the world made on the venue's own thread, the
// generator's failures are the venue's, and the venue that starts on an empty data folder keeps
// none of the generator's memory.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MASTER_KEY_FILE, masterKey } from '../auth/keys.js';
import { getMeta, openDb } from '../db/open.js';
import { startVenue } from '../server.js';
import { DEFAULT_SETTINGS } from '../settings.js';
import { TEST_ANCHOR } from '../test-support.js';
import { worldDigest } from './digest.js';
import type { WorldProgress } from './progress.js';
import { beginWorld } from './job.js';
import { generateJob, generateOnWorker, WorkerUnavailable, type WorldJob } from './worker.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-world-worker-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const job = (dataDir: string): WorldJob => ({ dataDir, size: 'small', seed: 7, anchor: TEST_ANCHOR, books: true, settings: DEFAULT_SETTINGS });

describe('generating on a worker thread', () => {
  it('writes the world this thread writes, byte for byte', async () => {
    const here = tempDir();
    const there = tempDir();
    masterKey(here);
    // The makers' API keys come from the folder's master key: the same key, the same world.
    copyFileSync(join(here, MASTER_KEY_FILE), join(there, MASTER_KEY_FILE));
    const mine = openDb(here);
    generateJob(mine, job(here));

    const summary = await generateOnWorker(job(there));
    const theirs = openDb(there);
    expect(summary.markets).toBeGreaterThan(0);
    expect(getMeta(theirs, 'seed')).toBe('7');
    expect(worldDigest(theirs)).toEqual(worldDigest(mine));
    mine.close();
    theirs.close();
  });

  it("passes on the thread's progress, in order, 100% before it resolves", async () => {
    const seen: WorldProgress[] = [];
    const atResolve = await generateOnWorker(job(tempDir()), (p) => seen.push(p)).then(() => [...seen]);
    expect(atResolve.length).toBeGreaterThanOrEqual(2);
    expect(atResolve[0]).toMatchObject({ percent: 0, phase: 'catalog' });
    expect(atResolve.at(-1)).toMatchObject({ percent: 100, phase: 'saving' });
    const percents = atResolve.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('fails as the generator does, leaving the world it found', async () => {
    const dir = tempDir();
    await generateOnWorker(job(dir));
    const db = openDb(dir);
    const before = worldDigest(db).all;
    const err = await generateOnWorker({ ...job(dir), seed: 8 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(WorkerUnavailable);
    expect((err as Error).message).toMatch(/already holds a world/);
    expect(worldDigest(db).all).toBe(before);
    db.close();
  });
});

describe('a venue started on an empty data folder', () => {
  it('generates the default world off its thread, keeps none of its heap, and serves it', async () => {
    const dataDir = tempDir();
    const heap = process.memoryUsage().heapTotal;
    const venue = await startVenue({ dataDir, seed: 7, anchor: TEST_ANCHOR, rateLimitScale: 0, simulator: false });
    try {
      // Generated on this thread, the heap grows by ~100 MB of the generator's garbage; a thread's
      // goes with it.
      expect((process.memoryUsage().heapTotal - heap) / 2 ** 20).toBeLessThan(40);
      expect(getMeta(venue.db, 'size')).toBe('default');
      const res = await fetch(`${venue.urls.catalog_url}/markets?limit=5&closed=false`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBe(5);
    } finally {
      await venue.close();
    }
  });
});

describe('a world begun before the venue loads (the CLI\u2019s order)', () => {
  it('is the world the venue then serves; a folder holding another refuses at once', async () => {
    const dataDir = tempDir();
    const opts = { dataDir, size: 'small' as const, seed: 7, anchor: TEST_ANCHOR };
    const world = beginWorld(opts);
    expect(world.job).toMatchObject({ size: 'small', seed: 7 });
    // A small world is made on the venue's own thread: no worker for it.
    expect(await world.onWorker).toBe(false);
    const venue = await startVenue({ ...opts, world, rateLimitScale: 0, simulator: false });
    try {
      expect(venue.db).toBe(world.db);
      expect(getMeta(venue.db, 'seed')).toBe('7');
      const res = await fetch(`${venue.urls.catalog_url}/markets?limit=5`);
      expect(((await res.json()) as unknown[]).length).toBe(5);
    } finally {
      await venue.close();
    }
    const again = beginWorld(opts);
    expect(again.job).toBeUndefined();
    again.db.close();
    expect(() => beginWorld({ ...opts, seed: 8 })).toThrow(/already holds a world/);
  });
});
