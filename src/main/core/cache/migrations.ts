// Numbered schema migrations of the cache file, applied by the shared migrate() with the version
// in `user_version`. Migrations only ever append (a released one is never edited), so an older
// file upgrades in place.
import type Database from 'better-sqlite3';
import { migrate, type Migration } from '@shared/storage/migrate.js';

export const MIGRATIONS: readonly Migration<Database.Database>[] = [
  {
    version: 1,
    name: 'responses and sync checkpoints',
    up: `
      CREATE TABLE responses (
        key TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE sync_state (
        key TEXT PRIMARY KEY,
        pass INTEGER NOT NULL,
        next_offset INTEGER NOT NULL,
        pages INTEGER NOT NULL,
        done INTEGER NOT NULL,
        complete INTEGER NOT NULL,
        last_total INTEGER,
        run TEXT,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'catalog rows and full-text index',
    up: `
      CREATE TABLE markets (
        id TEXT PRIMARY KEY,
        condition_id TEXT NOT NULL,
        slug TEXT,
        question TEXT,
        description TEXT,
        event_ids TEXT NOT NULL,
        tag_ids TEXT NOT NULL,
        outcomes TEXT NOT NULL,
        clob_token_ids TEXT NOT NULL,
        active INTEGER,
        closed INTEGER,
        archived INTEGER,
        accepting_orders INTEGER,
        volume_micros INTEGER,
        end_date TEXT,
        raw TEXT NOT NULL,
        pass INTEGER NOT NULL
      );
      CREATE INDEX markets_condition ON markets(condition_id);
      CREATE INDEX markets_slug ON markets(slug);
      CREATE TABLE events (
        id TEXT PRIMARY KEY,
        slug TEXT,
        title TEXT,
        description TEXT,
        tag_ids TEXT NOT NULL,
        market_ids TEXT NOT NULL,
        active INTEGER,
        closed INTEGER,
        archived INTEGER,
        end_date TEXT,
        raw TEXT NOT NULL,
        pass INTEGER NOT NULL
      );
      CREATE INDEX events_slug ON events(slug);
      CREATE TABLE series (
        id TEXT PRIMARY KEY,
        slug TEXT,
        title TEXT,
        event_ids TEXT NOT NULL,
        active INTEGER,
        closed INTEGER,
        archived INTEGER,
        raw TEXT NOT NULL,
        pass INTEGER NOT NULL
      );
      CREATE TABLE tags (
        id TEXT PRIMARY KEY,
        label TEXT,
        slug TEXT,
        raw TEXT NOT NULL,
        pass INTEGER NOT NULL
      );
      CREATE TABLE comments (
        id TEXT PRIMARY KEY,
        parent_type TEXT NOT NULL,
        parent_id TEXT NOT NULL,
        body TEXT,
        user_address TEXT,
        created_at TEXT,
        raw TEXT NOT NULL,
        pass INTEGER NOT NULL
      );
      CREATE INDEX comments_parent ON comments(parent_type, parent_id);
      -- One row per indexed entity; its doc number is the rowid of the full-text row, and grows
      -- with each new entity (broad queries favour the newest).
      CREATE TABLE search_docs (
        doc INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        UNIQUE (kind, id)
      );
      -- kind is indexed so a kinds filter runs inside the full-text match.
      CREATE VIRTUAL TABLE search_fts USING fts5(
        kind, id UNINDEXED, label UNINDEXED, title, body,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
      );
    `,
  },
  {
    version: 3,
    name: 'portfolio snapshots',
    up: `
      CREATE TABLE snapshots (
        account TEXT NOT NULL,
        at INTEGER NOT NULL,
        value_micros INTEGER NOT NULL,
        cash_pnl_micros INTEGER NOT NULL,
        positions TEXT NOT NULL,
        PRIMARY KEY (account, at)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 4,
    name: 'markets list columns',
    // The list sorts and filters every market; reading these out of the raw JSON on each query
    // cost ~20 ms per 1,500 markets. Older rows are filled from their raw JSON here.
    up: `
      ALTER TABLE markets ADD COLUMN volume24hr REAL;
      ALTER TABLE markets ADD COLUMN first_price REAL;
      ALTER TABLE markets ADD COLUMN outcome_prices TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE markets ADD COLUMN created_at TEXT;
      ALTER TABLE markets ADD COLUMN mirror INTEGER NOT NULL DEFAULT 0;
      UPDATE markets SET
        volume24hr = CAST(json_extract(raw, '$.volume24hr') AS REAL),
        outcome_prices = CASE json_type(raw, '$.outcomePrices')
          WHEN 'text' THEN json_extract(raw, '$.outcomePrices') WHEN 'array' THEN json_extract(raw, '$.outcomePrices') ELSE '[]' END,
        created_at = json_extract(raw, '$.createdAt'),
        mirror = json_extract(raw, '$.mirrorConditionId') IS NOT NULL;
      UPDATE markets SET first_price = CAST(json_extract(outcome_prices, '$[0]') AS REAL) WHERE json_valid(outcome_prices);
      -- Narrow indexes the list scans instead of the wide rows (each carries the raw JSON): one per
      -- sort, holding the flags the status and mirror filters read.
      CREATE INDEX markets_list_flags ON markets(active, closed, archived, mirror);
      CREATE INDEX markets_by_volume24hr ON markets(volume24hr, active, closed, archived, mirror, id);
      CREATE INDEX markets_by_volume ON markets(volume_micros, active, closed, archived, mirror, id);
      CREATE INDEX markets_by_end ON markets(end_date, active, closed, archived, mirror, id);
      CREATE INDEX markets_by_question ON markets(question COLLATE NOCASE, active, closed, archived, mirror, id);
      CREATE INDEX markets_by_created ON markets(created_at, active, closed, archived, mirror, id);
      CREATE INDEX markets_by_price ON markets(first_price, active, closed, archived, mirror, id);
    `,
  },
  {
    version: 5,
    name: 'events listing, series links and traders',
    // The events list sorts every event by its markets' sums; those are kept on the event row
    // (filled by the cache when markets change) rather than summed per query. Older rows are
    // filled from their raw JSON here; the sums follow on the next read.
    up: `
      ALTER TABLE events ADD COLUMN created_at TEXT;
      ALTER TABLE events ADD COLUMN neg_risk INTEGER;
      ALTER TABLE events ADD COLUMN series_ids TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE events ADD COLUMN volume_micros INTEGER;
      ALTER TABLE events ADD COLUMN volume24hr REAL;
      ALTER TABLE events ADD COLUMN liquidity_micros INTEGER;
      ALTER TABLE events ADD COLUMN market_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE markets ADD COLUMN liquidity_micros INTEGER;
      ALTER TABLE markets ADD COLUMN neg_risk INTEGER;
      UPDATE events SET
        created_at = json_extract(raw, '$.createdAt'),
        neg_risk = CASE json_type(raw, '$.negRisk') WHEN 'true' THEN 1 WHEN 'false' THEN 0 ELSE NULL END,
        series_ids = COALESCE((SELECT json_group_array(CAST(json_extract(s.value, '$.id') AS TEXT)) FROM json_each(raw, '$.series') s WHERE json_extract(s.value, '$.id') IS NOT NULL), '[]'),
        market_count = json_array_length(market_ids);
      UPDATE markets SET
        neg_risk = CASE json_type(raw, '$.negRisk') WHEN 'true' THEN 1 WHEN 'false' THEN 0 ELSE NULL END,
        liquidity_micros = CAST(ROUND(CAST(COALESCE(json_extract(raw, '$.liquidityNum'), json_extract(raw, '$.liquidity')) AS REAL) * 1000000) AS INTEGER);
      CREATE INDEX events_by_end ON events(end_date);
      -- Everyone the app has seen by name: leaderboard entries, holders, comment authors.
      CREATE TABLE traders (
        address TEXT PRIMARY KEY,
        name TEXT,
        pseudonym TEXT,
        seen_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 6,
    name: 'an index of response keys alone',
    // Every read of a path under any query (expireWhere, e.g. a market's trades after a live
    // fill) walks keys by prefix. The table keeps each answer in its key's row, and walking rows
    // of 2 MB answers took ~8 ms for a dozen keys; the keys alone take under 0.1 ms.
    up: `
      CREATE INDEX responses_keys ON responses(key);
    `,
  },
  {
    version: 7,
    name: 'rows dropped from each answer',
    // An answer's rows that did not match what was asked are dropped before it is kept; how many
    // stays with it, so an answer read back offline still says it was filtered.
    up: `
      ALTER TABLE responses ADD COLUMN dropped INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 8,
    name: 'narrow indexes for event sums and tag counts',
    // Events' sums and tags' counts are taken over every market after each catalog change (the
    // catalog watch writes some every few seconds), and the next search waited for them: over
    // the wide rows that was ~50 ms each for 15,000 markets, over these ~20.
    up: `
      CREATE INDEX markets_event_sums ON markets(event_ids, volume_micros, volume24hr, liquidity_micros, neg_risk);
      CREATE INDEX markets_tag_ids ON markets(tag_ids);
    `,
  },
];

/** Brings a cache file up to `target` (default: the latest) and returns the version it ends at. */
export function migrateCache(db: Database.Database, target?: number): number {
  return migrate(db, MIGRATIONS, { what: 'cache', target });
}
