// Browsing beyond markets: events, series, tags, comments, and the leaderboard — reads through
// the cache, each as the venue pages it.
import { sameRecord } from '../clients/same-record.js';
import { AppError } from '../router.js';
import { FRESH, type CoreContext, type HandlersOf } from './context.js';

export function catalogService(ctx: CoreContext) {
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
      return r;
    },
    'series.list': (a) => {
      const s = ctx.session();
      return s.cached('catalog', '/series', a, FRESH.catalog, () => s.clients.catalog.series(a));
    },
    'tags.list': (a) => {
      const s = ctx.session();
      return s.cached('catalog', '/tags', a, FRESH.catalog, () => s.clients.catalog.tags(a));
    },
    'comments.list': (a) => {
      const s = ctx.session();
      const q = { parent_entity_type: a.parentType, parent_entity_id: a.parentId, holders_only: a.holdersOnly, limit: a.limit, offset: a.offset };
      return s.cached('catalog', '/comments', q, FRESH.catalog, () => s.clients.catalog.comments(q));
    },
    'comments.byUser': (a) => {
      const s = ctx.session();
      return s.cached('catalog', `/comments/user_address/${a.address}`, { limit: a.limit, offset: a.offset }, FRESH.catalog, () => s.clients.catalog.commentsByUser(a.address, { limit: a.limit, offset: a.offset }));
    },
    'leaderboard.list': (a) => {
      const s = ctx.session();
      return s.cached('data', '/v1/leaderboard', a, FRESH.data, () => s.clients.data.leaderboard(a));
    },
  };
  return { handlers };
}
