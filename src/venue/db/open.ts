import Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate, type VersionStore } from '@shared/storage/migrate.js';
import { privateDbFile, privateDir } from '../../native/private-files.js';
import { VenueStartProblem } from '../start-problem.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

export type Db = Database.Database;

export const DB_FILE = 'venue.sqlite';

// SQLite's page cache while the venue opens and serves the app's first reads: a first launch
// reads its new world back then, and 2 MiB from the start cost it ~75 ms. Afterwards hot
// listings are served from the catalog's own fragments and order batches touch few pages, so
// the steady cache is smaller: 8 MiB of pages kept after the start were ~6 MB of the venue's
// resident memory.
const OPENING_CACHE_KIB = 8192;
const STEADY_CACHE_KIB = 2048;

/** Lowers the page cache to its steady size once the start's reads are over; SQLite frees the pages beyond it at once. */
export function steadyPageCache(db: Db): void {
  db.pragma(`cache_size = -${STEADY_CACHE_KIB}`);
}

/** Opens (creating if needed) the venue database in `dataDir` with WAL, its schema brought up to date. */
export function openDb(dataDir: string): Db {
  privateDir(dataDir);
  privateDbFile(join(dataDir, DB_FILE));
  const db = new Database(join(dataDir, DB_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = -${OPENING_CACHE_KIB}`);
    // Statement journals in memory: spilled to a temp file they cost two writes per changed page
    // of every statement inside an order's transaction, about as many as the WAL itself.
    db.pragma('temp_store = MEMORY');
    const stored = schemaVersion.read(db);
    if (stored > SCHEMA_VERSION) {
      throw new VenueStartProblem('newer-storage', `venue data in ${dataDir} has schema ${stored}, newer than this build's ${SCHEMA_VERSION}: it was written by a newer Kairos; open it with that one, or use a new --data-dir`);
    }
    migrateVenue(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * The venue's schema version lives in `meta` (row `schema_version`), where builds before the
 * shared migrations kept it, so their data dirs read the same; 0 for a new file.
 */
export const schemaVersion: VersionStore<Db> = {
  read(db) {
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get()) return 0;
    const value = getMeta(db, 'schema_version');
    if (value === undefined) return 0;
    const version = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(version)) {
      throw new Error(`venue data ${db.name} has a schema version that is not a number: ${JSON.stringify(value)}`);
    }
    return version;
  },
  write(db, version) {
    setMeta(db, 'schema_version', String(version));
  },
};

/** Brings a venue database up to `target` (default: this build's schema) and returns its version. */
export function migrateVenue(db: Db, target?: number): number {
  return migrate(db, MIGRATIONS, { what: 'venue data', target, store: schemaVersion });
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
