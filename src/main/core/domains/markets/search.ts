// Search over the local full-text index, answered with what each hit's row shows: a market's
// price (the freshest the app has seen), 24h volume, end date and status; an event's sums; counts
// for series and tags; a trader's wallet; what a comment is on. The list's filters narrow it.
import type { CallArgs } from '@shared/ipc/contract.js';
import { SEARCH_HIT_KINDS, type SearchHit } from '@shared/ipc/find.js';
import { statusSql, type KindFilter, type SearchKind } from '../../cache/index.js';
import type { Session } from '../../session.js';

export function searchHits(s: Session, a: CallArgs<'markets.search'>): SearchHit[] {
  const kinds: readonly SearchKind[] = a.kinds ?? SEARCH_HIT_KINDS;
  const filters: Partial<Record<SearchKind, KindFilter>> = {};
  const market = s.cache.marketFilter({ status: a.status ?? 'all', tagId: a.tagId, eventId: a.eventId, seriesId: a.seriesId, mirror: a.mirror ?? 'any' });
  if (market) filters.markets = market;
  for (const kind of ['events', 'series'] as const) {
    const sql = statusSql(a.status, kind);
    if (sql) filters[kind] = { where: sql, args: [] };
  }
  const hits = a.perKind
    ? kinds.flatMap((k) => s.cache.search(a.query, { kinds: [k], limit: a.perKind, filters }))
    : s.cache.search(a.query, { kinds, limit: a.limit, filters });
  // The listed price stays the catalog's; screens show the token's freshest (`markets.prices`) over it.
  return s.cache.hitDetails(hits).map(({ tokens, price, ...h }) => ({ ...h, ...(price !== undefined ? { price } : {}), ...(tokens?.[0] ? { tokenId: tokens[0] } : {}) }) as SearchHit);
}
