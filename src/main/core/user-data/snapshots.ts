// Portfolio value snapshots per account, taken on each whole refresh, for the value chart. They
// are the user's own history (the venue cannot give them back), so they live in user data.
import type Database from 'better-sqlite3';
import { Position } from '@shared/spec/index.js';
import { parseItem } from '../cache/catalog.js';
import { formatMicros, requireMicros as toMicros } from '@shared/domain/money.js';
import { microsForSql } from '../cache/money.js';

export interface HistoryPoint {
  /** Epoch ms. */
  at: number;
  /** Decimal string of cash: the positions' current value. */
  value: string;
  /** Decimal string of cash: the positions' unrealised P&L. */
  cashPnl: string;
}

export interface HistoryRange {
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, inclusive. */
  to?: number;
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

export class SnapshotStore {
  private readonly put: Database.Statement<unknown[]>;
  private readonly range: Database.Statement<unknown[], { at: number; value: string; pnl: string }>;

  constructor(db: Database.Database) {
    this.put = db.prepare(
      'INSERT OR REPLACE INTO snapshots(account, at, value_micros, cash_pnl_micros, positions) VALUES (?, ?, ?, ?, ?)',
    );
    this.range = db.prepare(
      'SELECT at, CAST(value_micros AS TEXT) AS value, CAST(cash_pnl_micros AS TEXT) AS pnl FROM snapshots WHERE account = ? AND at BETWEEN ? AND ? ORDER BY at',
    );
  }

  /**
   * Records the account's positions at `at`: value is the sum of `currentValue` (size × curPrice
   * when absent), cash P&L the sum of `cashPnl` (value − initialValue when absent). A second
   * snapshot at the same instant replaces the first.
   */
  snapshot(acct: string, positions: readonly unknown[], at: number): void {
    const who = account(acct);
    epochMs(at, 'snapshot time');
    if (!Array.isArray(positions)) throw new Error('snapshot positions must be an array');
    let value = 0n;
    let pnl = 0n;
    positions.forEach((item, i) => {
      const where = `positions[${i}]`;
      const p = parseItem(Position, item, where);
      let v: bigint;
      if (p.currentValue !== undefined) v = toMicros(p.currentValue, `${where}.currentValue`);
      else if (p.size !== undefined && p.curPrice !== undefined) {
        // Product of two micro amounts, rounded half up back to micros.
        const prod = toMicros(p.size, `${where}.size`) * toMicros(p.curPrice, `${where}.curPrice`);
        v = (prod + (prod >= 0n ? 500_000n : -500_000n)) / 1_000_000n;
      } else throw new Error(`${where}: needs currentValue, or size and curPrice`);
      value += v;
      if (p.cashPnl !== undefined) pnl += toMicros(p.cashPnl, `${where}.cashPnl`);
      else if (p.initialValue !== undefined) pnl += v - toMicros(p.initialValue, `${where}.initialValue`);
    });
    this.put.run(who, at, microsForSql(value, 'portfolio value'), microsForSql(pnl, 'portfolio cash P&L'), JSON.stringify(positions));
  }

  history(acct: string, range: HistoryRange = {}): HistoryPoint[] {
    const from = range.from === undefined ? 0 : epochMs(range.from, 'history from');
    const to = range.to === undefined ? Number.MAX_SAFE_INTEGER : epochMs(range.to, 'history to');
    if (from > to) throw new Error(`history range is empty: from ${from} is after to ${to}`);
    return this.range.all(account(acct), from, to).map((r) => ({ at: r.at, value: formatMicros(BigInt(r.value)), cashPnl: formatMicros(BigInt(r.pnl)) }));
  }
}
