// CSV files of the portfolio's tables: the header first (a spreadsheet imports it as is), one row
// per item (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line break). What the
// file holds, whose and as of when is its name. Token ids are the trading surface's, as an order
// names them; the data surface's `<condition id>:<index>` form stays in the condition id and outcome.
import type { CallOutput } from '@shared/ipc/contract';
import type { Position, Trade } from '@shared/spec/data';
import { exact } from '../../ui/money';

export interface Column<R> {
  header: string;
  /** `number` cells hold exact decimal text; `text` cells are guarded against spreadsheet formulas. */
  kind?: 'text' | 'number';
  value: (row: R) => string | number | boolean | undefined | null;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
// A spreadsheet runs a text cell that starts with one of these as a formula.
const FORMULA = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | undefined | null, kind: 'text' | 'number' = 'text'): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (kind === 'text' && FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the header, then the rows. */
export function toCsv<R>(columns: ReadonlyArray<Column<R>>, rows: readonly R[]): string {
  const lines = [
    columns.map((c) => csvField(c.header)).join(','),
    ...rows.map((r) => columns.map((c) => csvField(c.value(r), c.kind)).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const iso = (epochSeconds: number | undefined): string => (epochSeconds ? new Date(epochSeconds * 1000).toISOString() : '');

/** The trading token id of a data-surface `asset`, where known (empty otherwise: never the asset itself). */
export type TokenIdOf = (asset: string | undefined) => string | undefined;

export const positionColumns = (tokenIdOf: TokenIdOf): ReadonlyArray<Column<Position>> => [
  { header: 'market', value: (p) => p.title },
  { header: 'outcome', value: (p) => p.outcome },
  { header: 'condition_id', value: (p) => p.conditionId },
  { header: 'token_id', value: (p) => tokenIdOf(p.asset) },
  { header: 'size', kind: 'number', value: (p) => exact(p.size) },
  { header: 'avg_price', kind: 'number', value: (p) => exact(p.avgPrice) },
  { header: 'cur_price', kind: 'number', value: (p) => exact(p.curPrice) },
  { header: 'initial_value', kind: 'number', value: (p) => exact(p.initialValue) },
  { header: 'current_value', kind: 'number', value: (p) => exact(p.currentValue) },
  { header: 'cash_pnl', kind: 'number', value: (p) => exact(p.cashPnl) },
  { header: 'percent_pnl', kind: 'number', value: (p) => exact(p.percentPnl) },
  { header: 'realized_pnl', kind: 'number', value: (p) => exact(p.realizedPnl) },
  { header: 'redeemable', value: (p) => p.redeemable },
  { header: 'mergeable', value: (p) => p.mergeable },
  { header: 'end_date', value: (p) => p.endDate },
];

export const tradeColumns = (tokenIdOf: TokenIdOf): ReadonlyArray<Column<Trade>> => [
  { header: 'time', value: (t) => iso(t.timestamp) },
  { header: 'side', value: (t) => t.side },
  { header: 'market', value: (t) => t.title },
  { header: 'outcome', value: (t) => t.outcome },
  { header: 'condition_id', value: (t) => t.conditionId },
  { header: 'token_id', value: (t) => tokenIdOf(t.asset) },
  { header: 'price', kind: 'number', value: (t) => exact(t.price) },
  { header: 'size', kind: 'number', value: (t) => exact(t.size) },
  { header: 'cash', kind: 'number', value: (t) => exact(t.usdcSize) },
  { header: 'transaction_hash', value: (t) => t.transactionHash },
];

/** One snapshot of the account's value, as the core keeps them. */
export type HistoryPoint = CallOutput<'portfolio.history'>[number];

export const HISTORY_COLUMNS: ReadonlyArray<Column<HistoryPoint>> = [
  { header: 'time', value: (h) => new Date(h.at).toISOString() },
  { header: 'value', kind: 'number', value: (h) => h.value },
  { header: 'cash', kind: 'number', value: (h) => h.cash },
  { header: 'pnl', kind: 'number', value: (h) => h.pnl },
  { header: 'realised_pnl', kind: 'number', value: (h) => h.realised },
  { header: 'unrealised_pnl', kind: 'number', value: (h) => h.unrealised },
];

/** A closed position of the account's P&L. */
export type ClosedRow = CallOutput<'portfolio.pnl'>['data']['closed'][number];

export const CLOSED_COLUMNS: ReadonlyArray<Column<ClosedRow>> = [
  { header: 'market', value: (p) => p.title },
  { header: 'outcome', value: (p) => p.outcome },
  { header: 'condition_id', value: (p) => p.conditionId },
  { header: 'token_id', value: (p) => p.tokenId },
  { header: 'realised_pnl', kind: 'number', value: (p) => p.realised },
  { header: 'source', value: (p) => p.source },
  { header: 'last_activity', value: (p) => iso(p.at) },
];

/** `kairos-positions-0x1234ab-20261101-1200.csv` */
export function csvName(what: string, address: string, asOf: number): string {
  const d = new Date(asOf);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `kairos-${what}-${address.slice(0, 8).toLowerCase()}-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}.csv`;
}
