// The catalog surface (spec §4.2): markets, events, series, tags, comments, search.
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { iso, type RawJson } from '../http.js';
import { dayVolumes, lastTradePrices, ledgerStamp, markPrices, marketVolume, walletOrBlank } from '../market-index.js';
import { MICRO } from '../money.js';
import { dayChanges } from './day-change.js';
import { eventsPage, eventTemplate, keptAnswer, marketsPage, movingFields, outcomePrices, pageIds, placeholder, type EventTemplate, type StaticMarket } from './fragments.js';
import type { BookReader } from './quotes.js';

type Row = Record<string, unknown>;
type Status = 'active' | 'paused' | 'closed' | 'resolved' | 'archived';

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

function boolFilter(where: string[], column: string, key: keyof typeof STATUS_SQL, value: boolean | undefined): void {
  if (value === undefined) return;
  where.push(value ? `${column} ${STATUS_SQL[key]}` : `NOT (${column} ${STATUS_SQL[key]})`);
}

function orderBy(column: string, ascending: boolean, alias: string): string {
  const dir = ascending ? 'ASC' : 'DESC';
  return `ORDER BY ${alias}.${column} ${dir}, ${alias}.id ${dir}`;
}

const MARKET_COLUMNS: Record<string, string> = { id: 'id', question: 'question', slug: 'slug', startDate: 'start_date', endDate: 'end_date', createdAt: 'created_at', updatedAt: 'updated_at' };
const EVENT_COLUMNS: Record<string, string> = { id: 'id', title: 'title', slug: 'slug', startDate: 'start_date', endDate: 'end_date', createdAt: 'created_at', updatedAt: 'updated_at' };

// ---------------------------------------------------------------- markets

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
  const where: string[] = [];
  const args: Array<string | number> = [];
  boolFilter(where, 'm.status', 'active', q.active);
  boolFilter(where, 'm.status', 'closed', q.closed);
  boolFilter(where, 'm.status', 'archived', q.archived);
  if (q.tagId !== undefined) {
    where.push('m.id IN (SELECT market_id FROM market_tags WHERE tag_id = ?)');
    args.push(q.tagId);
  }
  if (q.tagSlug !== undefined) {
    where.push('m.id IN (SELECT mt.market_id FROM market_tags mt JOIN tags t ON t.id = mt.tag_id WHERE t.slug = ?)');
    args.push(q.tagSlug);
  }
  if (q.eventId !== undefined) {
    where.push('m.event_id = ?');
    args.push(q.eventId);
  }
  if (q.eventSlug !== undefined) {
    where.push('m.event_id = (SELECT id FROM events WHERE slug = ?)');
    args.push(q.eventSlug);
  }
  if (q.conditionId !== undefined) {
    where.push('m.condition_id = ?');
    args.push(q.conditionId.toLowerCase());
  }
  if (q.mirror !== undefined) where.push(q.mirror ? 'm.mirror_condition_id IS NOT NULL' : 'm.mirror_condition_id IS NULL');
  if (q.slug !== undefined) {
    where.push('m.slug = ?');
    args.push(q.slug);
  }
  const creator = resolveCreator(db, q.creator);
  if (creator !== undefined) {
    where.push('m.creator = ?');
    args.push(creator);
  }
  // Pick the page's ids first so the sort never carries the wide rows.
  const idSql = `SELECT m.id FROM markets m ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${orderBy(MARKET_COLUMNS[q.order] ?? 'id', q.ascending, 'm')} LIMIT ? OFFSET ?`;
  return db.prepare(idSql).pluck().all(...args, q.limit, q.offset) as number[];
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
  const rows = db.prepare('SELECT t.* FROM tags t JOIN market_tags mt ON mt.tag_id = t.id WHERE mt.market_id = ? ORDER BY t.id').all(marketId) as Row[];
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

function eventFlags(e: Row): { active: boolean; closed: boolean; archived: boolean } {
  return { active: e['active'] === 1, closed: e['closed'] === 1, archived: e['archived'] === 1 };
}

