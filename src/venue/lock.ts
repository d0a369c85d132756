// One venue per data folder. Two venues on the same folder keep separate in-memory books and
// order sequences over one database, so a second one must not start: the first takes
// `venue.lock` (created with O_EXCL, holding its pid) and a later one that finds it held by a
// live process exits at once. A lock left by a venue that died (its pid is gone) is taken over.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { privateDir } from '../native/private-files.js';

export const LOCK_FILE = 'venue.lock';

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `another venue (pid ${pid}) is running on the data folder ${dataDir}; stop it first or use another --data-dir ` +
        `(if pid ${pid} is not a venue, remove ${join(dataDir, LOCK_FILE)})`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it still holds this process's pid; safe to call twice. */
  release(): void;
}

/** Whether a process with this pid exists (one we may not signal still exists). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : NaN;
}

/**
 * Takes the data folder's lock for this process, or throws DataDirLocked naming the pid that
 * holds it. `alive` is for tests.
 */
export function lockDataDir(dataDir: string, alive: (pid: number) => boolean = pidAlive): DataDirLock {
  privateDir(dataDir);
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readPid(file);
      if (holder === undefined) continue; // released meanwhile: try again
      // An unreadable pid is a lock file cut short by a crash between create and write — or
      // one being written right now: give its writer a moment before calling it stale.
      if (Number.isNaN(holder) && attempt < 2) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      if (!Number.isNaN(holder) && holder !== process.pid && alive(holder)) throw new DataDirLocked(dataDir, holder);
      // Stale: move it aside under a name of our own, and check that what moved is the stale
      // lock (not one a racing starter has just taken, which goes back in place).
      const aside = `${file}.${process.pid}.stale`;
      try {
        renameSync(file, aside);
      } catch (err2) {
        if ((err2 as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err2;
      }
      const moved = readPid(aside);
      if (moved !== undefined && !Number.isNaN(moved) && moved !== holder && moved !== process.pid && alive(moved)) {
        try {
          renameSync(aside, file);
        } catch {
          // Nothing more to do: the racing starter keeps running on its own.
        }
        throw new DataDirLocked(dataDir, moved);
      }
      rmSync(aside, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      file,
      release() {
        if (released) return;
        released = true;
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      },
    };
  }
  throw new Error(`could not take the lock ${file}: it keeps changing under this venue; is another one starting on ${dataDir}?`);
}
