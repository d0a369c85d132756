// The order journal: every order this app signed, what the venue answered and what became of it,
// with the trades counted for lost orders and the notices already told. Every statement on these
// tables is here; the rest of the core asks the orders domain. Which states an order may be in
// for each question ("may it still rest?", "may an open-orders list bring it back?") is one
// table, STATES, rather than a list written at each query.
import type Database from 'better-sqlite3';
import type { JournalEntry } from '@shared/ipc/contract.js';
import { formatMicros, parseMicros } from '@shared/domain/money.js';
import type { z } from 'zod';
import { perSession, type Session } from '../../session.js';
import { averagePrice } from '../../user-data/fills.js';

type Entry = z.output<typeof JournalEntry>;
type State = Entry['state'];

/** The named sets of states every journal question is asked with. */
export const STATES = {
  /** On the book as far as the journal knows: what a market closing or a list leaving out takes off. */
  resting: ['open', 'partly_filled'],
  /** May rest on the book, its answer lost or not: the live feed follows their tokens. */
  followed: ['open', 'partly_filled', 'unknown'],
  /** May hold cash or tokens on the book: what the ticket's checks and the P&L count as reserved. */
  reservable: ['sending', 'open', 'partly_filled', 'unknown'],
  /** May be brought (back) to open by an open-orders list: never from a cancel of ours, since an answer asked just before it still lists the order. */
  listable: ['sending', 'unknown', 'open', 'partly_filled', 'filled', 'closed'],
} as const satisfies Record<string, readonly State[]>;

/** `('a', 'b')` for a set of STATES: constants only, never input. */
const sql = (states: readonly State[]): string => `(${states.map((s) => `'${s}'`).join(', ')})`;

/** A journal row as stored. */
export interface JournalRow {
  order_id: string;
  account_id: string;
  token_id: string;
  condition_id: string | null;
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  type: string;
  state: string;
  size_matched: string;
  sent_at: number;
  updated_at: number;
  expires_at: number | null;
}

/** A row of the journal as written when an order is signed, answered or given up on. */
export interface JournalPut {
  orderId: string;
  accountId: string;
  tokenId: string;
  side: string;
  price: string;
  size: string;
  type: string;
  state: State;
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
  state: State;
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

/** What reconciling needs of an open order as the venue lists it. */
export interface SeenOrder {
  id: string;
  market: string;
  size_matched: string;
}

export interface Settled {
  /** Orders whose journal state or matched size changed. */
  changed: string[];
  /** Orders still resting that matched more than before. */
  grew: Array<{ row: JournalRow; matched: string }>;
  /** Orders that left the book without a cancel of ours: filled, expired, or cancelled by the venue. */
  gone: JournalRow[];
}

/** The code of an unknown order given up on: no longer looked for. */
export const GAVE_UP = 'NOT_FOUND';

const micros = (d: string | null | undefined): bigint => (d ? (parseMicros(d) ?? 0n) : 0n);

// What a row does not say (no answer yet, a lost one) leaves what the journal knew.
const PUT = `INSERT INTO journal (order_id, account_id, token_id, side, price, size, type, state, sent_at, updated_at, code, message, condition_id, expires_at,
       venue_status, making_amount, taking_amount, size_matched)
     VALUES (@orderId, @accountId, @tokenId, @side, @price, @size, @type, @state, @at, @at, @code, @message, @conditionId, @expiresAt,
       @status, @makingAmount, @takingAmount, COALESCE(@sizeMatched, '0'))
     ON CONFLICT(order_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, code = excluded.code, message = excluded.message,
       condition_id = COALESCE(excluded.condition_id, condition_id), expires_at = COALESCE(excluded.expires_at, expires_at),
       venue_status = COALESCE(excluded.venue_status, venue_status), making_amount = COALESCE(excluded.making_amount, making_amount),
       taking_amount = COALESCE(excluded.taking_amount, taking_amount), size_matched = CASE WHEN @sizeMatched IS NULL THEN size_matched ELSE excluded.size_matched END`;

export class OrderJournal {
  private readonly put: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.put = db.prepare(PUT);
  }

  write(row: JournalPut): void {
    this.put.run({ conditionId: null, expiresAt: null, status: null, makingAmount: null, takingAmount: null, sizeMatched: null, ...row });
  }

  /**
   * Rows of `orderIds` still 'sending': a submit that failed part-way gives them up as 'unknown'
   * (the venue may or may not have them), never leaving one 'sending'. Returns the ids changed.
   */
  unsent(orderIds: readonly string[], at: number, code: string, message: string): string[] {
    const mark = this.db.prepare("UPDATE journal SET state = 'unknown', code = ?, message = ?, updated_at = ? WHERE order_id = ? AND state = 'sending'");
    return this.db.transaction(() => orderIds.filter((id) => mark.run(code, message, at, id).changes > 0))();
  }

  /** Every row still 'sending' (of any account). */
  sending(): string[] {
    return this.db.prepare("SELECT order_id FROM journal WHERE state = 'sending'").pluck().all() as string[];
  }

