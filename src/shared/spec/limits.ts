// The service's rate limits (spec §8, and venue-profile D for the data surface): one table that
// the venue enforces and the app's clients budget against.

export interface RateLimit {
  /** Shown in messages, e.g. "GET /markets". */
  name: string;
  limit: number;
  windowMs: number;
}

const TEN_S = 10_000;
const r = (name: string, limit: number, windowMs = TEN_S): RateLimit => ({ name, limit, windowMs });

export const RATE_LIMITS = {
  catalogAll: r('all catalog routes', 4000),
  catalogEvents: r('GET /events', 500),
  catalogMarkets: r('GET /markets', 300),
  catalogListings: r('event and market listings', 900),
  catalogTags: r('GET /tags', 200),
  catalogSearch: r('GET /public-search', 350),
  dataAll: r('all data routes', 1000),
  dataTrades: r('GET /trades', 200),
  dataPositions: r('GET /positions', 150),
  tradingAll: r('all trading routes', 5000),
  tradingBook: r('GET /book', 200),
  tradingPrices: r('POST /prices', 80),
  tradingPricesHistory: r('GET /prices-history', 100),
  tradingDataTrades: r('GET /data/trades', 150),
  orderBurst: r('POST /order (burst)', 2400),
  orderSustained: r('POST /order (sustained)', 24_000, 600_000),
  cancelBurst: r('DELETE /order (burst)', 2400),
  cancelSustained: r('DELETE /order (sustained)', 24_000, 600_000),
} as const;
