// The markets list answered from the synced catalog: filters and sorts run over every market in
// SQLite, so a sort by volume ranks the whole catalog, not one page of it.
import type Database from 'better-sqlite3';
import { MICRO } from '@shared/domain/units.js';

export interface MarketListQuery {
  status: 'active' | 'closed' | 'archived' | 'all';
  tagId?: string | undefined;
  eventId?: string | undefined;
  seriesId?: string | undefined;
  /** Only these markets (lower-case condition ids): the watchlist. */
  conditionIds?: readonly string[] | undefined;
  mirror: 'only' | 'none' | 'any';
  sort: 'volume24hr' | 'volume' | 'endDate' | 'question' | 'createdAt' | 'lastPrice';
  ascending: boolean;
  limit: number;
  offset: number;
}

/** One row of the list, in the shape of the contract's MarketRow. */
export interface ListedMarket {
  id: string;
  conditionId: string;
  slug?: string;
  question: string;
  outcomes: string[];
  outcomePrices: string[];
  clobTokenIds: string[];
  volume24hr?: number;
  volume?: number;
  liquidity?: number;
  endDate?: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  acceptingOrders?: boolean;
  mirror: boolean;
  eventIds: string[];
}

export interface MarketListPage {
  rows: ListedMarket[];
  /** How many markets match the filters in all. */
  total: number;
}

const SORT_SQL: Record<MarketListQuery['sort'], string> = {
  volume24hr: 'volume24hr',
  volume: 'volume_micros',
  endDate: 'end_date',
  question: 'question COLLATE NOCASE',
  createdAt: 'created_at',
  lastPrice: 'first_price',
};

/** The narrow index each sort scans (migration 4), when only the status and mirror filters apply. */
const SORT_INDEX: Record<MarketListQuery['sort'], string> = {
  volume24hr: 'markets_by_volume24hr',
  volume: 'markets_by_volume',
  endDate: 'markets_by_end',
  question: 'markets_by_question',
  createdAt: 'markets_by_created',
  lastPrice: 'markets_by_price',
};

const strings = (json: unknown): string[] => {
  try {
    const v: unknown = JSON.parse(String(json));
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

/** The WHERE clause of the list's filters over `markets` (empty when none), with its arguments. */
export function marketWhere(q: Pick<MarketListQuery, 'status' | 'tagId' | 'eventId' | 'seriesId' | 'mirror' | 'conditionIds'>): { sql: string; args: unknown[] } {
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
  if (q.mirror !== 'any') where.push(`mirror = ${q.mirror === 'only' ? 1 : 0}`);
  if (q.conditionIds !== undefined) {
    where.push('condition_id IN (SELECT value FROM json_each(?))');
    args.push(JSON.stringify(q.conditionIds.map((c) => c.toLowerCase())));
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', args };
}

/**
 * The rowids of every market matching `q`'s filters, in its order: `rank` computes them, and
 * `ordered` may keep them (by `key`, the query's text and arguments) until the catalog changes.
 */
export type ListOrder = (key: string, rank: () => number[]) => number[];

export function listMarkets(db: Database.Database, q: MarketListQuery, ordered: ListOrder = (_key, rank) => rank()): MarketListPage {
  const { sql: filter, args } = marketWhere(q);
  const dir = q.ascending ? 'ASC' : 'DESC';
  // Missing values sort last either way; id keeps pages stable between equal keys.
  const key = SORT_SQL[q.sort];
  // The planner would pick the flags index and then read every wide row to sort them.
  const narrow = q.tagId === undefined && q.eventId === undefined && q.seriesId === undefined && q.conditionIds === undefined;
  // The whole order from a narrow index (its length is the count); only the page's rows are read whole.
  const sql = `SELECT rowid FROM markets ${narrow ? `INDEXED BY ${SORT_INDEX[q.sort]}` : ''} ${filter} ORDER BY ${key} IS NULL, ${key} ${dir}, CAST(id AS INTEGER) ${dir}`;
  const order = ordered(JSON.stringify([sql, args]), () => db.prepare(sql).pluck().all(...args) as number[]);
  const total = order.length;
  const ids = order.slice(q.offset, q.offset + q.limit);
  const byRowid = new Map(
    (
      db
        .prepare(
          `SELECT rowid AS r, id, json_extract(raw, '$.conditionId') AS cid, slug, question, outcomes, outcome_prices, clob_token_ids, volume24hr,
             CAST(volume_micros AS TEXT) AS volume, CAST(liquidity_micros AS TEXT) AS liquidity, end_date, active, closed, archived, accepting_orders, mirror, event_ids
           FROM markets WHERE rowid IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(ids)) as Array<Record<string, unknown>>
    ).map((r) => [r['r'] as number, r]),
  );
  const rows = ids.map((id) => byRowid.get(id)).filter((r): r is Record<string, unknown> => r !== undefined);
  return {
    total,
    rows: rows.map((r) => ({
      id: String(r['id']),
      conditionId: String(r['cid'] ?? ''),
      ...(r['slug'] !== null ? { slug: String(r['slug']) } : {}),
      question: String(r['question'] ?? ''),
      outcomes: strings(r['outcomes']),
      outcomePrices: strings(r['outcome_prices']),
      clobTokenIds: strings(r['clob_token_ids']),
      ...(r['volume24hr'] !== null ? { volume24hr: Number(r['volume24hr']) } : {}),
      // Display only: the exact figure stays in micros in the row.
      ...(r['volume'] !== null ? { volume: Number(r['volume']) / MICRO } : {}),
      ...(r['liquidity'] !== null ? { liquidity: Number(r['liquidity']) / MICRO } : {}),
      ...(r['end_date'] !== null ? { endDate: String(r['end_date']) } : {}),
      active: r['active'] === 1,
      closed: r['closed'] === 1,
      archived: r['archived'] === 1,
      ...(r['accepting_orders'] !== null ? { acceptingOrders: r['accepting_orders'] === 1 } : {}),
      mirror: r['mirror'] === 1,
      eventIds: strings(r['event_ids']),
    })),
  };
}

/** When catalog rows were last written by a sync or a read (epoch ms), for the "as of" stamp. */
export function catalogSeenAt(db: Database.Database): number | undefined {
  const t = db
    .prepare('SELECT MAX(t) FROM (SELECT MAX(updated_at) AS t FROM sync_state UNION ALL SELECT MAX(fetched_at) FROM responses)')
    .pluck()
    .get() as number | null;
  return t ?? undefined;
}

/**
 * Records the latest last-trade prices seen for a market (from a quotes read), so the list's
 * price column and its sort follow the freshest price the app has, not only the last sync's.
 * `first` is the Yes price by the rule the screens show (shared/domain/price.ts): the sort's key.
 */
export function noteLastPrices(db: Database.Database, conditionId: string, prices: readonly string[], first = prices[0]): void {
  if (prices.length === 0 || prices.some((p) => !/^\d+(\.\d+)?$/.test(p))) return;
  db.prepare('UPDATE markets SET outcome_prices = ?, first_price = ? WHERE condition_id = ?').run(JSON.stringify(prices), Number(first), conditionId.toLowerCase());
}
