// What a venue data folder holds before the venue opens it. A folder that has been used (its
// master key, a run file, a write-ahead log) but whose database is missing or holds no world has
// lost data: the venue says what is missing and refuses, rather than generate a new world over
// it, unless told to start anew with `--reset`.
import Database from 'better-sqlite3';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MASTER_KEY_FILE } from './auth/keys.js';
import { DB_FILE } from './db/open.js';

/** Written while a venue runs: its admin token and port (admin.ts). */
export const RUN_FILE = 'venue.json';

const DB_SIDE_FILES = [`${DB_FILE}-wal`, `${DB_FILE}-shm`, `${DB_FILE}-journal`];

export interface DataDirState {
  /** Undefined when the database holds a world; else what is wrong, in words. */
  missing?: string;
  /** With `missing`: whether the database file is gone, or there but empty or without a world. */
  problem?: 'missing-database' | 'damaged-database';
  /** The world's meta (seed, size) when there is one. */
  world?: { seed: string; size: string | undefined };
  /** Files that show the folder was used before. */
  leftovers: string[];
}

const sizeOf = (file: string): number | undefined => statSync(file, { throwIfNoEntry: false })?.size;

export function inspectDataDir(dataDir: string): DataDirState {
  const entries = new Set(readdirSync(dataDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name));
  const leftovers = [MASTER_KEY_FILE, RUN_FILE].filter((f) => entries.has(f));
  const dbFile = join(dataDir, DB_FILE);
  const dbSize = sizeOf(dbFile);
  if (dbSize === undefined) {
    leftovers.push(...DB_SIDE_FILES.filter((f) => (sizeOf(join(dataDir, f)) ?? 0) > 0));
    return { missing: `${DB_FILE} is missing`, problem: 'missing-database', leftovers };
  }
  if (dbSize === 0 && (sizeOf(join(dataDir, `${DB_FILE}-wal`)) ?? 0) === 0) return { missing: `${DB_FILE} is empty`, problem: 'damaged-database', leftovers };
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined;
    const meta = hasMeta ? new Map((db.prepare("SELECT key, value FROM meta WHERE key IN ('seed', 'size')").all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value])) : new Map<string, string>();
    const seed = meta.get('seed');
    if (seed === undefined) return { missing: `${DB_FILE} holds no world`, problem: 'damaged-database', leftovers };
    return { world: { seed, size: meta.get('size') }, leftovers };
  } finally {
    db.close();
  }
}

/** Deletes the database, its side files, the master key and the run file: the next start makes a new world. */
export function resetDataDir(dataDir: string): string[] {
  const removed: string[] = [];
  for (const f of [DB_FILE, ...DB_SIDE_FILES, MASTER_KEY_FILE, RUN_FILE]) {
    if (sizeOf(join(dataDir, f)) === undefined) continue;
    rmSync(join(dataDir, f), { force: true });
    removed.push(f);
  }
  return removed;
}
