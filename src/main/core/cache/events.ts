// The events, series and tags lists answered from the synced catalog: every event reachable,
// searched, filtered and sorted over the whole catalog, with its markets' sums; each series with
// its events; each tag with how many markets carry it.
import type Database from 'better-sqlite3';
import { numberOfMicros as micros } from './money.js';
import { toFtsQuery } from './search.js';

export type ListStatus = 'active' | 'closed' | 'archived' | 'all';
export type RowStatus = 'open' | 'paused' | 'closed' | 'archived' | 'inactive';

export interface EventListQuery {
  query?: string | undefined;
  status: ListStatus;
  tagId?: string | undefined;
  seriesId?: string | undefined;
  negRisk?: boolean | undefined;
  id?: string | undefined;
  sort: 'volume' | 'volume24hr' | 'liquidity' | 'endDate' | 'createdAt' | 'title';
  ascending: boolean;
  limit: number;
  offset: number;
}

export interface ListedEvent {
  id: string;
  slug?: string;
  title: string;
  negRisk: boolean;
  markets: number;
  volume?: number;
  volume24hr?: number;
  liquidity?: number;
  endDate?: string;
  createdAt?: string;
  status: RowStatus;
}

export interface SeriesListQuery {
  query?: string | undefined;
  limit: number;
  offset: number;
}

export interface ListedSeries {
  id: string;
  slug?: string;
  title: string;
  recurrence?: string;
  events: number;
  openEvents: number;
}

export interface TagListQuery {
  query?: string | undefined;
  sort: 'markets' | 'label';
  limit: number;
  offset: number;
}

