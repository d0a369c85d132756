// The fills ledger and everything derived from it. Every fill goes through `recordMatch`,
// which updates positions, last trade prices and market volume in the same transaction, so the
// data surface can never disagree with the fills. Those derived rows (and the exchange's cash)
// can be held in a `Changes` until the end of an order batch, which then writes each of them
// once instead of once per fill.
import type { Db } from './db/open.js';
import { insertRows, type TableRows } from './db/insert-many.js';
import { formatMicros } from '@shared/domain/money.js';
import { mulDiv, notional } from './money.js';

export type Side = 'BUY' | 'SELL';

export interface FillEntry {
  wallet: string;
  conditionId: string;
  outcomeIndex: number;
  side: Side;
  role: 'T' | 'M';
  price: number; // micro
  size: number; // micro tokens
  fee?: number; // micro cash
}

export interface Match {
  ts: number; // epoch ms
  txHash: string;
  /** The taker's entry first, then its makers. */
  entries: FillEntry[];
}

export interface PositionRow {
  size: number;
  cost: number;
  total_bought: number;
  bought_cost: number;
  realized: number;
  volume: number;
  first_ts: number;
}

interface PendingPosition {
  wallet: string;
  conditionId: string;
  outcomeIndex: number;
  row: PositionRow;
  lastTs: number;
}

/**
 * Writes held back until `Ledger.flush`: positions (their new state), each outcome's last
 * trade, market totals (increments) and wallets' cash (new balances). An order's changes sit in
 * a child of its batch's and move up only once the order is written, so an order that fails
 * leaves nothing behind. `known` caches what the batch read unchanged.
 */
export class Changes {
  readonly positions = new Map<string, PendingPosition>();
  readonly lastTrades = new Map<string, { conditionId: string; outcomeIndex: number; price: number; side: Side; ts: number; fillId: number }>();
  readonly stats = new Map<string, { volume: number; trades: number }>();
  readonly cash = new Map<string, { cash: number; at: number }>();
  readonly known = { positions: new Map<string, PositionRow | undefined>(), cash: new Map<string, number>() };

  constructor(readonly parent?: Changes) {}

  /** The newest pending state of a position or a balance, looking up through the parents. */
  position(key: string): PendingPosition | undefined {
    return this.positions.get(key) ?? this.parent?.position(key);
  }

  cashOf(wallet: string): number | undefined {
    return this.cash.get(wallet)?.cash ?? this.known.cash.get(wallet) ?? this.parent?.cashOf(wallet);
  }

  /** The outermost changes: where reads are cached. */
  root(): Changes {
    return this.parent?.root() ?? this;
  }

  /** Hands everything to the parent (an order's changes to its batch). */
  mergeInto(parent: Changes): void {
    for (const [k, v] of this.positions) parent.positions.set(k, v);
    for (const [k, v] of this.lastTrades) parent.lastTrades.set(k, v);
    for (const [k, v] of this.cash) parent.cash.set(k, v);
    for (const [k, v] of this.stats) {
      const s = parent.stats.get(k);
      parent.stats.set(k, s ? { volume: s.volume + v.volume, trades: s.trades + v.trades } : v);
    }
  }
}

export const positionKey = (wallet: string, conditionId: string, outcomeIndex: number): string => `${wallet}|${conditionId}|${outcomeIndex}`;

const versions = new WeakMap<Db, number>();

/** Increases whenever the ledger changes; lets readers cache derived views safely. */
export function ledgerVersion(db: Db): number {
  return versions.get(db) ?? 0;
}

export class Ledger {
  private readonly insertFill;
  private readonly getPosition;
  private readonly upsertPosition;
  private readonly upsertLastTrade;
  private readonly bumpStats;
  private readonly setCash;
  private readonly nextMatchId;
  private matchSeq: number;

