// The app's own calls through the core: the data folder, updates, and a cache reset that never
// touches the vault, accounts, user data or settings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreForFile, tradable } from '../../test-support.js';

const h = coreForFile();

describe('the app', () => {
  it('tells what it is and where its data lives, and that updates are off here', async () => {
    expect(await h.ok('app.info')).toMatchObject({ version: '0.1.0', dataDir: h.dir, secp256k1: expect.stringMatching(/secp256k1|noble/) });
    expect(await h.ok('app.revealDataFolder')).toEqual({ path: h.dir, revealed: false });
    expect(await h.ok('app.checkForUpdates')).toMatchObject({ state: 'disabled', currentVersion: '0.1.0' });
  });

  it('resets the cache but never the vault, accounts, journal or settings', async () => {
    const m = tradable(h.venue);
    const acct = await h.account();
    await h.ok('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.02', size: '5' }] });
    await h.ok('settings.set', { confirm: false });
    await h.ok('markets.list', { limit: 5 });
    await h.ok('sync.start');
    await expect.poll(async () => (await h.ok<{ running: boolean }>('sync.status')).running, { timeout: 20_000 }).toBe(false);
    const vault = readFileSync(join(h.dir, 'vault.json'));
    const accounts = await h.ok('accounts.list');
    const journal = await h.ok<unknown[]>('orders.journal', {});
    expect(journal).toHaveLength(1);
    expect((await h.ok<{ kinds: Array<{ done: number }> }>('sync.status')).kinds.some((k) => k.done > 0)).toBe(true);

    const reset = await h.ok<{ removed: string[]; bytes: number }>('cache.reset');
    expect(reset.removed).toContain('cache/cache-local.sqlite');
    expect(reset.bytes).toBeGreaterThan(0);
    // The synced catalog is gone, and the next sync runs at once.
    const after = await h.ok<{ kinds: Array<{ done: number; complete: boolean }> }>('sync.status');
    expect(after.kinds.every((k) => k.done === 0 && !k.complete)).toBe(true);
    expect(readFileSync(join(h.dir, 'vault.json')).equals(vault)).toBe(true);
    expect(await h.ok('accounts.list')).toEqual(accounts);
    expect(await h.ok('orders.journal', {})).toEqual(journal);
    expect(await h.ok('settings.get')).toMatchObject({ confirm: false });
    // The fresh cache fills again from the venue.
    expect((await h.ok<{ data: { rows: unknown[] } }>('markets.list', { limit: 5 })).data.rows).toHaveLength(5);
    expect(await h.ok<{ running: boolean }>('sync.start')).toMatchObject({ running: true });
    await h.ok('orders.cancel', { accountId: acct.id, all: true });
  });
});
