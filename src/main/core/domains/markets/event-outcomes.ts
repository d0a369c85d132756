// One event's page: every outcome (its market) with the Yes price, 24h change, volume and best
// bid and ask, the event's sums, and for a multi-outcome event the book's sums across outcomes.
// The markets come from the venue's listing by event (spec `event_id`), kept in the cache and
// read from it when the venue cannot be reached; best prices from the price map (or live books).
import { formatMicros, toMicros } from '@shared/domain/money.js';
import type { EventOutcome, EventOutcomes } from '@shared/ipc/find.js';
import type { CatalogMarket, Event, Trade } from '@shared/spec/index.js';
import type { CachedResult, EventMarketRow } from '../../cache/index.js';
import { isNetworkError } from '../../cache/index.js';
import { check, droppedOf, withDropped } from '../../clients/answer-check.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import { bracketOf, changes24h, readsBack24h, withCatalogChanges } from './bracket.js';
import { FRESH } from '../../context.js';
import type { Markets } from './markets.js';
import { agreedNegRisk } from './market-reading.js';

/** Pages of an event's market listing read at most (100 markets each). */
const MAX_PAGES = 5;
/** Trades read for the 24h change: one page per group of markets, newest first. */
const CHANGE_TRADES = 2000;
const CHANGE_GROUP = 50;

type Status = EventOutcome['status'];
const statusOf = (f: { active?: boolean | undefined; closed?: boolean | undefined; archived?: boolean | undefined; acceptingOrders?: boolean | undefined }): Status =>
  f.archived ? 'archived' : f.closed ? 'closed' : f.active ? (f.acceptingOrders === false ? 'paused' : 'open') : 'inactive';

/** The event by numeric id or slug: its id, and the venue's record when it was read. */
async function findEvent(s: Session, idOrSlug: string): Promise<{ id: string; venue?: CachedResult<Event> }> {
  if (/^\d+$/.test(idOrSlug) && s.cache.event(idOrSlug)) return { id: idOrSlug };
  const slug = /^\d+$/.test(idOrSlug) ? undefined : idOrSlug;
  const local = slug ? s.cache.eventIdBySlug(slug) : undefined;
  if (local) return { id: local };
  if (!slug) throw new AppError('NOT_FOUND', `event ${idOrSlug} is not in the local catalog yet; let the sync finish or open it by slug`);
  const r = await s.cached('catalog', '/events', { slug }, FRESH.catalog, async () => {
    const [e] = await s.clients.catalog.events({ slug, limit: 1 });
    if (!e || e.slug !== slug || !e.id) throw new AppError('NOT_FOUND', `no event ${slug}`);
    return e;
  });
  return { id: String(r.data.id), venue: r };
}

/**
 * The event's markets from the venue (kept in the cache), or from the cache when it cannot be
 * reached. Rows the event's own `markets[]` does not list are dropped (answer-check.ts).
 */
async function marketsOf(s: Session, eventId: string, listed: ReadonlyArray<{ id?: unknown; conditionId?: unknown }> | undefined): Promise<{ rows: EventMarketRow[]; read?: CachedResult<CatalogMarket[]> }> {
  try {
    const read = await s.cached('catalog', '/markets', { event_id: eventId, pages: MAX_PAGES }, FRESH.catalog, async () => {
      const all: CatalogMarket[] = [];
      let dropped = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const rows = await s.clients.catalog.markets({ event_id: eventId, limit: 100, offset: page * 100, order: 'id', ascending: true });
        all.push(...rows);
        dropped += droppedOf(rows);
        if (rows.length + droppedOf(rows) < 100) break;
      }
      const members = check.members(withDropped(all, dropped), listed);
      s.cache.ingest('markets', members);
      return members;
    });
    return { rows: read.data.map(rowOf), read };
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    return { rows: s.cache.eventMarkets(eventId) };
  }
}

