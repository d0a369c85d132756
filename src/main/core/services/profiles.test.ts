// Venue profiles through the core: the connection test, switching (a new Session: its own cache,
// user data and accounts), and the profiles file kept whole.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreFor, coreForFile, tradable, venueProfile } from '../test-support.js';

const h = coreForFile();

describe('the connection test', () => {
  it('tests each surface of the active venue and of one that is not there', async () => {
    const here = await h.ok<{ surfaces: Array<{ surface: string; ok: boolean }>; clockSkewMs?: number }>('profiles.test');
    expect(here.surfaces.map((s) => [s.surface, s.ok])).toEqual([['catalog', true], ['trading', true], ['data', true]]);
    expect(Math.abs(here.clockSkewMs ?? Infinity)).toBeLessThan(1500);
    const gone = await h.ok<{ surfaces: Array<{ ok: boolean; message?: string }>; clockSkewMs?: number }>('profiles.test', {
      catalogUrl: 'http://127.0.0.1:9/c', tradingUrl: 'http://127.0.0.1:9/t', dataUrl: 'http://127.0.0.1:9/d',
    });
    expect(gone.surfaces.every((s) => !s.ok && (s.message ?? '').length > 0)).toBe(true);
    expect(gone.clockSkewMs).toBeUndefined();
    expect((await h.fails('profiles.test', { catalogUrl: 'not a url' })).field).toBe('catalogUrl');
  });
});

describe('switching profiles', () => {
  it('switches cache, user data and accounts, and remembers the choice across a restart', async () => {
    const m = tradable(h.venue);
    const acct = await h.account();
    await h.ok('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.02', size: '5' }] });
    const added = await h.ok<{ id: string }>('profiles.add', { ...venueProfile(h.venue, 'Remote'), kind: undefined });
    const before = await h.ok<{ accounts: unknown[] }>('accounts.list');
    expect(before.accounts.length).toBeGreaterThan(0);
    await h.ok('profiles.switch', { id: added.id });
    expect((await h.ok<{ accounts: unknown[] }>('accounts.list')).accounts).toHaveLength(0);
    expect(await h.ok('orders.journal', {})).toEqual([]);
    expect((await h.ok<{ active: string }>('profiles.list')).active).toBe(added.id);

    h.core.close();
    h.core = coreFor(h.dir, h.venue);
    expect((await h.ok<{ active: string; profiles: Array<{ id: string }> }>('profiles.list')).active).toBe(added.id);
    await h.ok('profiles.switch', { id: 'local' });
    await h.ok('accounts.unlock', { passphrase: 'pw' });
    expect((await h.ok<{ accounts: unknown[] }>('accounts.list')).accounts.length).toBe(before.accounts.length);
    expect(await h.ok<unknown[]>('orders.journal', {})).toHaveLength(1);
    await h.ok('orders.cancel', { accountId: acct.id, all: true });
  });

  it('refuses an unknown profile and changes nothing', async () => {
    const active = (await h.ok<{ active: string }>('profiles.list')).active;
    expect((await h.fails('profiles.switch', { id: 'remote-none' })).code).toBe('NOT_FOUND');
    expect((await h.ok<{ active: string }>('profiles.list')).active).toBe(active);
  });

  it('stops the start with the file’s name when profiles.json does not parse, and leaves it as it is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-profiles-'));
    const file = join(dir, 'profiles.json');
    try {
      writeFileSync(file, '{"active": "local", "profiles": [{"id": 7}]}');
      expect(() => coreFor(dir, h.venue)).toThrow(/profiles\.json does not hold a list of venues: .*move it aside/);
      expect(readFileSync(file, 'utf8')).toBe('{"active": "local", "profiles": [{"id": 7}]}');
      writeFileSync(file, '{"active": "local", "prof');
      expect(() => coreFor(dir, h.venue)).toThrow(/profiles\.json is not readable JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
