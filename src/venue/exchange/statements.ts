// The exchange's way to SQLite: prepared statements kept, and one transaction runner.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open.js';

export class Statements {
  private readonly cache = new Map<string, Statement>();
  /** Runs a function in a transaction, or a savepoint inside one; built once, as building one
   *  per order cost as much as the savepoint itself. */
  readonly atomic: <T>(fn: () => T) => T;

  constructor(readonly db: Db) {
    this.atomic = db.transaction(<T>(fn: () => T): T => fn()) as <T>(fn: () => T) => T;
  }

  /** Prepared statements are cached: preparing dominated the cost of a small order otherwise. */
  sql(text: string): Statement {
    let stmt = this.cache.get(text);
    if (!stmt) this.cache.set(text, (stmt = this.db.prepare(text)));
    return stmt;
  }
}
