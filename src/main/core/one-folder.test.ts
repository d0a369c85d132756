// Two cores on one data folder (as two apps on it did before the folder's lock kept the second
// out): each changes the vault, profiles.json and settings.json from an older copy, and nothing
// either wrote is lost. Run on real files against the real venue.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { caller, coreFor, coreForFile } from './test-support.js';
import type { Core } from './index.js';

const h = coreForFile();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function twoCores(): Promise<{ dir: string; a: ReturnType<typeof caller>; b: ReturnType<typeof caller>; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-one-folder-'));
  dirs.push(dir);
  const cores: Core[] = [coreFor(dir, h.venue), coreFor(dir, h.venue)];
  return { dir, a: caller(() => cores[0] as Core), b: caller(() => cores[1] as Core), close: async () => void (await Promise.all(cores.map((c) => c.close()))) };
}

describe('two cores on one data folder', () => {
  it('keep both wallet keys: one created in one, one imported in the other', async () => {
    const { dir, a, b, close } = await twoCores();
    await a.ok('accounts.unlock', { passphrase: 'pw' });
    await b.ok('accounts.unlock', { passphrase: 'pw' });
    const created = await a.ok<{ id: string; address: string }>('accounts.createLocal', { label: 'Created' });
    const imported = await b.ok<{ id: string; address: string }>('accounts.import', { privateKey: '66'.repeat(32), label: 'Imported' });
    // Each lists the other's too, and can use it.
    expect((await a.ok<{ accounts: Array<{ id: string }> }>('accounts.list')).accounts.map((x) => x.id).sort()).toEqual([created.id, imported.id].sort());
    await close();

    const later = coreFor(dir, h.venue);
    try {
      const c = caller(() => later);
      await c.ok('accounts.unlock', { passphrase: 'pw' });
      const accounts = (await c.ok<{ accounts: Array<{ id: string; label?: string }> }>('accounts.list')).accounts;
      expect(accounts.map((x) => x.label).sort()).toEqual(['Created', 'Imported']);
      // Both keys are there to sign with: the venue answers each one's signed read.
      for (const x of [created, imported]) expect(await c.ok('orders.open', { accountId: x.id })).toBeDefined();
    } finally {
      await later.close();
    }
    expect(readFileSync(join(dir, 'vault.json'), 'utf8')).not.toContain('66'.repeat(32));
  });

  it('keep both venues added and both settings changed', async () => {
    const { dir, a, b, close } = await twoCores();
    const venue = (name: string) => ({ name, catalogUrl: `https://${name}.example`, tradingUrl: `https://${name}.example`, dataUrl: `https://${name}.example`, headerPrefix: 'SERVICE' });
    await a.ok('profiles.add', venue('first'));
    await b.ok('profiles.add', venue('second'));
    await a.ok('settings.set', { theme: 'dark' });
    await b.ok('settings.set', { tradingOff: true });
    await a.ok('settings.set', { confirm: false });
    expect(await b.ok('settings.get')).toEqual({ tradingOff: true, confirm: false, theme: 'dark', quietHours: null });
    await close();

    const later = coreFor(dir, h.venue);
    try {
      const c = caller(() => later);
      expect((await c.ok<{ profiles: Array<{ name: string }> }>('profiles.list')).profiles.map((p) => p.name).slice(1)).toEqual(['first', 'second']);
      expect(await c.ok('settings.get')).toEqual({ tradingOff: true, confirm: false, theme: 'dark', quietHours: null });
    } finally {
      await later.close();
    }
  });
});
