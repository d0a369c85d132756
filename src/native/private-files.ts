// Files the app and the embedded venue keep are the user's alone: folders 0700, files 0600.
// Node-only, shared by the core and the venue (neither may import the other).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** A folder (with its parents) private to the user, 0700, also when an older release made it open. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * A SQLite file private to the user, 0600, made so before SQLite opens it: SQLite gives its
 * -wal and -shm the mode of the file. Companions an older release left open are closed up too.
 */
export function privateDbFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm', '-journal']) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
}
