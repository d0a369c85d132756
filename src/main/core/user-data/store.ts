// A profile's user data: what the venue cannot give back — the order journal, the notices told,
// portfolio value snapshots, the ticket's draft, the watchlist and price alerts. One SQLite file
// per profile beside the cache folder, never touched by a cache reset.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '@shared/storage/migrate.js';
import { TicketDraft, type JournalEntry } from '@shared/ipc/contract.js';
import type { z } from 'zod';
import { cacheFile, checkProfileId, privateDbFile } from '../cache/index.js';
import { cacheDir } from '../app-data.js';
import { averagePrice } from './fills.js';
import { USER_MIGRATIONS } from './migrations.js';
import { SnapshotStore } from './snapshots.js';
import { WatchStore } from './watchlist.js';

export type { HistoryPoint, HistoryRange } from './snapshots.js';

type Entry = z.output<typeof JournalEntry>;

/** A row of the journal as written when an order is signed, answered or given up on. */
export interface JournalPut {
  orderId: string;
  accountId: string;
  tokenId: string;
  side: string;
  price: string;
  size: string;
  type: string;
  state: Entry['state'];
  at: number;
  code: string | null;
  message: string | null;
  /** The order's market and (GTD) expiry, known from the first row on: settling needs them. */
  conditionId?: string | null;
  expiresAt?: number | null;
  /** The venue's answer: its status word and what matched on arrival (base units), and that size. */
  status?: string | null;
  makingAmount?: string | null;
  takingAmount?: string | null;
  sizeMatched?: string | null;
}

/** A journal row whose answer was lost, still looked for on the venue. */
export interface UnknownOrder {
  orderId: string;
  tokenId: string;
  conditionId: string | null;
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  sizeMatched: string;
  sentAt: number;
}

/** A journal row as matching the account's trades to its orders needs it. */
export interface MarketOrder {
  orderId: string;
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  sizeMatched: string;
  state: Entry['state'];
  code: string | null;
  sentAt: number;
  updatedAt: number;
  /** Order of writing: a batch's lines are written in the order the venue takes them. */
  seq: number;
}

/** A trade counted for an order: its key (see `keyTrades`) and size. */
export interface TradeClaim {
  key: string;
  size: string;
}

/** The code of an unknown order given up on: no longer looked for. */
export const GAVE_UP = 'NOT_FOUND';

// What a row does not say (no answer yet, a lost one) leaves what the journal knew.
const PUT = `INSERT INTO journal (order_id, account_id, token_id, side, price, size, type, state, sent_at, updated_at, code, message, condition_id, expires_at,
       venue_status, making_amount, taking_amount, size_matched)
     VALUES (@orderId, @accountId, @tokenId, @side, @price, @size, @type, @state, @at, @at, @code, @message, @conditionId, @expiresAt,
       @status, @makingAmount, @takingAmount, COALESCE(@sizeMatched, '0'))
     ON CONFLICT(order_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, code = excluded.code, message = excluded.message,
       condition_id = COALESCE(excluded.condition_id, condition_id), expires_at = COALESCE(excluded.expires_at, expires_at),
       venue_status = COALESCE(excluded.venue_status, venue_status), making_amount = COALESCE(excluded.making_amount, making_amount),
       taking_amount = COALESCE(excluded.taking_amount, taking_amount), size_matched = CASE WHEN @sizeMatched IS NULL THEN size_matched ELSE excluded.size_matched END`;

export function userDataFile(dataDir: string, profileId: string): string {
  return join(dataDir, `user-${checkProfileId(profileId)}.sqlite`);
}

export class UserData {
  readonly db: Database.Database;
  readonly snapshots: SnapshotStore;
  /** Starred markets and events, and price alerts. */
  readonly watch: WatchStore;
  private readonly put: Database.Statement;