function eventSummaryFull(e: Row): Row {
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

// ---------------------------------------------------------------- tags

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

export function listTags(db: Db, q: { limit: number; offset: number }): unknown[] {
  return (db.prepare('SELECT * FROM tags ORDER BY id LIMIT ? OFFSET ?').all(q.limit, q.offset) as Row[]).map(tagObject);
}

// ---------------------------------------------------------------- events

export interface EventsParams {
  limit: number;
  offset: number;
  active?: boolean | undefined;
  closed?: boolean | undefined;
  archived?: boolean | undefined;
  tagId?: number | undefined;
  tagSlug?: string | undefined;
  seriesSlug?: string | undefined;
  slug?: string | undefined;
  order: string;
  ascending: boolean;
  creator?: string | undefined;
}

export function listEvents(db: Db, q: EventsParams): RawJson {
  const where: string[] = [];
  const args: Array<string | number> = [];
  for (const k of ['active', 'closed', 'archived'] as const) {
    if (q[k] !== undefined) where.push(`e.${k} = ${q[k] ? 1 : 0}`);
  }
  if (q.tagId !== undefined) {
    where.push('e.id IN (SELECT event_id FROM event_tags WHERE tag_id = ?)');
    args.push(q.tagId);
  }
  if (q.tagSlug !== undefined) {
    where.push('e.id IN (SELECT et.event_id FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE t.slug = ?)');
    args.push(q.tagSlug);
  }
  if (q.seriesSlug !== undefined) {
    where.push('e.series_id = (SELECT id FROM series WHERE slug = ?)');
    args.push(q.seriesSlug);
  }
  if (q.slug !== undefined) {
    where.push('e.slug = ?');
    args.push(q.slug);
  }
  const creator = resolveCreator(db, q.creator);
  if (creator !== undefined) {
    where.push('e.id IN (SELECT event_id FROM markets WHERE creator = ?)');
    args.push(creator);
  }
  const sql = `SELECT e.id FROM events e ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${orderBy(EVENT_COLUMNS[q.order] ?? 'id', q.ascending, 'e')} LIMIT ? OFFSET ?`;
  const ids = pageIds(db, `events ${JSON.stringify(q)}`, () => db.prepare(sql).pluck().all(...args, q.limit, q.offset) as number[]);
  return eventsPage(db, ids, creator ?? '', (missing) => eventTemplates(db, missing, creator));
}

/** Events' JSON split around their markets' outcome prices (or whole, where it cannot be). */
function eventTemplates(db: Db, ids: number[], creator: string | undefined): Map<number, EventTemplate | Buffer> {
  const rows = db.prepare(`SELECT * FROM events WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids) as Row[];
  const slots = new Map<number, EventTemplate['slots']>();
  const objects = eventObjects(db, rows, creator, (eventId, conditionId, outcomes) => {
    const list = slots.get(eventId) ?? [];
    slots.set(eventId, list);
    list.push({ conditionId, outcomes });
    return placeholder(list.length - 1);
  });
  const out = new Map<number, EventTemplate | Buffer>();
  objects.forEach((e, i) => {
    const row = rows[i] as Row;
    const id = row['id'] as number;
    const t = eventTemplate(JSON.stringify(e), slots.get(id) ?? []);
    out.set(id, t ?? Buffer.from(JSON.stringify(eventObjects(db, [row], creator)[0])));
  });
  return out;
}

/** An event's market's outcome prices as sent; a template puts a placeholder there. */
type PriceOf = (eventId: number, conditionId: string, outcomes: number) => string;

function eventObjects(db: Db, rows: Row[], creator: string | undefined, priceOf?: PriceOf): Row[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r['id'] as number);
  const marks = `(${ids.map(() => '?').join(',')})`;
  const tags = new Map<number, Row[]>();
  for (const t of db.prepare(`SELECT et.event_id, t.* FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id IN ${marks} ORDER BY t.id`).all(...ids) as Row[]) {
    const list = tags.get(t['event_id'] as number) ?? [];
    list.push(tagObject(t));
    tags.set(t['event_id'] as number, list);
  }
  const markets = new Map<number, Row[]>();
  const marketRows = db
    .prepare(
      `SELECT m.id, m.event_id, m.question, m.condition_id, m.mirror_condition_id, m.mirror_token_ids, m.creator, m.status, m.outcomes,
              (SELECT json_group_array(token_id) FROM (SELECT token_id FROM tokens t WHERE t.condition_id = m.condition_id ORDER BY outcome_index)) AS token_ids
       FROM markets m WHERE m.event_id IN ${marks} ORDER BY m.id`,
    )
    .all(...ids) as Row[];
  const prices = markPrices(db);
  const price = priceOf ?? ((_e: number, c: string, n: number) => outcomePrices(prices, c, n));
  for (const m of marketRows) {
    if (creator !== undefined && m['creator'] !== creator) continue;
    const list = markets.get(m['event_id'] as number) ?? [];
    const c = m['condition_id'] as string;
    const outcomes = JSON.parse(m['outcomes'] as string) as string[];
    list.push({
      id: String(m['id']),
      question: m['question'],
      conditionId: c,
      outcomes: m['outcomes'],
      outcomePrices: price(m['event_id'] as number, c, outcomes.length),
      ...(m['mirror_condition_id'] ? { mirrorConditionId: m['mirror_condition_id'] } : {}),
      clobTokenIds: m['token_ids'],
      ...(m['mirror_token_ids'] ? { mirrorClobTokenIds: m['mirror_token_ids'] } : {}),
      ...flags(m['status'] as Status),
    });
    markets.set(m['event_id'] as number, list);
  }
  const seriesIds = [...new Set(rows.map((r) => r['series_id']).filter((x): x is number => typeof x === 'number'))];
  const series = new Map<number, Row>();
  if (seriesIds.length) {
    for (const s of db.prepare(`SELECT * FROM series WHERE id IN (${seriesIds.map(() => '?').join(',')})`).all(...seriesIds) as Row[]) series.set(s['id'] as number, seriesObject(s));
  }
  return rows.map((e) => {
    const s = typeof e['series_id'] === 'number' ? series.get(e['series_id']) : undefined;
    return {
      id: String(e['id']),
      ticker: e['ticker'],
      slug: e['slug'],
      title: e['title'],
      description: e['description'],
      resolutionSource: e['resolution_source'],
      image: e['image'],
      icon: e['icon'],
      startDate: iso(e['start_date'] as number),
      endDate: iso(e['end_date'] as number),
      createdAt: iso(e['created_at'] as number),
      updatedAt: iso(e['updated_at'] as number),
      ...eventFlags(e),
      negRisk: e['neg_risk'] === 1,
      ...(e['neg_risk'] === 1 ? { negRiskMarketID: e['neg_risk_market_id'] } : {}),
      tags: tags.get(e['id'] as number) ?? [],
      markets: markets.get(e['id'] as number) ?? [],
      ...(s ? { series: [s] } : {}),
    };
  });
}

// ---------------------------------------------------------------- series

function seriesObject(s: Row): Row {
  return {
    id: String(s['id']),
    ticker: s['ticker'],
    slug: s['slug'],
    title: s['title'],
    seriesType: s['series_type'],
    recurrence: s['recurrence'],
    image: s['image'],
    icon: s['icon'],
    active: s['active'] === 1,
    closed: s['closed'] === 1,
    archived: s['archived'] === 1,
    createdAt: iso(s['created_at'] as number),
    updatedAt: iso(s['updated_at'] as number),
  };
}

export function listSeries(db: Db, q: { limit: number; offset: number; creator?: string | undefined }): unknown[] {
  const creator = resolveCreator(db, q.creator);
  const rows = db
    .prepare(
      `SELECT s.* FROM series s ${creator !== undefined ? 'WHERE s.id IN (SELECT e.series_id FROM events e JOIN markets m ON m.event_id = e.id WHERE m.creator = ?)' : ''}
       ORDER BY s.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...(creator !== undefined ? [creator] : []), q.limit, q.offset) as Row[];
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r['id'] as number);
  const events = new Map<number, Row[]>();
  for (const e of db
    .prepare(
      `SELECT * FROM events WHERE series_id IN (${ids.map(() => '?').join(',')})
       ${creator !== undefined ? 'AND id IN (SELECT event_id FROM markets WHERE creator = ?)' : ''} ORDER BY id`,
    )
    .all(...ids, ...(creator !== undefined ? [creator] : [])) as Row[]) {
    const list = events.get(e['series_id'] as number) ?? [];
    list.push(eventSummaryFull(e));
    events.set(e['series_id'] as number, list);
  }
  return rows.map((s) => ({ ...seriesObject(s), events: events.get(s['id'] as number) ?? [] }));
}

