// Auto-update policy and controller, and the pieces they stand on: the busy flag of order
// batches and the data folder helpers.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Activity } from './activity.js';
import { dataDirOverride, removeCacheFiles } from './app-data.js';
import { UpdateController, updateFeed, type UpdateOptions, type UpdateStatus } from './updates.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('updateFeed', () => {
  it('is off in development, and when switched off', () => {
    expect(updateFeed({ isPackaged: false, env: {}, hasBuiltInFeed: true })).toMatchObject({ enabled: false, reason: expect.stringMatching(/development/) });
    expect(updateFeed({ isPackaged: true, env: { KAIROS_UPDATES: 'off' }, hasBuiltInFeed: true })).toMatchObject({ enabled: false });
  });

  it('uses the built-in feed, or KAIROS_UPDATE_URL over https (http only on loopback)', () => {
    expect(updateFeed({ isPackaged: true, env: {}, hasBuiltInFeed: true })).toEqual({ enabled: true });
    expect(updateFeed({ isPackaged: true, env: {}, hasBuiltInFeed: false })).toMatchObject({ enabled: false, reason: 'this build has no update feed' });
    expect(updateFeed({ isPackaged: true, env: { KAIROS_UPDATE_URL: 'https://releases.example/kairos' }, hasBuiltInFeed: false })).toEqual({ enabled: true, url: 'https://releases.example/kairos' });
    expect(updateFeed({ isPackaged: true, env: { KAIROS_UPDATE_URL: 'http://127.0.0.1:8080/' }, hasBuiltInFeed: false })).toMatchObject({ enabled: true });
    expect(updateFeed({ isPackaged: true, env: { KAIROS_UPDATE_URL: 'http://releases.example/' }, hasBuiltInFeed: true })).toMatchObject({ enabled: false, reason: expect.stringMatching(/https/) });
    expect(updateFeed({ isPackaged: true, env: { KAIROS_UPDATE_URL: 'not a url' }, hasBuiltInFeed: true })).toMatchObject({ enabled: false });
  });
});

describe('Activity', () => {
  it('is busy while a write runs, and wakes every waiter once all are done', async () => {
    const a = new Activity();
    expect(a.busy()).toBe(false);
    await a.whenIdle();
    let finish1: () => void = () => undefined;
    let finish2: () => void = () => undefined;
    const w1 = a.track(() => new Promise<string>((r) => (finish1 = () => r('one'))));
    const w2 = a.track(() => new Promise<void>((_, reject) => (finish2 = () => reject(new Error('refused')))));
    expect(a.inFlight()).toBe(2);
    let idle = false;
    void a.whenIdle().then(() => (idle = true));
    finish1();
    expect(await w1).toBe('one');
    await tick();
    expect(idle).toBe(false);
    finish2();
    await expect(w2).rejects.toThrow('refused');
    await tick();
    expect(idle).toBe(true);
    expect(a.busy()).toBe(false);
  });
});

/** A stand-in autoUpdater: `check` answers as the script says; installs are recorded. */
function harness(opts: Partial<UpdateOptions> & { answers?: boolean[] } = {}) {
  const activity = new Activity();
  const seen: UpdateStatus[] = [];
  const told: UpdateStatus[] = [];
  const asked: string[] = [];
  const installs: Array<{ busy: boolean }> = [];
  const script: { next: (c: UpdateController) => Promise<void> } = { next: async () => undefined };
  const answers = opts.answers ?? [];
  const controller: UpdateController = new UpdateController({
    currentVersion: '1.0.0',
    feed: { enabled: true },
    activity,
    updater: {
      checkForUpdates: () => script.next(controller),
      quitAndInstall: () => installs.push({ busy: activity.busy() }),
    },
    ask: async (v) => {
      asked.push(v);
      return answers.shift() ?? false;
    },
    tell: (s) => told.push(s),
    emit: (s) => seen.push(s),
    now: () => 1000,
    logger: silent,
    ...opts,
  });
  return { controller, activity, seen, told, asked, installs, script };
}