  private constructor(
    readonly path: string,
    private readonly now: () => number,
  ) {
    privateDbFile(path);
    this.db = new Database(path);
    try {
      // Asked before anything is written: even switching to WAL rewrites the header of a file
      // a newer build made.
      const version = Number(this.db.pragma('user_version', { simple: true }));
      if (version > USER_MIGRATIONS.length) throw new Error(`user data file ${path} has schema version ${version}, newer than this build knows (${USER_MIGRATIONS.length})`);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('busy_timeout = 5000');
      migrate(this.db, USER_MIGRATIONS, { what: 'user data' });
    } catch (err) {
      this.db.close();
      const reason = (err as Error).message;
      // Never set aside or rebuilt as the cache is: this file is all there is of the journal.
      const todo = /newer than this build knows/.test(reason)
        ? 'it was written by a newer Kairos: run that version, or move the file aside to start this profile with no order journal or history'
        : 'Kairos left it as it is: restore it from a backup, or move it aside to start this profile with no order journal or history';
      throw new Error(`cannot open the user data ${path}: ${reason}; ${todo}`, { cause: err });
    }
    this.snapshots = new SnapshotStore(this.db);
    this.watch = new WatchStore(this.db, now);
    this.put = this.db.prepare(PUT);
  }

  /**
   * Opens (creating and migrating as needed) the user data of `profileId`. A journal file of an
   * older release becomes this file; snapshots it kept in the cache and its draft file are
   * brought in once.
   */
  static open(dataDir: string, profileId: string, now: () => number = Date.now): UserData {
    const path = userDataFile(dataDir, profileId);
    const legacy = join(dataDir, `journal-${profileId}.sqlite`);
    if (!existsSync(path) && existsSync(legacy)) {
      for (const suffix of ['-wal', '-shm', '']) if (existsSync(legacy + suffix)) renameSync(legacy + suffix, path + suffix);
    }
    const user = new UserData(path, now);
    user.once('cache snapshots', () => user.importSnapshots(cacheFile(cacheDir(dataDir), profileId)));
    user.once('draft file', () => user.importDraft(join(dataDir, `ticket-${profileId.replace(/[^\w-]/g, '_')}.json`)));
    return user;
  }

  journalPut(row: JournalPut): void {
    this.put.run({ conditionId: null, expiresAt: null, status: null, makingAmount: null, takingAmount: null, sizeMatched: null, ...row });
  }

  /**
   * Rows of `orderIds` still 'sending': a submit that failed part-way gives them up as 'unknown'
   * (the venue may or may not have them), never leaving one 'sending'. Returns the ids changed.
   */
  journalUnsent(orderIds: readonly string[], at: number, code: string, message: string): string[] {
    const mark = this.db.prepare("UPDATE journal SET state = 'unknown', code = ?, message = ?, updated_at = ? WHERE order_id = ? AND state = 'sending'");
    return this.db.transaction(() => orderIds.filter((id) => mark.run(code, message, at, id).changes > 0))();
  }

  /** The account's orders whose answer was lost and that are still looked for. */
  unknownOrders(accountId: string): UnknownOrder[] {
    return this.db
      .prepare(
        `SELECT order_id AS orderId, token_id AS tokenId, condition_id AS conditionId, side, price, size, size_matched AS sizeMatched, sent_at AS sentAt
         FROM journal WHERE account_id = ? AND state = 'unknown' AND COALESCE(code, '') <> ? ORDER BY sent_at`,
      )
      .all(accountId, GAVE_UP) as UnknownOrder[];
  }

  /** What became of an unknown order: filled (from its trades), or still unknown with what matched so far or given up. */
  journalFound(orderId: string, found: { state: 'filled' | 'unknown'; sizeMatched?: string; code?: string; message?: string }, at: number): void {
    if (found.state === 'filled') {
      this.db.prepare("UPDATE journal SET state = 'filled', size_matched = size, code = NULL, message = NULL, updated_at = ? WHERE order_id = ? AND state = 'unknown'").run(at, orderId);
      return;
    }
    this.db
      .prepare("UPDATE journal SET size_matched = COALESCE(?, size_matched), code = COALESCE(?, code), message = COALESCE(?, message), updated_at = ? WHERE order_id = ? AND state = 'unknown'")
      .run(found.sizeMatched ?? null, found.code ?? null, found.message ?? null, at, orderId);
  }

