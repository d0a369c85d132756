// The embedded venue's process seen through the core: the real venue CLI in a child process,
// killed from outside. The core says each change as a `venue.status` event, answers it on
// `venue.status`, and `venue.restart` brings a venue left down back, only on the local profile.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '@shared/ipc/contract.js';
import { createCore, type Core } from './index.js';
import { localProfile } from './local-profile.js';
import { caller, silent, testVenueChild } from './test-support.js';
import { superviseVenue, type SupervisedVenue } from './venue-launcher.js';

const dir = mkdtempSync(join(tmpdir(), 'kairos-local-venue-'));
const venueDir = join(dir, 'venue');
let venue: SupervisedVenue;
let core: Core;
const statuses: Array<EventPayload<'venue.status'>> = [];
const o = caller(() => core);

beforeAll(async () => {
  venue = await superviseVenue({
    spawn: (port) => testVenueChild(['--data-dir', venueDir, '--size', 'small', '--no-simulator', ...(port ? ['--port', String(port)] : [])]),
    timeoutMs: 60_000,
  });
  core = createCore({
    dataDir: dir,
    defaultProfile: localProfile(venue.urls),
    localVenue: venue,
    logger: silent,
    checkOutputs: true,
    watch: false,
    collectGarbage: () => undefined,
    http: { policy: { timeoutMs: 2000, retries: 0 } },
    emit: (name, payload) => {
      if (name === 'venue.status') statuses.push(payload as EventPayload<'venue.status'>);
    },
  });
});
afterAll(async () => {
  core?.close();
  await venue?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const killVenue = (): number => {
  const pid = Number(readFileSync(join(venueDir, 'venue.lock'), 'utf8'));
  process.kill(pid, 'SIGKILL');
  return pid;
};
const states = () => statuses.map((s) => s.state);
const surfacesUp = async () => (await o.ok<{ surfaces: Array<{ ok: boolean }> }>('profiles.test', {})).surfaces.map((s) => s.ok);

describe('the embedded venue going down', () => {
  it('is restarted once by itself, then left down and said so, then restarted on request', async () => {
    expect(await o.ok('venue.status')).toEqual({ local: { state: 'running', since: expect.any(Number) } });
    // Running: a restart asks nothing of it.
    expect((await o.ok<{ local: { state: string } }>('venue.restart')).local.state).toBe('running');
    expect(statuses).toEqual([]);

    // Killed: the supervisor brings it back by itself, and the core says both steps.
    const first = killVenue();
    await expect.poll(states, { timeout: 30_000, interval: 100 }).toEqual(['restarting', 'running']);
    expect(statuses[0]?.reason).toMatch(/exited unexpectedly/);
    expect(Number(readFileSync(join(venueDir, 'venue.lock'), 'utf8'))).not.toBe(first);
    expect(await surfacesUp()).toEqual([true, true, true]);

    // Killed again: the automatic restart is spent, it stays down.
    killVenue();
    await expect.poll(states, { timeout: 30_000, interval: 100 }).toEqual(['restarting', 'running', 'down']);
    const down = await o.ok<{ local: { state: string; reason?: string } }>('venue.status');
    expect(down.local).toMatchObject({ state: 'down', reason: expect.stringMatching(/exited again .* after being restarted/) });
    expect(await surfacesUp()).toEqual([false, false, false]);

    // Asked for: back at the same addresses, and reads answer again.
    const back = await o.ok<{ local: { state: string } }>('venue.restart');
    expect(back.local.state).toBe('running');
    expect(states().slice(3)).toEqual(['restarting', 'running']);
    expect(await surfacesUp()).toEqual([true, true, true]);
    const list = await o.ok<{ stale: boolean; data: { rows: Array<{ id: string }> } }>('markets.list', { limit: 1 });
    const market = await o.ok<{ stale: boolean; data: { id: string } }>('markets.get', { idOrSlug: list.data.rows[0]?.id });
    expect(market.stale).toBe(false);
  }, 120_000);

  it('is not the business of another venue: no status, and a restart refused in words', async () => {
    const remote = await o.ok<{ id: string }>('profiles.add', { name: 'Elsewhere', catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url, headerPrefix: 'SERVICE' });
    await o.ok('profiles.switch', { id: remote.id });
    try {
      expect(await o.ok('venue.status')).toEqual({ local: null });
      const refused = await o.fails('venue.restart');
      expect(refused.code).toBe('NOT_OFFERED');
      expect(refused.message).toBe('Elsewhere is a remote venue: only the local venue Kairos runs can be restarted from here');
    } finally {
      await o.ok('profiles.switch', { id: 'local' });
    }
    expect((await o.ok<{ local: { state: string } }>('venue.status')).local.state).toBe('running');
  });

  it('cannot be restarted by a core whose host started no venue', async () => {
    const other = mkdtempSync(join(tmpdir(), 'kairos-no-local-'));
    const bare = createCore({ dataDir: other, defaultProfile: localProfile(venue.urls), logger: silent, watch: false, collectGarbage: () => undefined });
    try {
      const b = caller(() => bare);
      expect(await b.ok('venue.status')).toEqual({ local: null });
      expect(await b.fails('venue.restart')).toMatchObject({ code: 'NOT_OFFERED', message: 'this Kairos did not start the local venue itself, so it cannot restart it' });
    } finally {
      bare.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
