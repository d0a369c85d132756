// The files of the data folder when something is wrong with them: a damaged cache is set aside
// and rebuilt (it can be fetched again); damaged user data (an empty file too) stops the start with
// the file's name and is left as it is; a damaged vault, profiles.json or settings.json is moved
// aside whole and said (app.damagedFiles and the log), naming it and what was kept.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheDir, removeCacheFiles } from './app-data.js';
import { cacheFile, MIGRATIONS, openCache } from './cache/index.js';
import { caller, coreFor, coreForFile } from './test-support.js';

const h = coreForFile();
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kairos-storage-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const GARBAGE = Buffer.from(`this is no database ${'x'.repeat(5000)}`);

describe('a damaged cache', () => {
  it('is set aside with a timestamp and rebuilt when its header is garbage', () => {
    const dir = tempDir();
    const path = cacheFile(dir, 'local');
    writeFileSync(path, GARBAGE);
    const told: Array<{ aside: string; reason: string }> = [];
    const cache = openCache(dir, 'local', { now: () => Date.UTC(2030, 0, 2, 3, 4, 5), onSetAside: (n) => told.push(n) });
    try {
      cache.write(cache.key('catalog', '/markets', {}), { ok: 1 });
      expect(cache.read(cache.key('catalog', '/markets', {}))?.data).toEqual({ ok: 1 });
    } finally {
      cache.close();
    }
    expect(told).toHaveLength(1);
    expect(told[0]?.aside).toBe(`${path}.damaged-2030-01-02T03-04-05-000Z`);
    expect(told[0]?.reason).toMatch(/not a database/);
    expect(readFileSync(`${path}.damaged-2030-01-02T03-04-05-000Z`)).toEqual(GARBAGE);
  });

  it('is emptied with the rest of the cache by a reset', () => {
    const data = tempDir();
    const path = cacheFile(cacheDir(data), 'local');
    mkdirSync(cacheDir(data));
    writeFileSync(path, GARBAGE);
    openCache(cacheDir(data), 'local', { now: () => Date.UTC(2030, 0, 2, 3, 4, 5) }).close();
    expect(removeCacheFiles(data).removed).toEqual(['cache/cache-local.sqlite', 'cache/cache-local.sqlite.damaged-2030-01-02T03-04-05-000Z']);
    expect(readdirSync(cacheDir(data))).toEqual([]);
  });

  it('is set aside when a newer build wrote it', () => {
    const dir = tempDir();
    const path = cacheFile(dir, 'local');
    const db = new Database(path);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    const told: string[] = [];
    const cache = openCache(dir, 'local', { onSetAside: (n) => told.push(n.reason) });
    try {
      expect(Number(cache.db.pragma('user_version', { simple: true }))).toBe(MIGRATIONS.length);
    } finally {
      cache.close();
    }
    expect(told).toEqual([expect.stringMatching(/newer than this build knows/)]);
    expect(readdirSync(dir).filter((n) => n.includes('.damaged-'))).toHaveLength(1);
  });

  it('does not stop the app: it starts on a new cache and says so in the log', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'cache'));
    writeFileSync(join(dir, 'cache', 'cache-local.sqlite'), GARBAGE);
    const warned: Array<[string, Record<string, unknown> | undefined]> = [];
    let told: unknown;
    const core = coreFor(dir, h.venue, { logger: { info: () => undefined, error: () => undefined, warn: (m, f) => warned.push([m, f]) } });
    try {
      expect((await caller(() => core).ok<{ data: { rows: unknown[] } }>('markets.list', {})).data.rows.length).toBeGreaterThan(0);
      told = await caller(() => core).ok('app.damagedFiles');
    } finally {
      core.close();
    }
    expect(warned).toEqual([[expect.stringMatching(/cache could not be read; it was set aside/), expect.objectContaining({ profile: 'local', aside: expect.stringContaining('cache-local.sqlite.damaged-') })]]);
    expect(told).toEqual([{ file: 'cache/cache-local.sqlite', aside: expect.stringContaining('cache-local.sqlite.damaged-'), what: expect.stringMatching(/fetched again from the venue: nothing is lost/), at: expect.any(Number) }]);
    expect(existsSync(join(dir, 'cache', 'cache-local.sqlite'))).toBe(true);
  });
});

