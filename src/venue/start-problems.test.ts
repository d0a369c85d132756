// A venue that cannot start on its data folder says why on a line of its own, as a kind its
// launcher acts on: real venue CLI processes on real damaged files. A changed master key is
// refused instead of failing every credential; a database made before the key's fingerprint gets
// one on its first start.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VENUE_PROBLEM_PREFIX } from '@shared/ipc/venue-problem.js';
import { FINGERPRINT_META, fingerprintOf, MASTER_KEY_FILE } from './auth/keys.js';
import { DB_FILE } from './db/open.js';
import { SCHEMA_VERSION } from './db/schema.js';
import { LOCK_FILE } from './lock.js';
import { venueCliArgs } from './test-support.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Run {
  /** The start line, or undefined when the venue exited first. */
  started?: string;
  code: number | null;
  stderr: string;
  /** What its problem line said, if it wrote one. */
  problem?: { kind: string; message: string };
}

/** Runs the venue CLI on `dir` until it prints its start line (then stops it) or exits. */
async function run(dir: string): Promise<Run> {
  const child = spawn(process.execPath, [...venueCliArgs(), '--size', 'small', '--no-simulator', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<number | null>((done) => child.once('close', done));
  const started = await new Promise<string | undefined>((done) => {
    createInterface({ input: child.stdout }).once('line', done);
    void exited.then(() => done(undefined));
  });
  if (started !== undefined) child.kill('SIGTERM');
  const code = await exited;
  const line = stderr.split('\n').find((l) => l.startsWith(VENUE_PROBLEM_PREFIX));
  return { started, code, stderr, ...(line ? { problem: JSON.parse(line.slice(VENUE_PROBLEM_PREFIX.length)) as Run['problem'] } : {}) };
}

/** A data folder made by a venue that ran and stopped: a copy of one made once for the file. */
let made: string;
function copyOfWorld(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-venue-problem-'));
  dirs.push(dir);
  cpSync(made, dir, { recursive: true });
  return dir;
}
const meta = (dir: string, key: string): string | undefined => {
  const db = new Database(join(dir, DB_FILE), { readonly: true });
  try {
    return (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  } finally {
    db.close();
  }
};
const edit = (dir: string, sql: string, ...params: string[]): void => {
  const db = new Database(join(dir, DB_FILE));
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  made = mkdtempSync(join(tmpdir(), 'kairos-venue-problem-'));
  dirs.push(made);
  const first = await run(made);
  expect(first.started, first.stderr).toMatch(/catalog_url/);
}, 60_000);

describe('a venue that cannot start says why, as a kind', () => {
  it('an empty database next to its key: damaged-database', async () => {
    const dir = copyOfWorld();
    writeFileSync(join(dir, DB_FILE), '');
    const r = await run(dir);
    expect(r.started).toBeUndefined();
    expect(r.code).toBe(2);
    expect(r.problem).toEqual({ kind: 'damaged-database', message: expect.stringContaining(`but ${DB_FILE} is empty`) });
    expect(r.stderr).toContain(`venue: ${r.problem!.message}`);
  });

  it('a database file that is not one: damaged-database, naming the file', async () => {
    const dir = copyOfWorld();
    for (const f of [`${DB_FILE}-wal`, `${DB_FILE}-shm`]) rmSync(join(dir, f), { force: true });
    writeFileSync(join(dir, DB_FILE), randomBytes(8192));
    const r = await run(dir);
    expect(r.started).toBeUndefined();
    expect(r.code).toBe(2);
    expect(r.problem?.kind).toBe('damaged-database');
    expect(r.problem?.message).toContain(`the venue's database ${join(dir, DB_FILE)} is damaged (file is not a database)`);
  });

  it('a database gone from a used folder: missing-database', async () => {
    const dir = copyOfWorld();
    for (const f of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`]) rmSync(join(dir, f), { force: true });
    const r = await run(dir);
    expect(r.problem).toEqual({ kind: 'missing-database', message: expect.stringContaining(`but ${DB_FILE} is missing`) });
  });

  it('an empty master key: damaged-master-key', async () => {
    const dir = copyOfWorld();
    writeFileSync(join(dir, MASTER_KEY_FILE), '');
    const r = await run(dir);
    expect(r.started).toBeUndefined();
    expect(r.problem).toEqual({ kind: 'damaged-master-key', message: expect.stringContaining(`${MASTER_KEY_FILE} holds 0 bytes, not 32`) });
  });

  it('a master key gone from a world that has API keys: missing-master-key, and none is made', async () => {
    const dir = copyOfWorld();
    rmSync(join(dir, MASTER_KEY_FILE));
    const r = await run(dir);
    expect(r.started).toBeUndefined();
    expect(r.problem?.kind).toBe('missing-master-key');
    expect(r.problem?.message).toContain(`the venue's master key ${join(dir, MASTER_KEY_FILE)} is missing, but its database`);
    expect(() => readFileSync(join(dir, MASTER_KEY_FILE))).toThrow(/ENOENT/);
  });

  it('another master key than the database was made with: changed-master-key, in words', async () => {
    const dir = copyOfWorld();
    writeFileSync(join(dir, MASTER_KEY_FILE), randomBytes(32), { mode: 0o600 });
    const r = await run(dir);
    expect(r.started).toBeUndefined();
    expect(r.code).toBe(2);
    expect(r.problem?.kind).toBe('changed-master-key');
    expect(r.problem?.message).toContain(`the master key ${join(dir, MASTER_KEY_FILE)} does not match this database`);
  });

  it('storage of a newer build: newer-storage', async () => {
    const dir = copyOfWorld();
    edit(dir, "UPDATE meta SET value = ? WHERE key = 'schema_version'", String(SCHEMA_VERSION + 1));
    const r = await run(dir);
    expect(r.problem).toEqual({ kind: 'newer-storage', message: expect.stringContaining('written by a newer Kairos') });
  });

  it('a folder another live process holds: locked, naming its pid', async () => {
    const dir = copyOfWorld();
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    const r = await run(dir);
    expect(r.problem).toEqual({ kind: 'locked', message: expect.stringContaining(`another venue (pid ${process.pid}) is running on the data folder ${dir}`) });
  });

  it('any other refusal (a bad option) is no problem kind, only the log line', async () => {
    const child = spawn(process.execPath, [...venueCliArgs(), '--size', 'huge'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    expect(await new Promise((done) => child.once('close', done))).toBe(2);
    expect(stderr).toContain('venue: --size must be one of');
    expect(stderr).not.toContain(VENUE_PROBLEM_PREFIX);
  });
});

describe("the master key's fingerprint", () => {
  it('is stored with the world on its first start, and a start with the same key goes on', async () => {
    const dir = copyOfWorld();
    expect(meta(dir, FINGERPRINT_META)).toBe(fingerprintOf(readFileSync(join(dir, MASTER_KEY_FILE))));
    expect((await run(dir)).started).toMatch(/catalog_url/);
  });

  it('is written on the first start of a database made before it, and then guards the key', async () => {
    const dir = copyOfWorld();
    edit(dir, 'DELETE FROM meta WHERE key = ?', FINGERPRINT_META);
    expect(meta(dir, FINGERPRINT_META)).toBeUndefined();
    const upgraded = await run(dir);
    expect(upgraded.started).toMatch(/catalog_url/);
    expect(meta(dir, FINGERPRINT_META)).toBe(fingerprintOf(readFileSync(join(dir, MASTER_KEY_FILE))));

    writeFileSync(join(dir, MASTER_KEY_FILE), randomBytes(32), { mode: 0o600 });
    expect((await run(dir)).problem?.kind).toBe('changed-master-key');
  });
});
