// The watchlist and price alerts of a profile, in its user-data file (migration 6). Thresholds
// and values are micro units, compared as integers; the store knows nothing of where prices come
// from (domains/alerts/alerts.ts).
import type Database from 'better-sqlite3';

export type WatchKind = 'market' | 'event';

export interface WatchRow {
  kind: WatchKind;
  id: string;
  ref: string;
  title: string;
  addedAt: number;
}

export type AlertKind = 'price' | 'spread' | 'volume24h';

/** An alert's condition as stored: what it compares, and with which threshold (micros). */
export interface AlertRule {
  kind: AlertKind;
  /** Price alerts: the outcome's index, label and token, and the direction. */
  outcome?: number | undefined;
  outcomeLabel?: string | undefined;
  tokenId?: string | undefined;
  op?: '>=' | '<=' | undefined;
  threshold: bigint;
}

export interface AlertRow extends AlertRule {
  id: number;
  conditionId: string;
  ref: string;
  question: string;
  /** Every outcome token of the market, in order (a binary market's price leans on the other's trades). */
  tokens: string[];
  paused: boolean;
  armed: boolean;
  value: bigint | undefined;
  checkedAt: number | undefined;
  createdAt: number;
}

export interface NewAlert extends AlertRule {
  conditionId: string;
  ref: string;
  question: string;
  tokens: string[];
  /** Whether it fires the next time its condition holds (false when it holds already). */
  armed: boolean;
  value?: bigint | undefined;
}

export interface Fire {
  at: number;
  value: bigint;
}

type Raw = Record<string, unknown>;

function rowOf(r: Raw): AlertRow {
  const num = (v: unknown): bigint | undefined => (v === null || v === undefined ? undefined : BigInt(v as number | bigint));
  return {
    id: Number(r['id']),
    conditionId: String(r['condition_id']),
    ref: String(r['ref']),
    question: String(r['question']),
    kind: r['kind'] as AlertKind,
    ...(r['outcome'] !== null ? { outcome: Number(r['outcome']) } : {}),
    ...(r['outcome_label'] !== null ? { outcomeLabel: String(r['outcome_label']) } : {}),
    ...(r['token_id'] !== null ? { tokenId: String(r['token_id']) } : {}),
    ...(r['op'] !== null ? { op: r['op'] as '>=' | '<=' } : {}),
    threshold: BigInt(r['threshold_micros'] as number | bigint),
    tokens: JSON.parse(String(r['tokens'])) as string[],
    paused: Number(r['paused']) === 1,
    armed: Number(r['armed']) === 1,
    value: num(r['value_micros']),
    checkedAt: r['checked_at'] === null ? undefined : Number(r['checked_at']),
    createdAt: Number(r['created_at']),
  };
}

export class WatchStore {
  /**
   * The alerts not paused, as last read: every price reading asks for them (a market page's live
   * changes, thirty a minute), and only this store changes them, so it reads them again after a write.
   */
  private active: AlertRow[] | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {}

  list(): WatchRow[] {
    return this.db.prepare('SELECT kind, id, ref, title, added_at AS addedAt FROM watchlist ORDER BY added_at DESC, kind, id').all() as WatchRow[];
  }

  /** Stars it (again: its ref and title are brought up to date, its first star's time kept); true when it was not starred. */
  add(row: Omit<WatchRow, 'addedAt'>): boolean {
    const had = this.has(row.kind, row.id);
    this.db
      .prepare('INSERT INTO watchlist (kind, id, ref, title, added_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(kind, id) DO UPDATE SET ref = excluded.ref, title = excluded.title')
      .run(row.kind, row.id, row.ref, row.title, this.now());
    return !had;
  }

  remove(kind: WatchKind, id: string): boolean {
    return this.db.prepare('DELETE FROM watchlist WHERE kind = ? AND id = ?').run(kind, id).changes > 0;
  }

  has(kind: WatchKind, id: string): boolean {
    return this.db.prepare('SELECT 1 FROM watchlist WHERE kind = ? AND id = ?').get(kind, id) !== undefined;
  }

  /** Condition ids of the starred markets. */
  marketIds(): string[] {
    return this.db.prepare("SELECT id FROM watchlist WHERE kind = 'market' ORDER BY id").pluck().all() as string[];
  }

  alerts(): AlertRow[] {
    return (this.db.prepare('SELECT * FROM alerts ORDER BY created_at DESC, id DESC').safeIntegers(true).all() as Raw[]).map(rowOf);
  }

