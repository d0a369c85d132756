// A lock file that says who holds it: created with O_EXCL, holding the holder's pid on its first
// line (and what it wants a second starter to read, such as its URL, on the next). A later
// starter that finds it held by a live process is refused with that holder; a lock left by a
// process that died (its pid is gone) is taken over. The venue's data folder and the app's use it.
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';

export interface LockHolder {
  pid: number;
  /** What the holder noted for others (the app's URL); absent until it notes it. */
  note?: string;
}

export interface PidLock {
  readonly file: string;
  /** Replaces what the lock tells a second starter (written aside, then renamed: never torn). */
  note(text: string): void;
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

/** Who holds the lock: undefined when there is no file, pid NaN when it does not name one. */
export function readHolder(file: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const [first = '', ...rest] = text.split('\n');
  const pid = Number(first.trim());
  const note = rest.join('\n').trim();
  return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : NaN, ...(note ? { note } : {}) };
}

const pause = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export interface PidLockOptions {
  /** Whether a pid is a live process (tests replace it). */
  alive?: (pid: number) => boolean;
  /**
   * A lock older than this is stale even if its pid lives (for locks held a few milliseconds:
   * a pid reused by another process after a crash must not keep writers out for good).
   */
  staleAfterMs?: number;
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Takes the lock `file` for this process, or throws what `held` makes of the live holder. */
export function takePidLock(file: string, held: (holder: LockHolder) => Error, opts: PidLockOptions = {}): PidLock {
  const alive = opts.alive ?? pidAlive;
  const live = (h: LockHolder | undefined, at = file): boolean =>
    h !== undefined && !Number.isNaN(h.pid) && h.pid !== process.pid && alive(h.pid) && (opts.staleAfterMs === undefined || ageMs(at) < opts.staleAfterMs);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder === undefined) continue; // released meanwhile: try again
      // An unreadable pid is a lock file cut short by a crash between create and write — or
      // one being written right now: give its writer a moment before calling it stale.
      if (Number.isNaN(holder.pid) && attempt < 2) {
        pause(50);
        continue;
      }
      if (live(holder)) throw held(holder);
      // Stale: move it aside under a name of our own, and check that what moved is the stale
      // lock (not one a racing starter has just taken, which goes back in place).
      const aside = `${file}.${process.pid}.stale`;
      try {
        renameSync(file, aside);
      } catch (err2) {
        if ((err2 as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err2;
      }
      const moved = readHolder(aside);
      if (moved && live(moved, aside) && moved.pid !== holder.pid) {
        try {
          renameSync(aside, file);
        } catch {
          // Nothing more to do: the racing starter keeps running on its own.
        }
        throw held(moved);
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
    const mine = (): boolean => readHolder(file)?.pid === process.pid;
    return {
      file,
      note(text) {
        if (released || !mine()) return;
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, `${process.pid}\n${text.replace(/\n/g, ' ')}\n`, { mode: 0o600 });
        renameSync(tmp, file);
      },
      release() {
        if (released) return;
        released = true;
        if (mine()) rmSync(file, { force: true });
      },
    };
  }
  throw new Error(`could not take the lock ${file}: it keeps changing; is another process starting on the same folder?`);
}
