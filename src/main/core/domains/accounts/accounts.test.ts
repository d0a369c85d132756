// The vault's accounts through the core: secrets stay in main and encrypted at rest, a wrong
// passphrase is refused, and requests are signed on the venue's clock.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SecretCipher } from '../../ports.js';
import { CHEAP_SCRYPT, caller, coreFor, coreForFile, startCore } from '../../test-support.js';
import { PassphraseCipher, SCRYPT_PARAMS } from '../../vault/vault.js';
import { startTestVenue } from '../../../../venue/test-support.js';

const h = coreForFile();

describe('accounts', () => {
  it('are created only with the vault unlocked, and never show a secret', async () => {
    expect((await h.fails('accounts.createLocal')).code).toBe('VAULT_LOCKED');
    const acct = await h.account('Paper');
    expect(acct.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const listed = await h.ok<{ locked: boolean; accounts: Array<{ label?: string }>; vault: unknown }>('accounts.list');
    expect(listed.locked).toBe(false);
    expect(listed.accounts.map((a) => a.label)).toContain('Paper');
    expect(JSON.stringify(listed.accounts)).not.toMatch(/privateKey|secret|passphrase/);
    // Besides the accounts, only how the vault is kept: no key material.
    expect(Object.keys(listed).sort()).toEqual(['accounts', 'locked', 'vault']);
    expect(listed.vault).toEqual({ exists: true, protection: 'passphrase', keychain: false });
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

describe('a new world on the venue', () => {
  it('refuses the old API key; the account renews it from its wallet key and trades again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kairos-renew-'));
    let venue = await startTestVenue();
    // Moved past the open orders' freshness whenever they must be asked again.
    let skew = 0;
    const core = coreFor(dataDir, venue, { clock: { now: () => Date.now() + skew } });
    const c = caller(() => core);
    try {
      await c.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await c.ok<{ id: string; address: string; apiKey: string }>('accounts.createLocal', { label: 'Paper' });
      await c.ok('orders.open', { accountId: acct.id });
      // The same address, a world made anew: the credentials it held are unknown there.
      await venue.stop();
      venue = await startTestVenue({ port: venue.port });
      skew += 600_000;
      expect(await c.fails('orders.open', { accountId: acct.id })).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/unknown API key/) });
      skew = 0;
      const renewed = await c.ok<{ id: string; address: string; apiKey: string }>('accounts.renewKeys', { id: acct.id });
      expect(renewed).toMatchObject({ id: acct.id, address: acct.address });
      expect(renewed.apiKey).not.toBe(acct.apiKey);
      await c.ok('cache.reset');
      expect((await c.ok<{ stale: boolean }>('orders.open', { accountId: acct.id })).stale).toBe(false);
      expect((await c.ok<{ accounts: Array<{ id: string; apiKey: string }> }>('accounts.list')).accounts).toEqual([expect.objectContaining({ id: acct.id, apiKey: renewed.apiKey })]);
      // Locked, nothing is asked of the venue.
      await c.ok('accounts.lock');
      expect((await c.fails('accounts.renewKeys', { id: acct.id })).code).toBe('VAULT_LOCKED');
    } finally {
      core.close();
      await venue.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the key derivation cost', () => {
  const wrappedIn = (dir: string) => Buffer.from((JSON.parse(readFileSync(join(dir, 'vault.json'), 'utf8')) as { wrappedKey: string }).wrappedKey, 'base64');

  it('is the one the core was given, and the full cost when none was', async () => {
    expect(PassphraseCipher.paramsOf(wrappedIn(h.dir))).toEqual(CHEAP_SCRYPT);
    const dir = mkdtempSync(join(tmpdir(), 'kairos-scrypt-'));
    const core = coreFor(dir, h.venue, { scrypt: undefined });
    try {
      await caller(() => core).ok('accounts.unlock', { passphrase: 'pw' });
      expect(PassphraseCipher.paramsOf(wrappedIn(dir))).toEqual(SCRYPT_PARAMS);
    } finally {
      core.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Stands in for the OS keychain: reversible, and available only when `on` is set. */
class FakeKeychain implements SecretCipher {
  readonly kind = 'electron-safe-storage';
  on = false;
  /** The keychain is there but refuses to encrypt (a locked login keyring). */
  refuses = false;
  isAvailable(): boolean {
    return this.on;
  }
  async encrypt(plain: Uint8Array): Promise<Uint8Array> {
    if (!this.on || this.refuses) throw new Error('no keychain');
    return Buffer.from(plain).map((b) => b ^ 0x5a);
  }
  async decrypt(sealed: Uint8Array): Promise<Uint8Array> {
    if (!this.on) throw new Error('no keychain');
    return Buffer.from(sealed).map((b) => b ^ 0x5a);
  }
}

describe('the cipher a vault was made with', () => {
  /** A core on its own folder whose host has a keychain, there or not, as the app does. */
  const withKeychain = async (fn: (run: (body: (o: ReturnType<typeof caller>) => Promise<void>) => Promise<void>, keychain: FakeKeychain, dir: string) => Promise<void>) => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-cipher-'));
    const keychain = new FakeKeychain();
    try {
      await fn(async (body) => {
        const core = coreFor(dir, h.venue, { keychain });
        try {
          await body(caller(() => core));
        } finally {
          core.close();
        }
      }, keychain, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const recorded = (dir: string) => (JSON.parse(readFileSync(join(dir, 'vault.json'), 'utf8')) as { cipher: string }).cipher;
  const listed = async (o: ReturnType<typeof caller>) => o.ok<{ locked: boolean; accounts: Array<{ id: string; label?: string }>; vault: { exists: boolean; protection: string; keychain: boolean } }>('accounts.list');

  it('a passphrase vault still opens with its passphrase once a keychain appears', async () => {
    await withKeychain(async (run, keychain, dir) => {
      await run(async (o) => {
        await o.ok('accounts.unlock', { passphrase: 'pw' });
        await o.ok('accounts.import', { privateKey: '31'.repeat(32), label: 'Before' });
      });
      expect(recorded(dir)).toBe('passphrase-scrypt');
      keychain.on = true;
      await run(async (o) => {
        // The keychain is offered, not taken: the vault stays as the user made it.
        expect((await listed(o)).vault).toEqual({ exists: true, protection: 'passphrase', keychain: true });
        expect((await o.fails('accounts.unlock', {})).field).toBe('passphrase');
        expect((await o.fails('accounts.unlock', { passphrase: 'wrong' })).code).toBe('WRONG_PASSPHRASE');
        expect(await o.ok('accounts.unlock', { passphrase: 'pw' })).toEqual({ locked: false });
        expect((await listed(o)).accounts.map((a) => a.label)).toEqual(['Before']);
        await o.ok('accounts.import', { privateKey: '32'.repeat(32), label: 'After' });
      });
      expect(recorded(dir)).toBe('passphrase-scrypt');
      await run(async (o) => {
        expect((await o.fails('accounts.unlock', {})).code).toBe('INVALID_INPUT');
        expect(await o.ok('accounts.unlock', { passphrase: 'pw' })).toEqual({ locked: false });
        expect((await listed(o)).accounts.map((a) => a.label)).toEqual(['Before', 'After']);
      });
    });
  });

  it('a keychain vault opens with the keychain, and says so when the keychain is gone', async () => {
    await withKeychain(async (run, keychain, dir) => {
      keychain.on = true;
      await run(async (o) => {
        await o.ok('accounts.unlock', { passphrase: 'pw' });
        await o.ok('accounts.import', { privateKey: '33'.repeat(32), label: 'Keychain' });
      });
      expect(recorded(dir)).toBe('electron-safe-storage');
      await run(async (o) => {
        expect((await listed(o)).vault).toEqual({ exists: true, protection: 'keychain', keychain: true });
        expect(await o.ok('accounts.unlock', {})).toEqual({ locked: false });
        expect((await listed(o)).accounts.map((a) => a.label)).toEqual(['Keychain']);
        expect(await o.ok('accounts.lock')).toEqual({ locked: true });
        // A passphrase typed anyway changes nothing: the keychain opens it.
        expect(await o.ok('accounts.unlock', { passphrase: 'anything' })).toEqual({ locked: false });
      });
      keychain.on = false;
      await run(async (o) => {
        const e = await o.fails('accounts.unlock', { passphrase: 'pw' });
        expect(e.code).toBe('VAULT_LOCKED');
        expect(e.message).toMatch(/keychain/);
      });
      expect(recorded(dir)).toBe('electron-safe-storage');
    });
  });
});

describe('moving a passphrase vault to the keychain', () => {
  const recorded = (dir: string) => (JSON.parse(readFileSync(join(dir, 'vault.json'), 'utf8')) as { cipher: string }).cipher;
  type Listed = { locked: boolean; accounts: Array<{ id: string; label?: string }>; vault: { exists: boolean; protection: string; keychain: boolean } };

  it('rewraps the key with the keychain: it then opens without a passphrase and keeps every account and its secrets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-move-'));
    const keychain = new FakeKeychain();
    const open = () => coreFor(dir, h.venue, { keychain });
    let core = open();
    const o = caller(() => core);
    try {
      await o.ok('accounts.unlock', { passphrase: 'pw' });
      const a = await o.ok<{ id: string }>('accounts.import', { privateKey: '51'.repeat(32), label: 'A' });
      await o.ok('accounts.import', { privateKey: '52'.repeat(32), label: 'B' });
      expect((await o.ok<Listed>('accounts.list')).vault).toEqual({ exists: true, protection: 'passphrase', keychain: false });
      // No keychain yet: refused in words, the vault as it was.
      const none = await o.fails('accounts.moveToKeychain');
      expect(none.code).toBe('NOT_OFFERED');
      expect(none.message).toMatch(/no OS keychain/);
      expect(recorded(dir)).toBe('passphrase-scrypt');

      keychain.on = true;
      await o.ok('accounts.lock');
      expect((await o.fails('accounts.moveToKeychain')).code).toBe('VAULT_LOCKED');
      await o.ok('accounts.unlock', { passphrase: 'pw' });
      // A keychain that fails to wrap leaves the passphrase vault whole.
      keychain.refuses = true;
      expect(await o.fails('accounts.moveToKeychain')).toMatchObject({ code: 'INTERNAL', message: 'the system keychain did not take the vault (no keychain); it stays protected by its passphrase' });
      expect(recorded(dir)).toBe('passphrase-scrypt');
      keychain.refuses = false;

      const before = readFileSync(join(dir, 'vault.json'), 'utf8');
      expect(await o.ok('accounts.moveToKeychain')).toEqual({ exists: true, protection: 'keychain', keychain: true });
      expect(recorded(dir)).toBe('electron-safe-storage');
      expect(JSON.parse(readFileSync(join(dir, 'vault.json'), 'utf8')).accounts).toEqual(JSON.parse(before).accounts);
      // Still open, and a second move changes nothing.
      expect((await o.ok<Listed>('accounts.list')).locked).toBe(false);
      expect(await o.ok('accounts.moveToKeychain')).toEqual({ exists: true, protection: 'keychain', keychain: true });

      // A new start: no passphrase needed, every account there, its secrets still signing.
      core.close();
      core = open();
      expect((await o.ok<Listed>('accounts.list')).vault).toEqual({ exists: true, protection: 'keychain', keychain: true });
      expect(await o.ok('accounts.unlock', {})).toEqual({ locked: false });
      expect((await o.ok<Listed>('accounts.list')).accounts.map((x) => x.label)).toEqual(['A', 'B']);
      const balance = await o.ok<{ data: { balance: string } }>('portfolio.balance', { accountId: a.id });
      expect(balance.data.balance).toBe('10000');
      // The old passphrase is no longer what opens it: the keychain is.
      keychain.on = false;
      core.close();
      core = open();
      expect((await o.fails('accounts.unlock', { passphrase: 'pw' })).code).toBe('VAULT_LOCKED');
    } finally {
      core.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('wrong passphrases', () => {
  it('are answered ever more slowly (0, 1, 2, 4 … s, capped), one at a time, until the right one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-delay-'));
    const waits: number[] = [];
    let release: (() => void) | undefined;
    let hold = false;
    const sleep = (ms: number) => {
      waits.push(ms);
      return hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    };
    const core = coreFor(dir, h.venue, { sleep });
    const o = caller(() => core);
    try {
      await o.ok('accounts.unlock', { passphrase: 'pw' });
      for (let i = 0; i < 4; i++) expect((await o.fails('accounts.unlock', { passphrase: 'wrong' })).code).toBe('WRONG_PASSPHRASE');
      expect(waits).toEqual([0, 1000, 2000, 4000]);
      await o.ok('accounts.unlock', { passphrase: 'pw' });
      waits.length = 0;
      for (let i = 0; i < 9; i++) await o.fails('accounts.unlock', { passphrase: 'wrong' });
      expect(waits).toEqual([0, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);

      // While a wrong answer is held back, the next attempt waits its turn.
      hold = true;
      const wrong = o.fails('accounts.unlock', { passphrase: 'wrong' });
      let rightDone = false;
      const right = o.ok('accounts.unlock', { passphrase: 'pw' }).then(() => (rightDone = true));
      await vi.waitFor(() => expect(release).toBeDefined());
      await new Promise((r) => setTimeout(r, 50));
      expect(rightDone).toBe(false);
      release?.();
      expect((await wrong).code).toBe('WRONG_PASSPHRASE');
      await right;
      expect(rightDone).toBe(true);
      hold = false;
      waits.length = 0;
      await o.fails('accounts.unlock', { passphrase: 'wrong' });
      expect(waits).toEqual([0]);
    } finally {
      core.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the first passphrase', () => {
  it('needs 10 characters or 4 words to start a vault, and is not asked of a vault that exists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-strength-'));
    const core = coreFor(dir, h.venue, { weakPassphrases: false });
    const o = caller(() => core);
    try {
      for (const weak of ['pw', 'short pw', '123456789', 'a b c']) {
        const e = await o.fails('accounts.unlock', { passphrase: weak });
        expect(e.code).toBe('INVALID_INPUT');
        expect(e.field).toBe('passphrase');
        expect(e.message).toMatch(/10 characters.*4 words/);
        expect(existsSync(join(dir, 'vault.json'))).toBe(false);
      }
      expect(await o.ok('accounts.list')).toMatchObject({ locked: true, vault: { exists: false, protection: 'passphrase', keychain: false } });
      expect((await o.fails('accounts.unlock', {})).message).toMatch(/choose a passphrase/);
      expect(await o.ok('accounts.unlock', { passphrase: 'a b c d' })).toEqual({ locked: false });
      expect(await o.ok('accounts.list')).toMatchObject({ locked: false, vault: { exists: true, protection: 'passphrase' } });
      expect(existsSync(join(dir, 'vault.json'))).toBe(true);
      expect((await o.fails('accounts.unlock', { passphrase: 'pw' })).code).toBe('WRONG_PASSPHRASE');
      expect(await o.ok('accounts.unlock', { passphrase: 'a b c d' })).toEqual({ locked: false });
      rmSync(join(dir, 'vault.json'));
      expect(await o.ok('accounts.unlock', { passphrase: '0123456789' })).toEqual({ locked: false });
    } finally {
      core.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not asked for when the keychain wraps a new vault', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-strength-'));
    const keychain = new FakeKeychain();
    keychain.on = true;
    const core = coreFor(dir, h.venue, { weakPassphrases: false, keychain });
    try {
      const o = caller(() => core);
      expect(await o.ok('accounts.list')).toMatchObject({ vault: { exists: false, protection: 'keychain', keychain: true } });
      expect(await o.ok('accounts.unlock', {})).toEqual({ locked: false });
      expect(await o.ok('accounts.unlock', { passphrase: 'x' })).toEqual({ locked: false });
    } finally {
      core.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('importing API credentials', () => {
  const apiKey = '2f1c0e8a-5b7d-4c3e-9a61-0d4e8b7f3a12';
  const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i * 3));
  const passphrase = 'ab'.repeat(32);

  it('checks the API key, secret and passphrase as typed, naming the field, and stores nothing wrong', async () => {
    await h.ok('accounts.unlock', { passphrase: 'pw' });
    const count = async () => (await h.ok<{ accounts: unknown[] }>('accounts.list')).accounts.length;
    const before = await count();
    const good = { privateKey: '44'.repeat(32), apiKey, secret: bytes.toString('base64'), passphrase };
    const refused: Array<[string, Record<string, string | undefined>]> = [
      ['apiKey', { apiKey: 'not-a-key' }],
      ['secret', { secret: 'c2VjcmV0' }], // base64, but 6 bytes
      ['secret', { secret: `${bytes.toString('base64').slice(0, 40)}!!!=` }],
      ['secret', { secret: Buffer.alloc(48).toString('base64') }],
      ['passphrase', { passphrase: 'ab'.repeat(31) }],
      ['passphrase', { passphrase: 'zz'.repeat(32) }],
      // All three or none: a part of them is not quietly replaced by new ones from the venue.
      ['secret', { secret: undefined, passphrase: undefined }],
      ['apiKey', { apiKey: undefined }],
    ];
    const words: Record<string, string> = { apiKey: 'The API key ', secret: 'The API secret ', passphrase: 'The API passphrase ' };
    for (const [field, patch] of refused) {
      const e = await h.fails('accounts.import', { ...good, ...patch });
      expect([e.code, e.field]).toEqual(['INVALID_INPUT', field]);
      // The field in words, never the call's internal name.
      expect(e.message.startsWith(words[field] as string), e.message).toBe(true);
      expect(e.message).not.toMatch(/accounts\.import|secret:/);
    }
    expect((await h.fails('accounts.import', { ...good, secret: 'c2VjcmV0' })).message).toBe('The API secret is not valid base64 of 32 bytes: expected 43 characters (standard or url-safe alphabet), or 44 ending in "="');
    expect((await h.fails('accounts.import', { ...good, privateKey: '12' })).message).toMatch(/^The wallet private key is not valid: expected 64 hex characters/);
    expect(await count()).toBe(before);
    // Standard or url-safe alphabet, with or without the padding.
    const forms = [bytes.toString('base64'), bytes.toString('base64url'), `${bytes.toString('base64url')}=`, bytes.toString('base64').replace(/=$/, '')];
    for (const secret of forms) {
      const a = await h.ok<{ id: string; apiKey: string }>('accounts.import', { ...good, secret });
      expect(a.apiKey).toBe(apiKey);
      await h.ok('accounts.remove', { id: a.id });
    }
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
