// A data dir written by the previous schema (orders keyed by their id) opens in this build with
// its orders intact: resting ones back on the book, and their ids still refused as duplicates.
// One of schema 1 (from before trading) opens with its world and takes orders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogChanged } from '../market-index.js';
import { startTestVenue, TEST_ANCHOR } from '../test-support.js';
import { Trader } from '../trading/test-trader.js';
import { openDb, type Db } from './open.js';
import { SCHEMA_VERSION } from './schema.js';

/** The first active two-outcome market, made easy to trade (tick 0.01, size 5, no delays). */
function tradableMarket(db: Db): { condition_id: string; token_id: string } {
  const row = db
    .prepare(`SELECT m.condition_id, t.token_id FROM markets m JOIN tokens t ON t.condition_id = m.condition_id AND t.outcome_index = 0
              WHERE m.status = 'active' AND json_array_length(m.outcomes) = 2 ORDER BY m.id LIMIT 1`)
    .get() as { condition_id: string; token_id: string };
  db.prepare('UPDATE markets SET neg_risk = 0, tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0 WHERE condition_id = ?').run(row.condition_id);
  catalogChanged(db);
  return row;
}

const dir = mkdtempSync(join(tmpdir(), 'kairos-upgrade-'));
const dirV1 = mkdtempSync(join(tmpdir(), 'kairos-upgrade-v1-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dirV1, { recursive: true, force: true });
});

/** The orders table as schema 2 had it. */
const V2_ORDERS = `CREATE TABLE orders (
  id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, owner TEXT NOT NULL, wallet TEXT NOT NULL, token_id TEXT NOT NULL,
  condition_id TEXT NOT NULL, outcome_index INTEGER NOT NULL, side TEXT NOT NULL CHECK (side IN ('BUY','SELL')),
  price INTEGER NOT NULL, size INTEGER NOT NULL, filled INTEGER NOT NULL DEFAULT 0, order_type TEXT NOT NULL,
  post_only INTEGER NOT NULL DEFAULT 0, expiration INTEGER NOT NULL DEFAULT 0, release_at INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, body TEXT NOT NULL);
CREATE INDEX orders_live ON orders(status, token_id, seq) WHERE status IN ('live', 'delayed');
CREATE INDEX orders_owner ON orders(owner, status, seq);`;

describe('upgrading venue data from schema 2', () => {
  it('keeps every order, rebuilds the book and still refuses old ids', async () => {
    let venue = await startTestVenue({ dataDir: dir, size: 'small', seed: 7, anchor: TEST_ANCHOR, simulator: false });
    const row = tradableMarket(venue.db);
    const trader = await Trader.create(venue.urls);
    const items = [trader.order(row.token_id, 'BUY', '0.31', '10'), trader.order(row.token_id, 'BUY', '0.32', '10')];
    const first = await trader.post(items);
    expect(first.body.map((r) => r['status'] || r['errorMsg'])).toEqual(['live', 'live']);
    const before = venue.db.prepare('SELECT * FROM orders ORDER BY seq').all();
    await venue.stop();

    // Turn the data dir back into what schema 2 wrote.
    const db = openDb(dir);
    db.exec(`ALTER TABLE orders RENAME TO orders_v3; DROP INDEX orders_live; DROP INDEX orders_open_owner; ${V2_ORDERS}
             INSERT INTO orders SELECT id, seq, owner, wallet, token_id, condition_id, outcome_index, side, price, size, filled, order_type, post_only,
               expiration, release_at, status, created_at, updated_at, body FROM orders_v3;
             DROP TABLE orders_v3; UPDATE meta SET value = '2' WHERE key = 'schema_version';`);
    db.close();

    venue = await startTestVenue({ dataDir: dir, simulator: false });
    try {
      expect(Number((venue.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string }).value)).toBe(SCHEMA_VERSION);
      expect(venue.db.prepare('SELECT * FROM orders ORDER BY seq').all()).toEqual(before);
      const indexes = (venue.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);
      expect(indexes).toEqual(['orders_live', 'orders_open_owner']);
      expect(venue.exchange.book(row.token_id).depth('BUY')).toEqual([
        { price: 320_000, size: 10_000_000 },
        { price: 310_000, size: 10_000_000 },
      ]);
      const same = await Trader.create(venue.urls, trader.key);
      expect(same.creds).toEqual(trader.creds);
      const again = await same.post([items[1], same.order(row.token_id, 'BUY', '0.33', '10')]);
      expect(again.body.map((r) => r['code'] ?? r['status'])).toEqual(['DUPLICATE_ORDER', 'live']);
      const open = await same.send<{ data: Array<{ id: string }> }>('GET', '/data/orders');
      expect(open.body.data.map((o) => o.id)).toEqual([...first.body, ...again.body.slice(1)].map((r) => r['orderID']));
    } finally {
      await venue.stop();
    }
  });
});

describe('upgrading venue data from schema 1', () => {
  it('keeps the world and trades on it', async () => {
    let venue = await startTestVenue({ dataDir: dirV1, size: 'small', seed: 7, anchor: TEST_ANCHOR, simulator: false });
    const fills = venue.db.prepare('SELECT COUNT(*) FROM fills').pluck().get();
    const meta = venue.db.prepare("SELECT * FROM meta WHERE key <> 'schema_version' ORDER BY key").all();
    await venue.stop();

    // Turn the data dir back into what schema 1 wrote: no trading tables.
    const db = openDb(dirV1);
    db.exec("DROP TABLE orders; DROP TABLE balances; DROP TABLE api_keys; UPDATE meta SET value = '1' WHERE key = 'schema_version';");
    db.close();

    venue = await startTestVenue({ dataDir: dirV1, simulator: false });
    try {
      expect(venue.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(String(SCHEMA_VERSION));
      expect(venue.db.prepare('SELECT COUNT(*) FROM fills').pluck().get()).toBe(fills);
      expect(venue.db.prepare("SELECT * FROM meta WHERE key <> 'schema_version' ORDER BY key").all()).toEqual(meta);
      const row = tradableMarket(venue.db);
      const trader = await Trader.create(venue.urls);
      const posted = await trader.post([trader.order(row.token_id, 'BUY', '0.31', '10')]);
      expect(posted.body.map((r) => r['status'] || r['errorMsg'])).toEqual(['live']);
    } finally {
      await venue.stop();
    }
  });
});
