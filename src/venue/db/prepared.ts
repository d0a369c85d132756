// Statements prepared once per database and kept (a few hundred at most): compiling one costs as
// much as a small read, and the hot reads run the same SQL again and again.
// A mode set on one (raw, pluck) stays set: each SQL text is read in one mode only.
import type { Statement } from 'better-sqlite3';
import { Lru } from '../lru.js';
import type { Db } from './open.js';

const statements = new WeakMap<Db, Lru<string, Statement>>();

export function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Lru(256)));
  let stmt = cache.get(sql);
  if (!stmt) cache.set(sql, (stmt = db.prepare(sql)));
  return stmt;
}
