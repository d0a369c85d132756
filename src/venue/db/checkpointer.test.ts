import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.js';
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

const walFrames = (db: Db): number => Math.max(0, (statSync(`${db.name}-wal`, { throwIfNoEntry: false })?.size ?? 32) - 32) / (24 + 4096);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('background checkpoints', () => {
  it('copy the WAL back from another thread, and the writer restarts it before it grows past its limit', async () => {
    const db = scratch();
    const checkpointer = startCheckpointer(db, { intervalMs: 5, restartFrames: 300, backstopFrames: 100_000 });
    const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(3000))');
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
    expect(statSync(db.name).size).toBeGreaterThan(sizeBefore + 10_000 * 4096);
    expect(checkpointer.restarts).toBeGreaterThanOrEqual(5);
    expect(walFrames(db)).toBeLessThan(3000);
    await checkpointer.close();
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(20 * transactions);
    db.close();
  });

  it('stops its passes while nothing is written, and resumes with the next write', async () => {
    const db = scratch();
    const checkpointer = startCheckpointer(db, { intervalMs: 5 });
    const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(100))');
    insert.run();
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
    const checkpointer = startCheckpointer(db, { intervalMs: 5 });
    db.prepare('INSERT INTO t (v) VALUES (?)').run(Buffer.from('kept'));
    await checkpointer.close();
    db.close();
    const again = openDb(join(db.name, '..'));
    expect(again.prepare('SELECT v FROM t').get()).toEqual({ v: Buffer.from('kept') });
    expect(again.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    again.close();
  });
});