// ---------------------------------------------------------------- comments

export interface CommentsParams {
  limit: number;
  offset: number;
  order: string;
  ascending: boolean;
  parentEntityType?: 'Event' | 'Series' | 'market' | undefined;
  parentEntityId?: string | undefined;
  eventSlug?: string | undefined;
  holdersOnly?: boolean | undefined;
}

const COMMENT_ORDER: Record<string, string> = { createdAt: 'c.created_at', updatedAt: 'c.updated_at', reactionCount: 'reaction_count' };

const COMMENT_SELECT = `SELECT c.*, (SELECT COUNT(*) FROM comment_reactions r WHERE r.comment_id = c.id) AS reaction_count,
  (SELECT COUNT(*) FROM comments x WHERE x.parent_comment_id = c.id) AS reply_count FROM comments c`;

const HOLDER_SQL = `EXISTS (SELECT 1 FROM positions p WHERE p.wallet = c.user_address AND p.size >= ${MICRO} AND p.condition_id IN (
  SELECT condition_id FROM markets WHERE
    (c.parent_entity_type = 'Event' AND event_id = c.parent_entity_id) OR
    (c.parent_entity_type = 'market' AND id = c.parent_entity_id) OR
    (c.parent_entity_type = 'Series' AND event_id IN (SELECT id FROM events WHERE series_id = c.parent_entity_id))))`;

