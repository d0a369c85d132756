// Followed wallets in the profile's user data (migration 8): each with its label, its trade-notice
// size, the snapshot last seen and the latest one, and the newest trades seen. The traders domain
// alone writes these tables.
import type Database from 'better-sqlite3';
import { perSession, type Session } from '../../session.js';
import type { SnapPosition, Snapshot } from './diff.js';

export interface FollowRow {
  address: string;
  label: string | undefined;
  name: string | undefined;
  /** Trade notices from this cash per fill (micros); undefined: none. */
  minTrade: bigint | undefined;
  followedAt: number;
  seenAt: number;
  /** The newest trade second seen, and the keys of the trades of that second. */
  tradesTs: number | undefined;
  tradesKeys: string[];
  /** Why the latest read failed; undefined when it did not. */
  problem: string | undefined;
}

type Raw = Record<string, unknown>;
type Stored = Omit<SnapPosition, 'size' | 'pnl' | 'price'> & { size: string; pnl?: string; price?: string };

const opt = <T>(v: unknown, f: (x: NonNullable<unknown>) => T): T | undefined => (v === null || v === undefined ? undefined : f(v));

function rowOf(r: Raw): FollowRow {
  return {
    address: r['address'] as string,
    label: opt(r['label'], String),
    name: opt(r['name'], String),
    minTrade: opt(r['min_trade_micros'], (v) => BigInt(v as bigint)),
    followedAt: Number(r['followed_at']),
    seenAt: Number(r['seen_at']),
    tradesTs: opt(r['trades_ts'], Number),
    tradesKeys: JSON.parse(r['trades_keys'] as string) as string[],
    problem: opt(r['problem'], String),
  };
}

const big = (s: string | undefined): bigint | undefined => (s === undefined ? undefined : BigInt(s));

export class FollowStore {
  constructor(private readonly db: Database.Database) {}

  list(): FollowRow[] {
    return this.db.prepare('SELECT * FROM followed ORDER BY followed_at DESC, address').safeIntegers(true).all().map((r) => rowOf(r as Raw));
  }

  get(address: string): FollowRow | undefined {
    const r = this.db.prepare('SELECT * FROM followed WHERE address = ?').safeIntegers(true).get(address) as Raw | undefined;
    return r && rowOf(r);
  }

  /** Adds the wallet, or changes what is given of an existing one (null clears it). */
  put(address: string, at: number, patch: { label?: string | null | undefined; minTrade?: bigint | null | undefined }): void {
    this.db
      .prepare('INSERT INTO followed (address, label, min_trade_micros, followed_at, seen_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(address) DO NOTHING')
      .run(address, patch.label ?? null, patch.minTrade ?? null, at, at);
    if (patch.label !== undefined) this.db.prepare('UPDATE followed SET label = ? WHERE address = ?').run(patch.label, address);
    if (patch.minTrade !== undefined) this.db.prepare('UPDATE followed SET min_trade_micros = ? WHERE address = ?').run(patch.minTrade, address);
  }

  remove(address: string): boolean {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM follow_snapshots WHERE address = ?').run(address);
      return this.db.prepare('DELETE FROM followed WHERE address = ?').run(address).changes > 0;
    })();
  }

  snapshot(address: string, kind: 'seen' | 'latest'): Snapshot | undefined {
    const r = this.db.prepare('SELECT at, complete, positions FROM follow_snapshots WHERE address = ? AND kind = ?').get(address, kind) as { at: number; complete: number; positions: string } | undefined;
    if (!r) return undefined;
    const positions = (JSON.parse(r.positions) as Stored[]).map((p) => ({ ...p, size: BigInt(p.size), pnl: big(p.pnl), price: big(p.price) }));
    return { at: r.at, complete: r.complete === 1, positions };
  }

  /** Keeps a new latest snapshot (and the name it showed); the wallet's first one also counts as seen. */
  keepLatest(address: string, snap: Snapshot, name: string | undefined): void {
    const stored: Stored[] = snap.positions.map((p) => ({
      asset: p.asset, conditionId: p.conditionId, title: p.title, ...(p.slug ? { slug: p.slug } : {}), outcome: p.outcome, size: p.size.toString(),
      ...(p.pnl !== undefined ? { pnl: p.pnl.toString() } : {}), ...(p.price !== undefined ? { price: p.price.toString() } : {}),
    }));
    const put = this.db.prepare('INSERT INTO follow_snapshots (address, kind, at, complete, positions) VALUES (?, ?, ?, ?, ?) ON CONFLICT(address, kind) DO UPDATE SET at = excluded.at, complete = excluded.complete, positions = excluded.positions');
    this.db.transaction(() => {
      const body = JSON.stringify(stored);
      put.run(address, 'latest', snap.at, snap.complete ? 1 : 0, body);
      if (!this.db.prepare("SELECT 1 FROM follow_snapshots WHERE address = ? AND kind = 'seen'").get(address)) put.run(address, 'seen', snap.at, snap.complete ? 1 : 0, body);
      this.db.prepare('UPDATE followed SET problem = NULL, name = COALESCE(?, name) WHERE address = ?').run(name ?? null, address);
    })();
  }

  /** The latest snapshot becomes the seen one. */
  markSeen(address: string, at: number): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM follow_snapshots WHERE address = ? AND kind = 'seen'").run(address);
      this.db.prepare("INSERT INTO follow_snapshots (address, kind, at, complete, positions) SELECT address, 'seen', at, complete, positions FROM follow_snapshots WHERE address = ? AND kind = 'latest'").run(address);
      this.db.prepare('UPDATE followed SET seen_at = ? WHERE address = ?').run(at, address);
    })();
  }

  failed(address: string, problem: string): void {
    this.db.prepare('UPDATE followed SET problem = ? WHERE address = ?').run(problem, address);
  }

  tradesSeen(address: string, ts: number, keys: readonly string[]): void {
    this.db.prepare('UPDATE followed SET trades_ts = ?, trades_keys = ? WHERE address = ?').run(ts, JSON.stringify(keys), address);
  }
}

export const follows: (s: Session) => FollowStore = perSession((s) => s.user.store((db) => new FollowStore(db)));
