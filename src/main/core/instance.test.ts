// The app's data-folder lock: a live holder refuses a second app with its pid and where it is;
// a lock its holder left behind by dying is taken over; only the holder's own lock is released.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlreadyRunning, APP_LOCK, lockAppFolder } from './instance.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-instance-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('lockAppFolder', () => {
  it('refuses a second app while the first lives, naming its pid and what it noted', () => {
    const dir = tempDir();
    writeFileSync(join(dir, APP_LOCK), '4242\nat http://127.0.0.1:5173/#token=t\n');
    const second = (): unknown => lockAppFolder(dir, (pid) => pid === 4242);
    expect(second).toThrow(AlreadyRunning);
    expect(second).toThrow(`Kairos is already running on the data folder ${dir} (pid 4242, at http://127.0.0.1:5173/#token=t): use that one`);
    // Refused, it leaves the holder's lock as it was.
    expect(readFileSync(join(dir, APP_LOCK), 'utf8')).toBe('4242\nat http://127.0.0.1:5173/#token=t\n');
  });

  it('names the pid alone while the first has not noted where it is', () => {
    const dir = tempDir();
    writeFileSync(join(dir, APP_LOCK), '4242\n');
    expect(() => lockAppFolder(dir, () => true)).toThrow(`(pid 4242): use that one`);
  });

  it('takes over a lock whose holder died, notes where it is, and releases only its own', () => {
    const dir = tempDir();
    const file = join(dir, APP_LOCK);
    writeFileSync(file, '4242\nat http://127.0.0.1:1/\n');
    const lock = lockAppFolder(dir, () => false);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    lock.note('at http://127.0.0.1:2/#token=x');
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\nat http://127.0.0.1:2/#token=x\n`);
    lock.release();
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
    // A lock another process took since is not this one's to remove.
    const again = lockAppFolder(dir);
    writeFileSync(file, '4343\n');
    again.release();
    expect(readFileSync(file, 'utf8')).toBe('4343\n');
  });
});