  alert(id: number): AlertRow | undefined {
    const r = this.db.prepare('SELECT * FROM alerts WHERE id = ?').safeIntegers(true).get(id) as Raw | undefined;
    return r ? rowOf(r) : undefined;
  }

  /** Alerts not paused, of these markets (lower-case condition ids) or of all markets. */
  activeAlerts(conditionIds?: ReadonlySet<string>): AlertRow[] {
    this.active ??= (this.db.prepare('SELECT * FROM alerts WHERE paused = 0').safeIntegers(true).all() as Raw[]).map(rowOf);
    const all = [...this.active];
    return conditionIds ? all.filter((a) => conditionIds.has(a.conditionId)) : all;
  }

  addAlert(a: NewAlert): number {
    this.active = undefined;
    const at = this.now();
    const r = this.db
      .prepare(
        `INSERT INTO alerts (condition_id, ref, question, kind, outcome, outcome_label, token_id, tokens, op, threshold_micros, armed, value_micros, checked_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        a.conditionId, a.ref, a.question, a.kind, a.outcome ?? null, a.outcomeLabel ?? null, a.tokenId ?? null, JSON.stringify(a.tokens), a.op ?? null,
        a.threshold, a.armed ? 1 : 0, a.value ?? null, a.value === undefined ? null : at, at, at,
      );
    return Number(r.lastInsertRowid);
  }

  /** A new condition (armed as the caller judged it against the value now), or paused / resumed. */
  updateAlert(id: number, change: { rule?: AlertRule & { armed: boolean }; paused?: boolean }): boolean {
    this.active = undefined;
    const at = this.now();
    return this.db.transaction(() => {
      let changed = 0;
      if (change.rule) {
        const r = change.rule;
        changed += this.db
          .prepare('UPDATE alerts SET kind = ?, outcome = ?, outcome_label = ?, token_id = ?, op = ?, threshold_micros = ?, armed = ?, updated_at = ? WHERE id = ?')
          .run(r.kind, r.outcome ?? null, r.outcomeLabel ?? null, r.tokenId ?? null, r.op ?? null, r.threshold, r.armed ? 1 : 0, at, id).changes;
      }
      if (change.paused !== undefined) changed += this.db.prepare('UPDATE alerts SET paused = ?, updated_at = ? WHERE id = ?').run(change.paused ? 1 : 0, at, id).changes;
      return changed > 0 || this.alert(id) !== undefined;
    })();
  }

  removeAlert(id: number): boolean {
    this.active = undefined;
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM alert_fires WHERE alert_id = ?').run(id);
      return this.db.prepare('DELETE FROM alerts WHERE id = ?').run(id).changes > 0;
    })();
  }

  /**
   * Records the value seen for an alert and whether its condition holds. Returns true when this
   * is a crossing (armed, and the condition holds): the alert then fires, once — it is armed
   * again only when a later value no longer meets it. Judged and written in one transaction, so
   * two price reads arriving together cannot both fire it.
   */
  observe(id: number, value: bigint, holds: boolean): boolean {
    this.active = undefined;
    const at = this.now();
    return this.db.transaction(() => {
      const r = this.db.prepare('SELECT armed, paused FROM alerts WHERE id = ?').get(id) as { armed: number; paused: number } | undefined;
      if (!r) return false;
      const fires = r.paused === 0 && r.armed === 1 && holds;
      this.db.prepare('UPDATE alerts SET value_micros = ?, checked_at = ?, armed = ? WHERE id = ?').run(value, at, holds ? 0 : 1, id);
      if (fires) this.db.prepare('INSERT INTO alert_fires (alert_id, at, value_micros) VALUES (?, ?, ?)').run(id, at, value);
      return fires;
    })();
  }

  /** The alert's latest firings, newest first, and how many there have been. */
  fires(id: number, limit = 5): { latest: Fire[]; count: number } {
    const latest = (this.db.prepare('SELECT at, value_micros AS value FROM alert_fires WHERE alert_id = ? ORDER BY at DESC, rowid DESC LIMIT ?').safeIntegers(true).all(id, limit) as Array<{ at: bigint; value: bigint }>).map(
      (f) => ({ at: Number(f.at), value: f.value }),
    );
    const count = Number(this.db.prepare('SELECT COUNT(*) FROM alert_fires WHERE alert_id = ?').pluck().get(id));
    return { latest, count };
  }
}
