// Browsing beyond markets: events, series, tags, comments and the leaderboard — reads through
// the cache, each as the venue pages it (one trader's standing is the traders domain's).
import { formatMicros, parseMicros } from '@shared/domain/money.js';
import type { EventMarket } from '@shared/spec/index.js';
import { sameRecord } from '../../clients/same-record.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import type { Markets } from './markets.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';
import { findService } from './find.js';

export function catalogService(ctx: CoreContext, markets: Markets) {
  const handlers: HandlersOf<'events.list' | 'events.get' | 'series.list' | 'tags.list' | 'comments.list' | 'comments.byUser' | 'leaderboard.list'> = {
    'events.list': (a) => {
      const s = ctx.session();
      const q = { limit: a.limit, offset: a.offset, ...(a.active !== undefined ? { active: a.active } : {}), ...(a.tagId ? { tag_id: a.tagId } : {}), ...(a.seriesSlug ? { series_slug: a.seriesSlug } : {}) };
      return s.cached('catalog', '/events', q, FRESH.catalog, () => s.clients.catalog.events(q));
    },
    'events.get': async ({ idOrSlug }) => {
      const s = ctx.session();
      // /events has no id parameter: numeric ids (list rows, search hits) resolve through the
      // synced catalog to a slug.
      const byId = /^\d+$/.test(idOrSlug);
      const slug = byId ? s.cache.event(idOrSlug)?.slug : idOrSlug;
      if (!slug) throw new AppError('NOT_FOUND', `event ${idOrSlug} is not in the local catalog yet; let the sync finish or open it by slug`);
      const r = await s.cached('catalog', '/events', { slug }, FRESH.catalog, async () => {
        const [e] = await s.clients.catalog.events({ slug, limit: 1 });
        if (!e) throw new AppError('NOT_FOUND', `no event ${slug}`);
        return sameRecord(e, 'event', slug, e.slug);
      });
      if (byId) sameRecord(r.data, 'event', idOrSlug, r.data.id);
      return { ...r, data: { ...r.data, ...(r.data.markets ? { markets: await withPrices(s, markets, r.data.markets) } : {}) } };
    },
    'series.list': (a) => {
      const s = ctx.session();
      return s.cached('catalog', '/series', a, FRESH.catalog, () => s.clients.catalog.series(a));
    },
    'tags.list': (a) => {
      const s = ctx.session();
      return s.cached('catalog', '/tags', a, FRESH.catalog, () => s.capabilities.use('tags', () => s.clients.catalog.tags(a)));
    },
    'comments.list': (a) => {
      const s = ctx.session();
      const q = { parent_entity_type: a.parentType, parent_entity_id: a.parentId, holders_only: a.holdersOnly, limit: a.limit, offset: a.offset };
      return s.cached('catalog', '/comments', q, FRESH.catalog, () => s.clients.catalog.comments(q));
    },
    'comments.byUser': (a) => {
      const s = ctx.session();
      const user = a.address.toLowerCase();
      return s.cached('catalog', `/comments/user_address/${user}`, { limit: a.limit, offset: a.offset }, FRESH.catalog, () => s.clients.catalog.commentsByUser(user, { limit: a.limit, offset: a.offset }));
    },
    'leaderboard.list': (a) => {
      const s = ctx.session();
      return s.cached('data', '/v1/leaderboard', a, FRESH.data, () => s.clients.data.leaderboard(a));
    },
  };
  return { handlers: { ...handlers, ...findService(ctx, markets).handlers } };
}

/**
 * Event markets as the spec shows them carry no prices: each takes its outcome prices from the
 * synced catalog, else from the venue's price map (the middle of best bid and ask, or the one
 * side there is), else its last trades. A market whose prices cannot be had is left as it is.
 */
async function withPrices(s: Session, service: Markets, markets: EventMarket[]): Promise<EventMarket[]> {
  const fromCatalog = (m: EventMarket) => (m.id ? s.cache.market(m.id)?.outcomePrices : undefined);
  const missing = markets.filter((m) => !m.outcomePrices?.length && !fromCatalog(m)?.length);
  const tokens = [...new Set(missing.flatMap((m) => m.clobTokenIds ?? []))].sort();
  const [quotes, last] = await Promise.all([
    service.bestPrices(s, tokens),
    tokens.length
      ? s.cached('trading', '/last-trades-prices', { tokens: tokens.join(',') }, FRESH.prices, () => s.clients.trading.lastTradesPrices(tokens)).then((r) => new Map(r.data.map((x) => [x.token_id, x.price])), () => new Map<string, string>())
      : new Map<string, string>(),
  ]);
  return markets.map((m) => {
    if (m.outcomePrices?.length) return m;
    const kept = fromCatalog(m);
    if (kept?.length) return { ...m, outcomePrices: kept };
    const prices = (m.clobTokenIds ?? []).map((t) => middle(quotes[t]) ?? last.get(t));
    return prices.length && prices.every((p): p is string => p !== undefined) ? { ...m, outcomePrices: prices } : m;
  });
}

/** The middle of best bid and best ask, exactly; one side when only one is there. */
function middle(q: { BUY?: string; SELL?: string } | undefined): string | undefined {
  const bid = q?.BUY !== undefined ? parseMicros(q.BUY) : null;
  const ask = q?.SELL !== undefined ? parseMicros(q.SELL) : null;
  if (bid !== null && ask !== null) return formatMicros((bid + ask) / 2n);
  const one = bid ?? ask;
  return one === null ? undefined : formatMicros(one);
}
