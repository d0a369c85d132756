// The markets list answered from the synced catalog: filters and sorts run over every market in
// SQLite, so a sort by volume ranks the whole catalog, not one page of it.
import type Database from 'better-sqlite3';

export interface MarketListQuery {
  status: 'active' | 'closed' | 'archived' | 'all';
  tagId?: string | undefined;
  eventId?: string | undefined;
  seriesId?: string | undefined;
  mirror: 'only' | 'none' | 'any';
  sort: 'volume24hr' | 'volume' | 'endDate' | 'question' | 'createdAt' | 'lastPrice';
  ascending: boolean;
  limit: number;
  offset: number;
}

export interface MarketListPage {
  /** The markets as the venue sent them, in list order. */
  rows: unknown[];
  /** How many markets match the filters in all. */
  total: number;
}

// Outcome prices arrive as a JSON-encoded string; json_extract reads either form.
const FIRST_PRICE = "CAST(json_extract(json_extract(raw, '$.outcomePrices'), '$[0]') AS REAL)";
const SORT_SQL: Record<MarketListQuery['sort'], string> = {
  volume24hr: "CAST(json_extract(raw, '$.volume24hr') AS REAL)",
  volume: 'volume_micros',
  endDate: 'end_date',
  question: 'question COLLATE NOCASE',
  createdAt: "json_extract(raw, '$.createdAt')",
  lastPrice: FIRST_PRICE,
};

export function listMarkets(db: Database.Database, q: MarketListQuery): MarketListPage {
  const where: string[] = [];
  const args: unknown[] = [];
  if (q.status === 'active') where.push('active = 1 AND closed IS NOT 1');
  else if (q.status === 'closed') where.push('closed = 1');
  else if (q.status === 'archived') where.push('archived = 1');
  if (q.tagId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM json_each(markets.tag_ids) WHERE value = ?)');
    args.push(q.tagId);
  }
  if (q.eventId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM json_each(markets.event_ids) WHERE value = ?)');
    args.push(q.eventId);
  }
  if (q.seriesId !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM json_each(markets.event_ids) me
      JOIN series s ON s.id = ? JOIN json_each(s.event_ids) se ON se.value = me.value)`);
    args.push(q.seriesId);
  }
  if (q.mirror !== 'any') where.push(`json_extract(raw, '$.mirrorConditionId') IS ${q.mirror === 'only' ? 'NOT ' : ''}NULL`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = q.ascending ? 'ASC' : 'DESC';
  // Missing values sort last either way; id keeps pages stable between equal keys.
  const key = SORT_SQL[q.sort];
  const total = db.prepare(`SELECT COUNT(*) FROM markets ${filter}`).pluck().get(...args) as number;
  const raws = db
    .prepare(`SELECT raw FROM markets ${filter} ORDER BY (${key}) IS NULL, ${key} ${dir}, CAST(id AS INTEGER) ${dir} LIMIT ? OFFSET ?`)
    .pluck()
    .all(...args, q.limit, q.offset) as string[];
  return { rows: raws.map((r) => JSON.parse(r) as unknown), total };
}

/** When catalog rows were last written by a sync or a read (epoch ms), for the "as of" stamp. */
export function catalogSeenAt(db: Database.Database): number | undefined {
  const t = db
    .prepare('SELECT MAX(t) FROM (SELECT MAX(updated_at) AS t FROM sync_state UNION ALL SELECT MAX(fetched_at) FROM responses)')
    .pluck()
    .get() as number | null;
  return t ?? undefined;
}
