// A few markets read from the synced catalog by condition id, and from the venue where the
// catalog lacks them (kept in the cache then): what the watchlist, alerts and 24h changes show.
import type { CatalogMarket } from '@shared/spec/index.js';
import type { CachedResult } from '../../cache/index.js';
import type { ListedMarket } from '../../cache/list.js';
import { FRESH } from '../../context.js';
import type { Session } from '../../session.js';

/** The synced catalog's rows of these markets (any status), by lower-case condition id. */
export function cachedMarkets(s: Session, conditionIds: readonly string[]): Map<string, ListedMarket> {
  if (conditionIds.length === 0) return new Map();
  const page = s.cache.listMarkets({ status: 'all', mirror: 'any', sort: 'volume24hr', ascending: false, limit: 500, offset: 0, conditionIds });
  return new Map(page.rows.map((r) => [r.conditionId.toLowerCase(), r]));
}

/**
 * Reads the markets the cache lacks from the venue by condition id and keeps them in the cache.
 * Best effort: a venue that cannot be reached leaves them as starred (their title kept).
 */
export async function ensureCached(s: Session, conditionIds: readonly string[]): Promise<void> {
  const have = cachedMarkets(s, conditionIds);
  for (const cid of conditionIds.filter((c) => !have.has(c.toLowerCase()))) await catalogMarket(s, cid).catch(() => undefined);
}

/** The venue's catalog record of one market, read by condition id (kept in the cache, and in its catalog). */
export function catalogMarket(s: Session, conditionId: string): Promise<CachedResult<CatalogMarket[]>> {
  const cid = conditionId.toLowerCase();
  return s.cached('catalog', '/markets', { conditionId: cid, limit: 1 }, FRESH.catalog, async () => {
    const rows = await s.clients.catalog.markets({ conditionId: cid, limit: 1 });
    const own = rows.filter((m) => String(m.conditionId).toLowerCase() === cid);
    s.cache.ingest('markets', own);
    return own;
  });
}
