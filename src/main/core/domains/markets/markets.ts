// Markets: the list over the synced catalog, local search, and one market's detail — its
// catalog record, trading settings, quotes per outcome, book, price history, trades, holders.
// Also the market reads other domains lean on: a market as trading gives it, and labels.
// Book and price reads come from the live feed's books where they are current (live/serve.ts).
import { choosePrice } from '@shared/domain/price.js';
import type { CallArgs } from '@shared/ipc/contract.js';
import type { Book, CatalogMarket, TradingMarket } from '@shared/spec/index.js';
import { sameRecord } from '../../clients/same-record.js';
import { fresh, liveBest, liveQuotes, withLivePrices } from '../../live/serve.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import type { PriceSeen } from '../../readings.js';
import { priceChart } from './chart.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';
import { marketReading } from './market-reading.js';
import { searchHits } from './search.js';

/** Questions and outcome labels do not change; they are read again a day later at most. */
const LABELS_FOR = 86_400_000;
/**
 * A book changes with every order, and the market page shows the user's own orders in it: kept a
 * second only, so the read after a placed or cancelled order already has it.
 */
export const BOOK_FRESH = 1_000;

/** What other domains read of markets: a market, its labels, its best prices. */
export type Markets = Omit<ReturnType<typeof marketsService>, 'handlers'>;

export interface MarketsDeps {
  /** Every price read passes its readings here (price alerts judge them). */
  onPrices?: (prices: PriceSeen[], s: Session) => void;
  /** A book read from the venue (not the live copy), with when it was read. */
  onBook?: (s: Session, tokenId: string, book: Book, at: number) => void;
  /** Condition ids of the watchlist's markets, each in the cache (the list's "Watchlist only"). */
  watched?: (s: Session) => Promise<string[]>;
}

