// The venue's SQLite schema. Amounts are integers in micro units (1e-6): prices, token sizes
// and cash, so the ledger arithmetic stays exact. Times are epoch milliseconds.
// `positions`, `last_trades` and `market_stats` are derived from `fills` (kept in step by
// ledger.ts inside the same transaction as each fill, and rebuildable from the fills alone).
//
// The schema grows by numbered migrations, run by the shared migrate() when a data dir opens.
// The SQL of a released version is never edited: a change is a new migration at the end.
import type Database from 'better-sqlite3';
import type { Migration } from '@shared/storage/migrate.js';

/** Version 1: the catalog, wallets, the ledger and what derives from it, comments. */
const CATALOG_SQL = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- A creator wallet publishes markets for one site; ?creator= takes either.
CREATE TABLE IF NOT EXISTS creators (
  address TEXT PRIMARY KEY,            -- lowercase 0x address
  site TEXT NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS wallets (
  address TEXT PRIMARY KEY,            -- lowercase 0x address
  name TEXT NOT NULL,
  pseudonym TEXT NOT NULL,
  bio TEXT NOT NULL,
  profile_image TEXT NOT NULL,
  x_username TEXT,
  verified INTEGER NOT NULL DEFAULT 0,
  display_public INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS tags (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  category TEXT,                       -- leaderboard category (POLITICS, ...) or NULL
  requires_translation INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS series (
  id INTEGER PRIMARY KEY,
  ticker TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  series_type TEXT NOT NULL,
  recurrence TEXT NOT NULL,
  image TEXT NOT NULL,
  icon TEXT NOT NULL,
  active INTEGER NOT NULL,
  closed INTEGER NOT NULL,
  archived INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  ticker TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  resolution_source TEXT NOT NULL,
  image TEXT NOT NULL,
  icon TEXT NOT NULL,
  start_date INTEGER NOT NULL,
  end_date INTEGER NOT NULL,
  creation_date INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  active INTEGER NOT NULL,
  closed INTEGER NOT NULL,
  archived INTEGER NOT NULL,
  neg_risk INTEGER NOT NULL DEFAULT 0,
  neg_risk_market_id TEXT NOT NULL DEFAULT '',
  series_id INTEGER REFERENCES series(id),
  category TEXT                        -- leaderboard category of its markets, or NULL
);
CREATE INDEX IF NOT EXISTS events_series ON events(series_id);
CREATE INDEX IF NOT EXISTS events_end ON events(end_date, id);
CREATE INDEX IF NOT EXISTS events_start ON events(start_date, id);

CREATE TABLE IF NOT EXISTS event_tags (
  event_id INTEGER NOT NULL REFERENCES events(id),
  tag_id INTEGER NOT NULL REFERENCES tags(id),
  PRIMARY KEY (event_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_tags_tag ON event_tags(tag_id, event_id);

CREATE TABLE IF NOT EXISTS markets (
  id INTEGER PRIMARY KEY,
  condition_id TEXT NOT NULL UNIQUE,   -- 0x + 64 hex, lowercase
  question_id TEXT NOT NULL,
  question TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL,
  resolution_source TEXT NOT NULL,
  image TEXT NOT NULL,
  icon TEXT NOT NULL,
  start_date INTEGER NOT NULL,
  end_date INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  event_id INTEGER NOT NULL REFERENCES events(id),
  status TEXT NOT NULL CHECK (status IN ('active','paused','closed','resolved','archived')),
  outcomes TEXT NOT NULL,              -- JSON array of labels
  winner_index INTEGER,                -- set when resolved
  creator TEXT NOT NULL,               -- lowercase creator address
  mirror_condition_id TEXT,            -- external venue's condition id, NULL when not a mirror
  mirror_token_ids TEXT,               -- JSON array paired by position with the outcomes, or NULL
  neg_risk INTEGER NOT NULL DEFAULT 0,
  neg_risk_request_id TEXT NOT NULL DEFAULT '',
  tick_size INTEGER NOT NULL,          -- micro units: 10000 = 0.01
  min_size INTEGER NOT NULL,           -- whole tokens
  maker_base_fee INTEGER NOT NULL,     -- bps
  taker_base_fee INTEGER NOT NULL,     -- bps
  fee_rate REAL NOT NULL DEFAULT 0,
  fee_exponent INTEGER NOT NULL DEFAULT 0,
  fee_taker_only INTEGER NOT NULL DEFAULT 1,
  rewards_daily_rate REAL NOT NULL DEFAULT 0,
  rewards_min_size REAL NOT NULL DEFAULT 0,
  rewards_max_spread REAL NOT NULL DEFAULT 0,
  rfq_enabled INTEGER NOT NULL DEFAULT 0,
  taker_delay INTEGER NOT NULL DEFAULT 0,   -- itode
  seconds_delay INTEGER NOT NULL DEFAULT 0,
  screening INTEGER NOT NULL DEFAULT 0,     -- ibce
  min_order_age INTEGER NOT NULL DEFAULT 0, -- oas, seconds
  game_start_time INTEGER,
  accepting_orders_since INTEGER,
  category TEXT
);
CREATE INDEX IF NOT EXISTS markets_event ON markets(event_id);
CREATE INDEX IF NOT EXISTS markets_status ON markets(status, id);
CREATE INDEX IF NOT EXISTS markets_creator ON markets(creator);
-- Listing sorts: each lets a page be read in order instead of sorting every wide market row.
CREATE INDEX IF NOT EXISTS markets_end ON markets(end_date, id);
CREATE INDEX IF NOT EXISTS markets_start ON markets(start_date, id);
CREATE INDEX IF NOT EXISTS markets_created ON markets(created_at, id);

CREATE TABLE IF NOT EXISTS market_tags (
  market_id INTEGER NOT NULL REFERENCES markets(id),
  tag_id INTEGER NOT NULL REFERENCES tags(id),
  PRIMARY KEY (market_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS market_tags_tag ON market_tags(tag_id, market_id);

-- Outcome tokens: the decimal uint256 id of the trading surface and its data-surface pair.
CREATE TABLE IF NOT EXISTS tokens (
  token_id TEXT PRIMARY KEY,
  condition_id TEXT NOT NULL REFERENCES markets(condition_id),
  outcome_index INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  UNIQUE (condition_id, outcome_index)
);

-- The ledger: one row per party of each match. A match pairs a BUY and a SELL of the same
-- outcome, or (history only: minting) a BUY of each outcome whose prices sum to 1.
CREATE TABLE IF NOT EXISTS fills (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL,
  ts INTEGER NOT NULL,                 -- epoch ms
  wallet TEXT NOT NULL,
  condition_id TEXT NOT NULL,
  outcome_index INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('BUY','SELL')),
  role TEXT NOT NULL CHECK (role IN ('T','M')),  -- taker or maker
  price INTEGER NOT NULL,              -- micro
  size INTEGER NOT NULL,               -- micro tokens
  usdc INTEGER NOT NULL,               -- micro cash = size * price
  fee INTEGER NOT NULL DEFAULT 0,      -- micro cash
  tx_hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS fills_wallet_ts ON fills(wallet, ts DESC, id DESC);
CREATE INDEX IF NOT EXISTS fills_market_ts ON fills(condition_id, ts DESC, id DESC);
CREATE INDEX IF NOT EXISTS fills_ts ON fills(ts DESC, id DESC);
CREATE INDEX IF NOT EXISTS fills_match ON fills(match_id);

-- Derived from fills: average-cost positions per wallet and outcome.
CREATE TABLE IF NOT EXISTS positions (
  wallet TEXT NOT NULL,
  condition_id TEXT NOT NULL,
  outcome_index INTEGER NOT NULL,
  size INTEGER NOT NULL,               -- micro tokens held
  cost INTEGER NOT NULL,               -- micro cash: cost basis of what is held
  total_bought INTEGER NOT NULL,       -- micro tokens ever bought
  bought_cost INTEGER NOT NULL,        -- micro cash ever spent buying
  realized INTEGER NOT NULL,           -- micro cash realised by sells
  volume INTEGER NOT NULL,             -- micro cash traded (buys and sells)
  first_ts INTEGER NOT NULL,
  last_ts INTEGER NOT NULL,
  PRIMARY KEY (wallet, condition_id, outcome_index)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS positions_market ON positions(condition_id, outcome_index, size DESC);

-- Derived from fills: the last fill per outcome (price, taker side) and volume per market.
CREATE TABLE IF NOT EXISTS last_trades (
  condition_id TEXT NOT NULL,
  outcome_index INTEGER NOT NULL,
  price INTEGER NOT NULL,
  side TEXT NOT NULL,
  ts INTEGER NOT NULL,
  fill_id INTEGER NOT NULL,
  PRIMARY KEY (condition_id, outcome_index)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS market_stats (
  condition_id TEXT PRIMARY KEY,
  volume INTEGER NOT NULL,             -- micro cash, taker side counted once per match
  trades INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS comments (
  id INTEGER PRIMARY KEY,
  body TEXT NOT NULL,
  parent_entity_type TEXT NOT NULL CHECK (parent_entity_type IN ('Event','Series','market')),
  parent_entity_id INTEGER NOT NULL,
  parent_comment_id INTEGER REFERENCES comments(id),
  user_address TEXT NOT NULL,
  reply_address TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  report_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS comments_parent ON comments(parent_entity_type, parent_entity_id, created_at DESC);
CREATE INDEX IF NOT EXISTS comments_user ON comments(user_address, created_at DESC);
CREATE INDEX IF NOT EXISTS comments_reply ON comments(parent_comment_id);

CREATE TABLE IF NOT EXISTS comment_reactions (
  id INTEGER PRIMARY KEY,
  comment_id INTEGER NOT NULL REFERENCES comments(id),
  user_address TEXT NOT NULL,
  reaction_type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (comment_id, user_address, reaction_type)
);
CREATE INDEX IF NOT EXISTS comment_reactions_comment ON comment_reactions(comment_id);
`;

/** Version 2 added trading: API keys and paper balances, then the orders below. */
const TRADING_SQL = `
-- Trading. API keys are derived from the venue's master key (auth/keys.ts), so only their
-- public parts and a hash of the passphrase are kept here.
CREATE TABLE IF NOT EXISTS api_keys (
  api_key TEXT PRIMARY KEY,
  address TEXT NOT NULL,               -- lowercase
  nonce TEXT NOT NULL,                 -- decimal uint256
  passphrase_hash TEXT NOT NULL,       -- hex sha256
  created_at INTEGER NOT NULL,
  UNIQUE (address, nonce)
);

-- Paper cash per wallet, micro. Created with the venue's paper balance on a wallet's first key.
CREATE TABLE IF NOT EXISTS balances (
  address TEXT PRIMARY KEY,
  cash INTEGER NOT NULL CHECK (cash >= 0),
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

/** Orders as version 2 kept them, keyed by their id. */
const ORDERS_V2_SQL = `
-- Every accepted order. Resting ones (status 'live') are reloaded into the books on start.
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,                 -- the order hash, 0x + 64 hex
  seq INTEGER NOT NULL UNIQUE,         -- arrival order: time priority within a price
  owner TEXT NOT NULL,                 -- api key
  wallet TEXT NOT NULL,                -- lowercase maker address
  token_id TEXT NOT NULL,
  condition_id TEXT NOT NULL,
  outcome_index INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('BUY','SELL')),
  price INTEGER NOT NULL,              -- micro
  size INTEGER NOT NULL,               -- micro tokens, original
  filled INTEGER NOT NULL DEFAULT 0,   -- micro tokens
  order_type TEXT NOT NULL,
  post_only INTEGER NOT NULL DEFAULT 0,
  expiration INTEGER NOT NULL DEFAULT 0,   -- epoch s, GTD only
  release_at INTEGER NOT NULL DEFAULT 0,   -- epoch ms a delayed (itode) order executes
  status TEXT NOT NULL,                -- live, delayed, matched, cancelled, expired, unmatched
  created_at INTEGER NOT NULL,         -- epoch ms
  updated_at INTEGER NOT NULL,
  body TEXT NOT NULL                   -- the signed order as received
);
CREATE INDEX IF NOT EXISTS orders_live ON orders(status, token_id, seq) WHERE status IN ('live', 'delayed');
CREATE INDEX IF NOT EXISTS orders_owner ON orders(owner, status, seq);
`;

/** Orders since version 3. */
const ORDERS_SQL = `
-- Every accepted order. Resting ones (status 'live') are reloaded into the books on start.
-- Keyed by arrival, so new orders append; the ids (random hashes) are indexed in memory by
-- exchange/order-ids.ts, as an index here put each order on a random page of it.
CREATE TABLE IF NOT EXISTS orders (
  seq INTEGER PRIMARY KEY,             -- arrival order: time priority within a price
  id TEXT NOT NULL,                    -- the order hash, 0x + 64 hex; unique
  owner TEXT NOT NULL,                 -- api key
  wallet TEXT NOT NULL,                -- lowercase maker address
  token_id TEXT NOT NULL,
  condition_id TEXT NOT NULL,
  outcome_index INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('BUY','SELL')),
  price INTEGER NOT NULL,              -- micro
  size INTEGER NOT NULL,               -- micro tokens, original
  filled INTEGER NOT NULL DEFAULT 0,   -- micro tokens
  order_type TEXT NOT NULL,
  post_only INTEGER NOT NULL DEFAULT 0,
  expiration INTEGER NOT NULL DEFAULT 0,   -- epoch s, GTD only
  release_at INTEGER NOT NULL DEFAULT 0,   -- epoch ms a delayed (itode) order executes
  status TEXT NOT NULL,                -- live, delayed, matched, cancelled, expired, unmatched
  created_at INTEGER NOT NULL,         -- epoch ms
  updated_at INTEGER NOT NULL,
  body TEXT NOT NULL                   -- the signed order as received
);
CREATE INDEX IF NOT EXISTS orders_live ON orders(status, token_id, seq) WHERE status IN ('live', 'delayed');
CREATE INDEX IF NOT EXISTS orders_open_owner ON orders(owner, seq) WHERE status IN ('live', 'delayed');
`;

const ORDER_COLUMNS = 'seq, id, owner, wallet, token_id, condition_id, outcome_index, side, price, size, filled, order_type, post_only, expiration, release_at, status, created_at, updated_at, body';

/** Version 4: readers ask for what changed since they last looked, newest update first, every few seconds. */
const UPDATED_SQL = `
CREATE INDEX IF NOT EXISTS markets_updated ON markets(updated_at, id);
CREATE INDEX IF NOT EXISTS events_updated ON events(updated_at, id);
`;

/**
 * Version 5: the family's read-only and builder keys, and keys revoked. Read-only keys carry no
 * secret (they read with the key and address alone); builder keys sign like API keys, their
 * secret derived from the master key with `nonce`. Each belongs to the API key that made it.
 */
const SIDE_KEYS_SQL = `
CREATE TABLE IF NOT EXISTS side_keys (
  api_key TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('readonly', 'builder')),
  address TEXT NOT NULL,               -- lowercase
  parent TEXT NOT NULL,                -- the API key that made it, whose reads it shares
  nonce TEXT NOT NULL,                 -- what its credentials are derived from
  passphrase_hash TEXT,                -- builder keys only
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX IF NOT EXISTS side_keys_address ON side_keys(address, kind, created_at);
`;

export const MIGRATIONS: readonly Migration<Database.Database>[] = [
  { version: 1, name: 'catalog, ledger and comments', up: CATALOG_SQL },
  // Builds of version 2 refused a version-1 data dir, but only after running their schema in it;
  // IF NOT EXISTS lets a file they touched upgrade as well as an untouched one.
  { version: 2, name: 'trading: API keys, balances and orders', up: TRADING_SQL + ORDERS_V2_SQL },
  {
    version: 3,
    name: 'orders keyed by arrival',
    // Random order ids as the key put each new order on a random page; keyed by sequence they
    // append. The owner index only holds open orders, the only ones asked for by owner.
    up: (db) => {
      db.exec('DROP INDEX IF EXISTS orders_live; DROP INDEX IF EXISTS orders_owner; ALTER TABLE orders RENAME TO orders_v2;');
      db.exec(ORDERS_SQL);
      db.exec(`INSERT INTO orders (${ORDER_COLUMNS}) SELECT ${ORDER_COLUMNS} FROM orders_v2 ORDER BY seq; DROP TABLE orders_v2;`);
    },
  },
  {
    version: 4,
    name: 'listings by last update',
    up: UPDATED_SQL,
  },
  { version: 5, name: 'read-only and builder keys', up: SIDE_KEYS_SQL },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * The whole current schema, every statement idempotent: what the migrations build in a new file
 * (a test holds the two together). The world generator runs it to rebuild the indexes it drops.
 */
export const SCHEMA_SQL = CATALOG_SQL + TRADING_SQL + ORDERS_SQL + UPDATED_SQL + SIDE_KEYS_SQL;