  /** The account's orders on a market, oldest first. */
  ordersOn(accountId: string, conditionId: string): MarketOrder[] {
    return this.db
      .prepare(
        `SELECT order_id AS orderId, token_id AS tokenId, side, price, size, size_matched AS sizeMatched, state, code, sent_at AS sentAt, updated_at AS updatedAt, rowid AS seq
         FROM journal WHERE account_id = ? AND condition_id = ? ORDER BY sent_at, rowid`,
      )
      .all(accountId, conditionId) as MarketOrder[];
  }

  /** Trades of the account already counted for one of its orders: trade key → order id and size. */
  tradeClaims(accountId: string): Map<string, { orderId: string; size: string }> {
    const rows = this.db.prepare('SELECT trade_key AS key, order_id AS orderId, size FROM trade_claims WHERE account_id = ?').all(accountId) as Array<{ key: string; orderId: string; size: string }>;
    return new Map(rows.map((r) => [r.key, { orderId: r.orderId, size: r.size }]));
  }

  /**
   * Counts `claims` for the order, each trade for one order only (one counted before, for any
   * order, stays with it), and returns all the trades counted for the order so far.
   */
  claimTrades(accountId: string, orderId: string, claims: readonly TradeClaim[], at: number): TradeClaim[] {
    const claim = this.db.prepare('INSERT OR IGNORE INTO trade_claims (account_id, trade_key, order_id, size, at) VALUES (?, ?, ?, ?, ?)');
    return this.db.transaction(() => {
      for (const c of claims) claim.run(accountId, c.key, orderId, c.size, at);
      return this.db.prepare('SELECT trade_key AS key, size FROM trade_claims WHERE account_id = ? AND order_id = ?').all(accountId, orderId) as TradeClaim[];
    })();
  }

  /**
   * Remembers that a notice was told: true the first time `key` is told for the account, false
   * after (a restart, a pass run twice), so each is raised once.
   */
  tell(accountId: string, key: string, at: number): boolean {
    return this.db.prepare('INSERT OR IGNORE INTO notices (account_id, key, at) VALUES (?, ?, ?)').run(accountId, key, at).changes > 0;
  }

  /** The venue took these orders off the book at our request. */
  journalCancelled(orderIds: readonly string[], at: number): void {
    const cancelled = this.db.prepare("UPDATE journal SET state = 'cancelled', updated_at = ? WHERE order_id = ?");
    this.db.transaction(() => orderIds.forEach((id) => cancelled.run(at, id)))();
  }

  /** Orders of the account the journal holds as resting, with their markets: what a venue without an open-orders list cannot settle. */
  resting(accountId: string): Array<{ orderId: string; conditionId: string }> {
    return this.db
      .prepare("SELECT order_id AS orderId, condition_id AS conditionId FROM journal WHERE account_id = ? AND state IN ('open', 'partly_filled') AND condition_id IS NOT NULL")
      .all(accountId) as Array<{ orderId: string; conditionId: string }>;
  }

  /** Resting orders of a market that stopped trading: the venue took them off the book. */
  journalClosed(orderIds: readonly string[], at: number): void {
    const closed = this.db.prepare("UPDATE journal SET state = 'closed', updated_at = ? WHERE order_id = ? AND state IN ('open', 'partly_filled')");
    this.db.transaction(() => orderIds.forEach((id) => closed.run(at, id)))();
  }

  /** Orders of ours cancelled at or after `since`: an answer asked before still lists them. */
  cancelledSince(accountId: string, since: number): Set<string> {
    return new Set(this.db.prepare("SELECT order_id FROM journal WHERE account_id = ? AND state = 'cancelled' AND updated_at >= ?").pluck().all(accountId, since) as string[]);
  }

  /** Orders of one side the account sent from this app that may still rest on the book. */
  openOrders(accountId: string, side: 'BUY' | 'SELL'): Array<{ tokenId: string; price: string; size: string; sizeMatched: string }> {
    return this.db
      .prepare("SELECT token_id AS tokenId, price, size, size_matched AS sizeMatched FROM journal WHERE account_id = ? AND side = ? AND state IN ('sending', 'open', 'partly_filled', 'unknown')")
      .all(accountId, side) as Array<{ tokenId: string; price: string; size: string; sizeMatched: string }>;
  }