describe('damaged files that cannot be fetched again', () => {
  const stops = (dir: string, file: string, words: RegExp) => {
    const before = readFileSync(join(dir, file));
    expect(() => coreFor(dir, h.venue)).toThrow(words);
    expect(readFileSync(join(dir, file))).toEqual(before);
    expect(readdirSync(dir).filter((n) => n.startsWith(file) && n !== file)).toEqual([]);
  };

  it('stop the start on damaged user data, naming the file and what to do, and leave it as it is', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'user-local.sqlite'), GARBAGE);
    stops(dir, 'user-local.sqlite', /user-local\.sqlite.*file is not a database.*move it aside/s);
    const newer = tempDir();
    const db = new Database(join(newer, 'user-local.sqlite'));
    db.pragma('user_version = 999');
    db.close();
    stops(newer, 'user-local.sqlite', /user-local\.sqlite.*newer than this build knows.*newer Kairos/s);
  });

  it('stop the start on an empty user data file, as on a garbage one: never taken as a new store', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'user-local.sqlite'), '');
    stops(dir, 'user-local.sqlite', /user-local\.sqlite.*is empty \(0 bytes\).*move it aside/s);
    expect(statSync(join(dir, 'user-local.sqlite')).size).toBe(0);
  });
});

describe('a damaged vault, profiles.json or settings.json', () => {
  it.each([
    ['vault.json', '{"v": 1, "accounts": [', /wallet keys and API credentials are not in use.*the moved file keeps them/],
    ['profiles.json', '{"active": "local", "profiles": [{"id": 7}]}', /starts with the local venue only; the remote venues listed in the moved file must be added again/],
    ['settings.json', '{"tradingOff": tru', /goes on with the default settings.*the moved file keeps the old ones/],
  ])('%s is moved aside whole, and the start goes on saying which file and what was kept', async (file, text, what) => {
    const dir = tempDir();
    writeFileSync(join(dir, file), text);
    const warned: string[] = [];
    const core = coreFor(dir, h.venue, { logger: { info: () => undefined, error: () => undefined, warn: (m) => warned.push(m) } });
    try {
      const c = caller(() => core);
      const told = await c.ok<Array<{ file: string; aside: string; what: string }>>('app.damagedFiles');
      expect(told).toEqual([{ file, aside: expect.stringContaining(join(dir, `${file}.damaged-`)), what: expect.stringMatching(what), at: expect.any(Number) }]);
      expect(readFileSync(told[0]?.aside as string, 'utf8')).toBe(text);
      expect(existsSync(join(dir, file))).toBe(false);
      if (file === 'vault.json') expect(warned).toEqual([]);
      else expect(warned).toEqual([expect.stringContaining(`${file} could not be read; it was moved aside`)]);
      // The app goes on: a new file is written on the next change, the moved one stays.
      await c.ok('accounts.unlock', { passphrase: 'pw' });
      await c.ok('settings.set', { theme: 'dark' });
      await c.ok('profiles.add', { name: 'Other', catalogUrl: 'https://c.example', tradingUrl: 'https://t.example', dataUrl: 'https://d.example', headerPrefix: 'SERVICE' });
      expect(JSON.parse(readFileSync(join(dir, file), 'utf8'))).toBeTypeOf('object');
      expect(readFileSync(told[0]?.aside as string, 'utf8')).toBe(text);
    } finally {
      await core.close();
    }
  });
});

describe('the files Kairos makes', () => {
  it.skipIf(process.platform === 'win32')('are private to the user: folders 0700, files 0600, SQLite companions included', async () => {
    const dir = join(tempDir(), 'data');
    // A data folder and a cache made open by an older release are closed up too.
    mkdirSync(join(dir, 'cache'), { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'cache'), 0o755);
    const core = coreFor(dir, h.venue);
    const c = caller(() => core);
    try {
      await c.ok('markets.list', {});
      await c.ok('accounts.unlock', { passphrase: 'pw' });
      await c.ok('accounts.import', { privateKey: '55'.repeat(32), apiKey: '2f1c0e8a-5b7d-4c3e-9a61-0d4e8b7f3a12', secret: Buffer.alloc(32, 7).toString('base64'), passphrase: 'cd'.repeat(32) });
      await c.ok('settings.set', { tradingOff: true });
      await c.ok('drafts.save', { lines: [] });
      await c.ok('profiles.add', { name: 'Other', catalogUrl: 'https://c.example', tradingUrl: 'https://t.example', dataUrl: 'https://d.example', headerPrefix: 'SERVICE' });
      const mode = (p: string) => (statSync(join(dir, p)).mode & 0o777).toString(8);
      const expected: Record<string, string> = { '.': '700', cache: '700', 'vault.json': '600', 'profiles.json': '600', 'settings.json': '600' };
      for (const db of ['cache/cache-local.sqlite', 'user-local.sqlite']) for (const suffix of ['', '-wal', '-shm']) expected[db + suffix] = '600';
      expect(Object.fromEntries(Object.keys(expected).map((p) => [p, mode(p)]))).toEqual(expected);
    } finally {
      core.close();
    }
  });
});