/**
 * Comments are static within a catalog version; what moves is the commenters' holdings (and so
 * holders_only), which only fills in the parent's markets change: an answer about one parent is
 * kept until one lands there.
 */
export function listComments(db: Db, q: CommentsParams): RawJson {
  const parent = commentParent(db, q);
  return keptAnswer(db, `comments ${JSON.stringify(q)}`, ledgerStamp(db, parent?.conditions), () => {
    const where: string[] = [];
    const args: Array<string | number> = [];
    if (q.eventSlug !== undefined) {
      where.push("c.parent_entity_type = 'Event' AND c.parent_entity_id = (SELECT id FROM events WHERE slug = ?)");
      args.push(q.eventSlug);
    }
    if (q.parentEntityType !== undefined) {
      where.push('c.parent_entity_type = ?');
      args.push(q.parentEntityType);
    }
    if (q.parentEntityId !== undefined) {
      where.push('c.parent_entity_id = ?');
      args.push(Number(q.parentEntityId));
    }
    if (q.holdersOnly) where.push(HOLDER_SQL);
    const dir = q.ascending ? 'ASC' : 'DESC';
    const sql = `${COMMENT_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${COMMENT_ORDER[q.order] ?? 'c.created_at'} ${dir}, c.id ${dir} LIMIT ? OFFSET ?`;
    // Holders only holds for the replies each comment carries too: they are comments.
    const value = commentObjects(db, prepared(db, sql).all(...args, q.limit, q.offset) as Row[], true, q.holdersOnly === true);
    return { value, keep: parent === undefined || value.every((c) => underParent(c, parent)) };
  });
}

interface CommentParent {
  type: string;
  id: number;
  /** The markets whose holdings its comments show. */
  conditions: string[];
}

