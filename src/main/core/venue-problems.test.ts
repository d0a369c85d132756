// A local venue that cannot start on its folder, seen through the launcher and the core: the real
// venue CLI on real damaged files. The venue's reason reaches the status in words with what can be
// done; "start a new local world" moves the folder aside (nothing in it deleted) and the venue
// runs on a new one; a folder another process holds offers a retry and is never moved.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VenueStatus } from '@shared/ipc/venue-status.js';
import { createCore, type Core } from './index.js';
import { localProfile } from './local-profile.js';
import { caller, silent, testVenueChild } from './test-support.js';
import { freePort, launchVenue, nodeVenueChild, superviseVenue, type SupervisedVenue } from './venue-launcher.js';
import { parseProblemLine, setVenueFolderAside, VenueStartError } from './venue-problem.js';

const dirs: string[] = [];
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const s of stops.splice(0)) await s();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-venue-problems-'));
  dirs.push(dir);
  return dir;
};
const venueArgs = (folder: string, port?: number): string[] => ['--data-dir', folder, '--size', 'small', '--no-simulator', ...(port ? ['--port', String(port)] : [])];

/** A venue folder made by a venue that ran and stopped, copied for each test. */
let made: string;
beforeAll(async () => {
  made = join(tempDir(), 'venue');
  const venue = await launchVenue({ spawn: () => testVenueChild(venueArgs(made)), timeoutMs: 60_000 });
  await venue.stop();
}, 90_000);

/** A data folder holding a copy of the made venue folder, damaged by `damage`. */
function damagedDataDir(damage: (folder: string) => void): { dataDir: string; folder: string } {
  const dataDir = tempDir();
  const folder = join(dataDir, 'venue');
  cpSync(made, folder, { recursive: true });
  damage(folder);
  return { dataDir, folder };
}

async function supervise(folder: string, logs: string[] = []): Promise<SupervisedVenue> {
  const venue = await superviseVenue({
    port: await freePort(),
    spawn: (port) => testVenueChild(venueArgs(folder, port)),
    folder,
    timeoutMs: 60_000,
    onLog: (l) => logs.push(l),
  });
  stops.push(() => venue.stop());
  return venue;
}

