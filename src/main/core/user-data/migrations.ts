// Numbered migrations of a profile's user-data file. Version 1 is the order journal as it was
// first released (then a file of its own, `journal-<profile>.sqlite`, which becomes this file),
// so an old journal upgrades in place with every row kept.
import type Database from 'better-sqlite3';
import type { Migration } from '@shared/storage/migrate.js';

export const USER_MIGRATIONS: readonly Migration<Database.Database>[] = [
  {
    version: 1,
    name: 'order journal',
    up: `CREATE TABLE IF NOT EXISTS journal (
      order_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, token_id TEXT NOT NULL, side TEXT NOT NULL, price TEXT NOT NULL,
      size TEXT NOT NULL, type TEXT NOT NULL, state TEXT NOT NULL, size_matched TEXT NOT NULL DEFAULT '0',
      sent_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, code TEXT, message TEXT)`,
  },
  {
    version: 2,
    name: 'orders know their market and expiry; notices told',
    // A journal file of a later release already has some of these: add only what is missing.
    up: (db) => {
      const columns = new Set((db.prepare('PRAGMA table_info(journal)').all() as Array<{ name: string }>).map((c) => c.name));
      if (!columns.has('condition_id')) db.exec('ALTER TABLE journal ADD COLUMN condition_id TEXT');
      if (!columns.has('expires_at')) db.exec('ALTER TABLE journal ADD COLUMN expires_at INTEGER');
      db.exec('CREATE INDEX IF NOT EXISTS journal_account_state ON journal(account_id, state)');
      db.exec('CREATE TABLE IF NOT EXISTS notices (account_id TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account_id, key))');
    },
  },
  {
    version: 3,
    name: 'value snapshots and ticket drafts',
    up: `
      CREATE TABLE snapshots (
        account TEXT NOT NULL,
        at INTEGER NOT NULL,
        value_micros INTEGER NOT NULL,
        cash_pnl_micros INTEGER NOT NULL,
        positions TEXT NOT NULL,
        PRIMARY KEY (account, at)
      ) WITHOUT ROWID;
      CREATE TABLE drafts (name TEXT PRIMARY KEY, body TEXT NOT NULL, updated_at INTEGER NOT NULL) WITHOUT ROWID;
      -- One-time steps done outside a migration (bringing in what older releases kept elsewhere).
      CREATE TABLE done (step TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;
    `,
  },
  {
    version: 4,
    name: 'trades claimed by orders whose answer was lost',
    // Trades carry no order id: once one is counted for an order, no other order counts it again.
    up: `
      CREATE TABLE trade_claims (
        account_id TEXT NOT NULL,
        trade_key TEXT NOT NULL,
        order_id TEXT NOT NULL,
        size TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (account_id, trade_key)
      ) WITHOUT ROWID;
      CREATE INDEX trade_claims_order ON trade_claims(order_id);
    `,
  },
  {
    version: 5,
    name: "the venue's answer to each order",
    // Its status word (live, matched, delayed, unmatched) and what matched on arrival, in the
    // base units the venue counted: the history shows them, and an average price comes from them.
    up: `
      ALTER TABLE journal ADD COLUMN venue_status TEXT;
      ALTER TABLE journal ADD COLUMN making_amount TEXT;
      ALTER TABLE journal ADD COLUMN taking_amount TEXT;
    `,
  },
  {
    version: 6,
    name: 'watchlist and price alerts',
    // An alert is armed until its condition holds; it fires then, and is armed again once the
    // condition stops holding — so one crossing fires once, across restarts too. Thresholds and
    // values are micro units (exact), as everywhere money is kept.
    up: `
      CREATE TABLE watchlist (
        kind TEXT NOT NULL CHECK (kind IN ('market', 'event')),
        id TEXT NOT NULL,
        ref TEXT NOT NULL,
        title TEXT NOT NULL,
        added_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID;
      CREATE TABLE alerts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        condition_id TEXT NOT NULL,
        ref TEXT NOT NULL,
        question TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('price', 'spread', 'volume24h')),
        outcome INTEGER,
        outcome_label TEXT,
        token_id TEXT,
        tokens TEXT NOT NULL DEFAULT '[]',
        op TEXT CHECK (op IN ('>=', '<=')),
        threshold_micros INTEGER NOT NULL,
        paused INTEGER NOT NULL DEFAULT 0,
        armed INTEGER NOT NULL DEFAULT 1,
        value_micros INTEGER,
        checked_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX alerts_market ON alerts(condition_id);
      CREATE TABLE alert_fires (
        alert_id INTEGER NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        value_micros INTEGER NOT NULL
      );
      CREATE INDEX alert_fires_alert ON alert_fires(alert_id, at);
    `,
  },
  {
    version: 7,
    name: 'snapshots of cash, realised and unrealised P&L',
    // A snapshot's value is cash + marked positions (positions alone where the venue reports no
    // cash) and its P&L realised + unrealised; rows of older releases (NULL here) held the
    // positions alone and their unrealised P&L, so they are not drawn with the new ones.
    up: `
      ALTER TABLE snapshots ADD COLUMN cash_micros INTEGER;
      ALTER TABLE snapshots ADD COLUMN realised_micros INTEGER;
      ALTER TABLE snapshots ADD COLUMN unrealised_micros INTEGER;
    `,
  },
  {
    version: 8,
    name: 'the inbox: every notice raised, with its read state',
    // Kept whole (not only what was told, as the notices table is): the inbox lists them again.
    up: `
      CREATE TABLE inbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        at INTEGER NOT NULL,
        read_at INTEGER,
        account_id TEXT,
        order_id TEXT,
        condition_id TEXT,
        event_slug TEXT,
        address TEXT
      );
      CREATE INDEX inbox_at ON inbox(at, id);
      CREATE INDEX inbox_unread ON inbox(at, id) WHERE read_at IS NULL;
    `,
  },
  {
    version: 9,
    name: 'followed traders and their position snapshots',
    // Per wallet: the snapshot last seen (what its changes count from) and the latest one read,
    // so the Following screen reads offline; and the newest trade second seen with the keys of
    // its trades, so a trade is told once across restarts. Amounts are micro units.
    up: `
      CREATE TABLE followed (
        address TEXT PRIMARY KEY,
        label TEXT,
        name TEXT,
        min_trade_micros INTEGER,
        followed_at INTEGER NOT NULL,
        seen_at INTEGER NOT NULL,
        trades_ts INTEGER,
        trades_keys TEXT NOT NULL DEFAULT '[]',
        problem TEXT
      ) WITHOUT ROWID;
      CREATE TABLE follow_snapshots (
        address TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('seen', 'latest')),
        at INTEGER NOT NULL,
        complete INTEGER NOT NULL,
        positions TEXT NOT NULL,
        PRIMARY KEY (address, kind)
      ) WITHOUT ROWID;
    `,
  },
];
