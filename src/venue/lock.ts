// One venue per data folder. Two venues on the same folder keep separate in-memory books and
// order sequences over one database, so a second one must not start: the first takes
// `venue.lock` (holding its pid) and a later one that finds it held by a live process exits at
// once. A lock left by a venue that died (its pid is gone) is taken over (src/native/pid-lock.ts).
import { join } from 'node:path';
import { privateDir } from '../native/private-files.js';
import { pidAlive, takePidLock } from '../native/pid-lock.js';

export { pidAlive } from '../native/pid-lock.js';

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

/**
 * Takes the data folder's lock for this process, or throws DataDirLocked naming the pid that
 * holds it. `alive` is for tests.
 */
export function lockDataDir(dataDir: string, alive: (pid: number) => boolean = pidAlive): DataDirLock {
  privateDir(dataDir);
  return takePidLock(join(dataDir, LOCK_FILE), (holder) => new DataDirLocked(dataDir, holder.pid), { alive });
}
