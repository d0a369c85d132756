// One venue per data folder, a venue that does not outlive its parent, and a data folder that
// has lost its database is not silently given a new world: real venue CLI processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MASTER_KEY_FILE } from './auth/keys.js';
import { DB_FILE } from './db/open.js';
import { watchParent } from './lifeline.js';
import { DataDirLocked, LOCK_FILE, lockDataDir, pidAlive } from './lock.js';
import { venueCliArgs } from './test-support.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-venue-life-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Cli {
  child: ChildProcess;
  /** The start line, or undefined if the venue exited first. */
  started: Promise<string | undefined>;
  exited: Promise<{ code: number | null; stderr: string }>;
}

function cli(args: string[], stdin: 'pipe' | 'ignore' = 'ignore'): Cli {
  const child = spawn(process.execPath, [...venueCliArgs(), '--size', 'small', '--no-simulator', ...args], { stdio: [stdin, 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((done) => child.once('close', (code) => done({ code, stderr })));
  const started = new Promise<string | undefined>((done) => {
    createInterface({ input: child.stdout! }).once('line', done);
    void exited.then(() => done(undefined));
  });
  return { child, started, exited };
}

async function stop(c: Cli): Promise<void> {
  c.child.kill('SIGTERM');
  await c.exited;
}

/** A pid that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('one venue per data folder', () => {
  it('a second venue on the same folder exits at once, naming the folder and the pid holding it', async () => {
    const dir = tempDir();
    const first = cli(['--data-dir', dir]);
    expect(await first.started).toMatch(/catalog_url/);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid));

    const second = cli(['--data-dir', dir]);
    const { code, stderr } = await second.exited;
    expect(await second.started).toBeUndefined();
    expect(code).toBe(2);
    expect(stderr).toContain(`another venue (pid ${first.child.pid}) is running on the data folder ${dir}`);

    // The first one still serves, and its lock goes with it.
    const urls = JSON.parse((await first.started)!) as { catalog_url: string };
    expect((await fetch(`${urls.catalog_url}/markets?limit=1`)).status).toBe(200);
    await stop(first);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock whose pid is gone', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${await deadPid()}\n`);
    const venue = cli(['--data-dir', dir]);
    expect(await venue.started).toMatch(/catalog_url/);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(venue.child.pid));
    await stop(venue);
  });

  it('lockDataDir: refuses a live holder, takes over a dead or garbled one, releases only its own', async () => {
    const dir = tempDir();
    const file = join(dir, LOCK_FILE);
    writeFileSync(file, '4242\n');
    expect(() => lockDataDir(dir, () => true)).toThrow(DataDirLocked);
    expect(() => lockDataDir(dir, () => true)).toThrow(`another venue (pid 4242) is running on the data folder ${dir}`);
    const lock = lockDataDir(dir, () => false);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);

    writeFileSync(file, 'garbage');
    const again = lockDataDir(dir, () => true);
    writeFileSync(file, '4242\n'); // someone else's now: not ours to remove
    again.release();
    expect(existsSync(file)).toBe(true);
    expect(pidAlive(process.pid)).toBe(true);
    expect(pidAlive(await deadPid())).toBe(false);
  });
});

describe('a venue does not outlive its parent', () => {
  it('stops when its stdin closes, with --exit-with-parent, and frees the folder', async () => {
    const dir = tempDir();
    const venue = cli(['--data-dir', dir, '--exit-with-parent'], 'pipe');
    expect(await venue.started).toMatch(/catalog_url/);
    venue.child.stdin!.end();
    const { code, stderr } = await venue.exited;
    expect(code).toBe(0);
    expect(stderr).toContain('venue: stopping: its stdin closed');
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('stops when its parent is killed (SIGKILL), and a new venue starts on the folder', async () => {
    const dir = tempDir();
    // A parent that starts the venue with a stdin pipe, prints its pid, and is then killed.
    const script = `
      const { spawn } = require('node:child_process');
      const v = spawn(process.execPath, [...${JSON.stringify(venueCliArgs())}, '--size', 'small', '--no-simulator', '--exit-with-parent', '--data-dir', ${JSON.stringify(dir)}], { stdio: ['pipe', 'pipe', 'inherit'] });
      v.stdout.once('data', () => console.log(v.pid));
      setInterval(() => undefined, 1000);`;
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const venuePid = Number(await new Promise<string>((r) => createInterface({ input: parent.stdout }).once('line', r)));
    expect(pidAlive(venuePid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => pidAlive(venuePid), { timeout: 10_000, interval: 100 }).toBe(false);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const next = cli(['--data-dir', dir]);
    expect(await next.started).toMatch(/catalog_url/);
    await stop(next);
  });

  it('watchParent: the end of stdin, or a parent pid that changes or dies, calls back once', async () => {
    const reasons: string[] = [];
    const stdin = new PassThrough();
    const unwatch = watchParent({ stdin, parentPid: () => 0, onGone: (r) => reasons.push(r) });
    stdin.end();
    await expect.poll(() => reasons).toEqual(['its stdin closed']);
    unwatch();

    let ppid = 4242;
    const byPid: string[] = [];
    watchParent({ parentPid: () => ppid, alive: () => true, pollMs: 10, onGone: (r) => byPid.push(r) });
    ppid = 1; // reparented: the parent died
    await expect.poll(() => byPid).toEqual(['its parent (pid 4242) is gone']);

    const byDeath: string[] = [];
    watchParent({ parentPid: () => 4242, alive: () => false, pollMs: 10, onGone: (r) => byDeath.push(r) });
    await expect.poll(() => byDeath).toEqual(['its parent (pid 4242) is gone']);
    await new Promise((r) => setTimeout(r, 50));
    expect(byDeath).toHaveLength(1);
  });
});

describe('a data folder that lost its database', () => {
  const size = (dir: string): string | undefined => {
    const db = new Database(join(dir, DB_FILE), { readonly: true });
    try {
      return (db.prepare("SELECT value FROM meta WHERE key = 'size'").get() as { value: string } | undefined)?.value;
    } finally {
      db.close();
    }
  };

  it('keeps the size it was made with; refuses a missing or empty database next to its key; --reset starts anew', async () => {
    const dir = tempDir();
    const first = cli(['--data-dir', dir]);
    expect(await first.started).toMatch(/catalog_url/);
    await stop(first);
    expect(size(dir)).toBe('small');

    // Started again without --size: the folder's size holds.
    const again = spawn(process.execPath, [...venueCliArgs(), '--no-simulator', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(again);
    let log = '';
    again.stderr.on('data', (b: Buffer) => (log += b.toString()));
    await new Promise((r) => createInterface({ input: again.stdout }).once('line', r));
    again.kill('SIGTERM');
    await new Promise((r) => again.once('close', r));
    expect(log).toContain('(size small)');
    expect(size(dir)).toBe('small');

    const key = readFileSync(join(dir, MASTER_KEY_FILE));
    for (const f of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`]) rmSync(join(dir, f), { force: true });
    const missing = cli(['--data-dir', dir]);
    const refused = await missing.exited;
    expect(await missing.started).toBeUndefined();
    expect(refused.code).toBe(2);
    // (The run file may be there too, from a venue that did not stop cleanly.)
    expect(refused.stderr).toContain(`the data folder ${dir} was used before (it holds ${MASTER_KEY_FILE}`);
    expect(refused.stderr).toContain(`) but ${DB_FILE} is missing`);
    expect(refused.stderr).toContain('--reset');
    expect(existsSync(join(dir, DB_FILE))).toBe(false); // nothing was generated
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    writeFileSync(join(dir, DB_FILE), '');
    const empty = await cli(['--data-dir', dir]).exited;
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(`but ${DB_FILE} is empty`);

    const reset = cli(['--data-dir', dir, '--reset']);
    expect(await reset.started).toMatch(/catalog_url/);
    await stop(reset);
    expect((await reset.exited).stderr).toContain(`venue: --reset: removed ${DB_FILE}, ${MASTER_KEY_FILE}`);
    expect(readFileSync(join(dir, MASTER_KEY_FILE)).equals(key)).toBe(false);

    // --reset never discards a world that is there.
    const kept = await cli(['--data-dir', dir, '--reset']).exited;
    expect(kept.code).toBe(2);
    expect(kept.stderr).toContain('--reset starts a new world only in a data folder whose database is missing or empty');
  });
});
