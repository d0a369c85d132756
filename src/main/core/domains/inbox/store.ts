// The inbox's statements on a profile's user-data file: every notice kept with its time and read
// state, listed newest first.
import type Database from 'better-sqlite3';
import type { Notice } from '@shared/ipc/inbox.js';

interface Row {
  id: number;
  kind: Notice['kind'];
  title: string;
  body: string;
  at: number;
  read_at: number | null;
  account_id: string | null;
  order_id: string | null;
  condition_id: string | null;
  event_slug: string | null;
  address: string | null;
}

export type Kept = Notice & { id: number; read: boolean };

const kept = (r: Row): Kept => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  at: r.at,
  read: r.read_at !== null,
  ...(r.account_id !== null ? { accountId: r.account_id } : {}),
  ...(r.order_id !== null ? { orderId: r.order_id } : {}),
  ...(r.condition_id !== null ? { conditionId: r.condition_id } : {}),
  ...(r.event_slug !== null ? { eventSlug: r.event_slug } : {}),
  ...(r.address !== null ? { address: r.address } : {}),
});

export class InboxStore {
  constructor(private readonly db: Database.Database) {}

  /** Keeps a notice, unread; returns its id. */
  keep(n: Notice): number {
    const r = this.db
      .prepare('INSERT INTO inbox (kind, title, body, at, account_id, order_id, condition_id, event_slug, address) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(n.kind, n.title, n.body, n.at, n.accountId ?? null, n.orderId ?? null, n.conditionId ?? null, n.eventSlug ?? null, n.address ?? null);
    return Number(r.lastInsertRowid);
  }

  /** The newest `limit` notices (unread ones only when asked), newest first. */
  list(limit: number, unreadOnly: boolean): Kept[] {
    const where = unreadOnly ? 'WHERE read_at IS NULL' : '';
    return (this.db.prepare(`SELECT * FROM inbox ${where} ORDER BY at DESC, id DESC LIMIT ?`).all(limit) as Row[]).map(kept);
  }

  unread(): number {
    return this.db.prepare('SELECT COUNT(*) FROM inbox WHERE read_at IS NULL').pluck().get() as number;
  }

  total(): number {
    return this.db.prepare('SELECT COUNT(*) FROM inbox').pluck().get() as number;
  }

  /** Marks these notices (or every one) read at `at`; returns how many were unread. Ids not kept are passed over. */
  markRead(which: { ids: readonly number[] } | { all: true }, at: number): number {
    if ('all' in which) return this.db.prepare('UPDATE inbox SET read_at = ? WHERE read_at IS NULL').run(at).changes;
    const one = this.db.prepare('UPDATE inbox SET read_at = ? WHERE id = ? AND read_at IS NULL');
    return this.db.transaction(() => which.ids.reduce((n, id) => n + one.run(at, id).changes, 0))();
  }
}
