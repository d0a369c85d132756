// A profile's user data: what the venue cannot give back — the order journal, the notices told,
// portfolio value snapshots, the ticket's draft, the watchlist and price alerts, followed traders
// with their position snapshots (domains/traders/store.ts). One SQLite file
// per profile beside the cache folder, never touched by a cache reset. The journal's statements
// are the orders domain's (domains/orders/journal.ts), made on this file through `store`.
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '@shared/storage/migrate.js';
import { TicketDraft } from '@shared/ipc/contract.js';
import { cacheFile, checkProfileId, privateDbFile } from '../cache/index.js';
import { cacheDir } from '../app-data.js';
import { USER_MIGRATIONS } from './migrations.js';
import { SnapshotStore } from './snapshots.js';
import { WatchStore } from './watchlist.js';

export type { HistoryPoint, HistoryRange } from './snapshots.js';

export function userDataFile(dataDir: string, profileId: string): string {
  return join(dataDir, `user-${checkProfileId(profileId)}.sqlite`);
}

export class UserData {
  private readonly db: Database.Database;
  readonly snapshots: SnapshotStore;
  /** Starred markets and events, and price alerts. */
  readonly watch: WatchStore;

  private constructor(
    readonly path: string,
    private readonly now: () => number,
  ) {
    // SQLite takes an empty file as a new database: an empty user data file would become a
    // store with no journal, without a word. It is refused as a garbage one is.
    const empty = existsSync(path) && statSync(path).size === 0;
    privateDbFile(path);
    this.db = new Database(path);
    try {
      if (empty) throw new Error('the file is empty (0 bytes): it holds none of the journal it was made for');
      // Asked before anything is written: even switching to WAL rewrites the header of a file
      // a newer build made.
      const version = Number(this.db.pragma('user_version', { simple: true }));
      if (version > USER_MIGRATIONS.length) throw new Error(`user data file ${path} has schema version ${version}, newer than this build knows (${USER_MIGRATIONS.length})`);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('busy_timeout = 5000');
      migrate(this.db, USER_MIGRATIONS, { what: 'user data' });
    } catch (err) {
      this.db.close();
      const reason = (err as Error).message;
      // Never set aside or rebuilt as the cache is: this file is all there is of the journal.
      const todo = /newer than this build knows/.test(reason)
        ? 'it was written by a newer Kairos: run that version, or move the file aside to start this profile with no order journal or history'
        : 'Kairos left it as it is: restore it from a backup, or move it aside to start this profile with no order journal or history';
      throw new Error(`cannot open the user data ${path}: ${reason}; ${todo}`, { cause: err });
    }
    this.snapshots = new SnapshotStore(this.db);
    this.watch = new WatchStore(this.db, now);
  }

  /**
   * Opens (creating and migrating as needed) the user data of `profileId`. A journal file of an
   * older release becomes this file; snapshots it kept in the cache and its draft file are
   * brought in once.
   */
  static open(dataDir: string, profileId: string, now: () => number = Date.now): UserData {
    const path = userDataFile(dataDir, profileId);
    const legacy = join(dataDir, `journal-${profileId}.sqlite`);
    if (!existsSync(path) && existsSync(legacy)) {
      for (const suffix of ['-wal', '-shm', '']) if (existsSync(legacy + suffix)) renameSync(legacy + suffix, path + suffix);
    }
    const user = new UserData(path, now);
    user.once('cache snapshots', () => user.importSnapshots(cacheFile(cacheDir(dataDir), profileId)));
    user.once('draft file', () => user.importDraft(join(dataDir, `ticket-${profileId.replace(/[^\w-]/g, '_')}.json`)));
    return user;
  }

  /**
   * A store of one domain on this file (the order journal, say): it alone writes SQL on its
   * tables, on the connection every store of the profile shares.
   */
  store<T>(make: (db: Database.Database) => T): T {
    return make(this.db);
  }

  draft(): TicketDraft {
    const row = this.db.prepare("SELECT body FROM drafts WHERE name = 'ticket'").pluck().get() as string | undefined;
    if (row === undefined) return TicketDraft.parse({});
    let parsed;
    try {
      parsed = TicketDraft.safeParse(JSON.parse(row));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) return parsed.data;
    // A draft this build cannot read is no reason to fail: kept aside under another name (for
    // whoever wants it back), and the ticket opens empty.
    this.db.prepare("UPDATE drafts SET name = ? WHERE name = 'ticket'").run(`ticket.unreadable-${this.now()}`);
    return TicketDraft.parse({});
  }

  saveDraft(draft: TicketDraft): void {
    this.db.prepare("INSERT INTO drafts (name, body, updated_at) VALUES ('ticket', ?, ?) ON CONFLICT(name) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at").run(JSON.stringify(draft), this.now());
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private once(step: string, run: () => void): void {
    if (this.db.prepare('SELECT 1 FROM done WHERE step = ?').get(step)) return;
    run();
    this.db.prepare('INSERT INTO done (step, at) VALUES (?, ?)').run(step, this.now());
  }

  private importSnapshots(file: string): void {
    if (!existsSync(file)) return;
    const old = new Database(file, { readonly: true, fileMustExist: true });
    try {
      if (!old.prepare("SELECT 1 FROM sqlite_master WHERE name = 'snapshots'").get()) return;
      const rows = old.prepare('SELECT account, at, value_micros, cash_pnl_micros, positions FROM snapshots').safeIntegers(true).all();
      const put = this.db.prepare('INSERT OR IGNORE INTO snapshots (account, at, value_micros, cash_pnl_micros, positions) VALUES (@account, @at, @value_micros, @cash_pnl_micros, @positions)');
      this.db.transaction(() => rows.forEach((r) => put.run(r)))();
    } finally {
      old.close();
    }
  }

  private importDraft(file: string): void {
    if (!existsSync(file)) return;
    let parsed;
    try {
      parsed = TicketDraft.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      return; // a torn or foreign file: the ticket opens empty, the file stays where it is
    }
    if (parsed.success) this.saveDraft(parsed.data);
  }
}
