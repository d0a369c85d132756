// What a search hit shows beside its title, read from the synced catalog by kind: a market's
// price, volume, end date and status; an event's sums; counts for series and tags; a comment's
// author and what it is on.
import type Database from 'better-sqlite3';
import type { SearchKind } from './catalog.js';
import { rowStatus, type RowStatus } from './events.js';
import { numberOfMicros as micros } from './money.js';
import type { SearchHit } from './search.js';

export interface HitDetails {
  status?: RowStatus;
  price?: string;
  /** Markets: the outcome tokens, for live prices. */
  tokens?: string[];
  volume24hr?: number;
  volume?: number;
  endDate?: string;
  negRisk?: boolean;
  count?: number;
  address?: string;
  parent?: { kind: 'markets' | 'events' | 'series'; id: string; title?: string };
}

type Row = Record<string, unknown>;
const opt = <K extends string, V>(k: K, v: V | null | undefined): Partial<Record<K, V>> => (v === null || v === undefined ? {} : ({ [k]: v } as Record<K, V>));

const SQL: Partial<Record<SearchKind, string>> = {
  markets: `SELECT id, outcome_prices, clob_token_ids, volume24hr, CAST(volume_micros AS TEXT) AS volume, end_date, active, closed, archived, accepting_orders, neg_risk
    FROM markets WHERE id IN (SELECT value FROM json_each(?))`,
  events: `SELECT id, neg_risk, market_count, CAST(volume_micros AS TEXT) AS volume, volume24hr, end_date, active, closed, archived
    FROM events WHERE id IN (SELECT value FROM json_each(?))`,
  series: `SELECT id, active, closed, archived FROM series WHERE id IN (SELECT value FROM json_each(?))`,
  comments: `SELECT c.id, c.user_address, c.parent_type, c.parent_id,
      CASE c.parent_type WHEN 'market' THEN (SELECT question FROM markets WHERE id = c.parent_id)
        WHEN 'Event' THEN (SELECT title FROM events WHERE id = c.parent_id) ELSE (SELECT title FROM series WHERE id = c.parent_id) END AS parent_title
    FROM comments c WHERE c.id IN (SELECT value FROM json_each(?))`,
};

const PARENT: Record<string, 'markets' | 'events' | 'series'> = { market: 'markets', Event: 'events', Series: 'series' };

function details(kind: SearchKind, r: Row): HitDetails {
  switch (kind) {
    case 'markets': {
      const prices = JSON.parse(String(r['outcome_prices'] ?? '[]')) as unknown[];
      return {
        status: rowStatus(r),
        ...opt('price', prices[0] === undefined ? undefined : String(prices[0])),
        tokens: (JSON.parse(String(r['clob_token_ids'] ?? '[]')) as unknown[]).map(String),
        ...opt('volume24hr', r['volume24hr'] as number | null),
        ...opt('volume', micros(r['volume'])),
        ...opt('endDate', r['end_date'] as string | null),
        negRisk: r['neg_risk'] === 1,
      };
    }
    case 'events':
      return {
        status: rowStatus(r),
        count: Number(r['market_count'] ?? 0),
        ...opt('volume', micros(r['volume'])),
        ...opt('volume24hr', r['volume24hr'] as number | null),
        ...opt('endDate', r['end_date'] as string | null),
        negRisk: r['neg_risk'] === 1,
      };
    case 'series':
      return { status: rowStatus(r) };
    case 'comments': {
      const kindOf = PARENT[String(r['parent_type'])];
      return {
        ...opt('address', r['user_address'] as string | null),
        ...(kindOf ? { parent: { kind: kindOf, id: String(r['parent_id']), ...opt('title', r['parent_title'] as string | null) } } : {}),
      };
    }
    default:
      return {};
  }
}

/** How many markets carry each tag, and how many events each series has (listed in it or naming it), by id. */
export interface HitCounts {
  tags(): Map<string, number>;
  series(): Map<string, number>;
}

/** Each series' events, counted over the whole catalog at once: one pass over the events, not one per hit. */
export function seriesEventCounts(db: Database.Database): Map<string, number> {
  const rows = db
    .prepare(
      `WITH links AS (SELECT s.id AS sid, se.value AS eid FROM series s, json_each(s.event_ids) se
         UNION SELECT js.value, e.id FROM events e, json_each(e.series_ids) js)
       SELECT l.sid AS id, COUNT(*) AS n FROM links l JOIN events e ON e.id = l.eid GROUP BY l.sid`,
    )
    .all() as Array<{ id: string; n: number }>;
  return new Map(rows.map((r) => [String(r.id), r.n]));
}

/** Each hit with its details (traders: their wallet; tags and series: their counts), in the hits' order. */
export function withDetails(db: Database.Database, hits: readonly SearchHit[], counts: HitCounts): Array<SearchHit & HitDetails> {
  const found = new Map<string, HitDetails>();
  const kinds = [...new Set(hits.map((h) => h.kind))];
  for (const kind of kinds) {
    const sql = SQL[kind];
    if (!sql) continue;
    const ids = hits.filter((h) => h.kind === kind).map((h) => h.id);
    for (const r of db.prepare(sql).all(JSON.stringify(ids)) as Row[]) found.set(`${kind}:${String(r['id'])}`, details(kind, r));
  }
  const tags = hits.some((h) => h.kind === 'tags') ? counts.tags() : undefined;
  const series = hits.some((h) => h.kind === 'series') ? counts.series() : undefined;
  return hits.map((h) => ({
    ...h,
    ...(h.kind === 'traders'
      ? { address: h.id }
      : h.kind === 'tags'
        ? { count: tags?.get(h.id) ?? 0 }
        : h.kind === 'series'
          ? { ...found.get(`series:${h.id}`), count: series?.get(h.id) ?? 0 }
          : (found.get(`${h.kind}:${h.id}`) ?? {})),
  }));
}
