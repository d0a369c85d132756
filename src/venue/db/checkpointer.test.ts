import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualTimers } from '../timers.js';
import { startCheckpointer, walFrames } from './checkpointer.js';
import { openDb, type Db } from './open.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function scratch(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-ckpt-'));
  dirs.push(dir);
  const db = openDb(dir);
  db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v BLOB)');
  return db;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('background checkpoints', () => {
  it('hands a WAL left long at start (a world just generated) to the worker, and leaves a short one alone', async () => {
    const db = scratch();
    db.pragma('wal_autocheckpoint = 0');
    const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(3000))');
    db.transaction(() => {
      for (let k = 0; k < 1500; k++) insert.run();
    })();
    expect(walFrames(db)).toBeGreaterThan(1000);
    const timers = manualTimers();
    const checkpointer = startCheckpointer(db, { intervalMs: 5, timers });
    // Running before any commit, so the next commit finds the automatic checkpoint raised.
    expect(checkpointer.running).toBe(true);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBeGreaterThan(1500);
    await vi.waitFor(() => expect(checkpointer.passes).toBeGreaterThan(0), { timeout: 5_000, interval: 10 });
    // No run of commits follows: it goes two seconds on, the WAL copied into the database.
    timers.advance(1900);
    expect(checkpointer.running).toBe(true);
    timers.advance(200);
    await vi.waitUntil(() => !checkpointer.running, { timeout: 5_000 });
    expect(statSync(db.name).size).toBeGreaterThan(1400 * 4096);
    await checkpointer.close();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const short = startCheckpointer(db);
    expect(short.running).toBe(false);
    await short.close();
    db.close();
  });

  it('copy the WAL back from another thread, and the writer restarts it before it grows past its limit', async () => {
    const db = scratch();
    // Sustained writes from the second run on start the worker (`busyMs`); the first run is copied back here.
    const timers = manualTimers();
    const checkpointer = startCheckpointer(db, { intervalMs: 5, restartFrames: 300, backstopFrames: 100_000, timers });
    const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(3000))');
    insert.run();
    checkpointer.afterCommit();
    timers.advance(300);
    expect(checkpointer.quietPasses).toBe(1);
    insert.run();
    checkpointer.afterCommit();
    expect(checkpointer.running).toBe(true);
    const sizeBefore = statSync(db.name).size;
    await sleep(50); // the worker's start
    // Writes without a pause: the worker never finds the WAL at rest, so only the writer's own
    // restarts keep it short.
    let transactions = 0;
    while (transactions < 600) {
      db.transaction(() => {
        for (let k = 0; k < 20; k++) insert.run();
      })();
      transactions++;
      checkpointer.afterCommit();
      const until = performance.now() + 1;
      while (performance.now() < until);
    }
    // Every row takes a page of its own: 12,000 pages or more went through the WAL and were
    // copied back, while the restarts kept the file to a few times their threshold.
    // (The worker's last copy may still be under way on a busy machine.)
    await vi.waitFor(() => expect(statSync(db.name).size).toBeGreaterThan(sizeBefore + 10_000 * 4096), { timeout: 5_000, interval: 20 });
    expect(checkpointer.restarts).toBeGreaterThanOrEqual(5);
    expect(walFrames(db)).toBeLessThan(3000);
    await checkpointer.close();
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(20 * transactions + 2);
    db.close();
  });

  it('stops its passes while nothing is written, and resumes with the next write', async () => {
    const db = scratch();
    const checkpointer = startCheckpointer(db, { intervalMs: 5, runMs: 0 });
    const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(100))');
    insert.run();
    checkpointer.afterCommit();
    checkpointer.afterCommit();
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 300 && !done(); i++) await sleep(10);
      expect(done()).toBe(true);
    };
    await until(() => checkpointer.passes > 0);
    await sleep(100); // a pass that started with the write may still report
    const idle = checkpointer.passes;
    await sleep(400);
    expect(checkpointer.passes).toBe(idle);
    insert.run();
    // Backed off to at most a second between looks.
    await until(() => checkpointer.passes > idle);
    await checkpointer.close();
    db.close();
  });

  it('leaves the database usable and complete after it stops', async () => {
    const db = scratch();
    const checkpointer = startCheckpointer(db, { intervalMs: 5, runMs: 0 });
    db.prepare('INSERT INTO t (v) VALUES (?)').run(Buffer.from('kept'));
    checkpointer.afterCommit();
    checkpointer.afterCommit();
    expect(checkpointer.running).toBe(true);
    await checkpointer.close();
    expect(checkpointer.running).toBe(false);
    db.close();
    const again = openDb(join(db.name, '..'));
    expect(again.prepare('SELECT v FROM t').get()).toEqual({ v: Buffer.from('kept') });
    expect(again.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    again.close();
  });
});