  constructor(private readonly db: Db) {
    this.insertFill = db.prepare(
      `INSERT INTO fills (match_id, ts, wallet, condition_id, outcome_index, side, role, price, size, usdc, fee, tx_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.getPosition = db.prepare(
      'SELECT size, cost, total_bought, bought_cost, realized, volume, first_ts FROM positions WHERE wallet = ? AND condition_id = ? AND outcome_index = ?',
    );
    this.upsertPosition = db.prepare(
      `INSERT INTO positions (wallet, condition_id, outcome_index, size, cost, total_bought, bought_cost, realized, volume, first_ts, last_ts)
       VALUES (@wallet, @conditionId, @outcomeIndex, @size, @cost, @totalBought, @boughtCost, @realized, @volume, @firstTs, @lastTs)
       ON CONFLICT (wallet, condition_id, outcome_index) DO UPDATE SET
         size = excluded.size, cost = excluded.cost, total_bought = excluded.total_bought,
         bought_cost = excluded.bought_cost, realized = excluded.realized, volume = excluded.volume, last_ts = excluded.last_ts`,
    );
    this.upsertLastTrade = db.prepare(
      `INSERT INTO last_trades (condition_id, outcome_index, price, side, ts, fill_id) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (condition_id, outcome_index) DO UPDATE SET price = excluded.price, side = excluded.side, ts = excluded.ts, fill_id = excluded.fill_id`,
    );
    this.bumpStats = db.prepare(
      `INSERT INTO market_stats (condition_id, volume, trades) VALUES (?, ?, ?)
       ON CONFLICT (condition_id) DO UPDATE SET volume = volume + excluded.volume, trades = trades + excluded.trades`,
    );
    this.setCash = db.prepare(
      'INSERT INTO balances (address, cash, updated_at) VALUES (?, ?, ?) ON CONFLICT(address) DO UPDATE SET cash = excluded.cash, updated_at = excluded.updated_at',
    );
    this.nextMatchId = db.prepare('SELECT COALESCE(MAX(match_id), 0) AS m FROM fills');
    this.matchSeq = (this.nextMatchId.get() as { m: number }).m;
  }

  /**
   * Appends one match to the ledger. Its derived rows go to `changes` when given (written by a
   * later `flush`), else are written at once. Call inside a transaction when it must be atomic
   * with other writes (order book changes); on its own it opens one.
   */
  recordMatch(match: Match, changes?: Changes): number {
    const run = (): number => {
      const into = changes ?? new Changes();
      const matchId = ++this.matchSeq;
      for (const e of match.entries) {
        const usdc = notional(e.size, e.price);
        const fee = e.fee ?? 0;
        const info = this.insertFill.run(matchId, match.ts, e.wallet, e.conditionId, e.outcomeIndex, e.side, e.role, e.price, e.size, usdc, fee, match.txHash);
        this.applyToPosition(e, usdc, fee, match.ts, into);
        if (e.role === 'T') {
          const fillId = Number(info.lastInsertRowid);
          into.lastTrades.set(`${e.conditionId}|${e.outcomeIndex}`, { conditionId: e.conditionId, outcomeIndex: e.outcomeIndex, price: e.price, side: e.side, ts: match.ts, fillId });
          const s = into.stats.get(e.conditionId);
          into.stats.set(e.conditionId, { volume: (s?.volume ?? 0) + usdc, trades: (s?.trades ?? 0) + 1 });
        }
      }
      if (!changes) this.flush(into);
      versions.set(this.db, ledgerVersion(this.db) + 1);
      return matchId;
    };
    return this.db.inTransaction ? run() : this.db.transaction(run)();
  }

  /** A wallet's position in one outcome, pending changes included. */
  position(wallet: string, conditionId: string, outcomeIndex: number, changes?: Changes): PositionRow | undefined {
    const key = positionKey(wallet, conditionId, outcomeIndex);
    const pending = changes?.position(key);
    if (pending) return pending.row;
    const known = changes?.root().known.positions;
    if (known?.has(key)) return known.get(key);
    const row = this.getPosition.get(wallet, conditionId, outcomeIndex) as PositionRow | undefined;
    known?.set(key, row);
    return row;
  }

  /** Writes what `changes` holds: each position, last trade, market total and balance once. */
  flush(changes: Changes): void {
    for (const p of changes.positions.values()) {
      const { row } = p;
      this.upsertPosition.run({
        wallet: p.wallet,
        conditionId: p.conditionId,
        outcomeIndex: p.outcomeIndex,
        size: row.size,
        cost: row.cost,
        totalBought: row.total_bought,
        boughtCost: row.bought_cost,
        realized: row.realized,
        volume: row.volume,
        firstTs: row.first_ts,
        lastTs: p.lastTs,
      });
    }
    for (const t of changes.lastTrades.values()) this.upsertLastTrade.run(t.conditionId, t.outcomeIndex, t.price, t.side, t.ts, t.fillId);
    for (const [conditionId, s] of changes.stats) this.bumpStats.run(conditionId, s.volume, s.trades);
    for (const [wallet, c] of changes.cash) this.setCash.run(wallet, c.cash, c.at);
  }

  private applyToPosition(e: FillEntry, usdc: number, fee: number, ts: number, changes: Changes): void {
    const p: PositionRow = this.position(e.wallet, e.conditionId, e.outcomeIndex, changes) ?? { size: 0, cost: 0, total_bought: 0, bought_cost: 0, realized: 0, volume: 0, first_ts: ts };
    const next = applyEntry(p, e.side, e.size, usdc, fee);
    if (!next) {
      throw new Error(`ledger: ${e.wallet} sells ${formatMicros(e.size)} of ${e.conditionId}:${e.outcomeIndex} but holds ${formatMicros(p.size)}`);
    }
    changes.positions.set(positionKey(e.wallet, e.conditionId, e.outcomeIndex), { wallet: e.wallet, conditionId: e.conditionId, outcomeIndex: e.outcomeIndex, row: next, lastTs: ts });
  }
}

/** Average-cost accounting of one ledger entry. Fees on a buy join the cost basis; fees on a
 *  sell reduce its proceeds. Returns null for a sell of more than is held. */
export function applyEntry(p: PositionRow, side: Side, size: number, usdc: number, fee: number): PositionRow | null {
  const next = { ...p };
  return applyEntryInPlace(next, side, size, usdc, fee) ? next : null;
}

/** `applyEntry` on `p` itself (folding many fills without a copy each); false, and `p` as it
 *  was, for a sell of more than is held. */
export function applyEntryInPlace(p: PositionRow, side: Side, size: number, usdc: number, fee: number): boolean {
  if (side === 'BUY') {
    p.volume += usdc;
    p.size += size;
    p.cost += usdc + fee;
    p.total_bought += size;
    p.bought_cost += usdc + fee;
    return true;
  }
  if (size > p.size) return false;
  const removed = size === p.size ? p.cost : mulDiv(p.cost, size, p.size);
  p.volume += usdc;
  p.size -= size;
  p.cost -= removed;
  p.realized += usdc - fee - removed;
  return true;
}

/** A position as the derived tables hold it, mutated in place as fills are folded in. */
interface DerivedPosition extends PositionRow {
  lastTs: number;
}

interface DerivedTrade {
  price: number;
  side: Side;
  ts: number;
  fillId: number;
}

/**
 * Positions, last trades and market totals folded from fills given in id order: what
 * `rebuildDerived` reads back from the fills table, and what the world generator feeds as it
 * makes them (so it never reads its fills back), with `applyEntry`'s arithmetic done in place;
 * maps keyed by wallet, then market (not by a joined string) spare building a key per fill.
 */
export class DerivedLedger {
  /** wallet → condition id → position per outcome index. */
  private readonly positions = new Map<string, Map<string, DerivedPosition[]>>();
  /** condition id → last taker fill per outcome index. */
  private readonly last = new Map<string, DerivedTrade[]>();
  private readonly stats = new Map<string, { volume: number; trades: number }>();

  add(fillId: number, ts: number, wallet: string, conditionId: string, outcomeIndex: number, side: Side, role: 'T' | 'M', price: number, size: number, usdc: number, fee: number): void {
    let markets = this.positions.get(wallet);
    if (!markets) this.positions.set(wallet, (markets = new Map()));
    let outcomes = markets.get(conditionId);
    if (!outcomes) markets.set(conditionId, (outcomes = []));
    let p = outcomes[outcomeIndex];
    if (!p) outcomes[outcomeIndex] = p = { size: 0, cost: 0, total_bought: 0, bought_cost: 0, realized: 0, volume: 0, first_ts: ts, lastTs: ts };
    if (!applyEntryInPlace(p, side, size, usdc, fee)) throw new Error(`ledger: fill ${fillId} sells more than ${wallet} holds`);
    p.lastTs = ts;
    if (role === 'T') {
      let trades = this.last.get(conditionId);
      if (!trades) this.last.set(conditionId, (trades = []));
      const t = trades[outcomeIndex];
      if (t) {
        t.price = price;
        t.side = side;
        t.ts = ts;
        t.fillId = fillId;
      } else {
        trades[outcomeIndex] = { price, side, ts, fillId };
      }
      const s = this.stats.get(conditionId);
      if (s) {
        s.volume += usdc;
        s.trades += 1;
      } else {
        this.stats.set(conditionId, { volume: usdc, trades: 1 });
      }
    }
  }

  /** The derived tables' rows in key order, so that each b-tree is appended to rather than
   *  split all over. */
  rows(): TableRows[] {
    const sorted = <T>(m: Map<string, T>): Array<[string, T]> => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const positions: unknown[] = [];
    for (const [wallet, markets] of sorted(this.positions)) {
      for (const [conditionId, outcomes] of sorted(markets)) {
        outcomes.forEach((p, o) => positions.push(wallet, conditionId, o, p.size, p.cost, p.total_bought, p.bought_cost, p.realized, p.volume, p.first_ts, p.lastTs));
      }
    }
    const last: unknown[] = [];
    for (const [conditionId, trades] of sorted(this.last)) trades.forEach((t, o) => last.push(conditionId, o, t.price, t.side, t.ts, t.fillId));
    const stats: unknown[] = [];
    for (const [conditionId, s] of sorted(this.stats)) stats.push(conditionId, s.volume, s.trades);
    return [
      { table: 'positions', columns: ['wallet', 'condition_id', 'outcome_index', 'size', 'cost', 'total_bought', 'bought_cost', 'realized', 'volume', 'first_ts', 'last_ts'], values: positions },
      { table: 'last_trades', columns: ['condition_id', 'outcome_index', 'price', 'side', 'ts', 'fill_id'], values: last },
      { table: 'market_stats', columns: ['condition_id', 'volume', 'trades'], values: stats },
    ];
  }

  /** Inserts the rows into the (empty) derived tables. */
  write(db: Db): void {
    for (const rows of this.rows()) insertRows(db, rows);
  }
}

/** Recomputes every derived table from the fills alone (used by tests that check the
 *  incremental path against it). */
export function rebuildDerived(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM positions; DELETE FROM last_trades; DELETE FROM market_stats;');
    const derived = new DerivedLedger();
    const rows = db.prepare('SELECT id, ts, wallet, condition_id, outcome_index, side, role, price, size, usdc, fee FROM fills ORDER BY id').raw().iterate() as IterableIterator<
      [number, number, string, string, number, Side, 'T' | 'M', number, number, number, number]
    >;
    for (const f of rows) derived.add(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10]);
    derived.write(db);
  })();
  versions.set(db, ledgerVersion(db) + 1);
}
