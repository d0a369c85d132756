// Portfolio value snapshots per account, taken on each whole refresh of its P&L, for the value
// chart. They are the user's own history (the venue cannot give them back), so they live in user
// data. A snapshot's value is cash + marked positions (the positions alone where the venue
// reports no cash) and its P&L realised + unrealised, so the two lines always agree.
import type Database from 'better-sqlite3';
import { formatMicros } from '@shared/domain/money.js';
import type { HistoryPoint } from '@shared/ipc/pnl.js';
import { microsForSql } from '../cache/money.js';

export type { HistoryPoint };

export interface HistoryRange {
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, inclusive. */
  to?: number;
}

/** One snapshot's figures in micro units. */
export interface SnapshotFigures {
  /** Cash balance, where the venue reports it. */
  cash?: bigint | undefined;
  positionsValue: bigint;
  realised: bigint;
  unrealised: bigint;
}

function account(raw: string): string {
  const a = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (a === '') throw new Error(`snapshot account must be a non-empty string, got ${JSON.stringify(raw)}`);
  return a;
}

function epochMs(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new Error(`${what} must be epoch milliseconds, got ${JSON.stringify(v)}`);
  return v;
}

type Row = { at: number; value: string; pnl: string; cash: string | null; realised: string; unrealised: string };

export class SnapshotStore {
  private readonly put: Database.Statement<unknown[]>;
  private readonly range: Database.Statement<unknown[], Row>;

  constructor(db: Database.Database) {
    this.put = db.prepare(
      'INSERT OR REPLACE INTO snapshots(account, at, value_micros, cash_pnl_micros, positions, cash_micros, realised_micros, unrealised_micros) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // Rows of older releases (no realised P&L) held the positions alone: not drawn with these.
    this.range = db.prepare(
      `SELECT at, CAST(value_micros AS TEXT) AS value, CAST(cash_pnl_micros AS TEXT) AS pnl, CAST(cash_micros AS TEXT) AS cash,
              CAST(realised_micros AS TEXT) AS realised, CAST(unrealised_micros AS TEXT) AS unrealised
         FROM snapshots WHERE account = ? AND at BETWEEN ? AND ? AND realised_micros IS NOT NULL ORDER BY at`,
    );
  }

  /**
   * Records the account at `at`: value = cash + positions (positions alone without cash), P&L =
   * realised + unrealised, with the positions it was computed from. A second snapshot at the
   * same instant replaces the first.
   */
  record(acct: string, at: number, f: SnapshotFigures, positions: readonly unknown[]): void {
    const who = account(acct);
    epochMs(at, 'snapshot time');
    if (!Array.isArray(positions)) throw new Error('snapshot positions must be an array');
    const value = f.positionsValue + (f.cash ?? 0n);
    this.put.run(
      who,
      at,
      microsForSql(value, 'portfolio value'),
      microsForSql(f.realised + f.unrealised, 'portfolio P&L'),
      JSON.stringify(positions),
      f.cash === undefined ? null : microsForSql(f.cash, 'cash balance'),
      microsForSql(f.realised, 'realised P&L'),
      microsForSql(f.unrealised, 'unrealised P&L'),
    );
  }

  history(acct: string, range: HistoryRange = {}): HistoryPoint[] {
    const from = range.from === undefined ? 0 : epochMs(range.from, 'history from');
    const to = range.to === undefined ? Number.MAX_SAFE_INTEGER : epochMs(range.to, 'history to');
    if (from > to) throw new Error(`history range is empty: from ${from} is after to ${to}`);
    const text = (v: string): string => formatMicros(BigInt(v));
    return this.range.all(account(acct), from, to).map((r) => ({
      at: r.at,
      value: text(r.value),
      pnl: text(r.pnl),
      ...(r.cash !== null ? { cash: text(r.cash) } : {}),
      realised: text(r.realised),
      unrealised: text(r.unrealised),
    }));
  }
}
