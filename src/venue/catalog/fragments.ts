// Listing pages put together from cached JSON fragments, so that a read costs what moved since
// the last one rather than a whole page: each market's and event's static JSON is serialised
// once per catalog version, a market's moving fields (prices, volumes, its book) are
// re-rendered only when one of them changed, and a page is its fragments' bytes joined.
// Everything here is bounded (least recently used goes first) and rebuilt when needed: the
// venue keeps no serialisation of the whole world.
import type { Db } from '../db/open.js';
import { RawJson } from '../http.js';
import { catalogVersion, dayVolumes, lastTradePrices, markPrices, marketVolume } from '../market-index.js';
import { MICRO } from '../money.js';
import { Lru } from '../lru.js';
import { dayChanges } from './day-change.js';
import { bookQuote, quoteFieldsOf, type BookReader } from './quotes.js';

/** A listed market's static JSON, its opening brace on and its closing one off. */
export interface StaticMarket {
  conditionId: string;
  tokenIds: string[];
  outcomes: number;
  fixedJson: string;
}

interface MarketFragment {
  conditionId: string;
  tokenIds: string[];
  outcomes: number;
  /** The static JSON and the comma that joins it to the moving fields. */
  fixed: Buffer;
  /** What the moving fields were rendered from, and their JSON up to the closing brace. */
  inputs: Array<number | undefined> | undefined;
  moving: Buffer | undefined;
}

/** An event's JSON as static chunks around its markets' outcome prices. */
export interface EventTemplate {
  chunks: Buffer[];
  /** Between chunk i and i+1: the outcome prices of this market. */
  slots: Array<{ conditionId: string; outcomes: number }>;
}

interface PricesFragment {
  marks: number[];
  json: Buffer;
}

interface Fragments {
  catalog: number;
  pages: Lru<string, number[]>;
  markets: Lru<number, MarketFragment>;
  events: Lru<string, EventTemplate>;
  prices: Lru<string, PricesFragment>;
  answers: Lru<string, { stamp: string; body: Buffer }>;
}

// Budgets: the hot pages of the listings read most (a few hundred markets), not the whole
// catalog the app syncs every ten minutes.
const PAGE_ENTRIES = 256;
const MARKET_BYTES = 2 * 2 ** 20;
const EVENT_BYTES = 2 ** 20;
const PRICE_ENTRIES = 4096;
const ANSWER_BYTES = 2 * 2 ** 20;

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const EMPTY = new RawJson('[]');

const states = new WeakMap<Db, Fragments>();

function fragments(db: Db): Fragments {
  const catalog = catalogVersion(db);
  let s = states.get(db);
  if (!s || s.catalog !== catalog) {
    s = {
      catalog,
      pages: new Lru(PAGE_ENTRIES),
      markets: new Lru(MARKET_BYTES, (m) => m.fixed.length + (m.moving?.length ?? 200)),
      events: new Lru(EVENT_BYTES, (e) => e.chunks.reduce((n, c) => n + c.length, 0)),
      prices: new Lru(PRICE_ENTRIES),
      answers: new Lru(ANSWER_BYTES, (a) => a.body.length),
    };
    states.set(db, s);
  }
  return s;
}

/** The ids of a listing page: they change only with the catalog, so `key` (the query) finds them. */
export function pageIds(db: Db, key: string, query: () => number[]): number[] {
  const s = fragments(db);
  let ids = s.pages.get(key);
  if (!ids) {
    ids = query();
    s.pages.set(key, ids);
  }
  return ids;
}

/**
 * Drops what was kept of these markets and events (their `updatedAt` moved) and the listing
 * pages ordered by it; the rest of the catalog's fragments stay.
 */
export function forgetFragments(db: Db, marketIds: readonly number[], eventIds: readonly number[]): void {
  const s = states.get(db);
  if (!s) return;
  for (const id of marketIds) s.markets.delete(id);
  if (eventIds.length > 0) {
    const events = new Set(eventIds.map(String));
    for (const key of [...s.events.keys()]) if (events.has(key.slice(0, key.indexOf('|')))) s.events.delete(key);
  }
  for (const key of [...s.pages.keys()]) if (key.includes('"order":"updatedAt"')) s.pages.delete(key);
}

