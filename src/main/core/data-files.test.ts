// The data files' write lock and what is done with a damaged file: a lock left by a process that
// died, or held far longer than any write takes, is taken over; one a live writer holds is waited
// for and then refused in words; a damaged file is moved aside, never over another one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setAside, withFileLock, type DamagedFile } from './data-files.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-data-files-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A pid no process has: one that has just exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid as number;

describe('withFileLock', () => {
  it('holds <file>.lock while it runs and removes it after, also when the write throws', () => {
    const path = join(tempDir(), 'settings.json');
    expect(withFileLock(path, () => readFileSync(`${path}.lock`, 'utf8'))).toBe(`${process.pid}\n`);
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(() => withFileLock(path, () => { throw new Error('no room'); })).toThrow('no room');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('takes over a lock whose holder died', () => {
    const path = join(tempDir(), 'profiles.json');
    writeFileSync(`${path}.lock`, `${deadPid()}\n`);
    expect(withFileLock(path, () => 'written')).toBe('written');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('waits for a live holder, then refuses in words, changing nothing', () => {
    const path = join(tempDir(), 'vault.json');
    writeFileSync(`${path}.lock`, `${process.ppid}\n`);
    let ran = false;
    expect(() => withFileLock(path, () => (ran = true), 50)).toThrow(`${path} is being written by another process (pid ${process.ppid}) for over 0.05 s; nothing was changed, try again`);
    expect(ran).toBe(false);
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('takes over a lock held far longer than a write takes (a pid reused after a crash)', () => {
    const path = join(tempDir(), 'vault.json');
    writeFileSync(`${path}.lock`, `${process.ppid}\n`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, old, old);
    expect(withFileLock(path, () => 'written', 50)).toBe('written');
  });

  it('refuses to be taken again inside itself rather than take its own lock over', () => {
    const path = join(tempDir(), 'settings.json');
    expect(() => withFileLock(path, () => withFileLock(path, () => 'inner'))).toThrow(/already locked by this write/);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});

describe('setAside', () => {
  it('moves the file whole under a name of its time, never over one moved before, and tells', () => {
    const dir = tempDir();
    const path = join(dir, 'settings.json');
    const told: DamagedFile[] = [];
    const at = Date.UTC(2030, 0, 2, 3, 4, 5);
    writeFileSync(path, 'first');
    expect(setAside(path, 'defaults used', (d) => told.push(d), at)).toBe(`${path}.damaged-2030-01-02T03-04-05-000Z`);
    writeFileSync(path, 'second');
    expect(setAside(path, 'defaults used', (d) => told.push(d), at)).toBe(`${path}.damaged-2030-01-02T03-04-05-000Z-2`);
    expect(readFileSync(`${path}.damaged-2030-01-02T03-04-05-000Z`, 'utf8')).toBe('first');
    expect(readFileSync(`${path}.damaged-2030-01-02T03-04-05-000Z-2`, 'utf8')).toBe('second');
    expect(told.map((d) => [d.file, d.what, d.at])).toEqual([['settings.json', 'defaults used', at], ['settings.json', 'defaults used', at]]);
    expect(existsSync(path)).toBe(false);
  });
});