  /** Sell orders of the account this app sent that may still rest on the book. */
  openSells(accountId: string): Array<{ tokenId: string; size: string; sizeMatched: string }> {
    return this.openOrders(accountId, 'SELL');
  }

  journal(accountId: string | undefined, limit: number): Array<Omit<Entry, 'question' | 'outcome'>> {
    const rows = this.db
      .prepare(`SELECT * FROM journal ${accountId ? 'WHERE account_id = ?' : ''} ORDER BY sent_at DESC LIMIT ?`)
      .all(...(accountId ? [accountId, limit] : [limit])) as Array<Record<string, string | number | null>>;
    return rows.map((r) => {
      const side = r['side'] as Entry['side'];
      const avgPrice = averagePrice({ side, price: String(r['price']), sizeMatched: String(r['size_matched']), status: r['venue_status'] as string | null, makingAmount: r['making_amount'] as string | null, takingAmount: r['taking_amount'] as string | null });
      return {
        orderId: String(r['order_id']),
        accountId: String(r['account_id']),
        tokenId: String(r['token_id']),
        side,
        price: String(r['price']),
        size: String(r['size']),
        type: String(r['type']),
        state: r['state'] as Entry['state'],
        sizeMatched: String(r['size_matched']),
        sentAt: Number(r['sent_at']),
        updatedAt: Number(r['updated_at']),
        ...(r['code'] ? { code: String(r['code']) } : {}),
        ...(r['message'] ? { message: String(r['message']) } : {}),
        ...(r['condition_id'] ? { conditionId: String(r['condition_id']) } : {}),
        ...(r['venue_status'] ? { status: String(r['venue_status']) } : {}),
        ...(avgPrice !== undefined ? { avgPrice } : {}),
      };
    });
  }

  draft(): TicketDraft {
    const row = this.db.prepare("SELECT body FROM drafts WHERE name = 'ticket'").pluck().get() as string | undefined;
    if (row === undefined) return TicketDraft.parse({});
    let parsed;
    try {
      parsed = TicketDraft.safeParse(JSON.parse(row));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) return parsed.data;
    // A draft this build cannot read is no reason to fail: kept aside under another name (for
    // whoever wants it back), and the ticket opens empty.
    this.db.prepare("UPDATE drafts SET name = ? WHERE name = 'ticket'").run(`ticket.unreadable-${this.now()}`);
    return TicketDraft.parse({});
  }

  saveDraft(draft: TicketDraft): void {
    this.db.prepare("INSERT INTO drafts (name, body, updated_at) VALUES ('ticket', ?, ?) ON CONFLICT(name) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at").run(JSON.stringify(draft), this.now());
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private once(step: string, run: () => void): void {
    if (this.db.prepare('SELECT 1 FROM done WHERE step = ?').get(step)) return;
    run();
    this.db.prepare('INSERT INTO done (step, at) VALUES (?, ?)').run(step, this.now());
  }

  private importSnapshots(file: string): void {
    if (!existsSync(file)) return;
    const old = new Database(file, { readonly: true, fileMustExist: true });
    try {
      if (!old.prepare("SELECT 1 FROM sqlite_master WHERE name = 'snapshots'").get()) return;
      const rows = old.prepare('SELECT account, at, value_micros, cash_pnl_micros, positions FROM snapshots').safeIntegers(true).all();
      const put = this.db.prepare('INSERT OR IGNORE INTO snapshots (account, at, value_micros, cash_pnl_micros, positions) VALUES (@account, @at, @value_micros, @cash_pnl_micros, @positions)');
      this.db.transaction(() => rows.forEach((r) => put.run(r)))();
    } finally {
      old.close();
    }
  }

  private importDraft(file: string): void {
    if (!existsSync(file)) return;
    let parsed;
    try {
      parsed = TicketDraft.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      return; // a torn or foreign file: the ticket opens empty, the file stays where it is
    }
    if (parsed.success) this.saveDraft(parsed.data);
  }
}