  /** One order of the account, as stored. */
  row(orderId: string, accountId: string): JournalRow | undefined {
    return this.db.prepare('SELECT * FROM journal WHERE order_id = ? AND account_id = ?').get(orderId, accountId) as JournalRow | undefined;
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
  found(orderId: string, found: { state: 'filled' | 'unknown'; sizeMatched?: string; code?: string; message?: string }, at: number): void {
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

  /** The keys of the notices told for the account. */
  told(accountId: string): Set<string> {
    return new Set(this.db.prepare('SELECT key FROM notices WHERE account_id = ?').pluck().all(accountId) as string[]);
  }

  /** The venue took these orders off the book at our request. */
  cancelled(orderIds: readonly string[], at: number): void {
    const cancelled = this.db.prepare("UPDATE journal SET state = 'cancelled', updated_at = ? WHERE order_id = ?");
    this.db.transaction(() => orderIds.forEach((id) => cancelled.run(at, id)))();
  }

  /** Orders of ours cancelled at or after `since`: an answer asked before still lists them. */
  cancelledSince(accountId: string, since: number): Set<string> {
    return new Set(this.db.prepare("SELECT order_id FROM journal WHERE account_id = ? AND state = 'cancelled' AND updated_at >= ?").pluck().all(accountId, since) as string[]);
  }

  /** Orders of the account the journal holds as resting, with their markets: what a venue without an open-orders list cannot settle. */
  resting(accountId: string): Array<{ orderId: string; conditionId: string }> {
    return this.db
      .prepare(`SELECT order_id AS orderId, condition_id AS conditionId FROM journal WHERE account_id = ? AND state IN ${sql(STATES.resting)} AND condition_id IS NOT NULL`)
      .all(accountId) as Array<{ orderId: string; conditionId: string }>;
  }

  /** Resting orders of a market that stopped trading: the venue took them off the book. */
  closed(orderIds: readonly string[], at: number): void {
    const closed = this.db.prepare(`UPDATE journal SET state = 'closed', updated_at = ? WHERE order_id = ? AND state IN ${sql(STATES.resting)}`);
    this.db.transaction(() => orderIds.forEach((id) => closed.run(at, id)))();
  }

  /** Orders of one side the account sent from this app that may still hold cash or tokens on the book. */
  reservable(accountId: string, side: 'BUY' | 'SELL'): Array<{ tokenId: string; price: string; size: string; sizeMatched: string }> {
    return this.db
      .prepare(`SELECT token_id AS tokenId, price, size, size_matched AS sizeMatched FROM journal WHERE account_id = ? AND side = ? AND state IN ${sql(STATES.reservable)}`)
      .all(accountId, side) as Array<{ tokenId: string; price: string; size: string; sizeMatched: string }>;
  }

  /** Accounts with orders the live feed follows on this token. */
  followedOn(tokenId: string): string[] {
    return this.db.prepare(`SELECT DISTINCT account_id FROM journal WHERE token_id = ? AND state IN ${sql(STATES.followed)}`).pluck().all(tokenId) as string[];
  }

  /** The tokens the live feed follows for our orders (at most `limit`). */
  followedTokens(limit: number): string[] {
    return this.db.prepare(`SELECT DISTINCT token_id FROM journal WHERE state IN ${sql(STATES.followed)} ORDER BY token_id LIMIT ?`).pluck().all(limit) as string[];
  }

  /**
   * Brings the journal in step with the venue's open orders as asked at `askedAt`. An answer asked
   * before our last change to a row says nothing new about it, and an order sent after the question
   * cannot be judged gone from its answer.
   */
  reconcile(accountId: string, open: readonly SeenOrder[], askedAt: number, now: number): Settled {
    const out: Settled = { changed: [], grew: [], gone: [] };
    const listable = new Set<string>(STATES.listable);
    const update = this.db.prepare('UPDATE journal SET state = ?, size_matched = ?, condition_id = COALESCE(condition_id, ?), updated_at = ? WHERE order_id = ?');
    const resting = this.db.prepare(`SELECT * FROM journal WHERE account_id = ? AND state IN ${sql(STATES.resting)} AND sent_at < ? AND updated_at < ?`);
    const close = this.db.prepare("UPDATE journal SET state = 'closed', updated_at = ? WHERE order_id = ?");
    this.db.transaction(() => {
      const listed = new Set<string>();
      for (const o of open) {
        listed.add(o.id);
        const row = this.row(o.id, accountId);
        if (!row || !listable.has(row.state) || row.updated_at >= askedAt) continue;
        const before = micros(row.size_matched);
        const seen = micros(o.size_matched);
        const after = seen > before ? seen : before;
        const state = after > 0n ? 'partly_filled' : 'open';
        if (state === row.state && after === before && row.condition_id) continue;
        update.run(state, formatMicros(after), o.market || null, now, o.id);
        out.changed.push(o.id);
        // A match on arrival (state `filled`) was shown with the submit's result; only later ones are news.
        if (after > before && (row.state === 'open' || row.state === 'partly_filled')) out.grew.push({ row, matched: formatMicros(after) });
      }
      for (const row of resting.all(accountId, askedAt, askedAt) as JournalRow[]) {
        if (listed.has(row.order_id)) continue;
        close.run(now, row.order_id);
        out.changed.push(row.order_id);
        out.gone.push(row);
      }
    })();
    return out;
  }

  /** What became of an order that left the book without a cancel of ours, once judged. */
  gone(orderId: string, verdict: 'filled' | 'expired', at: number): void {
    if (verdict === 'filled') this.db.prepare("UPDATE journal SET state = 'filled', size_matched = size, updated_at = ? WHERE order_id = ?").run(at, orderId);
    else this.db.prepare("UPDATE journal SET state = 'expired', updated_at = ? WHERE order_id = ?").run(at, orderId);
  }

  /** The journal as the screens list it, newest first. */
  entries(accountId: string | undefined, limit: number): Array<Omit<Entry, 'question' | 'outcome'>> {
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
        state: r['state'] as State,
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
}

/** The active profile's journal, one per Session (its statements prepared once). */
export type JournalOf = (s: Session) => OrderJournal;

/** Made first of the orders domain: other domains read reserved orders through it. */
export function journals(): JournalOf {
  return perSession((s) => s.user.store((db) => new OrderJournal(db)));
}