describe('the venue problem line', () => {
  it('is read into words and a remedy; any other line is not one, a garbled one is an error', () => {
    expect(parseProblemLine('venue-problem: {"kind":"changed-master-key","message":"the master key /d/venue-master.key does not match this database"}')).toEqual({
      kind: 'changed-master-key',
      title: 'the master key does not match its database',
      detail: 'The master key /d/venue-master.key does not match this database',
      remedy: 'new-world',
    });
    expect(parseProblemLine('venue-problem: {"kind":"locked","message":"another venue (pid 7) is running"}')?.remedy).toBe('retry');
    expect(parseProblemLine('venue: ready')).toBeUndefined();
    expect(() => parseProblemLine('venue-problem: {"kind":"gremlins","message":"x"}')).toThrow(/problem line is not valid/);
  });

  it('makes launchVenue reject with the problem, not the exit code, and is not logged as a line', async () => {
    const logs: string[] = [];
    const script = `console.error('venue-problem: {"kind":"damaged-database","message":"the venue\\'s database /d/venue.sqlite is damaged (file is not a database)"}'); console.error('venue: the venue database is damaged'); process.exit(2);`;
    const err = await launchVenue({ spawn: () => nodeVenueChild(process.execPath, ['-e', script]), onLog: (l) => logs.push(l) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VenueStartError);
    expect((err as VenueStartError).message).toBe('the local venue cannot start: its database is damaged');
    expect((err as VenueStartError).problem).toMatchObject({ kind: 'damaged-database', remedy: 'new-world', detail: expect.stringContaining('/d/venue.sqlite is damaged') });
    expect(logs).toEqual(['venue: the venue database is damaged']);
  });
});

describe('a local venue that cannot start on its folder', () => {
  it('a garbage database: down with the words and a new world offered; the new world moves the folder aside and runs', async () => {
    const garbage = randomBytes(8192);
    const { dataDir, folder } = damagedDataDir((f) => writeFileSync(join(f, 'venue.sqlite'), garbage));
    const key = readFileSync(join(folder, 'venue-master.key'));
    const logs: string[] = [];
    const venue = await supervise(folder, logs);
    await expect.poll(() => venue.status().state, { timeout: 60_000 }).toBe('down');
    expect(venue.status()).toMatchObject({
      state: 'down',
      reason: 'it cannot start: its database is damaged',
      problem: { kind: 'damaged-database', title: 'its database is damaged', remedy: 'new-world', detail: expect.stringContaining(`${join(folder, 'venue.sqlite')} is damaged (file is not a database)`) },
    });
    expect(logs.join('\n')).toContain('the status bar offers a new local world, the old folder kept aside');

    // Through the core, as the window asks.
    const core: Core = createCore({ dataDir, defaultProfile: localProfile(venue.urls), localVenue: venue, logger: silent, watch: false, collectGarbage: () => undefined, checkOutputs: true });
    try {
      const o = caller(() => core);
      expect((await o.ok<{ local: VenueStatus }>('venue.status')).local?.problem?.kind).toBe('damaged-database');
      const answer = await o.ok<{ local: VenueStatus; movedTo: string }>('venue.newWorld');
      expect(answer.local).toMatchObject({ state: 'running' });
      expect(answer.local.problem).toBeUndefined();
      expect(answer.movedTo).toMatch(new RegExp(`^${join(dataDir, 'venue-set-aside-')}\\d{4}-\\d{2}-\\d{2}-\\d{4}$`));
      // Nothing of the old folder was deleted or changed.
      expect(readFileSync(join(answer.movedTo, 'venue.sqlite')).equals(garbage)).toBe(true);
      expect(readFileSync(join(answer.movedTo, 'venue-master.key')).equals(key)).toBe(true);
      // The new world serves, on a new key.
      expect((await fetch(`${venue.urls.catalog_url}/markets?limit=1`)).status).toBe(200);
      expect(readFileSync(join(folder, 'venue-master.key')).equals(key)).toBe(false);
      expect(logs.join('\n')).toContain(`moved the local venue's folder ${folder} aside to ${answer.movedTo} (nothing in it was deleted)`);
      // Running: nothing to start anew.
      expect((await o.fails('venue.newWorld')).message).toContain('the local venue is not stopped');
    } finally {
      core.close();
    }
  }, 120_000);

  it('a changed master key: refused in words, not started', async () => {
    const { folder } = damagedDataDir((f) => writeFileSync(join(f, 'venue-master.key'), randomBytes(32), { mode: 0o600 }));
    const venue = await supervise(folder);
    await expect.poll(() => venue.status().state, { timeout: 60_000 }).toBe('down');
    expect(venue.status().problem).toMatchObject({
      kind: 'changed-master-key',
      title: 'the master key does not match its database',
      remedy: 'new-world',
      detail: expect.stringContaining('does not match this database'),
    });
  }, 90_000);

  it('an empty master key and an empty database: each its own words', async () => {
    const emptyKey = damagedDataDir((f) => writeFileSync(join(f, 'venue-master.key'), ''));
    const emptyDb = damagedDataDir((f) => writeFileSync(join(f, 'venue.sqlite'), ''));
    const [a, b] = await Promise.all([supervise(emptyKey.folder), supervise(emptyDb.folder)]);
    await expect.poll(() => [a.status().state, b.status().state], { timeout: 60_000 }).toEqual(['down', 'down']);
    expect(a.status().problem).toMatchObject({ kind: 'damaged-master-key', title: 'its master key is damaged' });
    expect(b.status().problem).toMatchObject({ kind: 'damaged-database', detail: expect.stringContaining('venue.sqlite is empty') });
  }, 90_000);

  it('a folder another process holds: a retry offered, the folder never moved; tried again once it lets go, it runs', async () => {
    const { dataDir, folder } = damagedDataDir((f) => writeFileSync(join(f, 'venue.lock'), `${process.pid}\n`));
    const venue = await supervise(folder);
    await expect.poll(() => venue.status().state, { timeout: 60_000 }).toBe('down');
    expect(venue.status().problem).toMatchObject({ kind: 'locked', title: 'another process is using its folder', remedy: 'retry' });
    await expect(venue.startNewWorld()).rejects.toThrow(`another process (pid ${process.pid}) holds ${folder}; it is not moved while that runs`);
    expect(readdirSync(dataDir)).toEqual(['venue']);
    rmSync(join(folder, 'venue.lock'));
    await venue.restart();
    expect(venue.status().state).toBe('running');
  }, 90_000);
});

describe('setVenueFolderAside', () => {
  it('names the folder by the time it was moved, and never over another set aside', () => {
    const dir = tempDir();
    const at = Date.UTC(2026, 11, 7, 14, 30);
    for (const expected of ['venue-set-aside-2026-12-07-1430', 'venue-set-aside-2026-12-07-1430-2']) {
      writeFileSync(join(dir, 'marker'), expected);
      cpSync(join(dir, 'marker'), join(dir, 'venue', 'marker'), { recursive: true });
      expect(setVenueFolderAside(join(dir, 'venue'), at)).toBe(join(dir, expected));
      expect(readFileSync(join(dir, expected, 'marker'), 'utf8')).toBe(expected);
      expect(existsSync(join(dir, 'venue'))).toBe(false);
    }
  });
});