describe('the checkpoint worker, started when needed', () => {
  /** Writes about `pages` pages in one transaction, as an order batch commits, and reports it. */
  const commit = (db: Db, checkpointer: ReturnType<typeof startCheckpointer>, pages = 20) => {
    db.transaction(() => {
      for (let k = 0; k < pages; k++) db.prepare('INSERT INTO t (v) VALUES (randomblob(3000))').run();
    })();
    checkpointer.afterCommit();
  };

  it('copies each run of commits back on the main thread once quiet, with no worker', async () => {
    const db = scratch();
    const timers = manualTimers();
    const checkpointer = startCheckpointer(db, { timers });
    expect(checkpointer.running).toBe(false);
    const sizeBefore = statSync(db.name).size;
    for (let i = 0; i < 5; i++) {
      commit(db, checkpointer);
      timers.advance(100);
    }
    // Still writing: nothing copied back yet, and SQLite's own threshold bounds the WAL meanwhile.
    expect(checkpointer.quietPasses).toBe(0);
    expect(statSync(db.name).size).toBe(sizeBefore);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    timers.advance(250);
    expect(checkpointer.quietPasses).toBe(1);
    expect(statSync(db.name).size).toBeGreaterThan(sizeBefore + 90 * 4096);
    // A run a second, as the simulator writes at full pace: still no worker.
    for (let i = 0; i < 4; i++) {
      timers.advance(750);
      commit(db, checkpointer);
    }
    timers.advance(250);
    expect(checkpointer.quietPasses).toBe(5);
    expect(checkpointer.running).toBe(false);
    expect(checkpointer.starts).toBe(0);
    await checkpointer.close();
    db.close();
  });

  it('starts the worker for writes that go on, stops it once idle, and starts it again', async () => {
    const db = scratch();
    const timers = manualTimers();
    const checkpointer = startCheckpointer(db, { timers, intervalMs: 5, quietMs: 250, runMs: 1000, busyMs: 5000, idleMs: 10_000 });
    // Commits every 100 ms for over a second: the run is long enough for the worker.
    for (let i = 0; i < 11 && !checkpointer.running; i++) {
      commit(db, checkpointer);
      timers.advance(100);
    }
    expect(checkpointer.running).toBe(true);
    expect(checkpointer.quietPasses).toBe(0);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(65_536);
    for (let i = 0; i < 300 && checkpointer.passes === 0; i++) await sleep(10);
    expect(checkpointer.passes).toBeGreaterThan(0);
    // Writes go on as one run for 8 s more, then stop: the worker outlives the run by `idleMs`.
    for (let i = 0; i < 80; i++) {
      commit(db, checkpointer, 1);
      timers.advance(100);
    }
    timers.advance(9000);
    expect(checkpointer.running).toBe(true);
    timers.advance(1100);
    await vi.waitUntil(() => !checkpointer.running, { timeout: 5000 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const sizeBefore = statSync(db.name).size;

    // A run long after: copied back here. Another soon after that one: the worker again.
    commit(db, checkpointer);
    timers.advance(300);
    expect(checkpointer.quietPasses).toBe(1);
    expect(checkpointer.running).toBe(false);
    commit(db, checkpointer);
    expect(checkpointer.running).toBe(true);
    expect(checkpointer.starts).toBe(2);
    const passes = checkpointer.passes;
    for (let i = 0; i < 300 && checkpointer.passes === passes; i++) await sleep(10);
    expect(checkpointer.passes).toBeGreaterThan(passes);
    expect(statSync(db.name).size).toBeGreaterThan(sizeBefore + 35 * 4096);
    await checkpointer.close();
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(20 * 11 + 80 + 40);
    db.close();
  });

  it('leaves lone commits to the main thread: a worker up stops while the simulator ticks on', async () => {
    const db = scratch();
    const timers = manualTimers();
    const checkpointer = startCheckpointer(db, { timers, intervalMs: 5, idleMs: 10_000 });
    let rows = 0;
    for (let i = 0; i < 11 && !checkpointer.running; i++, rows++) {
      commit(db, checkpointer, 1);
      timers.advance(100);
    }
    expect(checkpointer.running).toBe(true);
    // A tick every 1.5 s (a few commits close together), as the simulator writes while watched:
    // the worker stops `idleMs` after the run that started it, though commits go on.
    const tick = (): void => {
      for (let k = 0; k < 4; k++, rows += 2) commit(db, checkpointer, 2);
      timers.advance(1500);
    };
    for (let t = 0; t < 6; t++) tick();
    expect(checkpointer.running).toBe(true);
    for (let t = 0; t < 2; t++) tick();
    await vi.waitUntil(() => !checkpointer.running, { timeout: 5000 });
    // From then on the main thread copies each tick back once quiet, with no worker again.
    const quiet = checkpointer.quietPasses;
    for (let t = 0; t < 3; t++) tick();
    expect(checkpointer.quietPasses).toBe(quiet + 3);
    expect(checkpointer.starts).toBe(1);
    await checkpointer.close();
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(rows);
    db.close();
  });

  it('starts the worker for a burst of commits larger than a simulator tick', async () => {
    const db = scratch();
    const timers = manualTimers();
    const checkpointer = startCheckpointer(db, { timers });
    for (let i = 0; i < 14; i++) commit(db, checkpointer, 1);
    expect(checkpointer.running).toBe(false);
    for (let i = 0; i < 20 && !checkpointer.running; i++) commit(db, checkpointer, 1);
    expect(checkpointer.running).toBe(true);
    await checkpointer.close();
    db.close();
  });
});
