// Venue profiles through the core: the connection test, switching (a new Session: its own cache,
// user data and accounts), and the profiles file kept whole.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caller, coreFor, coreForFile, tradable, venueProfile } from '../../test-support.js';

const h = coreForFile();

describe('the connection test', () => {
  it('tests each surface of the active venue and of one that is not there', async () => {
    expect((await h.ok<{ routes: Array<{ state: string }> }>('venue.capabilities')).routes.every((r) => r.state === 'unknown')).toBe(true);
    const here = await h.ok<{ surfaces: Array<{ surface: string; ok: boolean }>; clockSkewMs?: number; clockSource?: string; offers: string[]; lacks: string[] }>('profiles.test');
    expect(here.surfaces.map((s) => [s.surface, s.ok])).toEqual([['catalog', true], ['trading', true], ['data', true]]);
    expect(Math.abs(here.clockSkewMs ?? Infinity)).toBeLessThan(1500);
    expect(here.clockSource).toBe('time');
    // The full local venue offers every extra route of venue-profile E (its live channel is not
    // built yet); testing the active venue remembers what it found.
    expect(here.offers).toEqual(expect.arrayContaining(['the server clock', 'its order-signing domain', 'the order book', 'price history', 'open orders', 'cancelling orders', 'cash balances', 'creating API keys', 'tags', 'search']));
    expect(here.lacks.filter((w) => w !== 'live prices')).toEqual([]);
    const caps = await h.ok<{ offers: string[]; routes: Array<{ state: string }> }>('venue.capabilities');
    expect(caps.offers).toEqual(here.offers);
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

  it('keeps the order-signing domain a remote profile is set to, checked as it is typed', async () => {
    const added = await h.ok<{ id: string; signing: { source: string } }>('profiles.add', { ...venueProfile(h.venue, 'Elsewhere'), kind: undefined });
    expect(added.signing).toEqual({ source: 'venue' });
    const domain = { name: 'Some Exchange', version: '2', chainId: 5, exchange: '0x00000000000000000000000000000000000000aa', negRiskExchange: '0x00000000000000000000000000000000000000bb' };
    const set = await h.ok<{ signing: { domain: { exchange: string } } }>('profiles.setSigning', { id: added.id, signing: { source: 'custom', domain } });
    // Stored checksummed.
    expect(set.signing.domain.exchange).toBe('0x00000000000000000000000000000000000000AA');
    const typo = await h.fails('profiles.setSigning', { id: added.id, signing: { source: 'custom', domain: { ...domain, exchange: '0x00000000000000000000000000000000000000aA' } } });
    expect(typo).toMatchObject({ code: 'INVALID_INPUT', field: 'signing.domain.exchange' });
    expect(typo.message).toMatch(/wrong EIP-55 checksum/);
    expect((await h.fails('profiles.setSigning', { id: added.id, signing: { source: 'preset', preset: 'nowhere' } })).field).toBe('signing.preset');
    expect((await h.fails('profiles.setSigning', { id: 'local', signing: { source: 'venue' } })).message).toMatch(/local venue publishes its own/);
    const listed = await h.ok<{ profiles: Array<{ id: string; signing: unknown }> }>('profiles.list');
    expect(listed.profiles.find((p) => p.id === added.id)?.signing).toEqual(set.signing);
  });

  it('stops a sync in flight cleanly when the venue changes, and shows only the new venue’s counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-switch-'));
    const logged: string[] = [];
    const log = { info: () => undefined, warn: (m: string, f?: unknown) => void logged.push(`${m} ${JSON.stringify(f)}`), error: (m: string, f?: unknown) => void logged.push(`${m} ${JSON.stringify(f)}`) };
    let pages = 0;
    const counting: typeof fetch = (url, init) => {
      if (String(url).includes('/catalog/')) pages++;
      return fetch(url, init);
    };
    const c = coreFor(dir, h.venue, { logger: log, http: { fetch: counting, policy: { timeoutMs: 2000, retries: 0 } } });
    const call = caller(() => c);
    try {
      const other = await call.ok<{ id: string }>('profiles.add', { ...venueProfile(h.venue, 'Other'), kind: undefined });
      expect(await call.ok('sync.start')).toMatchObject({ running: true });
      await call.ok('profiles.switch', { id: other.id });
      // At most the page already asked for is read after the switch; then the old sync is over.
      const atSwitch = pages;
      const status = await call.ok<{ running: boolean; kinds: Array<{ done: number }> }>('sync.status');
      expect(status.running).toBe(false);
      expect(status.kinds.every((k) => k.done === 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      expect(pages).toBeLessThanOrEqual(atSwitch + 1);
      expect(logged).toEqual([]);
    } finally {
      c.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown profile and changes nothing', async () => {
    const active = (await h.ok<{ active: string }>('profiles.list')).active;
    expect((await h.fails('profiles.switch', { id: 'remote-none' })).code).toBe('NOT_FOUND');
    expect((await h.ok<{ active: string }>('profiles.list')).active).toBe(active);
  });

  it('moves a profiles.json that does not parse aside, whole, says so, and starts with the local venue', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-profiles-'));
    const file = join(dir, 'profiles.json');
    try {
      for (const text of ['{"active": "local", "profiles": [{"id": 7}]}', '{"active": "local", "prof']) {
        writeFileSync(file, text);
        const c = coreFor(dir, h.venue);
        try {
          const told = await caller(() => c).ok<Array<{ file: string; aside: string }>>('app.damagedFiles');
          expect(told.map((d) => d.file)).toEqual(['profiles.json']);
          expect(readFileSync(told[0]?.aside as string, 'utf8')).toBe(text);
          expect((await caller(() => c).ok<{ profiles: Array<{ id: string }> }>('profiles.list')).profiles.map((p) => p.id)).toEqual(['local']);
        } finally {
          await c.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('adding a profile', () => {
  it('accepts only http and https addresses and a header prefix fit for a header name, naming the field', async () => {
    const good = { ...venueProfile(h.venue, 'Checked'), kind: undefined };
    const before = (await h.ok<{ profiles: unknown[] }>('profiles.list')).profiles.length;
    const words: Record<string, string> = { catalogUrl: 'Catalog URL: ', tradingUrl: 'Trading URL: ', dataUrl: 'Data URL: ', headerPrefix: 'Header prefix: ' };
    const refused: Array<[string, Record<string, string>]> = [
      ['catalogUrl', { catalogUrl: 'file:///etc/passwd' }],
      ['tradingUrl', { tradingUrl: 'javascript:alert(1)' }],
      ['dataUrl', { dataUrl: 'data:text/html,hi' }],
      ['catalogUrl', { catalogUrl: 'not a url' }],
      ['headerPrefix', { headerPrefix: 'A\r\nB' }],
      ['headerPrefix', { headerPrefix: 'service' }],
      ['headerPrefix', { headerPrefix: '' }],
      ['headerPrefix', { headerPrefix: 'X'.repeat(33) }],
    ];
    for (const [field, patch] of refused) {
      const e = await h.fails('profiles.add', { ...good, ...patch });
      expect([e.code, e.field]).toEqual(['INVALID_INPUT', field]);
      expect(e.message.startsWith(words[field] as string), e.message).toBe(true);
    }
    expect((await h.ok<{ profiles: unknown[] }>('profiles.list')).profiles).toHaveLength(before);
    await h.ok('profiles.add', { ...good, catalogUrl: 'https://catalog.example.com/api', headerPrefix: 'POLY_2' });
  });

  it('takes a name of 1 to 60 visible characters, and says what is wrong with any other', async () => {
    const good = { ...venueProfile(h.venue, 'Checked'), kind: undefined };
    const before = (await h.ok<{ profiles: unknown[] }>('profiles.list')).profiles.length;
    const refused: Array<[string, RegExp]> = [
      ['', /^Name: expected 1 to 60 visible characters, not only spaces$/],
      [' ', /^Name: expected 1 to 60 visible characters, not only spaces$/],
      ['\u3000\t ', /^Name: expected 1 to 60 visible characters/],
      ['Main\nvenue', /^Name: expected visible characters only: no line breaks, tabs or invisible characters$/],
      ['\u200b', /^Name: expected visible characters only/],
      ['Evil\u202egnp.exe', /^Name: expected visible characters only/],
      ['x'.repeat(61), /^Name: expected at most 60 characters, not 61$/],
      ['x'.repeat(100_000), /^Name: expected at most 60 characters, not 100000$/],
    ];
    for (const [name, words] of refused) {
      const e = await h.fails('profiles.add', { ...good, name });
      expect([e.code, e.field], JSON.stringify(name)).toEqual(['INVALID_INPUT', 'name']);
      expect(e.message).toMatch(words);
    }
    expect((await h.ok<{ profiles: unknown[] }>('profiles.list')).profiles).toHaveLength(before);
    // 60 characters are 60 whatever their size in UTF-16; spaces around a name are dropped.
    expect((await h.ok<{ name: string }>('profiles.add', { ...good, name: '😀'.repeat(60) })).name).toBe('😀'.repeat(60));
    expect((await h.ok<{ name: string }>('profiles.add', { ...good, name: '  Staging venue  ' })).name).toBe('Staging venue');
    expect((await h.ok<{ name: string }>('profiles.add', { ...good, name: 'x'.repeat(60) })).name).toHaveLength(60);
  });
});
