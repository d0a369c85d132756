import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userVersion } from '@shared/storage/migrate.js';
import { MIGRATIONS, cacheFile, migrateCache, openCache, Cache } from './index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-cache-mig-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const LATEST = MIGRATIONS.length;

const columns = (db: Database.Database, table: string): string[] =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);
const objects = (db: Database.Database): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'search_fts_%'").pluck().all() as string[]).sort();

/**
 * Per migration: what it adds (checked on a file it has just upgraded), rows written the way a
 * build at that version wrote them (into a file at exactly that version), and how the latest
 * build must read those rows back.
 */
const LEVELS: Record<number, { adds(db: Database.Database): void; seed(db: Database.Database): void; check(cache: Cache): void }> = {
  1: {
    adds(db) {
      expect(objects(db)).toEqual(expect.arrayContaining(['responses', 'sync_state']));
    },
    seed(db) {
      db.prepare('INSERT INTO responses(key, data, fetched_at) VALUES (?, ?, ?)').run('p1|catalog|/markets?limit=5', '[{"id":"1"}]', 1_700_000_000_000);
      db.prepare('INSERT INTO sync_state VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run('markets', 1, 30, 3, 30, 0, null, null, 1_700_000_000_000);
    },
    check(cache) {
      expect(cache.read('p1|catalog|/markets?limit=5')).toEqual({ data: [{ id: '1' }], fetchedAt: 1_700_000_000_000 });
      expect(cache.db.prepare('SELECT next_offset FROM sync_state WHERE key = ?').pluck().get('markets')).toBe(30);
    },
  },
  2: {
    adds(db) {
      expect(objects(db)).toEqual(expect.arrayContaining(['markets', 'events', 'series', 'tags', 'comments', 'search_docs', 'search_fts']));
    },
    seed(db) {
      // The raw JSON carries what migration 4 later copies into the list columns.
      // ...and what migration 5 copies into the events list's columns.
      const raw = { id: '7', conditionId: '0xABC', outcomePrices: '["0.7","0.3"]', volume24hr: 12.5, mirrorConditionId: '0x1', createdAt: '2024-01-02T00:00:00Z', liquidityNum: 1234.56, negRisk: true };
      db.prepare(
        `INSERT INTO markets(id, condition_id, slug, question, description, event_ids, tag_ids, outcomes, clob_token_ids,
         active, closed, archived, accepting_orders, volume_micros, end_date, raw, pass) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run('7', '0xabc', 'old-slug', 'Will the old file survive?', 'desc', '["3"]', '["1"]', '["Yes","No"]', '["11","12"]', 1, 0, 0, 1, 58_400_000, null, JSON.stringify(raw), 1);
      const event = { id: '3', title: 'Old bracket', createdAt: '2024-01-01T00:00:00Z', negRisk: true, series: [{ id: '9', title: 'Old series' }] };
      db.prepare(
        `INSERT INTO events(id, slug, title, description, tag_ids, market_ids, active, closed, archived, end_date, raw, pass)
         VALUES ('3', 'old-bracket', 'Old bracket', NULL, '[]', '["7"]', 1, 0, 0, '2030-01-01T00:00:00Z', ?, 1)`,
      ).run(JSON.stringify(event));
      const doc = db.prepare("INSERT INTO search_docs(kind, id) VALUES ('markets', '7') RETURNING doc").pluck().get() as number;
      db.prepare('INSERT INTO search_fts(rowid, kind, id, label, title, body) VALUES (?, ?, ?, ?, ?, ?)').run(
        doc, 'markets', '7', 'Will the old file survive?', 'Will the old file survive?', 'desc',
      );
    },
    check(cache) {
      expect(cache.market('7')).toMatchObject({ conditionId: '0xabc', question: 'Will the old file survive?', eventIds: ['3'], volume: '58.4' });
      expect(cache.search('surviv').map((h) => [h.kind, h.id])).toEqual([['markets', '7']]);
    },
  },
  3: {
    adds(db) {
      expect(columns(db, 'snapshots')).toEqual(['account', 'at', 'value_micros', 'cash_pnl_micros', 'positions']);
    },
    seed(db) {
      db.prepare('INSERT INTO snapshots VALUES (?, ?, ?, ?, ?)').run('0xacc', 1_000, 12_500_000, -250_000, '[]');
    },
    check(cache) {
      expect(cache.db.prepare('SELECT * FROM snapshots').all()).toEqual([
        { account: '0xacc', at: 1_000, value_micros: 12_500_000, cash_pnl_micros: -250_000, positions: '[]' },
      ]);
    },
  },
  4: {
    adds(db) {
      expect(columns(db, 'markets')).toEqual(expect.arrayContaining(['volume24hr', 'first_price', 'outcome_prices', 'created_at', 'mirror']));
      expect(objects(db)).toEqual(expect.arrayContaining(['markets_list_flags', 'markets_by_volume24hr', 'markets_by_price', 'markets_by_created']));
    },
    seed(db) {
      db.prepare(
        `INSERT INTO markets(id, condition_id, slug, question, event_ids, tag_ids, outcomes, clob_token_ids, active, closed, archived, raw, pass,
           volume24hr, first_price, outcome_prices, created_at, mirror)
         VALUES ('8', '0xdef', 's8', 'Listed by its columns?', '[]', '[]', '["Yes","No"]', '["21","22"]', 1, 0, 0, ?, 1, 3.5, 0.4, '["0.4","0.6"]', NULL, 1)`,
      ).run(JSON.stringify({ id: '8', conditionId: '0xDEF' }));
    },
    check(cache) {
      const page = cache.listMarkets({ status: 'active', mirror: 'only', sort: 'lastPrice', ascending: false, limit: 10, offset: 0 });
      expect(page.rows.find((r) => r.id === '8')).toMatchObject({ conditionId: '0xDEF', outcomePrices: ['0.4', '0.6'], volume24hr: 3.5, mirror: true });
      // A market written before this migration is listed by what it copied out of the raw JSON.
      if (cache.market('7')) {
        expect(page.rows.map((r) => r.id)).toEqual(['7', '8']);
        expect(page.rows[0]).toMatchObject({ conditionId: '0xABC', outcomePrices: ['0.7', '0.3'], volume24hr: 12.5, mirror: true });
        expect(cache.db.prepare("SELECT first_price, created_at FROM markets WHERE id = '7'").get()).toEqual({ first_price: 0.7, created_at: '2024-01-02T00:00:00Z' });
      }
    },
  },
  5: {
    adds(db) {
      expect(columns(db, 'events')).toEqual(expect.arrayContaining(['created_at', 'neg_risk', 'series_ids', 'volume_micros', 'volume24hr', 'liquidity_micros', 'market_count']));
      expect(columns(db, 'markets')).toEqual(expect.arrayContaining(['liquidity_micros', 'neg_risk']));
      expect(columns(db, 'traders')).toEqual(['address', 'name', 'pseudonym', 'seen_at']);
    },
    seed(db) {
      db.prepare(
        `INSERT INTO events(id, slug, title, tag_ids, market_ids, active, closed, archived, raw, pass, created_at, neg_risk, series_ids, market_count, volume_micros)
         VALUES ('4', 'new-event', 'Listed by its columns', '[]', '[]', 1, 0, 0, '{"id":"4"}', 1, '2025-05-05T00:00:00Z', 0, '["10"]', 0, 2500000)`,
      ).run();
      db.prepare("INSERT INTO traders(address, name, pseudonym, seen_at) VALUES ('0x00000000000000000000000000000000000000aa', 'Ada', NULL, 1)").run();
    },
    check(cache) {
      const page = cache.listEvents({ status: 'all', sort: 'createdAt', ascending: false, limit: 10, offset: 0 });
      expect(page.rows.find((e) => e.id === '4')).toMatchObject({ title: 'Listed by its columns', createdAt: '2025-05-05T00:00:00Z', negRisk: false, volume: 2.5 });
      expect(cache.listEvents({ status: 'all', seriesId: '10', sort: 'volume', ascending: false, limit: 10, offset: 0 }).rows.map((e) => e.id)).toEqual(['4']);
      expect(cache.count('traders')).toBe(1);
      // An event written before this migration is listed by what it copied out of the raw JSON,
      // with its markets' sums (market 7: volume 58.4, liquidity 1,234.56).
      if (cache.market('7')) {
        expect(page.rows.map((e) => e.id)).toEqual(['4', '3']);
        expect(page.rows[1]).toMatchObject({ title: 'Old bracket', createdAt: '2024-01-01T00:00:00Z', negRisk: true, markets: 1, volume: 58.4, liquidity: 1234.56 });
        expect(cache.listEvents({ status: 'active', seriesId: '9', negRisk: true, sort: 'volume', ascending: false, limit: 10, offset: 0 }).rows.map((e) => e.id)).toEqual(['3']);
      }
    },
  },
  6: {
    adds(db) {
      expect(objects(db)).toEqual(expect.arrayContaining(['responses_keys']));
    },
    seed(db) {
      db.prepare('INSERT INTO responses(key, data, fetched_at) VALUES (?, ?, ?)').run('p1|data|/trades?limit=2000&market=0xa', `[${'{"p":"0.5"},'.repeat(20_000)}{}]`, 1);
    },
    check(cache) {
      // Walking keys by prefix reads the index of keys, not the rows with their answers.
      const plan = cache.db.prepare("EXPLAIN QUERY PLAN SELECT key FROM responses WHERE key >= ? AND key < ?").all('p1|data|/trades?', 'p1|data|/trades@') as Array<{ detail: string }>;
      expect(plan.map((r) => r.detail).join(' ')).toContain('COVERING INDEX responses_keys');
      expect(cache.read<unknown[]>('p1|data|/trades?limit=2000&market=0xa')?.data).toHaveLength(20_001);
    },
  },
  7: {
    adds(db) {
      expect(columns(db, 'responses')).toContain('dropped');
    },
    seed(db) {
      db.prepare('INSERT INTO responses(key, data, fetched_at, dropped) VALUES (?, ?, ?, ?)').run('p1|catalog|/comments/user_address/0xa', '[{"id":1}]', 2, 3);
    },
    check(cache) {
      // An answer written before the column says nothing was dropped; one written after keeps its count.
      expect(cache.read('p1|catalog|/markets?limit=5')).toEqual({ data: [{ id: '1' }], fetchedAt: 1_700_000_000_000 });
      expect(cache.read('p1|catalog|/comments/user_address/0xa')).toEqual({ data: [{ id: 1 }], fetchedAt: 2, filtered: 3 });
    },
  },
  8: {
    adds(db) {
      expect(objects(db)).toEqual(expect.arrayContaining(['markets_event_sums', 'markets_tag_ids']));
    },
    seed() {},
    check(cache) {
      // Sums and counts over every market read the narrow indexes, not the rows with their raw JSON.
      const plan = (sql: string) => (cache.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' ');
      expect(plan('SELECT je.value, COUNT(*), SUM(m.volume_micros), SUM(m.volume24hr), SUM(m.liquidity_micros), MAX(m.neg_risk) FROM markets m, json_each(m.event_ids) je GROUP BY je.value')).toContain('COVERING INDEX markets_event_sums');
      expect(plan('SELECT j.value, COUNT(*) FROM markets m, json_each(m.tag_ids) j GROUP BY j.value')).toContain('COVERING INDEX markets_tag_ids');
    },
  },
};

/** A cache file at `version`, holding the rows each level up to it wrote at its own version. */
function fileAt(version: number): string {
  const path = cacheFile(dir, 'old');
  const raw = new Database(path);
  for (let v = 1; v <= version; v++) {
    expect(migrateCache(raw, v)).toBe(v);
    LEVELS[v]!.seed(raw);
  }
  expect(userVersion.read(raw)).toBe(version);
  raw.close();
  return path;
}

describe('cache migrations', () => {
  it('are numbered 1..n in order, each with a data test here', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(Object.keys(LEVELS).map(Number)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('bring an empty file to the latest version, with WAL on, and apply nothing twice', () => {
    const cache = openCache(dir, 'fresh');
    expect(userVersion.read(cache.db)).toBe(LATEST);
    expect(cache.db.pragma('journal_mode', { simple: true })).toBe('wal');
    for (const level of Object.values(LEVELS)) level.adds(cache.db);
    cache.close();
    const again = openCache(dir, 'fresh');
    expect(userVersion.read(again.db)).toBe(LATEST);
    again.close();
  });

  for (const m of MIGRATIONS) {
    it(`${m.version} (${m.name}) upgrades a file at version ${m.version - 1} and keeps its data`, () => {
      const path = fileAt(m.version - 1);

      const raw = new Database(path);
      expect(migrateCache(raw, m.version)).toBe(m.version);
      LEVELS[m.version]!.adds(raw);
      raw.close();

      const cache = openCache(dir, 'old');
      expect(userVersion.read(cache.db)).toBe(LATEST);
      for (let v = 1; v < m.version; v++) LEVELS[v]!.check(cache);
      // What this migration adds works on the upgraded file.
      LEVELS[m.version]!.seed(cache.db);
      LEVELS[m.version]!.check(cache);
      cache.close();
    });
  }

  it('carry a file through every version with all its data', () => {
    fileAt(LATEST);
    const cache = openCache(dir, 'old');
    for (const level of Object.values(LEVELS)) level.check(cache);
    cache.close();
  });

  it('refuse a file written by a newer build (openCache then sets it aside)', () => {
    const raw = new Database(cacheFile(dir, 'future'));
    raw.pragma(`user_version = ${LATEST + 1}`);
    raw.close();
    expect(() => new Cache(cacheFile(dir, 'future'), 'future')).toThrow(/cannot open the cache .*cache-future\.sqlite: cache file .* has schema version \d+, newer than this build knows/);
    const reasons: string[] = [];
    openCache(dir, 'future', { onSetAside: (n) => reasons.push(n.reason) }).close();
    expect(reasons).toEqual([expect.stringMatching(/cache-future\.sqlite: cache file .* newer than this build knows/)]);
  });

  it('refuse a file that is not a database, naming it (openCache then sets it aside)', () => {
    writeFileSync(cacheFile(dir, 'junk'), 'not a database at all, just some text that fills the header'.repeat(20));
    expect(() => new Cache(cacheFile(dir, 'junk'), 'junk')).toThrow(/cannot open the cache .*cache-junk\.sqlite: file is not a database/);
    const reasons: string[] = [];
    openCache(dir, 'junk', { onSetAside: (n) => reasons.push(n.reason) }).close();
    expect(reasons).toEqual([expect.stringMatching(/cannot open the cache .*cache-junk\.sqlite: file is not a database/)]);
  });

  it('reject a bad target and a bad profile id', () => {
    const raw = new Database(':memory:');
    expect(() => migrateCache(raw, LATEST + 1)).toThrow(/cache migration target must be an integer from 0/);
    raw.close();
    expect(() => openCache(dir, '../escape')).toThrow(/profile id must be/);
    expect(() => openCache(dir, '')).toThrow(/profile id must be/);
  });
});
