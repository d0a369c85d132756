// The markets domain: the catalog (markets, events, series, tags, comments, traders) as synced
// and as the venue answers it, prices and books, charts, 24h changes, where each market stands.
// (What changes in the catalog between syncs is the sync domain's watch.)
import type { CoreContext } from '../../context.js';
import type { PriceReadings } from '../../readings.js';
import type { Domain } from '../../registrar.js';
import type { Session } from '../../session.js';
import { catalogService } from './catalog.js';
import { marketChangesService } from './market-changes.js';
import { marketsService } from './markets.js';
import { pricesService } from './prices.js';
import { resolutionService } from './resolution.js';

export type { Markets } from './markets.js';

export interface MarketsDomainDeps {
  /** Every price read is published here (price alerts listen). */
  readings: PriceReadings;
  /** The watchlist's markets (the list's "Watchlist only"). */
  watchlist: { watchedMarkets(s: Session): Promise<string[]> };
}

export function marketsDomain(ctx: CoreContext, deps: MarketsDomainDeps) {
  const prices = pricesService(ctx);
  const markets = marketsService(ctx, {
    onPrices: (seen, s) => {
      prices.note(s, seen);
      deps.readings.publish(seen, s);
    },
    onBook: (s, tokenId, book, at) => prices.noteBook(s, tokenId, book, at),
    watched: (s) => deps.watchlist.watchedMarkets(s),
  });
  const resolution = resolutionService(ctx);
  const domain: Domain = {
    name: 'markets',
    handlers: { ...markets.handlers, ...prices.handlers, ...catalogService(ctx, markets).handlers, ...marketChangesService(ctx).handlers, ...resolution.handlers },
  };
  return { ...domain, livePrice: prices.livePrice, market: markets.market, labeller: markets.labeller, bestPrices: markets.bestPrices, resolutions: resolution.resolutions };
}
