// The catalog's tags, events and series (spec §4.2), and the public search over them.
import type { Db } from '../db/open.js';
import { iso, type RawJson } from '../http.js';
import { markPrices } from '../market-index.js';
import { eventsPage, eventTemplate, outcomePrices, pageIds, placeholder, type EventTemplate } from './fragments.js';
import { eventFlags, Filters, eventSummaryFull, EVENT_COLUMNS, flags, orderBy, resolveCreator, tagObject, type Row, type Status } from './objects.js';

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
  const creator = resolveCreator(db, q.creator);
  const f = new Filters();
  for (const k of ['active', 'closed', 'archived'] as const) f.also(q[k] !== undefined, `e.${k} = ${q[k] ? 1 : 0}`);
  f.when(q.tagId, 'e.id IN (SELECT event_id FROM event_tags WHERE tag_id = ?)')
    .when(q.tagSlug, 'e.id IN (SELECT et.event_id FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE t.slug = ?)')
    .when(q.seriesSlug, 'e.series_id = (SELECT id FROM series WHERE slug = ?)')
    .when(q.slug, 'e.slug = ?')
    .when(creator, 'e.id IN (SELECT event_id FROM markets WHERE creator = ?)');
  const sql = `SELECT e.id FROM events e ${f.clause} ${orderBy(EVENT_COLUMNS[q.order] ?? 'id', q.ascending, 'e')} LIMIT ? OFFSET ?`;
  const ids = pageIds(db, `events ${JSON.stringify(q)}`, () => db.prepare(sql).pluck().all(...f.args, q.limit, q.offset) as number[]);
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