function rowOf(m: CatalogMarket): EventMarketRow {
  const label = (m as { groupItemTitle?: unknown }).groupItemTitle;
  const volume = m.volumeNum ?? m.volume;
  const liquidity = m.liquidityNum ?? m.liquidity;
  return {
    id: String(m.id),
    conditionId: String(m.conditionId),
    question: String(m.question ?? ''),
    ...(typeof label === 'string' && label !== '' ? { label } : {}),
    outcomes: (m.outcomes ?? []).map(String),
    outcomePrices: (m.outcomePrices ?? []).map(String),
    clobTokenIds: (m.clobTokenIds ?? []).map(String),
    ...(volume !== undefined ? { volume } : {}),
    ...(m.volume24hr !== undefined ? { volume24hr: m.volume24hr } : {}),
    ...(liquidity !== undefined ? { liquidity } : {}),
    ...(m.negRisk !== undefined ? { negRisk: m.negRisk } : {}),
    status: statusOf(m),
  };
}

/** Sum of display figures, exactly through micro units; undefined when none is known. */
function total(values: Array<number | undefined>): number | undefined {
  const known = values.map((v) => toMicros(v)).filter((v): v is bigint => v !== undefined);
  return known.length ? Number(formatMicros(known.reduce((a, b) => a + b, 0n))) : undefined;
}

/** The trades of the event's markets, newest first, and whether they reach back 24 hours. */
async function tradesOf(s: Session, conditionIds: string[], nowSec: number): Promise<{ trades: Trade[]; complete: boolean }> {
  const out: Trade[] = [];
  let complete = true;
  for (let i = 0; i < conditionIds.length; i += CHANGE_GROUP) {
    const market = conditionIds.slice(i, i + CHANGE_GROUP);
    const q = { market, limit: CHANGE_TRADES, takerOnly: true };
    const read = (await s.cached('data', '/trades', { ...q, market: market.join(',') }, FRESH.data, () => s.clients.data.trades(q))).data;
    out.push(...read);
    complete &&= readsBack24h(read, CHANGE_TRADES, nowSec);
  }
  return { trades: out, complete };
}

