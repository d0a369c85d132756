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
  const stored = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'meta'").get() ? getMeta(db, 'schema_version') : undefined;
  if (stored !== undefined && Number(stored) !== SCHEMA_VERSION) {
    const upgrade = MIGRATIONS[Number(stored)];
    if (!upgrade) {
      db.close();
      throw new Error(`venue data in ${dataDir} has schema ${stored}, this build expects ${SCHEMA_VERSION}; use a new --data-dir`);
    }
    db.transaction(() => {
      upgrade(db);
      setMeta(db, 'schema_version', String(SCHEMA_VERSION));
    })();
  }
  db.exec(SCHEMA_SQL);
  if (stored === undefined) setMeta(db, 'schema_version', String(SCHEMA_VERSION));
  return db;
}

const ORDER_COLUMNS = 'seq, id, owner, wallet, token_id, condition_id, outcome_index, side, price, size, filled, order_type, post_only, expiration, release_at, status, created_at, updated_at, body';

/** Upgrades from an older schema to the current one, keyed by the older version. */
const MIGRATIONS: Record<number, (db: Db) => void> = {
  // 2 → 3: orders keyed by their sequence instead of their id; the open-orders index by owner.
  2: (db) => {
    db.exec('DROP INDEX IF EXISTS orders_live; DROP INDEX IF EXISTS orders_owner; ALTER TABLE orders RENAME TO orders_v2;');
    db.exec(SCHEMA_SQL);
    db.exec(`INSERT INTO orders (${ORDER_COLUMNS}) SELECT ${ORDER_COLUMNS} FROM orders_v2 ORDER BY seq; DROP TABLE orders_v2;`);
  },
};

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