export interface ListedTag {
  id: string;
  label: string;
  slug?: string;
  markets: number;
  openMarkets: number;
  events: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

type Row = Record<string, unknown>;

/** One status word from a row's flags (and, for markets, whether it takes orders). */
export function rowStatus(r: Row): RowStatus {
  if (r['archived'] === 1) return 'archived';
  if (r['closed'] === 1) return 'closed';
  if (r['active'] === 1) return r['accepting_orders'] === 0 ? 'paused' : 'open';
  return 'inactive';
}

/** The status filter over a table with the three flags. */
export function statusSql(status: ListStatus | undefined, table: string): string | undefined {
  if (status === 'active') return `${table}.active = 1 AND ${table}.closed IS NOT 1`;
  if (status === 'closed') return `${table}.closed = 1`;
  if (status === 'archived') return `${table}.archived = 1`;
  return undefined;
}

/** Ids of `kind` whose title or body matches what was typed; undefined when nothing is typed. */
function matching(kind: string, typed: string | undefined, column: string): { sql: string; arg: string } | undefined {
  if (typed === undefined) return undefined;
  const terms = toFtsQuery(typed);
  // Typed but nothing searchable (only punctuation): nothing matches.
  if (terms === undefined) return typed.trim() === '' ? undefined : { sql: '0', arg: '' };
  return { sql: `${column} IN (SELECT id FROM search_fts WHERE search_fts MATCH ?)`, arg: `kind : "${kind}" AND {title body} : (${terms})` };
}

/**
 * Fills each event's sums from its markets (those naming it): count, lifetime and 24h volume,
 * liquidity, and whether they are negative-risk. Kept on the row so a sort reads one column.
 */
export function fillEventSums(db: Database.Database): void {
  db.prepare(
    `WITH agg AS (
       SELECT je.value AS eid, COUNT(*) AS n, SUM(m.volume_micros) AS v, SUM(m.volume24hr) AS v24, SUM(m.liquidity_micros) AS l, MAX(m.neg_risk) AS nr
       FROM markets m, json_each(m.event_ids) je GROUP BY je.value)
     UPDATE events SET market_count = agg.n, volume_micros = COALESCE(agg.v, events.volume_micros), volume24hr = agg.v24,
       liquidity_micros = COALESCE(agg.l, events.liquidity_micros), neg_risk = COALESCE(events.neg_risk, agg.nr)
     FROM agg WHERE agg.eid = events.id
       -- Only the rows whose sums moved are written: a few of thousands after a catalog watch pass.
       AND (events.market_count IS NOT agg.n OR events.volume_micros IS NOT COALESCE(agg.v, events.volume_micros) OR events.volume24hr IS NOT agg.v24
         OR events.liquidity_micros IS NOT COALESCE(agg.l, events.liquidity_micros) OR events.neg_risk IS NOT COALESCE(events.neg_risk, agg.nr))`,
  ).run();
}

const EVENT_SORT: Record<EventListQuery['sort'], string> = {
  volume: 'volume_micros',
  volume24hr: 'volume24hr',
  liquidity: 'liquidity_micros',
  endDate: 'end_date',
  createdAt: 'created_at',
  title: 'title COLLATE NOCASE',
};

/** The events linked to series `?` (twice): listed in the series, or naming it. */
const IN_SERIES = `(events.id IN (SELECT se.value FROM series s, json_each(s.event_ids) se WHERE s.id = ?)
  OR EXISTS (SELECT 1 FROM json_each(events.series_ids) WHERE value = ?))`;

export function listEvents(db: Database.Database, q: EventListQuery): Page<ListedEvent> {
  const where: string[] = [];
  const args: unknown[] = [];
  const status = statusSql(q.status, 'events');
  if (status) where.push(status);
  if (q.tagId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM json_each(events.tag_ids) WHERE value = ?)');
    args.push(q.tagId);
  }
  if (q.seriesId !== undefined) {
    where.push(IN_SERIES);
    args.push(q.seriesId, q.seriesId);
  }
  if (q.negRisk !== undefined) where.push(q.negRisk ? 'events.neg_risk = 1' : 'events.neg_risk IS NOT 1');
  if (q.id !== undefined) {
    where.push('events.id = ?');
    args.push(q.id);
  }
  const text = matching('events', q.query, 'events.id');
  if (text) {
    where.push(text.sql);
    if (text.sql !== '0') args.push(text.arg);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = q.ascending ? 'ASC' : 'DESC';
  const key = EVENT_SORT[q.sort];
  const total = db.prepare(`SELECT COUNT(*) FROM events ${filter}`).pluck().get(...args) as number;
  // Missing values sort last either way; the id keeps pages stable between equal keys.
  const rows = db
    .prepare(
      `SELECT id, slug, title, neg_risk, market_count, CAST(volume_micros AS TEXT) AS volume, volume24hr, CAST(liquidity_micros AS TEXT) AS liquidity,
         end_date, created_at, active, closed, archived
       FROM events ${filter} ORDER BY ${key} IS NULL, ${key} ${dir}, CAST(id AS INTEGER) ${dir} LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit, q.offset) as Row[];
  return { total, rows: rows.map(eventRow) };
}

function eventRow(r: Row): ListedEvent {
  const volume = micros(r['volume']);
  const liquidity = micros(r['liquidity']);
  return {
    id: String(r['id']),
    ...(r['slug'] !== null ? { slug: String(r['slug']) } : {}),
    title: String(r['title'] ?? r['slug'] ?? r['id']),
    negRisk: r['neg_risk'] === 1,
    markets: Number(r['market_count'] ?? 0),
    ...(volume !== undefined ? { volume } : {}),
    ...(r['volume24hr'] !== null ? { volume24hr: Number(r['volume24hr']) } : {}),
    ...(liquidity !== undefined ? { liquidity } : {}),
    ...(r['end_date'] !== null ? { endDate: String(r['end_date']) } : {}),
    ...(r['created_at'] !== null ? { createdAt: String(r['created_at']) } : {}),
    status: rowStatus(r),
  };
}

/** Series → event links: the events a series lists, and those naming a series. */
const SERIES_LINKS = `links AS (
  SELECT s.id AS sid, se.value AS eid FROM series s, json_each(s.event_ids) se
  UNION SELECT js.value AS sid, e.id AS eid FROM events e, json_each(e.series_ids) js)`;

export function listSeries(db: Database.Database, q: SeriesListQuery): Page<ListedSeries> {
  const text = matching('series', q.query, 's.id');
  const filter = text ? `WHERE ${text.sql}` : '';
  const args = text && text.sql !== '0' ? [text.arg] : [];
  const total = db.prepare(`SELECT COUNT(*) FROM series s ${filter}`).pluck().get(...args) as number;
  const rows = db
    .prepare(
      `WITH ${SERIES_LINKS}
       SELECT s.id, s.slug, s.title, json_extract(s.raw, '$.recurrence') AS recurrence,
         COUNT(e.id) AS n, COALESCE(SUM(e.active = 1 AND e.closed IS NOT 1), 0) AS open
       FROM series s LEFT JOIN links l ON l.sid = s.id LEFT JOIN events e ON e.id = l.eid
       ${filter} GROUP BY s.id ORDER BY s.title IS NULL, s.title COLLATE NOCASE, CAST(s.id AS INTEGER) LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit, q.offset) as Row[];
  return {
    total,
    rows: rows.map((r) => ({
      id: String(r['id']),
      ...(r['slug'] !== null ? { slug: String(r['slug']) } : {}),
      title: String(r['title'] ?? r['slug'] ?? r['id']),
      ...(typeof r['recurrence'] === 'string' ? { recurrence: r['recurrence'] } : {}),
      events: Number(r['n']),
      openEvents: Number(r['open']),
    })),
  };
}

export function listTags(db: Database.Database, q: TagListQuery): Page<ListedTag> {
  const text = matching('tags', q.query, 't.id');
  const filter = text ? `WHERE ${text.sql}` : '';
  const args = text && text.sql !== '0' ? [text.arg] : [];
  const total = db.prepare(`SELECT COUNT(*) FROM tags t ${filter}`).pluck().get(...args) as number;
  const order = q.sort === 'label' ? 't.label IS NULL, t.label COLLATE NOCASE' : 'markets DESC, t.label COLLATE NOCASE';
  const rows = db
    .prepare(
      `WITH mc AS (SELECT j.value AS tid, COUNT(*) AS n, SUM(m.active = 1 AND m.closed IS NOT 1) AS open FROM markets m, json_each(m.tag_ids) j GROUP BY j.value),
            ec AS (SELECT j.value AS tid, COUNT(*) AS n FROM events e, json_each(e.tag_ids) j GROUP BY j.value)
       SELECT t.id, t.label, t.slug, COALESCE(mc.n, 0) AS markets, COALESCE(mc.open, 0) AS open, COALESCE(ec.n, 0) AS events
       FROM tags t LEFT JOIN mc ON mc.tid = t.id LEFT JOIN ec ON ec.tid = t.id
       ${filter} ORDER BY ${order}, CAST(t.id AS INTEGER) LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit, q.offset) as Row[];
  return {
    total,
    rows: rows.map((r) => ({
      id: String(r['id']),
      label: String(r['label'] ?? r['slug'] ?? r['id']),
      ...(r['slug'] !== null ? { slug: String(r['slug']) } : {}),
      markets: Number(r['markets']),
      openMarkets: Number(r['open']),
      events: Number(r['events']),
    })),
  };
}

/** A market of an event as the event page shows it. */
export interface EventMarketRow {
  id: string;
  conditionId: string;
  question: string;
  label?: string;
  outcomes: string[];
  outcomePrices: string[];
  clobTokenIds: string[];
  volume?: number;
  volume24hr?: number;
  liquidity?: number;
  negRisk?: boolean;
  status: RowStatus;
}

/** The synced markets of event `id`, in id order. */
export function eventMarkets(db: Database.Database, id: string): EventMarketRow[] {
  const rows = db
    .prepare(
      `SELECT id, json_extract(raw, '$.conditionId') AS cid, question, json_extract(raw, '$.groupItemTitle') AS label, outcomes, outcome_prices, clob_token_ids,
         CAST(volume_micros AS TEXT) AS volume, volume24hr, CAST(liquidity_micros AS TEXT) AS liquidity, neg_risk, active, closed, archived, accepting_orders
       FROM markets WHERE EXISTS (SELECT 1 FROM json_each(markets.event_ids) WHERE value = ?) ORDER BY CAST(id AS INTEGER)`,
    )
    .all(id) as Row[];
  const list = (v: unknown): string[] => (JSON.parse(String(v ?? '[]')) as unknown[]).map(String);
  return rows.map((r) => {
    const volume = micros(r['volume']);
    const liquidity = micros(r['liquidity']);
    return {
      id: String(r['id']),
      conditionId: String(r['cid'] ?? ''),
      question: String(r['question'] ?? ''),
      ...(typeof r['label'] === 'string' && r['label'] !== '' ? { label: r['label'] } : {}),
      outcomes: list(r['outcomes']),
      outcomePrices: list(r['outcome_prices']),
      clobTokenIds: list(r['clob_token_ids']),
      ...(volume !== undefined ? { volume } : {}),
      ...(r['volume24hr'] !== null ? { volume24hr: Number(r['volume24hr']) } : {}),
      ...(liquidity !== undefined ? { liquidity } : {}),
      ...(r['neg_risk'] !== null ? { negRisk: r['neg_risk'] === 1 } : {}),
      status: rowStatus(r),
    };
  });
}

/** One synced event's row (the listing's shape) and its series, by id. */
export function eventById(db: Database.Database, id: string): (ListedEvent & { description?: string; series?: { id: string; title: string } }) | undefined {
  const page = listEvents(db, { status: 'all', id, sort: 'volume', ascending: false, limit: 1, offset: 0 });
  const row = page.rows[0];
  if (!row) return undefined;
  const extra = db
    .prepare(
      `SELECT e.description, s.id AS sid, s.title AS stitle FROM events e
       LEFT JOIN series s ON EXISTS (SELECT 1 FROM json_each(s.event_ids) WHERE value = e.id) OR EXISTS (SELECT 1 FROM json_each(e.series_ids) WHERE value = s.id)
       WHERE e.id = ? LIMIT 1`,
    )
    .get(id) as Row | undefined;
  return {
    ...row,
    ...(typeof extra?.['description'] === 'string' && extra['description'] !== '' ? { description: extra['description'] } : {}),
    ...(extra?.['sid'] !== null && extra?.['sid'] !== undefined ? { series: { id: String(extra['sid']), title: String(extra['stitle'] ?? extra['sid']) } } : {}),
  };
}
