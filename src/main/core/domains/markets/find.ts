// Finding things: every event of the synced catalog (searched, filtered, sorted), an event's
// outcomes, every series and tag with their counts. Answered from the cache once the catalog
// has synced; before that, from the venue's own listings one page at a time.
import type { CallArgs, CallOutput } from '@shared/ipc/contract.js';
import type { EventRow, SeriesRow, TagRow } from '@shared/ipc/find.js';
import type { Event } from '@shared/spec/index.js';
import { notOfferedMessage } from '../../capabilities.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';
import { eventOutcomes } from './event-outcomes.js';
import type { Markets } from './markets.js';

type Stamp = { fetchedAt: number; stale: boolean; ageMs: number };

/**
 * How old a local answer is: a one-market read, at most once per freshness window (the same one
 * the markets list makes), tells whether the venue still answers; when it does not, the answer
 * is stamped with the last time the catalog was written.
 */
async function localStamp(s: Session, now: number): Promise<Stamp> {
  try {
    const r = await s.cached('catalog', '/markets', { limit: 1 }, FRESH.catalog, () => s.clients.catalog.markets({ limit: 1 }));
    return { fetchedAt: r.fetchedAt, stale: r.stale, ageMs: r.ageMs };
  } catch (err) {
    if ((err as { name?: string }).name !== 'NetworkError') throw err;
    const at = s.cache.catalogSeenAt() ?? 0;
    return { fetchedAt: at, stale: true, ageMs: now - at };
  }
}

const flagsOf = (e: { active?: boolean | undefined; closed?: boolean | undefined; archived?: boolean | undefined }): EventRow['status'] =>
  e.archived ? 'archived' : e.closed ? 'closed' : e.active ? 'open' : 'inactive';

function venueEventRow(e: Event): EventRow {
  return {
    id: String(e.id),
    ...(e.slug ? { slug: e.slug } : {}),
    title: String(e.title ?? e.slug ?? e.id),
    negRisk: e.negRisk === true,
    markets: e.markets?.length ?? 0,
    ...(e.volume !== undefined ? { volume: e.volume } : {}),
    ...(e.liquidity !== undefined ? { liquidity: e.liquidity } : {}),
    ...(e.endDate ? { endDate: String(e.endDate) } : {}),
    ...(e.createdAt ? { createdAt: String(e.createdAt) } : {}),
    status: flagsOf(e),
  };
}

/** Before the first sync: one page of the venue's events, by the venue's own columns where it sorts by them. */
async function venueEvents(s: Session, f: CallArgs<'events.browse'>): Promise<CallOutput<'events.browse'>> {
  const seriesSlug = f.seriesId ? s.cache.seriesSlug(f.seriesId) : undefined;
  const order = f.sort === 'endDate' ? 'endDate' : f.sort === 'createdAt' ? 'createdAt' : f.sort === 'title' ? 'title' : 'id';
  const q = {
    limit: Math.min(100, f.limit),
    offset: f.offset,
    ...(f.status === 'active' ? { active: true, closed: false } : f.status === 'closed' ? { closed: true } : f.status === 'archived' ? { archived: true } : {}),
    ...(f.tagId ? { tag_id: f.tagId } : {}),
    ...(seriesSlug ? { series_slug: seriesSlug } : {}),
    order,
    ascending: f.ascending,
  };
  const r = await s.cached('catalog', '/events', q, FRESH.catalog, () => s.clients.catalog.events(q));
  const words = (f.query ?? '').trim().toLowerCase();
  let rows = r.data.map(venueEventRow).filter((e) => (words === '' || e.title.toLowerCase().includes(words)) && (f.negRisk === undefined || e.negRisk === f.negRisk) && (!f.id || e.id === f.id));
  // The venue sorts only by its own columns; the money sorts rank this page.
  const by = f.sort === 'volume' || f.sort === 'liquidity' || f.sort === 'volume24hr' ? f.sort : undefined;
  if (by) rows = rows.sort((a, b) => (f.ascending ? 1 : -1) * ((a[by] ?? 0) - (b[by] ?? 0)));
  const more = r.data.length === q.limit ? 1 : 0;
  return { ...r, data: { rows, total: f.offset + rows.length + more } };
}

export function findService(ctx: CoreContext, markets: Markets) {
  const handlers: HandlersOf<'events.browse' | 'events.outcomes' | 'series.browse' | 'tags.browse'> = {
    'events.browse': async (f) => {
      const s = ctx.session();
      if (s.cache.count('events') === 0) return venueEvents(s, f);
      const stamp = await localStamp(s, ctx.clock.now());
      return { data: s.cache.listEvents(f), ...stamp };
    },
    'events.outcomes': ({ idOrSlug }) => eventOutcomes(ctx.session(), markets, idOrSlug, ctx.clock.now()),
    'series.browse': async (f) => {
      const s = ctx.session();
      if (s.cache.count('series') > 0) return { data: s.cache.listSeries(f), ...(await localStamp(s, ctx.clock.now())) };
      const q = { limit: Math.min(100, f.limit), offset: f.offset };
      const r = await s.cached('catalog', '/series', q, FRESH.catalog, () => s.clients.catalog.series(q));
      const rows: SeriesRow[] = r.data.map((x) => ({
        id: String(x.id),
        ...(x.slug ? { slug: x.slug } : {}),
        title: String(x.title ?? x.slug ?? x.id),
        ...(x.recurrence ? { recurrence: x.recurrence } : {}),
        events: x.events?.length ?? 0,
        openEvents: (x.events ?? []).filter((e) => e.active && !e.closed).length,
      }));
      return { ...r, data: { rows, total: f.offset + rows.length + (r.data.length === q.limit ? 1 : 0) } };
    },
    'tags.browse': async (f) => {
      const s = ctx.session();
      // A venue without GET /tags (venue-profile E) lists none: said in words, not as an empty list.
      if (!s.capabilities.mayHave('tags')) throw new AppError('NOT_OFFERED', notOfferedMessage('tags'));
      if (s.cache.count('tags') > 0) return { data: s.cache.listTags(f), ...(await localStamp(s, ctx.clock.now())) };
      const q = { limit: Math.min(100, f.limit), offset: f.offset };
      const r = await s.cached('catalog', '/tags', q, FRESH.catalog, () => s.capabilities.use('tags', () => s.clients.catalog.tags(q)));
      // Counts come with the sync; until then the venue's tags are listed without them.
      const rows: TagRow[] = r.data.filter((t) => t.id).map((t) => ({ id: String(t.id), label: String(t.label ?? t.slug ?? t.id), ...(t.slug ? { slug: t.slug } : {}), markets: 0, openMarkets: 0, events: 0 }));
      return { ...r, data: { rows, total: f.offset + rows.length + (r.data.length === q.limit ? 1 : 0) } };
    },
  };
  return { handlers };
}
