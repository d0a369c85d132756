// Each schema migration upgrades a data dir written at the version before it, its rows kept; a new
// data dir ends with the schema SCHEMA_SQL spells out. (upgrade.test.ts runs a venue on an
// upgraded dir: orders back on the book, old ids still refused.)
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE, getMeta, migrateVenue, openDb, schemaVersion, type Db } from './open.js';
import { MIGRATIONS, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-venue-mig-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const COND = `0x${'ab'.repeat(32)}`;
const WALLET = `0x${'11'.repeat(20)}`;
const CREATOR = `0x${'22'.repeat(20)}`;
const ORDER_A = `0x${'a1'.repeat(32)}`;
const ORDER_B = `0x${'b2'.repeat(32)}`;

const names = (db: Db, type: 'table' | 'index'): string[] =>
  db.prepare('SELECT name FROM sqlite_master WHERE type = ? AND sql IS NOT NULL ORDER BY name').pluck().all(type) as string[];
const primaryKey = (db: Db, table: string): string[] =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; pk: number }>).filter((c) => c.pk > 0).map((c) => c.name);
const schema = (db: Db): unknown[] => db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();

const V1_TABLES = [
  'comment_reactions', 'comments', 'creators', 'event_tags', 'events', 'fills', 'last_trades', 'market_stats', 'market_tags', 'markets',
  'meta', 'positions', 'series', 'tags', 'tokens', 'wallets',
];

/**
 * Per migration: what it adds (checked on a file it has just upgraded), rows written the way a
 * build at that version wrote them, and queries that read those rows back at any later version.
 */
