// Bulk inserts with many rows to a statement: one call into SQLite per batch instead of per row,
// which is most of the cost of loading a generated world.
import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';

/** Rows of one table, flattened: `values` holds `columns.length` values per row, in order. */
export interface TableRows {
  table: string;
  columns: readonly string[];
  values: unknown[];
}

/** Statements of at most this many parameters. */
const PARAMETERS = 1_300;

export interface InsertMany {
  row(...values: unknown[]): void;
  /** Writes the rows still buffered. */
  end(): void;
}

/** Writes flattened rows (any number), many to a statement. */
function writer(db: Db, table: string, columns: readonly string[]): { perStatement: number; write(values: unknown[], from: number, to: number): void } {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const statements = new Map<number, Statement>();
  const statement = (rows: number): Statement => {
    let s = statements.get(rows);
    if (!s) statements.set(rows, (s = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}`)));
    return s;
  };
  const perStatement = columns.length * Math.max(1, Math.floor(PARAMETERS / columns.length));
  return {
    perStatement,
    write(values, from, to) {
      for (let i = from; i < to; i += perStatement) {
        const end = Math.min(to, i + perStatement);
        statement((end - i) / columns.length).run(i === 0 && end === values.length ? values : values.slice(i, end));
      }
    },
  };
}

/** Inserts rows of values for `columns` (in that order) into `table`, given one at a time. */
export function insertMany(db: Db, table: string, columns: readonly string[]): InsertMany {
  const into = writer(db, table, columns);
  const buf: unknown[] = [];
  return {
    row(...values) {
      for (const v of values) buf.push(v);
      if (buf.length >= into.perStatement) {
        into.write(buf, 0, buf.length);
        buf.length = 0;
      }
    },
    end() {
      into.write(buf, 0, buf.length);
      buf.length = 0;
    },
  };
}

/** Inserts `rows`. */
export function insertRows(db: Db, rows: TableRows): void {
  if (rows.values.length % rows.columns.length !== 0) throw new Error(`${rows.table}: ${rows.values.length} values do not make rows of ${rows.columns.length}`);
  writer(db, rows.table, rows.columns).write(rows.values, 0, rows.values.length);
}
