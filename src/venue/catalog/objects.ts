// What every catalog answer is made of (spec §4.2): the status flags, the creator scope, the
// sort and status filters of the listings, and the tag and event summaries more than one holds.
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { iso } from '../http.js';

export type Row = Record<string, unknown>;
export type Status = 'active' | 'paused' | 'closed' | 'resolved' | 'archived';

/** The three booleans every catalog object carries, from the one status column. */
export function flags(status: Status): { active: boolean; closed: boolean; archived: boolean } {
  return { active: status === 'active' || status === 'paused', closed: status === 'closed' || status === 'resolved' || status === 'archived', archived: status === 'archived' };
}

const STATUS_SQL = {
  active: "IN ('active','paused')",
  closed: "IN ('closed','resolved','archived')",
  archived: "= 'archived'",
} as const;

/** `creator` takes a creator address or a site id; unknown values scope to nothing. */
export function resolveCreator(db: Db, creator: string | undefined): string | undefined {
  if (creator === undefined) return undefined;
  const v = creator.toLowerCase();
  const row = prepared(db, 'SELECT address FROM creators WHERE address = ? OR site = ?').get(v, v) as { address: string } | undefined;
  return row?.address ?? '\u0000none';
}

/** A listing's WHERE clause, from the filters its query names; values are bound, never spliced. */
export class Filters {
  private readonly parts: string[] = [];
  readonly args: Array<string | number> = [];

  /** `sql` (one `?`, bound to `value`) when the query names the filter. */
  when(value: string | number | undefined, sql: string): this {
    if (value === undefined) return this;
    this.parts.push(sql);
    this.args.push(value);
    return this;
  }

  /** `sql` as it is (no value) when `on`. */
  also(on: boolean, sql: string): this {
    if (on) this.parts.push(sql);
    return this;
  }

  /** A status flag asked for (true) or against (false); nothing when not asked. */
  status(column: string, key: keyof typeof STATUS_SQL, value: boolean | undefined): this {
    if (value !== undefined) this.parts.push(value ? `${column} ${STATUS_SQL[key]}` : `NOT (${column} ${STATUS_SQL[key]})`);
    return this;
  }

  get clause(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

export function orderBy(column: string, ascending: boolean, alias: string): string {
  const dir = ascending ? 'ASC' : 'DESC';
  return `ORDER BY ${alias}.${column} ${dir}, ${alias}.id ${dir}`;
}

export const MARKET_COLUMNS: Record<string, string> = { id: 'id', question: 'question', slug: 'slug', startDate: 'start_date', endDate: 'end_date', createdAt: 'created_at', updatedAt: 'updated_at' };
export const EVENT_COLUMNS: Record<string, string> = { id: 'id', title: 'title', slug: 'slug', startDate: 'start_date', endDate: 'end_date', createdAt: 'created_at', updatedAt: 'updated_at' };

export function eventFlags(e: Row): { active: boolean; closed: boolean; archived: boolean } {
  return { active: e['active'] === 1, closed: e['closed'] === 1, archived: e['archived'] === 1 };
}

export function eventSummaryFull(e: Row): Row {
  return {
    id: String(e['id']),
    ticker: e['ticker'],
    slug: e['slug'],
    title: e['title'],
    description: e['description'],
    resolutionSource: e['resolution_source'],
    startDate: iso(e['start_date'] as number),
    creationDate: iso(e['creation_date'] as number),
    endDate: iso(e['end_date'] as number),
    image: e['image'],
    icon: e['icon'],
    ...eventFlags(e),
    createdAt: iso(e['created_at'] as number),
    updatedAt: iso(e['updated_at'] as number),
  };
}

export function tagObject(t: Row): Row {
  return {
    id: String(t['id']),
    label: t['label'],
    slug: t['slug'],
    createdAt: iso(t['created_at'] as number),
    updatedAt: iso(t['updated_at'] as number),
    requiresTranslation: t['requires_translation'] === 1,
  };
}
