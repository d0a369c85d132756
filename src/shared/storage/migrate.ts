// One way to bring a SQLite file up to date, for the cache, the user-data store and the venue:
// numbered migrations that only ever append, each applied in its own transaction. Takes the
// database as a value (better-sqlite3's shape), so shared code loads no native module.

/** The part of a better-sqlite3 database that migrating needs. */
export interface MigratableDb {
  readonly name: string;
  exec(sql: string): unknown;
  pragma(source: string, options?: { simple: boolean }): unknown;
  // Not generic: better-sqlite3's returns its own Transaction<F> type, which a generic F here
  // would not accept.
  transaction(fn: () => void): () => void;
}

export interface Migration<D extends MigratableDb = MigratableDb> {
  /** 1, 2, 3, … in order: the number stored once it is applied. */
  version: number;
  name: string;
  up: string | ((db: D) => void);
}

/** Where a file keeps the number of its last migration; SQLite's `user_version` unless said. */
export interface VersionStore<D extends MigratableDb = MigratableDb> {
  read(db: D): number;
  write(db: D, version: number): void;
}

export const userVersion: VersionStore = {
  read: (db) => Number(db.pragma('user_version', { simple: true })),
  write: (db, version) => void db.pragma(`user_version = ${version}`),
};

export interface MigrateOptions<D extends MigratableDb> {
  /** What the file is, for messages: "cache", "user data", "venue data". */
  what: string;
  /** Stop at this version (tests make files of older versions); the latest by default. */
  target?: number;
  store?: VersionStore<D>;
}

/**
 * Applies every migration above the file's version up to `target` and returns the version it
 * ends at. A file written by a newer build is refused rather than misread.
 */
export function migrate<D extends MigratableDb>(db: D, migrations: readonly Migration<D>[], opts: MigrateOptions<D>): number {
  const latest = migrations.length;
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`${opts.what} migrations are out of order: #${i + 1} is numbered ${m.version}`);
  });
  const target = opts.target ?? latest;
  if (!Number.isInteger(target) || target < 0 || target > latest) throw new Error(`${opts.what} migration target must be an integer from 0 to ${latest}, got ${target}`);
  const store = (opts.store ?? userVersion) as VersionStore<D>;
  const current = store.read(db);
  if (current > latest) throw new Error(`${opts.what} file ${db.name} has schema version ${current}, newer than this build knows (${latest})`);
  for (const m of migrations) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      store.write(db, m.version);
    })();
  }
  return store.read(db);
}
