// One Kairos per data folder, whichever way it runs (the desktop app or the browser host): two
// apps on one folder would each keep their own copy of the vault, the profiles and the settings
// and write over the other's. The first takes `kairos.lock` (its pid, then where it can be
// reached); a second one is refused at once with those words, before it starts anything.
import { join } from 'node:path';
import { privateDir } from '../../native/private-files.js';
import { pidAlive, takePidLock, type LockHolder, type PidLock } from '../../native/pid-lock.js';

export const APP_LOCK = 'kairos.lock';

export class AlreadyRunning extends Error {
  override readonly name = 'AlreadyRunning';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `Kairos is already running on the data folder ${dataDir} (pid ${holder.pid}${holder.note ? `, ${holder.note}` : ''}): ` +
        `use that one, or stop it before starting another on this folder (if pid ${holder.pid} is not Kairos, remove ${join(dataDir, APP_LOCK)})`,
    );
  }
}

/**
 * Takes the data folder for this process, or throws AlreadyRunning naming the app that has it.
 * The lock's `note` tells a later starter where this one is (`at <url>`, `the desktop app`).
 */
export function lockAppFolder(dataDir: string, alive: (pid: number) => boolean = pidAlive): PidLock {
  privateDir(dataDir);
  return takePidLock(join(dataDir, APP_LOCK), (holder) => new AlreadyRunning(dataDir, holder), { alive });
}
