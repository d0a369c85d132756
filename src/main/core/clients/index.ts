// A typed method for every endpoint of the spec and of venue-profile E, each parsing its answer
// with the shared schemas. Three base URLs, independent of each other. Queries take only the
// names params.ts lists for their endpoint (another name does not compile), and a record read
// by its key is checked to be that record, and a filtered list's rows to be what was asked
// (answer-check.ts).
import { z } from 'zod';
import {
  ApiKeyCreds, BalanceAllowance, Book, CancelResult, CatalogMarket, Comment, Event, HolderGroup, LastTradePrice, LeaderboardEntry, MarketSettings,
  OpenOrdersPage, OrderResult, Position, PriceMap, PricesHistory, PublicSearchResult, SamplingSimplifiedMarketsPage, Series, ServerTime, Tag, Trade,
  TradingMarket, VersionInfo,
} from '@shared/spec/index.js';
import type { EndpointKey, QueryName } from '@shared/spec/params.js';
import { BUDGETS, Limiter } from '../http/limiter.js';
import { SurfaceHttp, type HttpDeps, type Query } from '../http/surface.js';
import { check } from './answer-check.js';
import { sameRecord } from './same-record.js';
import { bookBestFirst } from '@shared/domain/book-order.js';

export interface VenueUrls {
  catalogUrl: string;
  tradingUrl: string;
  dataUrl: string;
}

/** Signs a trading request: returns the L2 headers for (method, path, raw body). */
export type RequestSigner = (method: string, path: string, body: string) => Record<string, string>;

const list = <T extends z.ZodType>(item: T) => z.array(item);

/** POST /redeem's answer (venue-profile E): each token turned into cash, amounts as decimal strings. */
const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal string such as "12.34"');
export const RedeemAnswer = z.looseObject({
  conditionId: z.string(),
  redeemed: z.array(z.looseObject({ asset_id: z.string(), size: decimalText, payout: decimalText })),
  payout: decimalText,
});
export type RedeemAnswer = z.output<typeof RedeemAnswer>;

/** The names endpoint `K` takes, each optional. */
type QueryFor<K extends EndpointKey> = { [N in QueryName<K>]?: Query[string] };
/** Query `Q` of endpoint `K`, with every name the endpoint does not list typed `never`. */
type Only<K extends EndpointKey, Q> = Q & { [N in Exclude<keyof Q, QueryName<K>>]: never };

export class CatalogClient {
  constructor(readonly http: SurfaceHttp) {}
  markets<Q extends QueryFor<'catalog GET /markets'>>(q: Only<'catalog GET /markets', Q> = {} as Only<'catalog GET /markets', Q>) {
    return this.http.request('GET', '/markets', list(CatalogMarket), { query: q, budgets: [BUDGETS.catalogMarkets, BUDGETS.catalogListings] }).then((rows) => check.markets(rows, q));
  }
  async marketBySlug(slug: string, q: QueryFor<'catalog GET /markets/slug/{slug}'> = {}) {
    const m = await this.http.request('GET', `/markets/slug/${encodeURIComponent(slug)}`, CatalogMarket, { query: q });
    return sameRecord(m, 'market', slug, m.slug);
  }
  marketTags(idOrCondition: string, q: QueryFor<'catalog GET /markets/{id}/tags'> = {}) {
    return this.http.request('GET', `/markets/${encodeURIComponent(idOrCondition)}/tags`, list(Tag), { query: q });
  }
  events<Q extends QueryFor<'catalog GET /events'>>(q: Only<'catalog GET /events', Q> = {} as Only<'catalog GET /events', Q>) {
    return this.http.request('GET', '/events', list(Event), { query: q, budgets: [BUDGETS.catalogEvents, BUDGETS.catalogListings] }).then((rows) => check.events(rows, q));
  }
  series<Q extends QueryFor<'catalog GET /series'>>(q: Only<'catalog GET /series', Q> = {} as Only<'catalog GET /series', Q>) {
    return this.http.request('GET', '/series', list(Series), { query: q });
  }
  tags<Q extends QueryFor<'catalog GET /tags'>>(q: Only<'catalog GET /tags', Q> = {} as Only<'catalog GET /tags', Q>) {
    return this.http.request('GET', '/tags', list(Tag), { query: q, budgets: [BUDGETS.catalogTags] });
  }
  comments<Q extends QueryFor<'catalog GET /comments'>>(q: Only<'catalog GET /comments', Q>) {
    return this.http.request('GET', '/comments', list(Comment), { query: q }).then((rows) => check.comments(rows, q));
  }
  commentsByUser(address: string, q: QueryFor<'catalog GET /comments/user_address/{user_address}'> = {}) {
    return this.http.request('GET', `/comments/user_address/${encodeURIComponent(address)}`, list(Comment), { query: q }).then((rows) => check.commentsByUser(rows, address));
  }
  publicSearch(q: QueryFor<'catalog GET /public-search'> & { q: string }) {
    return this.http.request('GET', '/public-search', PublicSearchResult, { query: q, budgets: [BUDGETS.catalogSearch] });
  }
}