/**
 * A whole answer, kept while `stamp` (what it was derived from) and the catalog stay the same.
 * `build` makes it and says whether it may be kept.
 */
export function keptAnswer(db: Db, key: string, stamp: string, build: () => { value: unknown; keep: boolean }): RawJson {
  const s = fragments(db);
  const hit = s.answers.get(key);
  if (hit && hit.stamp === stamp) return new RawJson(hit.body);
  const { value, keep } = build();
  const body = Buffer.from(JSON.stringify(value));
  if (keep && body.length <= ANSWER_BYTES / 8) s.answers.set(key, { stamp, body });
  return new RawJson(body);
}

/** The fields of a listed market that move with trading and the book. */
export function movingFields(m: Omit<StaticMarket, 'fixedJson'>, volumeMicro: number, dayMicro: number, marks: Map<string, number>, last: Map<string, number>, books?: BookReader, dayChangeMicro?: number): Record<string, unknown> {
  const volume = volumeMicro / MICRO;
  return {
    outcomePrices: outcomePrices(marks, m.conditionId, m.outcomes),
    volume: String(volume),
    volumeNum: volume,
    volume24hr: dayMicro / MICRO,
    // Only for a market that traded in the last 24 hours (day-change.ts).
    ...(dayChangeMicro !== undefined ? { oneDayPriceChange: dayChangeMicro / MICRO } : {}),
    // The book's side of the listing: best prices, last trade and liquidity.
    ...(books ? quoteFieldsOf(bookQuote(books, m.tokenIds), last.get(`${m.conditionId}:0`)) : {}),
  };
}

/**
 * A page of markets: `build` serialises the static part of those not cached. Each market's
 * moving fields are compared with what its cached JSON was rendered from, and re-rendered only
 * when they differ.
 */
export function marketsPage(db: Db, ids: readonly number[], now: number, books: BookReader | undefined, build: (ids: number[]) => Map<number, StaticMarket>): RawJson {
  if (ids.length === 0) return EMPTY;
  const s = fragments(db);
  const page: MarketFragment[] = [];
  let missing: number[] | undefined;
  for (const id of ids) {
    const f = s.markets.get(id);
    if (f) page.push(f);
    else (missing ??= []).push(id);
  }
  if (missing) {
    const built = build(missing);
    for (const [id, m] of built) {
      const f: MarketFragment = { conditionId: m.conditionId, tokenIds: m.tokenIds, outcomes: m.outcomes, fixed: Buffer.from(`${m.fixedJson},`), inputs: undefined, moving: undefined };
      s.markets.set(id, f);
    }
    page.length = 0;
    for (const id of ids) {
      const f = s.markets.get(id) ?? fragmentOf(built.get(id));
      if (f) page.push(f);
    }
  }
  const marks = markPrices(db);
  const last = lastTradePrices(db);
  const day = dayVolumes(db, page.map((f) => f.conditionId), now);
  const change = dayChanges(db, page, now);
  const parts: Buffer[] = [OPEN];
  let bytes = 2 + page.length - 1;
  for (const f of page) {
    const c = f.conditionId;
    const volume = marketVolume(db, c);
    const dayMicro = day.get(c) ?? 0;
    const dayChange = change.get(c);
    const inputs: Array<number | undefined> = [volume, dayMicro, dayChange, books ? 1 : 0, last.get(`${c}:0`)];
    for (let i = 0; i < f.outcomes; i++) inputs.push(marks.get(`${c}:${i}`));
    if (books) {
      const q = bookQuote(books, f.tokenIds);
      inputs.push(q.bid, q.ask, q.liquidity);
    }
    if (!f.moving || !sameInputs(f.inputs, inputs)) {
      f.moving = Buffer.from(JSON.stringify(movingFields(f, volume, dayMicro, marks, last, books, dayChange)).slice(1));
      f.inputs = inputs;
    }
    if (parts.length > 1) parts.push(COMMA);
    parts.push(f.fixed, f.moving);
    bytes += f.fixed.length + f.moving.length;
  }
  parts.push(CLOSE);
  return new RawJson(Buffer.concat(parts, bytes));
}

