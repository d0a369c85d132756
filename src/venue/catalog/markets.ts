// The catalog's markets (spec §4.2): the listing, one market by slug or id, and its tags.
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { iso, type RawJson } from '../http.js';
import { dayVolumes, lastTradePrices, markPrices, marketVolume } from '../market-index.js';
import { MICRO } from '../money.js';
import { dayChanges } from './day-change.js';
import { marketsPage, movingFields, pageIds, type StaticMarket } from './fragments.js';
import { Filters, eventSummaryFull, flags, MARKET_COLUMNS, orderBy, resolveCreator, tagObject, type Row, type Status } from './objects.js';
import type { BookReader } from './quotes.js';

export interface MarketsParams {
  limit: number;
  offset: number;
  active?: boolean | undefined;
  closed?: boolean | undefined;
  archived?: boolean | undefined;
  tagId?: number | undefined;
  tagSlug?: string | undefined;
  eventId?: number | undefined;
  eventSlug?: string | undefined;
  conditionId?: string | undefined;
  mirror?: boolean | undefined;
  slug?: string | undefined;
  order: string;
  ascending: boolean;
  creator?: string | undefined;
}

export function listMarkets(db: Db, q: MarketsParams, now: number, books?: BookReader): RawJson {
  const ids = pageIds(db, `markets ${JSON.stringify(q)}`, () => marketIds(db, q));
  return marketsPage(db, ids, now, books, (missing) => staticMarkets(db, missing));
}

function marketIds(db: Db, q: MarketsParams): number[] {
  const creator = resolveCreator(db, q.creator);
  const f = new Filters()
    .status('m.status', 'active', q.active)
    .status('m.status', 'closed', q.closed)
    .status('m.status', 'archived', q.archived)
    .when(q.tagId, 'm.id IN (SELECT market_id FROM market_tags WHERE tag_id = ?)')
    .when(q.tagSlug, 'm.id IN (SELECT mt.market_id FROM market_tags mt JOIN tags t ON t.id = mt.tag_id WHERE t.slug = ?)')
    .when(q.eventId, 'm.event_id = ?')
    .when(q.eventSlug, 'm.event_id = (SELECT id FROM events WHERE slug = ?)')
    .when(q.conditionId?.toLowerCase(), 'm.condition_id = ?')
    .also(q.mirror === true, 'm.mirror_condition_id IS NOT NULL')
    .also(q.mirror === false, 'm.mirror_condition_id IS NULL')
    .when(q.slug, 'm.slug = ?')
    .when(creator, 'm.creator = ?');
  // Pick the page's ids first so the sort never carries the wide rows.
  const idSql = `SELECT m.id FROM markets m ${f.clause} ${orderBy(MARKET_COLUMNS[q.order] ?? 'id', q.ascending, 'm')} LIMIT ? OFFSET ?`;
  return db.prepare(idSql).pluck().all(...f.args, q.limit, q.offset) as number[];
}