export class DataClient {
  constructor(readonly http: SurfaceHttp) {}
  trades<Q extends QueryFor<'data GET /trades'>>(q: Only<'data GET /trades', Q> = {} as Only<'data GET /trades', Q>) {
    return this.http.request('GET', '/trades', list(Trade), { query: q, budgets: [BUDGETS.dataTrades] }).then((rows) => check.trades(rows, q));
  }
  positions<Q extends QueryFor<'data GET /positions'>>(q: Only<'data GET /positions', Q>) {
    return this.http.request('GET', '/positions', list(Position), { query: q, budgets: [BUDGETS.dataPositions] }).then((rows) => check.positions(rows, q));
  }
  holders<Q extends QueryFor<'data GET /holders'>>(q: Only<'data GET /holders', Q>) {
    return this.http.request('GET', '/holders', list(HolderGroup), { query: q }).then((rows) => check.holders(rows, q));
  }
  leaderboard<Q extends QueryFor<'data GET /v1/leaderboard'>>(q: Only<'data GET /v1/leaderboard', Q> = {} as Only<'data GET /v1/leaderboard', Q>) {
    return this.http.request('GET', '/v1/leaderboard', list(LeaderboardEntry), { query: q }).then((rows) => check.leaderboard(rows, q));
  }
}

export class TradingClient {
  private offsetMs = 0;
  private clockSynced = false;

  constructor(readonly http: SurfaceHttp) {}

  /**
   * Learns the venue's clock from GET /time (where offered) so signed timestamps fall inside its
   * freshness window even when this machine's clock is off. Offsets under 1.5 s are noise: /time
   * has whole seconds.
   */
  async syncClock(now: () => number = Date.now): Promise<number> {
    if (this.clockSynced) return this.offsetMs;
    const m = await this.measureClock(now);
    this.clockSource = m?.source ?? 'local';
    this.offsetMs = m && Math.abs(m.offsetMs) > 1500 ? m.offsetMs : 0;
    this.clockSynced = true;
    return this.offsetMs;
  }

  /** What the profile knows of GET /time (its capabilities), so that a missing one is asked once. */
  timeRoute: { mayHave(): boolean; note(offered: boolean): void } | undefined;

  /** Where the venue's clock was learned: GET /time, an answer's Date header, or not at all. */
  clockSource: 'time' | 'date-header' | 'local' | undefined;

  /**
   * How far the venue's clock is ahead of `now`: from GET /time where offered, else from the
   * Date header every answer carries (the 404 of a missing /time included); undefined when the
   * venue did not answer at all. Both give whole seconds: the middle of the second is the guess.
   */
  async measureClock(now: () => number = Date.now, opts: { retest?: boolean } = {}): Promise<{ offsetMs: number; source: 'time' | 'date-header' } | undefined> {
    // A /time found missing is not asked again, unless the connection is being tested again.
    if (opts.retest || (this.timeRoute?.mayHave() ?? true)) {
      try {
        const t0 = now();
        const server = await this.time();
        const t1 = now();
        this.timeRoute?.note(true);
        return { offsetMs: Math.round(server * 1000 + 500 - (t0 + t1) / 2), source: 'time' };
      } catch (err) {
        const e = err as { name?: string; status?: number };
        if (e.name === 'HttpStatusError') this.timeRoute?.note(e.status !== 404);
      }
    }
    const recent = () => (this.http.lastDate && this.http.lastDate.localMs >= Date.now() - 60_000 ? this.http.lastDate : undefined);
    // No answer lately to read a Date header from: a read of the spec brings one.
    if (!recent()) await this.samplingSimplifiedMarkets().catch(() => undefined);
    const d = recent();
    if (!d) return undefined;
    return { offsetMs: Math.round(d.serverMs + 500 - (now() - (Date.now() - d.localMs))), source: 'date-header' };
  }

  serverNow(local: number = Date.now()): number {
    return local + this.offsetMs;
  }

