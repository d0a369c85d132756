import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS, cacheFile, migrate, openCache, schemaVersion, type Cache } from './index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-cache-mig-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Data written the way a build at each level wrote it, and how the latest build must read it back. */
const LEVELS: Record<number, { seed(db: Database.Database): void; check(cache: Cache): void }> = {
  1: {
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
    seed(db) {
      db.prepare(
        `INSERT INTO markets(id, condition_id, slug, question, description, event_ids, tag_ids, outcomes, clob_token_ids,
         active, closed, archived, accepting_orders, volume_micros, end_date, raw, pass) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run('7', '0xabc', 'old-slug', 'Will the old file survive?', 'desc', '["3"]', '["1"]', '["Yes","No"]', '["11","12"]', 1, 0, 0, 1, 58_400_000, null, '{"id":"7"}', 1);
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
    seed(db) {
      db.prepare('INSERT INTO snapshots VALUES (?, ?, ?, ?, ?)').run('0xacc', 1_000, 12_500_000, -250_000, '[]');
    },
    check(cache) {
      expect(cache.history('0xACC')).toEqual([{ at: 1_000, value: '12.5', cashPnl: '-0.25' }]);
    },
  },
  4: {
    seed(db) {
      db.prepare(
        `INSERT INTO markets(id, condition_id, slug, question, event_ids, tag_ids, outcomes, clob_token_ids, active, closed, archived, raw, pass)
         VALUES ('8', '0xdef', 's8', 'Listed by its columns?', '[]', '[]', '["Yes","No"]', '["21","22"]', 1, 0, 0, ?, 1)`,
      ).run(JSON.stringify({ id: '8', conditionId: '0xDEF', outcomePrices: '["0.7","0.3"]', volume24hr: 12.5, mirrorConditionId: '0x1' }));
      // Rows of an older build have no list columns yet: the migration fills them from raw.
      db.exec("UPDATE markets SET volume24hr = NULL, first_price = NULL, outcome_prices = '[]', mirror = 0 WHERE id = '8'");
      db.exec(MIGRATIONS[3]!.sql.split(';').filter((q) => q.includes('UPDATE')).join(';'));
    },
    check(cache) {
      const page = cache.listMarkets({ status: 'active', mirror: 'only', sort: 'lastPrice', ascending: false, limit: 10, offset: 0 });
      expect(page.rows.find((r) => r.id === '8')).toMatchObject({ conditionId: '0xDEF', outcomePrices: ['0.7', '0.3'], volume24hr: 12.5, mirror: true });
    },
  },
};

describe('cache migrations', () => {
  it('are numbered 1..n in order, each with a data test here', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(Object.keys(LEVELS).map(Number)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('bring an empty file to the latest version, with WAL on', () => {
    const cache = openCache(dir, 'fresh');
    expect(schemaVersion(cache.db)).toBe(LATEST_VERSION);
    expect(cache.db.pragma('journal_mode', { simple: true })).toBe('wal');
    for (const level of Object.values(LEVELS)) level.seed(cache.db);
    for (const level of Object.values(LEVELS)) level.check(cache);
    cache.close();
    // Reopening applies nothing twice.
    const again = openCache(dir, 'fresh');
    expect(schemaVersion(again.db)).toBe(LATEST_VERSION);
    again.close();
  });

  for (const m of MIGRATIONS) {
    it(`${m.version} (${m.name}) upgrades a file at version ${m.version - 1} and keeps its data`, () => {
      const raw = new Database(cacheFile(dir, 'old'));
      expect(migrate(raw, m.version - 1)).toBe(m.version - 1);
      for (let v = 1; v < m.version; v++) LEVELS[v]!.seed(raw);
      raw.close();

      const cache = openCache(dir, 'old');
      expect(schemaVersion(cache.db)).toBe(LATEST_VERSION);
      for (let v = 1; v < m.version; v++) LEVELS[v]!.check(cache);
      // What this migration adds works on the upgraded file.
      LEVELS[m.version]!.seed(cache.db);
      LEVELS[m.version]!.check(cache);
      cache.close();
    });
  }

  it('refuse a file written by a newer build', () => {
    const raw = new Database(cacheFile(dir, 'future'));
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    expect(() => openCache(dir, 'future')).toThrow(/schema version \d+, newer than this build knows/);
  });

  it('refuse a file that is not a database, naming it', () => {
    writeFileSync(cacheFile(dir, 'junk'), 'not a database at all, just some text that fills the header'.repeat(20));
    expect(() => openCache(dir, 'junk')).toThrow(/cannot open the cache .*cache-junk\.sqlite: file is not a database/);
  });

  it('reject a bad target and a bad profile id', () => {
    const raw = new Database(':memory:');
    expect(() => migrate(raw, LATEST_VERSION + 1)).toThrow(/migration target must be an integer from 0/);
    raw.close();
    expect(() => openCache(dir, '../escape')).toThrow(/profile id must be/);
    expect(() => openCache(dir, '')).toThrow(/profile id must be/);
  });
});
