// Normalised catalog rows and the full-text documents built from them. Every row carries the
// sync pass that last saw it, so a complete pass can drop what the venue no longer lists.
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { CatalogMarket, Comment, Event, Series, Tag, formatPath } from '@shared/spec/index.js';
import { formatMicros, requireMicros } from '@shared/domain/money.js';
import { choosePrice } from '@shared/domain/price.js';
import { MICRO } from '@shared/domain/units.js';
import { microsForSql } from './money.js';

export const CATALOG_KINDS = ['tags', 'events', 'series', 'markets'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
/** What the full-text index holds: the catalog, comments, and traders seen by name. */
export type SearchKind = CatalogKind | 'comments' | 'traders';
export const SEARCH_KINDS: readonly SearchKind[] = [...CATALOG_KINDS, 'comments', 'traders'];
/** What the sync pages through: the catalog listings, and comments under a parent. */
export type SyncedKind = CatalogKind | 'comments';

export type CommentParentType = 'Event' | 'Series' | 'market';
export interface CommentParent {
  type: CommentParentType;
  id: string;
}

export interface CachedMarket {
  id: string;
  conditionId: string;
  slug: string | undefined;
  question: string | undefined;
  description: string | undefined;
  eventIds: string[];
  tagIds: string[];
  outcomes: string[];
  /** As last synced, or the last trades seen since (markets.quotes). */
  outcomePrices: string[];
  clobTokenIds: string[];
  active: boolean | undefined;
  closed: boolean | undefined;
  archived: boolean | undefined;
  acceptingOrders: boolean | undefined;
  /** Lifetime volume: exact decimal string of cash. */
  volume: string | undefined;
  endDate: string | undefined;
  /** The market exactly as the venue sent it. */
  raw: unknown;
}

export interface CachedEvent {
  id: string;
  slug: string | undefined;
  title: string | undefined;
  marketIds: string[];
  /** The event exactly as the venue sent it. */
  raw: unknown;
}

interface Doc {
  label: string;
  title: string;
  body: string;
}

type Flag = 0 | 1 | null;
const flag = (b: boolean | undefined): Flag => (b === undefined ? null : b ? 1 : 0);
const unflag = (v: unknown): boolean | undefined => (v === null || v === undefined ? undefined : v === 1);
const ids = (list: ReadonlyArray<{ id?: string | undefined }> | undefined): string[] =>
  [...new Set((list ?? []).map((x) => x.id).filter((x): x is string => x !== undefined))];
const firstPrice = (prices: readonly string[] | undefined): number | null => {
  const p = Number(prices?.[0]);
  return prices?.[0] !== undefined && Number.isFinite(p) ? p : null;
};
const decimalOf = (v: unknown): string | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? formatMicros(Math.round(v * MICRO)) : typeof v === 'string' ? v : undefined;
/**
 * The Yes price the list sorts by, by the rule every screen shows (shared/domain/price.ts), from
 * the first outcome's best bid, ask and last trade where the catalog sends them (the family's
 * catalog does), else its listed price.
 */
const sortPrice = (m: CatalogMarket): number | null => {
  const f = m as Record<string, unknown>;
  const chosen = choosePrice({ bid: decimalOf(f['bestBid']), ask: decimalOf(f['bestAsk']), last: decimalOf(f['lastTradePrice']) });
  return chosen ? Number(chosen.price) : firstPrice(m.outcomePrices);
};
const text = (...parts: Array<string | undefined>): string => parts.filter((p) => p !== undefined && p !== '').join('\n');

/** Parses one item of a response, naming the item and field that do not fit. */
export function parseItem<S extends z.ZodType>(schema: S, item: unknown, where: string): z.output<S> {
  const r = schema.safeParse(item);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue ? formatPath(issue.path) : '';
  throw new Error(`${where}${path === '' ? '' : path.startsWith('[') ? path : `.${path}`}: ${issue?.message ?? 'Invalid input'}`);
}

const TABLE: Record<SearchKind, string> = { markets: 'markets', events: 'events', series: 'series', tags: 'tags', comments: 'comments', traders: 'traders' };

export class CatalogStore {
  private readonly s;
  /** Grows with every change of markets, events or series: sums and counts kept elsewhere follow it. */
  version = 0;

  constructor(private readonly db: Database.Database) {
    const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
    this.s = {
      getDoc: p<{ doc: number }>('SELECT doc FROM search_docs WHERE kind = ? AND id = ?'),
      newDoc: p<{ doc: number }>('INSERT INTO search_docs(kind, id) VALUES (?, ?) RETURNING doc'),
      dropDoc: p('DELETE FROM search_docs WHERE doc = ?'),
      dropFts: p('DELETE FROM search_fts WHERE rowid = ?'),
      ftsDoc: p<{ label: string | null; title: string | null; body: string | null }>('SELECT label, title, body FROM search_fts WHERE rowid = ?'),
      putFts: p('INSERT INTO search_fts(rowid, kind, id, label, title, body) VALUES (?, ?, ?, ?, ?, ?)'),
      eventTagIds: p<{ id: string }>(
        'SELECT DISTINCT j.value AS id FROM events e, json_each(e.tag_ids) j WHERE e.id IN (SELECT value FROM json_each(?))',
      ),
      tagLabels: p<{ label: string }>('SELECT label FROM tags WHERE id IN (SELECT value FROM json_each(?)) AND label IS NOT NULL ORDER BY id'),
      eventTitles: p<{ title: string }>('SELECT title FROM events WHERE id IN (SELECT value FROM json_each(?)) AND title IS NOT NULL'),
      market: p<Record<string, unknown>>('SELECT *, CAST(volume_micros AS TEXT) AS volume_text FROM markets WHERE id = ?'),
      event: p<{ id: string; slug: string | null; title: string | null; market_ids: string; raw: string }>('SELECT id, slug, title, market_ids, raw FROM events WHERE id = ?'),
      putMarket: p(`INSERT OR REPLACE INTO markets(id, condition_id, slug, question, description, event_ids, tag_ids, outcomes, clob_token_ids,
        active, closed, archived, accepting_orders, volume_micros, end_date, raw, pass, volume24hr, first_price, outcome_prices, created_at, mirror,
        liquidity_micros, neg_risk)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      putEvent: p(`INSERT OR REPLACE INTO events(id, slug, title, description, tag_ids, market_ids, active, closed, archived, end_date, raw, pass,
        created_at, neg_risk, series_ids, market_count, volume_micros, liquidity_micros)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      putSeries: p('INSERT OR REPLACE INTO series(id, slug, title, event_ids, active, closed, archived, raw, pass) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      putTag: p('INSERT OR REPLACE INTO tags(id, label, slug, raw, pass) VALUES (?, ?, ?, ?, ?)'),
      putComment: p(`INSERT OR REPLACE INTO comments(id, parent_type, parent_id, body, user_address, created_at, raw, pass)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    };
  }

  /** Stores one page of `kind` as seen by sync pass `pass`; throws naming the item that does not fit. */
  ingest(kind: CatalogKind, items: readonly unknown[], pass: number, where: string = kind): void {
    if (kind === 'markets' || kind === 'events' || kind === 'series') this.version++;
    this.db.transaction(() => {
      items.forEach((item, i) => this.ingestOne(kind, item, pass, `${where}[${i}]`));
    })();
  }

  ingestComments(parent: CommentParent, items: readonly unknown[], pass: number, where = 'comments'): void {
    this.db.transaction(() => {
      items.forEach((item, i) => {
        const c = parseItem(Comment, item, `${where}[${i}]`);
        if (c.id === undefined) throw new Error(`${where}[${i}].id: Invalid input: expected string, received undefined`);
        const type = c.parentEntityType ?? parent.type;
        const parentId = c.parentEntityID !== undefined ? String(c.parentEntityID) : parent.id;
        this.s.putComment.run(c.id, type, parentId, c.body ?? null, c.userAddress ?? null, c.createdAt ?? null, JSON.stringify(item), pass);
        const author = c.profile?.name ?? c.profile?.pseudonym ?? c.userAddress ?? '';
        this.index('comments', c.id, { label: author, title: '', body: c.body ?? '' });
      });
    })();
  }

  private ingestOne(kind: CatalogKind, item: unknown, pass: number, where: string): void {
    const raw = JSON.stringify(item);
    switch (kind) {
      case 'markets': {
        const m = parseItem(CatalogMarket, item, where);
        const eventIds = ids(m.events);
        const eventsJson = JSON.stringify(eventIds);
        const own = (m as { tags?: unknown }).tags;
        const tagIds = Array.isArray(own)
          ? ids(own.map((t, i) => parseItem(Tag, t, `${where}.tags[${i}]`)))
          : this.s.eventTagIds.all(eventsJson).map((r) => r.id);
        const volume = m.volumeNum ?? m.volume;
        const liquidity = m.liquidityNum ?? m.liquidity;
        this.s.putMarket.run(
          m.id, m.conditionId.toLowerCase(), m.slug ?? null, m.question ?? null, m.description ?? null, eventsJson, JSON.stringify(tagIds),
          JSON.stringify(m.outcomes ?? []), JSON.stringify(m.clobTokenIds ?? []), flag(m.active), flag(m.closed), flag(m.archived),
          flag(m.acceptingOrders), volume === undefined ? null : microsForSql(requireMicros(volume, `${where}.volume`), `${where}.volume`),
          m.endDate ?? null, raw, pass,
          m.volume24hr ?? null, m.closed ? firstPrice(m.outcomePrices) : sortPrice(m), JSON.stringify(m.outcomePrices ?? []), m.createdAt ?? null, m.mirrorConditionId ? 1 : 0,
          liquidity === undefined ? null : microsForSql(requireMicros(liquidity, `${where}.liquidity`), `${where}.liquidity`), flag(m.negRisk),
        );
        const eventTitles = (m.events ?? []).map((e) => e.title).filter((t): t is string => t !== undefined);
        if (eventTitles.length === 0) eventTitles.push(...this.s.eventTitles.all(eventsJson).map((r) => r.title));
        const tagLabels = this.s.tagLabels.all(JSON.stringify(tagIds)).map((r) => r.label);
        const title = m.question ?? m.slug ?? m.id;
        this.index('markets', m.id, { label: title, title, body: text(m.description, ...eventTitles, ...tagLabels) });
        return;
      }
      case 'events': {
        const e = parseItem(Event, item, where);
        const id = this.requireId(e.id, where);
        const markets = ids(e.markets);
        // The event's own sums where the venue sends them; the markets' sums replace them once synced.
        const money = (v: number | undefined, what: string) => (v === undefined ? null : microsForSql(requireMicros(v, `${where}.${what}`), `${where}.${what}`));
        this.s.putEvent.run(
          id, e.slug ?? null, e.title ?? null, e.description ?? null, JSON.stringify(ids(e.tags)), JSON.stringify(markets),
          flag(e.active), flag(e.closed), flag(e.archived), e.endDate ?? null, raw, pass,
          e.createdAt ?? null, flag(e.negRisk), JSON.stringify(ids(e.series)), markets.length, money(e.volume, 'volume'), money(e.liquidity, 'liquidity'),
        );
        const title = e.title ?? e.slug ?? id;
        this.index('events', id, { label: title, title, body: text(e.description, ...(e.tags ?? []).map((t) => t.label)) });
        return;
      }
      case 'series': {
        const s = parseItem(Series, item, where);
        const id = this.requireId(s.id, where);
        this.s.putSeries.run(id, s.slug ?? null, s.title ?? null, JSON.stringify(ids(s.events)), flag(s.active), flag(s.closed), flag(s.archived), raw, pass);
        const title = s.title ?? s.slug ?? id;
        this.index('series', id, { label: title, title, body: '' });
        return;
      }
      case 'tags': {
        const t = parseItem(Tag, item, where);
        const id = this.requireId(t.id, where);
        this.s.putTag.run(id, t.label ?? null, t.slug ?? null, raw, pass);
        const title = t.label ?? t.slug ?? id;
        this.index('tags', id, { label: title, title, body: '' });
        return;
      }
    }
  }

  private requireId(id: string | undefined, where: string): string {
    if (id === undefined || id === '') throw new Error(`${where}.id: Invalid input: expected an id`);
    return id;
  }

  /** Puts one document into the full-text index (replacing the one of the same kind and id). */
  indexDoc(kind: SearchKind, id: string, doc: Doc): void {
    this.index(kind, id, doc);
  }

  private index(kind: SearchKind, id: string, doc: Doc): void {
    let n = this.s.getDoc.get(kind, id)?.doc;
    if (n === undefined) n = (this.s.newDoc.get(kind, id) as { doc: number }).doc;
    else {
      // A market read again for its moved figures (the catalog watch, every few seconds) keeps its
      // words: re-indexing them (every prefix of every word) was most of writing it.
      const had = this.s.ftsDoc.get(n);
      if (had && had.label === doc.label && had.title === doc.title && had.body === doc.body) return;
      this.s.dropFts.run(n);
    }
    this.s.putFts.run(n, kind, id, doc.label, doc.title, doc.body);
  }

  /** Drops rows of `kind` not seen since pass `pass` (only under `parent` for comments); returns how many. */
  prune(kind: SearchKind, pass: number, parent?: CommentParent): number {
    const scope = kind === 'comments' && parent ? ' AND parent_type = ? AND parent_id = ?' : '';
    const args: unknown[] = kind === 'comments' && parent ? [pass, parent.type, parent.id] : [pass];
    return this.db.transaction(() => {
      const gone = this.db.prepare(`SELECT id FROM ${TABLE[kind]} WHERE pass < ?${scope}`).pluck().all(...args) as string[];
      for (const id of gone) {
        const n = this.s.getDoc.get(kind, id)?.doc;
        if (n === undefined) continue;
        this.s.dropFts.run(n);
        this.s.dropDoc.run(n);
      }
      this.db.prepare(`DELETE FROM ${TABLE[kind]} WHERE pass < ?${scope}`).run(...args);
      if (gone.length > 0 && (kind === 'markets' || kind === 'events' || kind === 'series')) this.version++;
      return gone.length;
    })();
  }

  count(kind: SearchKind, parent?: CommentParent): number {
    if (kind === 'comments' && parent) {
      return this.db.prepare('SELECT COUNT(*) FROM comments WHERE parent_type = ? AND parent_id = ?').pluck().get(parent.type, parent.id) as number;
    }
    return this.db.prepare(`SELECT COUNT(*) FROM ${TABLE[kind]}`).pluck().get() as number;
  }

  event(id: string): CachedEvent | undefined {
    const r = this.s.event.get(id);
    if (!r) return undefined;
    return { id: r.id, slug: r.slug ?? undefined, title: r.title ?? undefined, marketIds: JSON.parse(r.market_ids) as string[], raw: JSON.parse(r.raw) };
  }

  market(id: string): CachedMarket | undefined {
    const r = this.s.market.get(id);
    if (!r) return undefined;
    const json = (k: string): string[] => JSON.parse(r[k] as string) as string[];
    const str = (k: string): string | undefined => (r[k] === null ? undefined : (r[k] as string));
    return {
      id: r['id'] as string,
      conditionId: r['condition_id'] as string,
      slug: str('slug'),
      question: str('question'),
      description: str('description'),
      eventIds: json('event_ids'),
      tagIds: json('tag_ids'),
      outcomes: json('outcomes'),
      outcomePrices: json('outcome_prices').map(String),
      clobTokenIds: json('clob_token_ids'),
      active: unflag(r['active']),
      closed: unflag(r['closed']),
      archived: unflag(r['archived']),
      acceptingOrders: unflag(r['accepting_orders']),
      volume: r['volume_text'] === null ? undefined : formatMicros(BigInt(r['volume_text'] as string)),
      endDate: str('end_date'),
      raw: JSON.parse(r['raw'] as string),
    };
  }
}