  async market(conditionId: string) {
    const m = await this.http.request('GET', `/markets/${encodeURIComponent(conditionId)}`, TradingMarket);
    return sameRecord(m, 'market', conditionId, m.condition_id, { ignoreCase: true });
  }
  marketByToken(tokenId: string) {
    return this.http.request('GET', `/markets-by-token/${encodeURIComponent(tokenId)}`, TradingMarket);
  }
  samplingSimplifiedMarkets(nextCursor = 'MA==') {
    return this.http.request('GET', '/sampling-simplified-markets', SamplingSimplifiedMarketsPage, { query: { next_cursor: nextCursor } });
  }
  async settings(conditionId: string) {
    const m = await this.http.request('GET', `/clob-markets/${encodeURIComponent(conditionId)}`, MarketSettings);
    return sameRecord(m, 'market settings of', conditionId, m.c, { ignoreCase: true });
  }
  prices(items: Array<{ token_id: string; side?: 'BUY' | 'SELL' }>) {
    return this.http.request('POST', '/prices', PriceMap, { body: items, idempotent: true, budgets: [BUDGETS.tradingPrices] });
  }
  lastTradesPrices(tokenIds: string[]) {
    return this.http.request('POST', '/last-trades-prices', list(LastTradePrice), { body: tokenIds.map((token_id) => ({ token_id })), idempotent: true }).then((rows) => check.lastTrades(rows, tokenIds));
  }
  time() {
    return this.http.request('GET', '/time', ServerTime);
  }
  version() {
    return this.http.request('GET', '/version', VersionInfo);
  }
  async book(tokenId: string) {
    const b = await this.http.request('GET', '/book', Book, { query: { token_id: tokenId }, budgets: [BUDGETS.tradingBook] });
    // Venues list levels in either order (the service family best-last): the app reads them best first.
    return bookBestFirst(sameRecord(b, 'book of token', tokenId, b.asset_id));
  }
  pricesHistory(q: { market: string; startTs?: number; endTs?: number; fidelity?: number }) {
    return this.http.request('GET', '/prices-history', PricesHistory, { query: q, budgets: [BUDGETS.tradingPricesHistory] });
  }
  tickSize(tokenId: string) {
    return this.http.request('GET', '/tick-size', z.looseObject({ minimum_tick_size: z.number() }), { query: { token_id: tokenId } });
  }
  negRisk(tokenId: string) {
    return this.http.request('GET', '/neg-risk', z.looseObject({ neg_risk: z.boolean() }), { query: { token_id: tokenId } });
  }
  feeRate(tokenId: string) {
    return this.http.request('GET', '/fee-rate', z.looseObject({ base_fee: z.number() }), { query: { token_id: tokenId } });
  }
  /** L1: create (or fetch) the API key of a wallet; `headers` are the signed ClobAuth headers. */
  createApiKey(headers: Record<string, string>) {
    return this.http.request('POST', '/auth/api-key', ApiKeyCreds, { headers: () => headers });
  }
  deriveApiKey(headers: Record<string, string>) {
    return this.http.request('GET', '/auth/derive-api-key', ApiKeyCreds, { headers: () => headers });
  }
  /** Sent once, never retried: a lost answer is an AnswerLostError for the caller to reconcile. */
  postOrders(items: unknown[], sign: RequestSigner) {
    return this.http.request('POST', '/orders', list(OrderResult), { body: items, headers: sign, idempotent: false, units: items.length, budgets: [BUDGETS.orderBurst, BUDGETS.orderSustained] });
  }
  cancel(orderIds: string[], sign: RequestSigner) {
    return this.http.request('DELETE', '/orders', CancelResult, { body: orderIds, headers: sign, idempotent: false, units: Math.max(1, orderIds.length), budgets: [BUDGETS.cancelBurst, BUDGETS.cancelSustained] });
  }
  cancelAll(sign: RequestSigner) {
    return this.http.request('DELETE', '/cancel-all', CancelResult, { headers: sign, idempotent: false });
  }
  openOrders(sign: RequestSigner, q: QueryFor<'trading GET /data/orders'> = {}) {
    return this.http.request('GET', '/data/orders', OpenOrdersPage, { query: q, headers: sign });
  }
  balance(sign: RequestSigner) {
    return this.http.request('GET', '/balance-allowance', BalanceAllowance, { headers: sign });
  }
  /** A resolved market's tokens into cash. Sent once, never retried: a lost answer is an AnswerLostError. */
  redeem(conditionId: string, sign: RequestSigner) {
    return this.http.request('POST', '/redeem', RedeemAnswer, { body: { conditionId }, headers: sign, idempotent: false });
  }
}

export interface Clients {
  catalog: CatalogClient;
  data: DataClient;
  trading: TradingClient;
  limiter: Limiter;
}

export function createClients(urls: VenueUrls, opts: HttpDeps = {}): Clients {
  const limiter = opts.limiter ?? new Limiter();
  const deps = { ...opts, limiter };
  return {
    catalog: new CatalogClient(new SurfaceHttp(urls.catalogUrl, BUDGETS.catalogAll, deps)),
    data: new DataClient(new SurfaceHttp(urls.dataUrl, BUDGETS.dataAll, deps)),
    trading: new TradingClient(new SurfaceHttp(urls.tradingUrl, BUDGETS.tradingAll, deps)),
    limiter,
  };
}