const LEVELS: Record<number, { adds(db: Db): void; seed(db: Db): void; rows: string[] }> = {
  1: {
    adds(db) {
      expect(names(db, 'table')).toEqual(V1_TABLES);
    },
    seed(db) {
      db.exec(`
        INSERT INTO meta VALUES ('seed', '7'), ('size', 'small'), ('anchor', '1700000000000');
        INSERT INTO creators VALUES ('${CREATOR}', 'example.test');
        INSERT INTO wallets VALUES ('${WALLET}', 'Ann', 'Quiet-Owl', 'bio', 'img', NULL, 0, 1, 1000);
        INSERT INTO tags VALUES (1, 'Politics', 'politics', 'POLITICS', 0, 1000, 1000);
        INSERT INTO series VALUES (1, 'S', 'series-1', 'Series', 'single', 'daily', 'i', 'c', 1, 0, 0, 1000, 1000);
        INSERT INTO events (id, ticker, slug, title, description, resolution_source, image, icon, start_date, end_date, creation_date,
          created_at, updated_at, active, closed, archived, series_id, category)
          VALUES (1, 'E', 'event-1', 'Event', 'd', 'r', 'i', 'c', 1000, 9000, 1000, 1000, 1000, 1, 0, 0, 1, 'POLITICS');
        INSERT INTO event_tags VALUES (1, 1);
        INSERT INTO markets (id, condition_id, question_id, question, slug, description, resolution_source, image, icon, start_date, end_date,
          created_at, updated_at, event_id, status, outcomes, creator, tick_size, min_size, maker_base_fee, taker_base_fee)
          VALUES (1, '${COND}', '0x01', 'Will it?', 'will-it', 'd', 'r', 'i', 'c', 1000, 9000, 1000, 1000, 1, 'active', '["Yes","No"]', '${CREATOR}', 10000, 5, 0, 0);
        INSERT INTO market_tags VALUES (1, 1);
        INSERT INTO tokens VALUES ('101', '${COND}', 0, 'Yes'), ('102', '${COND}', 1, 'No');
        INSERT INTO fills VALUES (1, 1, 2000, '${WALLET}', '${COND}', 0, 'BUY', 'T', 400000, 10000000, 4000000, 0, '0xt1');
        INSERT INTO positions VALUES ('${WALLET}', '${COND}', 0, 10000000, 4000000, 10000000, 4000000, 0, 4000000, 2000, 2000);
        INSERT INTO last_trades VALUES ('${COND}', 0, 400000, 'BUY', 2000, 1);
        INSERT INTO market_stats VALUES ('${COND}', 4000000, 1);
        INSERT INTO comments VALUES (1, 'first', 'Event', 1, NULL, '${WALLET}', NULL, 3000, 3000, 0);
        INSERT INTO comment_reactions VALUES (1, 1, '${WALLET}', 'HEART', 3000);
      `);
    },
    rows: [
      "SELECT * FROM meta WHERE key <> 'schema_version' ORDER BY key",
      ...V1_TABLES.filter((t) => t !== 'meta').map((t) => `SELECT * FROM ${t} ORDER BY 1, 2`),
    ],
  },
  2: {
    adds(db) {
      expect(names(db, 'table')).toEqual([...V1_TABLES, 'api_keys', 'balances', 'orders'].sort());
      expect(primaryKey(db, 'orders')).toEqual(['id']);
    },
    seed(db) {
      db.exec(`
        INSERT INTO api_keys VALUES ('key-1', '${WALLET}', '0', '${'cd'.repeat(32)}', 5000);
        INSERT INTO balances VALUES ('${WALLET}', 996000000, 5000);
        INSERT INTO orders VALUES ('${ORDER_A}', 1, 'key-1', '${WALLET}', '101', '${COND}', 0, 'BUY', 310000, 10000000, 0, 'GTC', 0, 0, 0,
          'live', 5000, 5000, '{"order":"a"}');
      `);
    },
    rows: [
      'SELECT * FROM api_keys',
      'SELECT * FROM balances',
      `SELECT * FROM orders WHERE id = '${ORDER_A}'`,
    ],
  },
  3: {
    adds(db) {
      expect(primaryKey(db, 'orders')).toEqual(['seq']);
      expect(names(db, 'index').filter((i) => i.startsWith('orders'))).toEqual(['orders_live', 'orders_open_owner']);
      expect(names(db, 'table')).not.toContain('orders_v2');
    },
    seed(db) {
      db.exec(`
        INSERT INTO orders (seq, id, owner, wallet, token_id, condition_id, outcome_index, side, price, size, order_type, status, created_at, updated_at, body)
          VALUES (2, '${ORDER_B}', 'key-1', '${WALLET}', '102', '${COND}', 1, 'SELL', 700000, 5000000, 'GTC', 'live', 6000, 6000, '{"order":"b"}');
      `);
    },
    rows: [`SELECT * FROM orders WHERE id = '${ORDER_B}'`],
  },
  4: {
    adds(db) {
      expect(names(db, 'index').filter((i) => i.endsWith('_updated'))).toEqual(['events_updated', 'markets_updated']);
    },
    // Indexes only: the rows of every earlier level read back through them.
    seed() {},
    rows: ['SELECT id, updated_at FROM markets ORDER BY updated_at DESC, id DESC', 'SELECT id, updated_at FROM events ORDER BY updated_at DESC, id DESC'],
  },
  5: {
    adds(db) {
      expect(names(db, 'table')).toContain('side_keys');
    },
    seed(db) {
      db.exec(`
        INSERT INTO side_keys VALUES ('ro-1', 'readonly', '${WALLET}', 'key-1', 'readonly:1', NULL, 7000, NULL);
        INSERT INTO side_keys VALUES ('b-1', 'builder', '${WALLET}', 'key-1', 'builder:1', '${'ef'.repeat(32)}', 7000, 8000);
      `);
    },
    rows: ['SELECT * FROM side_keys ORDER BY api_key'],
  },
};

/** A raw handle on the data dir's file, with the foreign keys checked as the venue has them. */
function rawDb(): Db {
  const db = new Database(join(dir, DB_FILE));
  db.pragma('foreign_keys = ON');
  return db;
}

/** Writes the rows of `level` (the file being at that version) and notes them in `expected`. */
function seedLevel(db: Db, level: number, expected: Map<string, unknown[]>): void {
  LEVELS[level]!.seed(db);
  for (const q of LEVELS[level]!.rows) {
    const rows = db.prepare(q).all();
    expect(rows.length, q).toBeGreaterThan(0);
    expected.set(q, rows);
  }
}