/** A market the cache could not keep (a page larger than its budget) is served uncached. */
function fragmentOf(m: StaticMarket | undefined): MarketFragment | undefined {
  return m && { conditionId: m.conditionId, tokenIds: m.tokenIds, outcomes: m.outcomes, fixed: Buffer.from(`${m.fixedJson},`), inputs: undefined, moving: undefined };
}

function sameInputs(a: Array<number | undefined> | undefined, b: Array<number | undefined>): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A page of events: `build` makes the templates of those not cached (keyed by event and by the
 * creator that scopes their markets), or an event's whole JSON when it cannot be templated;
 * each market's outcome prices are spliced in.
 */
export function eventsPage(db: Db, ids: readonly number[], scope: string, build: (ids: number[]) => Map<number, EventTemplate | Buffer>): RawJson {
  if (ids.length === 0) return EMPTY;
  const s = fragments(db);
  const key = (id: number): string => `${id}|${scope}`;
  const missing = ids.filter((id) => !s.events.get(key(id)));
  const built = missing.length > 0 ? build(missing) : undefined;
  if (built) for (const [id, t] of built) if (!Buffer.isBuffer(t)) s.events.set(key(id), t);
  const marks = markPrices(db);
  const parts: Buffer[] = [OPEN];
  for (const id of ids) {
    const t = s.events.get(key(id)) ?? built?.get(id);
    if (!t) continue;
    if (parts.length > 1) parts.push(COMMA);
    if (Buffer.isBuffer(t)) {
      parts.push(t);
      continue;
    }
    for (let i = 0; i < t.slots.length; i++) {
      const slot = t.slots[i] as EventTemplate['slots'][number];
      parts.push(t.chunks[i] as Buffer, pricesJson(s, marks, slot.conditionId, slot.outcomes));
    }
    parts.push(t.chunks[t.slots.length] as Buffer);
  }
  parts.push(CLOSE);
  return new RawJson(Buffer.concat(parts));
}

/** A market's outcome prices as the JSON string value the catalog sends, e.g. "[\"0.4\",\"0.6\"]". */
export function outcomePrices(marks: Map<string, number>, conditionId: string, outcomes: number): string {
  return JSON.stringify(Array.from({ length: outcomes }, (_, i) => String((marks.get(`${conditionId}:${i}`) ?? 0) / MICRO)));
}

function pricesJson(s: Fragments, marks: Map<string, number>, conditionId: string, outcomes: number): Buffer {
  const now: number[] = [];
  for (let i = 0; i < outcomes; i++) now.push(marks.get(`${conditionId}:${i}`) ?? 0);
  const hit = s.prices.get(conditionId);
  if (hit && hit.marks.length === now.length && hit.marks.every((m, i) => m === now[i])) return hit.json;
  const json = Buffer.from(JSON.stringify(outcomePrices(marks, conditionId, outcomes)));
  s.prices.set(conditionId, { marks: now, json });
  return json;
}

/**
 * Splits an event's JSON at its markets' outcome prices, serialised as `placeholder(k)` for
 * slot k. Undefined unless each placeholder occurs exactly once, in order (catalog text that
 * happened to spell one makes the event be served whole).
 */
export function eventTemplate(json: string, slots: EventTemplate['slots']): EventTemplate | undefined {
  const chunks: Buffer[] = [];
  let from = 0;
  for (let k = 0; k < slots.length; k++) {
    const mark = JSON.stringify(placeholder(k));
    const at = json.indexOf(mark, from);
    if (at < 0 || json.indexOf(mark) !== at || json.indexOf(mark, at + 1) >= 0) return undefined;
    chunks.push(Buffer.from(json.slice(from, at)));
    from = at + mark.length;
  }
  chunks.push(Buffer.from(json.slice(from)));
  return { chunks, slots };
}

/** Stands in for slot k's outcome prices while an event's template is serialised. */
export function placeholder(k: number): string {
  return `\u0000${k}\u0000`;
}