export function marketsService(ctx: CoreContext, deps: MarketsDeps = {}) {
  const seen = (s: Session, prices: PriceSeen[]): void => {
    if (prices.length > 0) deps.onPrices?.(prices, s);
  };

  /** A market as the trading surface gives it, no older than `maxAge`. */
  const market = async (s: Session, conditionId: string, maxAge: number): Promise<TradingMarket> =>
    (await s.cached('trading', `/markets/${conditionId}`, {}, maxAge, () => s.clients.trading.market(conditionId))).data;

  /** Best bid (BUY) and ask (SELL) per token, as the price map gives them; empty when the venue cannot say. */
  const bestPrices = async (s: Session, tokenIds: readonly string[]): Promise<Record<string, { BUY?: string; SELL?: string }>> => {
    if (tokenIds.length === 0) return {};
    const live = liveBest(s, tokenIds);
    if (live) return live;
    try {
      const r = await s.cached('trading', '/prices', { tokens: [...tokenIds].sort().join(',') }, FRESH.prices, () => s.clients.trading.prices(tokenIds.map((token_id) => ({ token_id }))));
      const map = r.data as Record<string, { BUY?: string; SELL?: string }>;
      seen(s, tokenIds.map((t) => ({ tokenId: t, bestBid: map[t]?.BUY ?? null, bestAsk: map[t]?.SELL ?? null, at: r.fetchedAt })));
      return map;
    } catch {
      return {};
    }
  };

  /**
   * The question and outcome label of tokens, from their trading-surface markets; empty when
   * unknown. One labeller reads each market once, however many rows name it.
   */
  const labeller = (s: Session) => {
    const markets = new Map<string, Promise<TradingMarket | undefined>>();
    const read = (conditionId: string) => {
      const key = s.cache.key('trading', `/markets/${conditionId}`, {});
      return s.cache.cached(key, LABELS_FOR, () => s.clients.trading.market(conditionId), { staleWhileRevalidate: true, onError: () => undefined }).then(
        (r) => r.data,
        () => undefined,
      );
    };
    return async (conditionId: string | null | undefined, tokenId: string): Promise<{ question?: string; outcome?: string }> => {
      if (!conditionId) return {};
      let m = markets.get(conditionId);
      if (!m) markets.set(conditionId, (m = read(conditionId)));
      const found = await m;
      if (!found) return {};
      const outcome = found.tokens.find((t) => String(t.token_id) === tokenId)?.outcome;
      return { question: found.question, ...(outcome ? { outcome } : {}) };
    };
  };

  const outcomeQuotes = async (s: Session, conditionId: string) => {
    const m = await s.clients.trading.market(conditionId);
    const ids = m.tokens.map((t) => String(t.token_id));
    const [prices, last] = await Promise.all([s.clients.trading.prices(ids.map((token_id) => ({ token_id }))), s.clients.trading.lastTradesPrices(ids)]);
    return m.tokens.map((t) => {
      const id = String(t.token_id);
      const p = prices[id] ?? {};
      const l = last.find((x) => x.token_id === id);
      return {
        tokenId: id,
        outcome: String(t.outcome ?? ''),
        ...(p.BUY ? { bestBid: p.BUY } : {}),
        ...(p.SELL ? { bestAsk: p.SELL } : {}),
        ...(l?.price ? { lastPrice: l.price } : {}),
        ...(l?.side ? { lastSide: l.side } : {}),
      };
    });
  };

  const list = async (f: CallArgs<'markets.list'>) => {
    const s = ctx.session();
    const watched = f.watchlist ? await (deps.watched?.(s) ?? Promise.resolve([])) : undefined;
    // Once the catalog has synced, the list is answered locally over every market; the venue
    // is asked directly before that, and for what the local rows do not carry (the creator).
    if (!f.creator && (s.cache.count('markets') > 0 || watched)) {
      // A one-market read, at most once per freshness window, tells whether the venue still
      // answers, so the list is stamped when it cannot be refreshed.
      const probe = await s.cached('catalog', '/markets', { limit: 1 }, FRESH.catalog, () => s.clients.catalog.markets({ limit: 1 })).catch((err: unknown) => {
        if ((err as { name?: string }).name !== 'NetworkError') throw err;
        const at = s.cache.catalogSeenAt() ?? 0;
        return { fetchedAt: at, stale: true, ageMs: ctx.clock.now() - at };
      });
      const page = s.cache.listMarkets({ ...f, ...(watched ? { conditionIds: watched } : {}) });
      return { data: { ...page, rows: withLivePrices(s, page.rows) }, fetchedAt: probe.fetchedAt, stale: probe.stale, ageMs: probe.ageMs };
    }
    const q = {
      limit: Math.min(100, f.limit),
      offset: f.offset,
      ...(f.status === 'active' ? { active: true, closed: false } : f.status === 'closed' ? { closed: true } : f.status === 'archived' ? { archived: true } : {}),
      ...(f.tagId ? { tag_id: f.tagId } : {}),
      ...(f.eventId ? { event_id: f.eventId } : {}),
      ...(f.mirror === 'only' ? { mirror: true } : f.mirror === 'none' ? { mirror: false } : {}),
      ...(f.creator ? { creator: f.creator } : {}),
      ...(['endDate', 'question', 'createdAt'].includes(f.sort) ? { order: f.sort, ascending: f.ascending } : {}),
    };
    const r = await s.cached('catalog', '/markets', q, FRESH.catalog, async () => {
      const rows = await s.clients.catalog.markets(q);
      s.cache.ingest('markets', rows);
      return rows;
    });
    const mine = watched ? new Set(watched) : undefined;
    const rows = withLivePrices(s, r.data.map(marketRow)).filter((m) => !mine || mine.has(m.conditionId.toLowerCase()));
    // The venue sorts only by its own columns; these two are ranked within the page.
    const by = f.sort === 'volume24hr' || f.sort === 'volume' ? f.sort : undefined;
    if (by) rows.sort((a, b) => (f.ascending ? 1 : -1) * ((a[by] ?? 0) - (b[by] ?? 0)));
    if (f.sort === 'lastPrice') rows.sort((a, b) => (f.ascending ? 1 : -1) * (Number(a.outcomePrices[0] ?? 0) - Number(b.outcomePrices[0] ?? 0)));
    // A full page from the venue means more may follow, however many of its rows were dropped.
    const more = r.data.length + (r.filtered ?? 0) >= q.limit ? 1 : 0;
    return { ...r, data: { rows, total: f.offset + rows.length + more } };
  };

  const handlers: HandlersOf<'markets.list' | 'markets.search' | 'markets.get' | 'markets.settings' | 'markets.reading' | 'markets.quotes' | 'markets.book' | 'markets.history' | 'markets.trades' | 'markets.holders'> = {
    'markets.list': list,
    'markets.search': (a) => searchHits(ctx.session(), a),
    'markets.get': async ({ idOrSlug }) => {
      const s = ctx.session();
      // Numeric ids (list rows, search hits) resolve through the synced catalog to a slug.
      const slug = /^\d+$/.test(idOrSlug) ? s.cache.market(idOrSlug)?.slug : idOrSlug;
      if (!slug) throw new AppError('NOT_FOUND', `market ${idOrSlug} is not in the local catalog yet; let the sync finish or open it by slug`);
      // The client checks the answer's slug; a market asked by id must be that id, too.
      const r = await s.cached('catalog', `/markets/slug/${slug}`, {}, FRESH.catalog, () => s.clients.catalog.marketBySlug(slug));
      if (slug !== idOrSlug) sameRecord(r.data, 'market', idOrSlug, r.data.id);
      // Its 24h volume as the venue gave it then (alerts on volume); the list's synced copy may be older.
      if (r.data.volume24hr !== undefined) seen(s, [{ conditionId: String(r.data.conditionId), volume24hr: r.data.volume24hr, at: r.fetchedAt }]);
      return r;
    },
    'markets.settings': ({ conditionId }) => {
      const s = ctx.session();
      return s.cached('trading', `/clob-markets/${conditionId}`, {}, FRESH.settings, () => s.clients.trading.settings(conditionId));
    },
    'markets.reading': async ({ conditionId }) => {
      const s = ctx.session();
      const { sources: _sources, ...reading } = await marketReading(s, market, conditionId, FRESH.prices);
      const now = ctx.clock.now();
      return { data: reading, fetchedAt: now, stale: false, ageMs: 0 };
    },
    'markets.quotes': async ({ conditionId }) => {
      const s = ctx.session();
      const live = await liveQuotes(s, conditionId, (maxAge) => market(s, conditionId, maxAge), ctx.clock.now());
      const r = live ?? (await s.cached('trading', `/quotes/${conditionId}`, {}, FRESH.prices, () => outcomeQuotes(s, conditionId)));
      seen(s, r.data.map((q) => ({ tokenId: q.tokenId, conditionId, bestBid: q.bestBid ?? null, bestAsk: q.bestAsk ?? null, last: q.lastPrice, at: r.fetchedAt })));
      if (live) return live;
      const last = r.data.map((q) => q.lastPrice);
      const yes = r.data[0];
      const first = yes ? choosePrice({ bid: yes.bestBid, ask: yes.bestAsk, last: yes.lastPrice })?.price : undefined;
      if (!r.stale && last.every((p): p is string => p !== undefined)) s.cache.noteLastPrices(conditionId, last, first);
      return r;
    },
    'markets.book': async ({ tokenId }) => {
      const s = ctx.session();
      const live = s.live.book(tokenId);
      if (live) return fresh(live, ctx.clock.now());
      const r = await s.cached('trading', '/book', { token_id: tokenId }, BOOK_FRESH, () => s.capabilities.use('book', () => s.clients.trading.book(tokenId)));
      deps.onBook?.(s, tokenId, r.data, r.fetchedAt);
      return r;
    },
    'markets.history': (a) => priceChart(ctx.session(), market, ctx.clock.now(), a),
    'markets.trades': (a) => {
      const s = ctx.session();
      // Fresh for less than the market page's 10 s poll of them: on a venue without a stream (where no
      // trade expires them) a trade shows at the next poll, not the one after.
      return s.cached('data', '/trades', { market: a.conditionId, limit: a.limit, offset: a.offset }, FRESH.prices, () => s.clients.data.trades({ market: a.conditionId, limit: a.limit, offset: a.offset, takerOnly: true }));
    },
    'markets.holders': (a) => {
      const s = ctx.session();
      return s.cached('data', '/holders', { market: a.conditionId, limit: a.limit }, FRESH.data, () => s.clients.data.holders({ market: a.conditionId, limit: a.limit }));
    },
  };

  return { handlers, market, labeller, bestPrices };
}

function marketRow(m: CatalogMarket) {
  return {
    id: String(m.id),
    conditionId: String(m.conditionId),
    ...(m.slug ? { slug: m.slug } : {}),
    question: String(m.question ?? ''),
    outcomes: (m.outcomes ?? []).map(String),
    outcomePrices: (m.outcomePrices ?? []).map(String),
    clobTokenIds: (m.clobTokenIds ?? []).map(String),
    ...(typeof m.volume24hr === 'number' ? { volume24hr: m.volume24hr } : {}),
    ...(typeof m.volumeNum === 'number' ? { volume: m.volumeNum } : {}),
    ...(typeof (m.liquidityNum ?? m.liquidity) === 'number' ? { liquidity: (m.liquidityNum ?? m.liquidity) as number } : {}),
    ...(m.endDate ? { endDate: String(m.endDate) } : {}),
    active: m.active === true,
    closed: m.closed === true,
    archived: m.archived === true,
    ...(typeof m.acceptingOrders === 'boolean' ? { acceptingOrders: m.acceptingOrders } : {}),
    mirror: Boolean(m.mirrorConditionId),
    eventIds: (m.events ?? []).map((e) => String(e.id)),
  };
}