/** Brings a new file to `version` one migration at a time, each level's rows written at its own version. */
function seedTo(db: Db, version: number): Map<string, unknown[]> {
  const expected = new Map<string, unknown[]>();
  for (let v = 1; v <= version; v++) {
    expect(migrateVenue(db, v)).toBe(v);
    seedLevel(db, v, expected);
  }
  return expected;
}

function expectRows(db: Db, expected: Map<string, unknown[]>): void {
  for (const [q, rows] of expected) expect(db.prepare(q).all(), q).toEqual(rows);
}

describe('venue schema migrations', () => {
  it('are numbered 1..n in order, each with a data test here', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(Object.keys(LEVELS).map(Number)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('give a new data dir the schema SCHEMA_SQL spells out, its version in meta, and apply nothing twice', () => {
    const db = openDb(dir);
    const reference = new Database(':memory:');
    reference.exec(SCHEMA_SQL);
    expect(schema(db)).toEqual(schema(reference));
    reference.close();
    expect(getMeta(db, 'schema_version')).toBe(String(SCHEMA_VERSION));
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const before = schema(db);
    db.close();

    const again = openDb(dir);
    expect(schema(again)).toEqual(before);
    again.close();
  });

  for (const m of MIGRATIONS) {
    it(`${m.version} (${m.name}) upgrades a data dir at version ${m.version - 1} and keeps its rows`, () => {
      const raw = rawDb();
      const expected = seedTo(raw, m.version - 1);
      expect(migrateVenue(raw, m.version)).toBe(m.version);
      expect(getMeta(raw, 'schema_version')).toBe(String(m.version));
      LEVELS[m.version]!.adds(raw);
      expectRows(raw, expected);

      // What this migration adds takes rows on the upgraded file, and they last to this build.
      seedLevel(raw, m.version, expected);
      raw.close();

      const db = openDb(dir);
      expect(schemaVersion.read(db)).toBe(SCHEMA_VERSION);
      expectRows(db, expected);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      db.close();
    });
  }

  it('carry a data dir through every version with all its rows, ending with the schema of a new one', () => {
    const raw = rawDb();
    const expected = seedTo(raw, SCHEMA_VERSION);
    raw.close();
    const db = openDb(dir);
    expectRows(db, expected);
    const fresh = openDb(join(dir, 'fresh'));
    expect(schema(db)).toEqual(schema(fresh));
    fresh.close();
    db.close();
  });

  it('upgrade a version-1 data dir that a version-2 build had opened (its tables made, its version left at 1)', () => {
    const raw = rawDb();
    const expected = seedTo(raw, 1);
    // Such a build ran its whole schema, version 1's and 2's SQL, then refused the file.
    for (const m of MIGRATIONS.slice(0, 2)) raw.exec(m.up as string);
    expect(primaryKey(raw, 'orders')).toEqual(['id']);
    expect(getMeta(raw, 'schema_version')).toBe('1');
    raw.close();
    const db = openDb(dir);
    expect(schemaVersion.read(db)).toBe(SCHEMA_VERSION);
    expectRows(db, expected);
    LEVELS[3]!.adds(db);
    LEVELS[4]!.adds(db);
    LEVELS[5]!.adds(db);
    db.close();
  });

  it('refuse a data dir of a newer build, naming it, and leave it as it was', () => {
    const raw = rawDb();
    seedTo(raw, SCHEMA_VERSION);
    raw.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION + 1));
    const before = schema(raw);
    raw.close();
    expect(() => openDb(dir)).toThrow(`venue data in ${dir} has schema ${SCHEMA_VERSION + 1}, newer than this build's ${SCHEMA_VERSION}: it was written by a newer Kairos`);
    const after = rawDb();
    expect(schema(after)).toEqual(before);
    after.close();
  });

  it('refuse a schema version that is not a number', () => {
    const raw = rawDb();
    seedTo(raw, 1);
    raw.prepare("UPDATE meta SET value = 'three' WHERE key = 'schema_version'").run();
    raw.close();
    expect(() => openDb(dir)).toThrow(/has a schema version that is not a number: "three"/);
  });
});