const PARENT_MARKETS: Record<string, string> = {
  Event: 'SELECT condition_id FROM markets WHERE event_id = ?',
  market: 'SELECT condition_id FROM markets WHERE id = ?',
  Series: 'SELECT condition_id FROM markets WHERE event_id IN (SELECT id FROM events WHERE series_id = ?)',
};

/** The one entity a comments query is about, if it names one. */
function commentParent(db: Db, q: CommentsParams): CommentParent | undefined {
  let type: string;
  let id: number;
  if (q.eventSlug !== undefined) {
    type = 'Event';
    id = (prepared(db, 'SELECT id FROM events WHERE slug = ?').pluck().get(q.eventSlug) as number | undefined) ?? -1;
  } else if (q.parentEntityType !== undefined && q.parentEntityId !== undefined) {
    type = q.parentEntityType;
    id = Number(q.parentEntityId);
  } else return undefined;
  return { type, id, conditions: prepared(db, PARENT_MARKETS[type] as string).pluck().all(id) as string[] };
}

/** Whether a comment and its replies are all about `parent` (only then does its stamp cover them). */
function underParent(c: Row, parent: CommentParent): boolean {
  return c['parentEntityType'] === parent.type && c['parentEntityID'] === parent.id && ((c['replies'] as Row[] | undefined) ?? []).every((r) => underParent(r, parent));
}

export function commentsByUser(db: Db, address: string, q: { limit: number; offset: number }): RawJson {
  return keptAnswer(db, `comments by ${address.toLowerCase()} ${JSON.stringify(q)}`, ledgerStamp(db), () => {
    const rows = prepared(db, `${COMMENT_SELECT} WHERE c.user_address = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`).all(address.toLowerCase(), q.limit, q.offset) as Row[];
    return { value: commentObjects(db, rows, true), keep: true };
  });
}

/** Each commenter's ten largest holdings in the markets under the comment's parent, keyed type:id:wallet. */
function holdingsByComment(db: Db, rows: Row[]): Map<string, Array<{ token_id: string; size: number }>> {
  const parents = new Map<string, { type: string; id: number; users: Set<string> }>();
  for (const c of rows) {
    const key = `${c['parent_entity_type'] as string}:${c['parent_entity_id'] as number}`;
    const entry = parents.get(key) ?? { type: c['parent_entity_type'] as string, id: c['parent_entity_id'] as number, users: new Set<string>() };
    entry.users.add(c['user_address'] as string);
    parents.set(key, entry);
  }
  const out = new Map<string, Array<{ token_id: string; size: number }>>();
  for (const [key, p] of parents) {
    const users = [...p.users];
    const held = prepared(
      db,
      `SELECT p.wallet, t.token_id, p.size FROM positions p JOIN tokens t ON t.condition_id = p.condition_id AND t.outcome_index = p.outcome_index
       WHERE p.wallet IN (${users.map(() => '?').join(',')}) AND p.size >= ${MICRO} AND p.condition_id IN (SELECT condition_id FROM markets WHERE
         (? = 'Event' AND event_id = ?) OR (? = 'market' AND id = ?) OR (? = 'Series' AND event_id IN (SELECT id FROM events WHERE series_id = ?)))
       ORDER BY p.wallet, p.size DESC`,
    ).all(...users, p.type, p.id, p.type, p.id, p.type, p.id) as Array<{ wallet: string; token_id: string; size: number }>;
    for (const h of held) {
      const k = `${key}:${h.wallet}`;
      const list = out.get(k) ?? [];
      if (list.length < 10) list.push({ token_id: h.token_id, size: h.size });
      out.set(k, list);
    }
  }
  return out;
}