describe('UpdateController', () => {
  it('when off, says why, and tells the user only when they asked', async () => {
    const h = harness({ feed: { enabled: false, reason: 'this is a development build' }, updater: undefined });
    expect(await h.controller.check(false)).toEqual({ state: 'disabled', currentVersion: '1.0.0', message: 'this is a development build' });
    expect(h.told).toEqual([]);
    await h.controller.check(true);
    expect(h.told.map((s) => s.state)).toEqual(['disabled']);
  });

  it('a manual check with nothing new says "up to date"; a background one stays quiet', async () => {
    const h = harness();
    h.script.next = async (c) => c.notAvailable();
    await h.controller.check(false);
    expect(h.told).toEqual([]);
    expect(await h.controller.check(true)).toMatchObject({ state: 'up-to-date', checkedAt: 1000 });
    expect(h.told.map((s) => s.state)).toEqual(['up-to-date']);
  });

  it('a failed check is reported once, though electron-updater both emits and rejects', async () => {
    const h = harness();
    h.script.next = async (c) => {
      c.failed(new Error('net::ERR_NAME_NOT_RESOLVED'));
      throw new Error('net::ERR_NAME_NOT_RESOLVED');
    };
    expect(await h.controller.check(true)).toMatchObject({ state: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' });
    expect(h.told).toHaveLength(1);
    expect(h.seen.filter((s) => s.state === 'error')).toHaveLength(1);
  });

  it('downloads, asks, and restarts at once when nothing is being sent', async () => {
    const h = harness({ answers: [true] });
    h.script.next = async (c) => {
      c.available('1.1.0');
      c.progress(42.4);
      await c.downloaded('1.1.0');
    };
    await h.controller.check(false);
    expect(h.asked).toEqual(['1.1.0']);
    expect(h.installs).toEqual([{ busy: false }]);
    expect(h.seen.map((s) => s.state)).toEqual(['checking', 'downloading', 'downloading', 'ready', 'installing']);
    expect(h.seen[2]?.percent).toBe(42);
  });

  it('"Later" dismisses the prompt: nothing installs; asking again offers it again', async () => {
    const h = harness({ answers: [false, true] });
    h.script.next = async (c) => {
      c.available('1.1.0');
      await c.downloaded('1.1.0');
    };
    await h.controller.check(false);
    expect(h.installs).toEqual([]);
    expect(h.controller.status()).toMatchObject({ state: 'ready', version: '1.1.0' });
    await h.controller.check(true);
    await tick();
    expect(h.asked).toEqual(['1.1.0', '1.1.0']);
    expect(h.installs).toEqual([{ busy: false }]);
  });

  it('never restarts while an order batch is being sent: it waits, then installs once', async () => {
    const h = harness({ answers: [true] });
    let finishA: () => void = () => undefined;
    let finishB: () => void = () => undefined;
    const a = h.activity.track(() => new Promise<void>((r) => (finishA = r)));
    h.script.next = async (c) => {
      c.available('1.1.0');
      await c.downloaded('1.1.0');
    };
    const checked = h.controller.check(false);
    await tick();
    expect(h.controller.status().state).toBe('waiting');
    // A second batch starts before the first ends: still waiting.
    const b = h.activity.track(() => new Promise<void>((r) => (finishB = r)));
    finishA();
    await a;
    await tick();
    expect(h.installs).toEqual([]);
    finishB();
    await b;
    await checked;
    await tick();
    expect(h.installs).toEqual([{ busy: false }]);
    expect(h.controller.status().state).toBe('installing');
  });

  it('one check at a time; a manual check during a background one still hears the outcome', async () => {
    const h = harness();
    let answer: () => void = () => undefined;
    let calls = 0;
    h.script.next = (c) => {
      calls++;
      return new Promise<void>((r) => (answer = () => (c.notAvailable(), r())));
    };
    const first = h.controller.check(false);
    expect((await h.controller.check(true)).state).toBe('checking');
    answer();
    await first;
    expect(calls).toBe(1);
    expect(h.told.map((s) => s.state)).toEqual(['up-to-date']);
  });
});

describe('data folder', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('removeCacheFiles deletes every profile cache and its companions, nothing else', () => {
    const d = mkdtempSync(join(tmpdir(), 'kairos-data-'));
    dirs.push(d);
    mkdirSync(join(d, 'cache'));
    mkdirSync(join(d, 'venue'));
    for (const f of ['cache/cache-local.sqlite', 'cache/cache-local.sqlite-wal', 'cache/cache-remote-1a.sqlite', 'cache/notes.txt', 'vault.json', 'journal-local.sqlite', 'venue/venue.sqlite']) writeFileSync(join(d, f), 'x'.repeat(10));
    expect(removeCacheFiles(d)).toEqual({ removed: ['cache/cache-local.sqlite', 'cache/cache-local.sqlite-wal', 'cache/cache-remote-1a.sqlite'], bytes: 30 });
    expect(readdirSync(join(d, 'cache'))).toEqual(['notes.txt']);
    expect(readdirSync(d).sort()).toEqual(['cache', 'journal-local.sqlite', 'vault.json', 'venue']);
    expect(readdirSync(join(d, 'venue'))).toEqual(['venue.sqlite']);
    expect(removeCacheFiles(join(d, 'missing'))).toEqual({ removed: [], bytes: 0 });
  });

  it('dataDirOverride reads --data-dir, then KAIROS_DATA_DIR, relative to the working folder', () => {
    expect(dataDirOverride(['electron', '.', '--data-dir=/tmp/k1'], {})).toBe('/tmp/k1');
    expect(dataDirOverride(['electron', '.', '--data-dir', 'rel'], {}, '/work')).toBe(resolve('/work', 'rel'));
    expect(dataDirOverride(['electron', '.'], { KAIROS_DATA_DIR: '/tmp/k2' })).toBe('/tmp/k2');
    expect(dataDirOverride(['electron', '.', '--data-dir', '--other'], {})).toBeUndefined();
    expect(dataDirOverride(['electron', '.'], { KAIROS_DATA_DIR: '' })).toBeUndefined();
  });
});
