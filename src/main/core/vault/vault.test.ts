// The key vault on real files: round trip, lock, wrong passphrase, tampering, file mode.
import { createCipheriv, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { DamagedFile } from '../data-files.js';
import { CHEAP_SCRYPT } from '../test-support.js';
import { PassphraseCipher, SCRYPT_PARAMS, SCRYPT_PARAMS_V1, Vault, VaultError, type ScryptParams } from './vault.js';

const dir = mkdtempSync(join(tmpdir(), 'kairos-vault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRETS = { privateKey: `0x${'ab'.repeat(32)}`, apiKey: 'key-1', secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=', passphrase: 'f'.repeat(64) };

/** A passphrase's cipher; new keys are wrapped cheaply unless the test is about the cost. */
const cipher = (passphrase = 'pw', params: ScryptParams = CHEAP_SCRYPT): PassphraseCipher => new PassphraseCipher(passphrase, params);

async function fresh(name: string, params?: ScryptParams): Promise<Vault> {
  const v = Vault.open(join(dir, name), cipher('pw', params));
  await v.unlock();
  await v.add('local', SECRETS, { address: '0x1111111111111111111111111111111111111111', headerPrefix: 'SERVICE', label: 'Paper' }, 1);
  return v;
}

const code = async (p: Promise<unknown>): Promise<string | undefined> => p.then(() => undefined, (e: unknown) => (e instanceof VaultError ? e.code : String(e)));

describe('vault', () => {
  it('round-trips secrets, lists summaries while locked, and keeps profiles apart', async () => {
    const v = await fresh('a.json');
    await v.add('remote-1', { ...SECRETS, apiKey: 'key-2' }, { address: '0x2222222222222222222222222222222222222222', headerPrefix: 'POLY' }, 2);
    const again = Vault.open(join(dir, 'a.json'), cipher());
    expect(again.isLocked()).toBe(true);
    expect(again.list('local').map((a) => a.apiKey)).toEqual(['key-1']);
    expect(again.list('remote-1').map((a) => a.headerPrefix)).toEqual(['POLY']);
    expect(() => again.secretsOf(again.list()[0]?.id as string)).toThrow(VaultError);
    await again.unlock();
    expect(again.secretsOf(again.list('local')[0]?.id as string).use((s) => s)).toEqual(SECRETS);
    expect(statSync(join(dir, 'a.json')).mode & 0o777).toBe(0o600);
    again.lock();
    expect(() => again.secretsOf(again.list()[0]?.id as string)).toThrow(/locked/);
    await again.unlock();
    expect(await again.remove(again.list('remote-1')[0]?.id as string)).toBe(true);
    expect(again.list()).toHaveLength(1);
  });

  it('never prints a secret', async () => {
    const v = await fresh('b.json');
    const box = v.secretsOf(v.list()[0]?.id as string);
    for (const text of [JSON.stringify({ box }), String(box), inspect(box), JSON.stringify(v.list())]) {
      expect(text).not.toContain(SECRETS.privateKey);
      expect(text).not.toContain(SECRETS.secret);
      expect(text).not.toContain(SECRETS.passphrase);
    }
    const file = readFileSync(join(dir, 'b.json'), 'utf8');
    expect(file).not.toContain(SECRETS.privateKey.slice(2));
    expect(file).not.toContain(SECRETS.passphrase);
  });

  it('refuses a wrong passphrase, a tampered secret and a tampered summary', async () => {
    await fresh('c.json');
    expect(await code(Vault.open(join(dir, 'c.json'), cipher('nope')).unlock())).toBe('WRONG_PASSPHRASE');
    const original = readFileSync(join(dir, 'c.json'), 'utf8');
    const file = JSON.parse(original) as { data: string; accounts: Array<{ label: string }> };
    const flipped = Buffer.from(file.data, 'base64');
    flipped[0] = (flipped[0] as number) ^ 1;
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...file, data: flipped.toString('base64') }));
    expect(await code(Vault.open(join(dir, 'c.json'), cipher()).unlock())).toBe('VAULT_CORRUPT');
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...file, accounts: file.accounts.map((a) => ({ ...a, label: 'Evil' })) }));
    expect(await code(Vault.open(join(dir, 'c.json'), cipher()).unlock())).toBe('VAULT_CORRUPT');
  });

  it('moves a file it cannot read aside, whole, says so, and starts empty', async () => {
    await fresh('h.json');
    const torn = readFileSync(join(dir, 'h.json'), 'utf8').slice(0, 40);
    writeFileSync(join(dir, 'h.json'), torn);
    const told: DamagedFile[] = [];
    const v = Vault.open(join(dir, 'h.json'), cipher(), (d) => told.push(d));
    expect(v.exists()).toBe(false);
    expect(v.list()).toEqual([]);
    expect(told).toEqual([{ file: 'h.json', aside: expect.stringMatching(/h\.json\.damaged-/), what: expect.stringMatching(/moved file keeps them/), at: expect.any(Number) }]);
    expect(readFileSync(told[0]?.aside as string, 'utf8')).toBe(torn);
    expect(existsSync(join(dir, 'h.json'))).toBe(false);
  });

  it('a leftover temp file from a crash does not get in the way', async () => {
    writeFileSync(join(dir, `d.json.${process.pid}.tmp`), 'half a vault');
    const v = await fresh('d.json');
    const again = Vault.open(join(dir, 'd.json'), cipher());
    await again.unlock();
    expect(again.list()).toHaveLength(1);
    expect(v.list()).toHaveLength(1);
  });

  it('wraps new keys with scrypt N = 2^17 off the main thread, and still opens vaults wrapped with the old cost', async () => {
    const wrapped = (name: string) => Buffer.from((JSON.parse(readFileSync(join(dir, name), 'utf8')) as { wrappedKey: string }).wrappedKey, 'base64');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await fresh('e.json', SCRYPT_PARAMS);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
    const params = PassphraseCipher.paramsOf(wrapped('e.json'));
    expect({ N: 2 ** params.logN, r: params.r, p: params.p }).toEqual({ N: 131072, r: 8, p: 1 });

    // A key wrapped as before parameters were recorded: format 1, scrypt N = 2^15.
    const oldCipher = {
      kind: 'passphrase-scrypt',
      isAvailable: () => true,
      encrypt: async (plain: Uint8Array) => {
        const salt = randomBytes(16);
        const iv = randomBytes(12);
        const c = createCipheriv('aes-256-gcm', scryptSync('pw', salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }), iv);
        const body = Buffer.concat([c.update(plain), c.final()]);
        return Buffer.concat([Buffer.from([1]), salt, iv, c.getAuthTag(), body]);
      },
      decrypt: async () => {
        throw new Error('unused');
      },
    };
    const old = Vault.open(join(dir, 'f.json'), oldCipher);
    await old.unlock();
    await old.add('local', SECRETS, { address: '0x1111111111111111111111111111111111111111', headerPrefix: 'SERVICE' }, 1);
    expect(wrapped('f.json')[0]).toBe(1);
    expect(PassphraseCipher.paramsOf(wrapped('f.json'))).toEqual(SCRYPT_PARAMS_V1);
    expect(await code(Vault.open(join(dir, 'f.json'), cipher('nope')).unlock())).toBe('WRONG_PASSPHRASE');
    const again = Vault.open(join(dir, 'f.json'), cipher('pw', SCRYPT_PARAMS));
    await again.unlock();
    expect(again.secretsOf(again.list()[0]?.id as string).use((s) => s)).toEqual(SECRETS);
    // The next write wraps the key at the new cost.
    await again.add('local', { ...SECRETS, apiKey: 'key-2' }, { address: '0x2222222222222222222222222222222222222222', headerPrefix: 'SERVICE' }, 2);
    expect(PassphraseCipher.paramsOf(wrapped('f.json')).logN).toBe(17);
  });

  it('refuses recorded scrypt parameters out of bounds as damaged', async () => {
    await fresh('g.json');
    const file = JSON.parse(readFileSync(join(dir, 'g.json'), 'utf8')) as { wrappedKey: string };
    const key = Buffer.from(file.wrappedKey, 'base64');
    key[1] = 30;
    writeFileSync(join(dir, 'g.json'), JSON.stringify({ ...file, wrappedKey: key.toString('base64') }));
    expect(await code(Vault.open(join(dir, 'g.json'), cipher()).unlock())).toBe('VAULT_CORRUPT');
  });
});
