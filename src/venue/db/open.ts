import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';

export type Db = Database.Database;

export const DB_FILE = 'venue.sqlite';

/** Opens (creating if needed) the venue database in `dataDir` with WAL and the schema applied. */
export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  // Statement journals in memory: spilled to a temp file they cost two writes per changed page
  // of every statement inside an order's transaction, about as many as the WAL itself.
  db.pragma('temp_store = MEMORY');
  db.exec(SCHEMA_SQL);
  const version = getMeta(db, 'schema_version');
  if (version === undefined) setMeta(db, 'schema_version', String(SCHEMA_VERSION));
  else if (Number(version) !== SCHEMA_VERSION) {
    throw new Error(`venue data in ${dataDir} has schema ${version}, this build expects ${SCHEMA_VERSION}; use a new --data-dir`);
  }
  return db;
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
