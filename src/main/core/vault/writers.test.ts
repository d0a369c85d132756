// Two writers on one vault file keep every account either wrote: two vaults in this process that
// each hold an older copy, and two processes adding at the same time (vault-writer.fixture.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PassphraseCipher, Vault } from './vault.js';

const dir = mkdtempSync(join(tmpdir(), 'kairos-vault-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The least scrypt cost the vault reads: these tests are about writes, not key stretching.
const cipher = (): PassphraseCipher => new PassphraseCipher('pw', { logN: 10, r: 8, p: 1 });
const secrets = (n: string) => ({ privateKey: `0x${n.padStart(64, '0')}`, apiKey: `key-${n}`, secret: 'c2VjcmV0', passphrase: `pass-${n}` });
const info = { address: '0x1111111111111111111111111111111111111111', headerPrefix: 'SERVICE' };

describe('two writers on one vault', () => {
  it('two vaults opened on one file, each adding and removing, keep what the other wrote', async () => {
    const path = join(dir, 'two.json');
    const a = Vault.open(path, cipher());
    await a.unlock();
    const b = Vault.open(path, cipher());
    await b.unlock();
    const created = await a.add('local', secrets('1'), { ...info, label: 'created in A' });
    const imported = await b.add('local', secrets('2'), { ...info, label: 'imported in B' });
    const gone = await a.add('local', secrets('3'), info);
    expect(await b.remove(gone.id)).toBe(true);

    const after = Vault.open(path, cipher());
    await after.unlock();
    expect(after.list().map((x) => x.label).sort()).toEqual(['created in A', 'imported in B']);
    expect(after.secretsOf(created.id).use((s) => s.privateKey)).toBe(secrets('1').privateKey);
    expect(after.secretsOf(imported.id).use((s) => s.privateKey)).toBe(secrets('2').privateKey);
    // Each sees the other's account without reopening.
    expect(a.list().map((x) => x.id).sort()).toEqual([created.id, imported.id].sort());
    expect(a.secretsOf(imported.id).use((s) => s.apiKey)).toBe('key-2');
    expect(readdirSync(dir).filter((f) => f.startsWith('two.json.'))).toEqual([]);
  });

  it('a vault made by another writer between the open and the unlock is opened, not written over', async () => {
    const path = join(dir, 'made.json');
    const late = Vault.open(path, cipher());
    const first = Vault.open(path, cipher());
    await first.unlock();
    const kept = await first.add('local', secrets('4'), info);
    await late.unlock();
    expect(late.secretsOf(kept.id).use((s) => s.apiKey)).toBe('key-4');
  });

  it('two processes adding at once keep all of each one’s accounts', async () => {
    const path = join(dir, 'procs.json');
    const v = Vault.open(path, cipher());
    await v.unlock();
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const writer = (tag: string) =>
      new Promise<number | null>((done) => {
        const child = spawn(process.execPath, ['--import', tsx, resolve('src/main/core/vault/vault-writer.fixture.ts'), path, tag, '15'], {
          stdio: ['ignore', 'inherit', 'inherit'],
          env: { ...process.env, TSX_TSCONFIG_PATH: resolve('tsconfig.json') },
        });
        child.once('exit', done);
      });
    expect(await Promise.all([writer('p'), writer('q')])).toEqual([0, 0]);
    const after = Vault.open(path, cipher());
    await after.unlock();
    const labels = after.list().map((x) => x.label as string);
    expect(labels).toHaveLength(30);
    for (const tag of ['p', 'q']) for (let i = 0; i < 15; i++) expect(labels).toContain(`${tag}${i}`);
    for (const a of after.list()) expect(after.secretsOf(a.id).use((s) => s.apiKey)).toBe(`key-${a.label as string}`);
  }, 60_000);
});