/** The static JSON of listed markets, by id. */
function staticMarkets(db: Db, ids: number[]): Map<number, StaticMarket> {
  const rows = db.prepare(`SELECT * FROM markets WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids) as Row[];
  const tokens = tokenIdsOf(db, rows);
  const events = eventsById(db, rows);
  const out = new Map<number, StaticMarket>();
  for (const r of rows) {
    const c = r['condition_id'] as string;
    const tokenIds = tokens.get(c) ?? [];
    const fixed = staticMarket(r, tokenIds, events.get(r['event_id'] as number), false);
    out.set(r['id'] as number, { conditionId: c, tokenIds, outcomes: outcomeCount(r), fixedJson: JSON.stringify(fixed).slice(0, -1) });
  }
  return out;
}

const outcomeCount = (r: Row): number => (JSON.parse(r['outcomes'] as string) as string[]).length;

/** Each market's token ids in outcome order, by condition id. */
function tokenIdsOf(db: Db, rows: Row[]): Map<string, string[]> {
  const conditions = rows.map((r) => r['condition_id'] as string);
  const tokens = new Map<string, string[]>();
  for (const t of db.prepare(`SELECT condition_id, token_id FROM tokens WHERE condition_id IN (${conditions.map(() => '?').join(',')}) ORDER BY condition_id, outcome_index`).all(...conditions) as Array<{ condition_id: string; token_id: string }>) {
    const list = tokens.get(t.condition_id) ?? [];
    list.push(t.token_id);
    tokens.set(t.condition_id, list);
  }
  return tokens;
}

export function marketBySlug(db: Db, slug: string, creatorParam: string | undefined, now: number, books?: BookReader): unknown | undefined {
  const creator = resolveCreator(db, creatorParam);
  const row = db.prepare(`SELECT * FROM markets WHERE slug = ?${creator !== undefined ? ' AND creator = ?' : ''}`).get(...(creator !== undefined ? [slug, creator] : [slug])) as Row | undefined;
  if (!row) return undefined;
  const c = row['condition_id'] as string;
  const tokenIds = tokenIdsOf(db, [row]).get(c) ?? [];
  const fixed = staticMarket(row, tokenIds, eventsById(db, [row]).get(row['event_id'] as number), true);
  const m = { conditionId: c, tokenIds, outcomes: outcomeCount(row) };
  return { ...fixed, ...movingFields(m, marketVolume(db, c), dayVolumes(db, [c], now).get(c) ?? 0, markPrices(db), lastTradePrices(db), books, dayChanges(db, [m], now).get(c)) };
}

/** A market row by numeric id or condition id. */
export function findMarket(db: Db, idOrCondition: string, creatorParam: string | undefined): Row | undefined {
  const creator = resolveCreator(db, creatorParam);
  const byId = /^\d+$/.test(idOrCondition);
  const row = db.prepare(`SELECT * FROM markets WHERE ${byId ? 'id' : 'condition_id'} = ?`).get(byId ? Number(idOrCondition) : idOrCondition.toLowerCase()) as Row | undefined;
  if (!row || (creator !== undefined && row['creator'] !== creator)) return undefined;
  return row;
}

export function marketTags(db: Db, marketId: number): unknown[] {
  const rows = prepared(db, 'SELECT t.* FROM tags t JOIN market_tags mt ON mt.tag_id = t.id WHERE mt.market_id = ? ORDER BY t.id').all(marketId) as Row[];
  return rows.map(tagObject);
}

function eventsById(db: Db, rows: Row[]): Map<number, Row> {
  const ids = [...new Set(rows.map((r) => r['event_id'] as number))];
  const events = new Map<number, Row>();
  for (const e of db.prepare(`SELECT * FROM events WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids) as Row[]) events.set(e['id'] as number, e);
  return events;
}

function staticMarket(r: Row, tokenIds: string[], e: Row | undefined, single: boolean): Row {
  const tick = (r['tick_size'] as number) / MICRO;
  return {
    id: String(r['id']),
    question: r['question'],
    conditionId: r['condition_id'],
    ...(r['mirror_condition_id'] ? { mirrorConditionId: r['mirror_condition_id'] } : {}),
    slug: r['slug'],
    resolutionSource: r['resolution_source'],
    startDate: iso(r['start_date'] as number),
    endDate: iso(r['end_date'] as number),
    image: r['image'],
    icon: r['icon'],
    description: r['description'],
    outcomes: r['outcomes'],
    clobTokenIds: JSON.stringify(tokenIds),
    ...(r['mirror_token_ids'] ? { mirrorClobTokenIds: r['mirror_token_ids'] } : {}),
    ...flags(r['status'] as Status),
    createdAt: iso(r['created_at'] as number),
    updatedAt: iso(r['updated_at'] as number),
    questionID: r['question_id'],
    enableOrderBook: true,
    acceptingOrders: r['status'] === 'active',
    negRisk: r['neg_risk'] === 1,
    orderPriceMinTickSize: tick,
    orderMinSize: r['min_size'],
    events: e ? [single ? eventSummaryFull(e) : { id: String(e['id']), ticker: e['ticker'], slug: e['slug'], title: e['title'] }] : [],
  };
}
