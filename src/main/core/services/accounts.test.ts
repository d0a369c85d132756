// The vault's accounts through the core: secrets stay in main and encrypted at rest, a wrong
// passphrase is refused, and requests are signed on the venue's clock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caller, coreFor, coreForFile, startCore } from '../test-support.js';

const h = coreForFile();

describe('accounts', () => {
  it('are created only with the vault unlocked, and never show a secret', async () => {
    expect((await h.fails('accounts.createLocal')).code).toBe('VAULT_LOCKED');
    const acct = await h.account('Paper');
    expect(acct.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const listed = await h.ok<{ locked: boolean; accounts: Array<{ label?: string }> }>('accounts.list');
    expect(listed.locked).toBe(false);
    expect(listed.accounts.map((a) => a.label)).toContain('Paper');
    expect(JSON.stringify(listed)).not.toMatch(/privateKey|secret|passphrase/);
    expect(readFileSync(join(h.dir, 'vault.json'), 'utf8')).not.toMatch(/"privateKey"|"passphrase"|"secret"/);
    expect(await h.ok('accounts.lock')).toEqual({ locked: true });
    expect((await h.fails('accounts.import', { privateKey: '22'.repeat(32) })).code).toBe('VAULT_LOCKED');
  });

  it('refuses a wrong passphrase and stays usable', async () => {
    await h.account();
    const other = coreFor(h.dir, h.venue);
    try {
      const o = caller(() => other);
      expect((await o.fails('accounts.unlock', { passphrase: 'wrong' })).code).toBe('WRONG_PASSPHRASE');
      expect(await o.ok('accounts.unlock', { passphrase: 'pw' })).toEqual({ locked: false });
    } finally {
      other.close();
    }
  });

  it('import a wallet key (with new API credentials from the venue) and remove it', async () => {
    await h.ok('accounts.unlock', { passphrase: 'pw' });
    const acct = await h.ok<{ id: string; label?: string }>('accounts.import', { privateKey: '11'.repeat(32), label: 'Imported' });
    expect(acct.label).toBe('Imported');
    expect(await h.ok('accounts.remove', { id: acct.id })).toEqual({ removed: true });
    expect((await h.fails('orders.open', { accountId: acct.id })).code).toBe('NO_ACCOUNT');
  });
});

describe('clock skew', () => {
  it('signs on the venue’s clock, learned from /time, when this machine is two minutes off', async () => {
    const ahead = await startCore({ venue: { now: () => Date.now() + 120_000 } });
    try {
      const acct = await ahead.account();
      const bal = await ahead.ok<{ data: { balance: string } }>('portfolio.balance', { accountId: acct.id });
      expect(bal.data.balance).toBe('10000');
    } finally {
      await ahead.close();
    }
  });
});
