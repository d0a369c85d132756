// The app's data folder (Electron's userData: ~/.config/Kairos, ~/Library/Application
// Support/Kairos, %APPDATA%\Kairos), one per OS user:
//
//   vault.json                      wallet keys and API credentials, encrypted; never touched by a reset
//   profiles.json                   the remote venues added, and which profile is active
//   settings.json                   app settings
//   user-<profile>.sqlite           user data, per profile: every order signed with its answer
//                                   and later state, notices told, portfolio value snapshots,
//                                   the order ticket's draft (older releases kept these in
//                                   journal-<profile>.sqlite, the cache and ticket-<profile>.json)
//   cache/cache-<profile>.sqlite    last good answers, the synced catalog and its search index,
//                                   per profile: safe to delete (a reset)
//   venue/                          the embedded local venue (the `local` profile): its SQLite
//                                   world and master key
//   local-venue.json                the embedded venue's port, kept so its URLs are known before it listens
//   window.json                     the window's size and place
//   kairos.lock                     the running app's pid (and the browser host's URL): one app per folder
//   <file>.lock                     held while vault.json, profiles.json or settings.json is written
//   <file>.damaged-<time>           a data file that could not be read, moved aside (data-files.ts)
//
// Only `cache/` is disposable: everything in it is fetched again from the venue.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export const CACHE_DIR = 'cache';

export function cacheDir(dataDir: string): string {
  return join(dataDir, CACHE_DIR);
}

/**
 * Deletes every profile's cache file (with SQLite's -wal and -shm companions) from the data
 * folder's cache directory. The caller closes any open cache first. Nothing outside `cache/` is
 * touched.
 */
export function removeCacheFiles(dataDir: string): { removed: string[]; bytes: number } {
  const dir = cacheDir(dataDir);
  if (!existsSync(dir)) return { removed: [], bytes: 0 };
  const removed: string[] = [];
  let bytes = 0;
  for (const name of readdirSync(dir).sort()) {
    // Damaged files set aside at open are cache too: a reset empties them with the rest.
    if (!/^cache-[A-Za-z0-9_-]+\.sqlite(-wal|-shm|-journal)?(\.damaged-[^/\\]+)?$/.test(name)) continue;
    const file = join(dir, name);
    bytes += statSync(file).size;
    rmSync(file, { force: true });
    removed.push(`${CACHE_DIR}/${name}`);
  }
  return { removed, bytes };
}

/**
 * A data folder other than the OS default: `--data-dir=DIR` (or `--data-dir DIR`) on the command
 * line, else `KAIROS_DATA_DIR`. Tests and side-by-side installs use it.
 */
export function dataDirOverride(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): string | undefined {
  let dir: string | undefined;
  argv.forEach((arg, i) => {
    if (arg.startsWith('--data-dir=')) dir = arg.slice('--data-dir='.length);
    else if (arg === '--data-dir' && argv[i + 1] && !argv[i + 1]?.startsWith('--')) dir = argv[i + 1];
  });
  dir ||= env['KAIROS_DATA_DIR'] || undefined;
  if (!dir) return undefined;
  return isAbsolute(dir) ? dir : resolve(cwd, dir);
}
