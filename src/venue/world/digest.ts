// One hash over every row of every world table, in primary-key order, each value with its
// SQLite type, and the rowid of tables that have one (the order rows were written in, which a
// scan without ORDER BY follows): two worlds with the same digest hold identical tables. Tests
// pin a world's digest so a faster generator can be shown to write exactly what the old one did.
import { createHash } from 'node:crypto';
import type { Db } from '../db/open.js';
import { WORLD_TABLES } from './generate.js';

interface Column {
  name: string;
  pk: number;
}

/** sha256 (hex) over the tables, and one per table for finding what differs. */
export function worldDigest(db: Db): { all: string; tables: Record<string, string> } {
  const total = createHash('sha256');
  const tables: Record<string, string> = {};
  for (const t of WORLD_TABLES) {
    const cols = db.prepare(`PRAGMA table_info(${t})`).all() as Column[];
    const key = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const order = (key.length > 0 ? key : cols).map((c) => `"${c.name}"`).join(', ');
    const withoutRowid = /WITHOUT\s+ROWID/i.test((db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(t) as { sql: string }).sql);
    const select = [...(withoutRowid ? [] : ['rowid']), ...cols.map((c) => `typeof("${c.name}"), "${c.name}"`)].join(', ');
    const h = createHash('sha256');
    h.update(`${t}\n${cols.map((c) => c.name).join(',')}\n`);
    for (const row of db.prepare(`SELECT ${select} FROM ${t} ORDER BY ${order}`).raw().iterate()) h.update(`${JSON.stringify(row)}\n`);
    tables[t] = h.digest('hex');
    total.update(`${t}:${tables[t]}\n`);
  }
  return { all: total.digest('hex'), tables };
}
