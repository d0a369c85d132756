// How the data folder's small documents (the vault, profiles.json, settings.json) are written
// and what happens to one that cannot be read. A write is read-modify-write under the file's
// lock: the change is applied to what is on disk now, never to an older copy, so no writer drops
// what another wrote. The new text is written aside and renamed over the file, so a crash leaves
// the old version or the new one, never half of one. A file that cannot be read is moved aside
// (never deleted) and told as a DamagedFile, naming it and what was lost or kept.
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { takePidLock, type LockHolder } from '../../native/pid-lock.js';

/** A data file that could not be read and was moved aside. */
export interface DamagedFile {
  /** The file's name in the data folder (`settings.json`). */
  file: string;
  /** Where it now is (its full path). */
  aside: string;
  /** What the app goes on with, and what the moved file still holds. */
  what: string;
  at: number;
}
export type OnDamaged = (damaged: DamagedFile) => void;

export function writeAtomic(path: string, data: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, path);
}

/** What identifies one version of a file (undefined when there is none): every write renames, which changes it. */
export function fileStamp(path: string): string | undefined {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return undefined;
  }
}

class Busy extends Error {
  constructor(readonly holder: LockHolder) {
    super('busy');
  }
}

/** A writer holds a lock for milliseconds; one this old was left by a process that died. */
const LOCK_STALE_MS = 10_000;
const held = new Set<string>();
const pause = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `fn` holding `<path>.lock`, waiting up to `waitMs` for another process to finish its
 * write. `fn` is synchronous: the lock is never held across an await.
 */
export function withFileLock<T>(path: string, fn: () => T, waitMs = 5_000): T {
  // The lock names a process, not a caller: taken again inside itself it would be taken over.
  if (held.has(path)) throw new Error(`${path} is already locked by this write`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    let lock;
    try {
      lock = takePidLock(`${path}.lock`, (holder) => new Busy(holder), { staleAfterMs: LOCK_STALE_MS });
    } catch (err) {
      if (!(err instanceof Busy)) throw err;
      if (Date.now() >= deadline) {
        throw new Error(`${path} is being written by another process (pid ${err.holder.pid}) for over ${waitMs / 1000} s; nothing was changed, try again`, { cause: err });
      }
      pause(10);
      continue;
    }
    held.add(path);
    try {
      return fn();
    } finally {
      held.delete(path);
      lock.release();
    }
  }
}

/**
 * Moves a damaged file aside as `<name>.damaged-<time>` (never deleting it) and tells `onDamaged`;
 * returns where it went.
 */
export function setAside(path: string, what: string, onDamaged: OnDamaged | undefined, now: number = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let aside = `${path}.damaged-${stamp}`;
  for (let n = 2; existsSync(aside); n++) aside = `${path}.damaged-${stamp}-${n}`;
  renameSync(path, aside);
  onDamaged?.({ file: basename(path), aside, what, at: now });
  return aside;
}