function commentObjects(db: Db, rows: Row[], withReplies: boolean, holdersOnly = false): Row[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r['id'] as number);
  const marks = `(${ids.map(() => '?').join(',')})`;
  const reactions = new Map<number, Row[]>();
  for (const r of prepared(db, `SELECT * FROM comment_reactions WHERE comment_id IN ${marks} ORDER BY id`).all(...ids) as Row[]) {
    const list = reactions.get(r['comment_id'] as number) ?? [];
    list.push({ id: String(r['id']), commentID: r['comment_id'], reactionType: r['reaction_type'], userAddress: r['user_address'], createdAt: iso(r['created_at'] as number) });
    reactions.set(r['comment_id'] as number, list);
  }
  const replies = new Map<number, Row[]>();
  if (withReplies) {
    const replyRows = prepared(db, `${COMMENT_SELECT} WHERE c.parent_comment_id IN ${marks}${holdersOnly ? ` AND ${HOLDER_SQL}` : ''} ORDER BY c.created_at, c.id`).all(...ids) as Row[];
    for (const r of commentObjects(db, replyRows, false)) {
      const parent = Number(r['parentCommentID']);
      const list = replies.get(parent) ?? [];
      list.push(r);
      replies.set(parent, list);
    }
  }
  const creators = new Set((prepared(db, 'SELECT address FROM creators').all() as Array<{ address: string }>).map((c) => c.address));
  const held = holdingsByComment(db, rows);
  return rows.map((c) => {
    const user = c['user_address'] as string;
    const w = walletOrBlank(db, user);
    const type = c['parent_entity_type'] as string;
    const pid = c['parent_entity_id'] as number;
    const out: Row = {
      id: String(c['id']),
      body: c['body'],
      parentEntityType: type,
      parentEntityID: pid,
      ...(c['parent_comment_id'] !== null ? { parentCommentID: String(c['parent_comment_id']) } : {}),
      userAddress: user,
      ...(c['reply_address'] ? { replyAddress: c['reply_address'] } : {}),
      createdAt: iso(c['created_at'] as number),
      updatedAt: iso(c['updated_at'] as number),
      profile: {
        name: w.name,
        pseudonym: w.pseudonym,
        bio: w.bio,
        proxyWallet: user,
        baseAddress: user,
        profileImage: w.profileImage,
        displayUsernamePublic: w.displayPublic,
        isMod: false,
        isCreator: creators.has(user),
        profileImageOptimized: { imageUrlOptimized: w.profileImage },
        positions: (held.get(`${type}:${pid}:${user}`) ?? []).map((p) => ({ tokenId: p.token_id, positionSize: String(p.size / MICRO) })),
      },
      reactions: reactions.get(c['id'] as number) ?? [],
      reportCount: c['report_count'],
      reactionCount: c['reaction_count'],
      replyCount: c['reply_count'],
    };
    if (withReplies) out['replies'] = replies.get(c['id'] as number) ?? [];
    return out;
  });
}

// ---------------------------------------------------------------- public search

export function publicSearch(db: Db, q: { q: string; limit: number }): unknown {
  const like = `%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const eventRows = db
    .prepare(
      `SELECT e.* FROM events e WHERE e.title LIKE ? ESCAPE '\\' OR e.description LIKE ? ESCAPE '\\'
         OR e.id IN (SELECT event_id FROM markets WHERE question LIKE ? ESCAPE '\\')
       ORDER BY e.active DESC, e.id DESC LIMIT ?`,
    )
    .all(like, like, like, q.limit) as Row[];
  const tags = (db.prepare(`SELECT * FROM tags WHERE label LIKE ? ESCAPE '\\' OR slug LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?`).all(like, like, q.limit) as Row[]).map(tagObject);
  const profiles = (db.prepare(`SELECT * FROM wallets WHERE name LIKE ? ESCAPE '\\' OR pseudonym LIKE ? ESCAPE '\\' ORDER BY address LIMIT ?`).all(like, like, q.limit) as Row[]).map((w) => ({
    proxyWallet: w['address'],
    name: w['name'],
    pseudonym: w['pseudonym'],
    bio: w['bio'],
    profileImage: w['profile_image'],
  }));
  return { events: eventObjects(db, eventRows, undefined), tags, profiles };
}