export async function eventOutcomes(s: Session, markets: Markets, idOrSlug: string, nowMs: number): Promise<CachedResult<EventOutcomes>> {
  const found = await findEvent(s, idOrSlug);
  const listed = found.venue?.data.markets ?? s.cache.event(found.id)?.marketIds.map((id) => ({ id }));
  const { rows, read } = await marketsOf(s, found.id, listed);
  const local = s.cache.eventRow(found.id);
  const e = found.venue?.data;
  if (!local && !e) throw new AppError('NOT_FOUND', `event ${idOrSlug} is not in the local catalog yet; let the sync finish or open it by slug`);
  // A fill seen live moves the price before the next catalog read.
  const nowSec = Math.floor(nowMs / 1000);
  const lastLive = (m: EventMarketRow) => (m.clobTokenIds[0] ? s.live.lastTrade(m.clobTokenIds[0]) : undefined);
  const priced = rows.map((m) => {
    const live = lastLive(m)?.price;
    return live ? { ...m, outcomePrices: [live, ...m.outcomePrices.slice(1)] } : m;
  });
  const tokens = priced.map((m) => m.clobTokenIds[0]).filter((t): t is string => t !== undefined);
  const [best, traded] = await Promise.all([
    markets.bestPrices(s, tokens),
    tradesOf(s, priced.map((m) => m.conditionId), nowSec).then(
      (t) => ({ ...t, error: undefined }),
      (err: unknown) => ({ trades: [] as Trade[], complete: false, error: err instanceof Error ? err.message : String(err) }),
    ),
  ]);
  // The change rests on trades inside the window only; the catalog's price may be far older.
  const fromTrades = changes24h(
    rows.map((m) => {
      const live = lastLive(m);
      return { conditionId: m.conditionId, outcomes: m.outcomePrices.length || 2, ...(live ? { live: { price: live.price, atMs: live.at } } : {}) };
    }),
    traded.trades,
    nowSec,
    traded.complete,
  );
  // A busy market's trades may not reach back a day: the catalog's own figure, read with the event, stands in.
  const catalogChange = new Map((read?.data ?? []).map((m) => [String(m.conditionId).toLowerCase(), (m as { oneDayPriceChange?: unknown }).oneDayPriceChange]));
  const change = withCatalogChanges(fromTrades, (cid) => catalogChange.get(cid), read?.fetchedAt, nowMs);
  const outcomes: EventOutcome[] = priced.map((m) => {
    const token = m.clobTokenIds[0];
    const q = token ? best[token] : undefined;
    const c = change.get(m.conditionId.toLowerCase());
    return {
      marketId: m.id,
      conditionId: m.conditionId,
      question: m.question,
      label: m.label ?? m.question,
      ...(token ? { tokenId: token } : {}),
      ...(m.outcomePrices[0] !== undefined ? { price: m.outcomePrices[0] } : {}),
      ...(c?.change !== undefined ? { change24h: c.change } : {}),
      ...(c?.then !== undefined ? { price24hAgo: c.then } : {}),
      ...(c?.why !== undefined && !traded.error ? { changeHint: c.why } : c?.from !== undefined ? { changeHint: c.from } : {}),
      ...(m.volume !== undefined ? { volume: m.volume } : {}),
      ...(m.volume24hr !== undefined ? { volume24hr: m.volume24hr } : {}),
      ...(q?.BUY ? { bestBid: q.BUY } : {}),
      ...(q?.SELL ? { bestAsk: q.SELL } : {}),
      status: m.status,
      // Every market's outcome names (the Yes a line trades); an ended one's final prices too (its winner is read from them).
      outcomes: m.outcomes,
      ...(m.status === 'closed' || m.status === 'archived' ? { outcomePrices: m.outcomePrices } : {}),
    };
  });
  // One outcome wins only where every source that says agrees: a venue contradicting itself gets no bracket sums.
  const negRisk = agreedNegRisk([e?.negRisk, ...rows.map((m) => m.negRisk), ...(e === undefined && local ? [local.negRisk] : [])]);
  const series = local?.series ?? (e?.series?.[0]?.id ? { id: String(e.series[0].id), title: String(e.series[0].title ?? e.series[0].id) } : undefined);
  const data: EventOutcomes = {
    id: found.id,
    ...((local?.slug ?? e?.slug) ? { slug: String(local?.slug ?? e?.slug) } : {}),
    title: local?.title ?? String(e?.title ?? e?.slug ?? found.id),
    ...((local?.description ?? e?.description) ? { description: String(local?.description ?? e?.description) } : {}),
    negRisk,
    status: local?.status ?? statusOf(e ?? {}),
    ...((local?.endDate ?? e?.endDate) ? { endDate: String(local?.endDate ?? e?.endDate) } : {}),
    ...optNum('volume', rows.length ? total(rows.map((m) => m.volume)) : (local?.volume ?? e?.volume)),
    ...optNum('volume24hr', rows.length ? total(rows.map((m) => m.volume24hr)) : local?.volume24hr),
    ...optNum('liquidity', rows.length ? total(rows.map((m) => m.liquidity)) : (local?.liquidity ?? e?.liquidity)),
    ...(series ? { series } : {}),
    outcomes,
    ...(negRisk ? { sums: bracketOf(outcomes) } : {}),
    ...(traded.error ? { changeNote: `24h change not shown: the venue's trades could not be read (${traded.error})` } : {}),
  };
  // The answer is as old as the oldest read it rests on.
  const parts = [read, found.venue].filter((p): p is CachedResult<never> => p !== undefined);
  const at = parts.length ? Math.min(...parts.map((p) => p.fetchedAt)) : (s.cache.catalogSeenAt() ?? nowMs);
  return { data, fetchedAt: at, stale: !read || parts.some((p) => p.stale), ageMs: Math.max(0, nowMs - at), ...(read?.filtered ? { filtered: read.filtered } : {}) };
}

const optNum = <K extends string>(k: K, v: number | undefined): Partial<Record<K, number>> => (v === undefined ? {} : ({ [k]: v } as Record<K, number>));
