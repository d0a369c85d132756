// The catalog sync: every market, event, series and tag into the profile's cache, page by page,
// with progress pushed to the renderer. One pass at a time per profile.
import { CATALOG_KINDS, type CatalogKind } from '../../cache/index.js';
import { probeRoute } from '../../capabilities.js';
import { HttpStatusError } from '../../http/errors.js';
import { collectGarbage } from '../../../../native/memory.js';
import { perSession, type Session } from '../../session.js';
import type { CoreContext, HandlersOf } from '../../context.js';

const SYNC_EVERY = 10 * 60_000;
const KINDS = ['markets', 'events', 'series', 'tags'] as const;

export function syncDomain(ctx: CoreContext) {
  const stateOf = perSession(() => ({ running: undefined as Promise<void> | undefined, lastSyncAt: undefined as number | undefined }));

  const status = (s: Session) => {
    const st = stateOf(s);
    return {
      running: st.running !== undefined,
      kinds: KINDS.map((kind) => ({ kind, done: s.cache.count(kind), complete: st.lastSyncAt !== undefined })),
      ...(st.lastSyncAt !== undefined ? { lastSyncAt: st.lastSyncAt } : {}),
    };
  };

  const start = (s: Session) => {
    const st = stateOf(s);
    // One sync at a time, and none again within SYNC_EVERY of a complete pass: every window
    // asks on load, and a full pass per page load would steal the first paint.
    if (st.running || (st.lastSyncAt && ctx.clock.now() - st.lastSyncAt < SYNC_EVERY)) return;
    // Started while the embedded venue starts, it waits for it rather than fail at once.
    st.running = Promise.resolve(s.venueStarting())
      .then(() => syncKinds(s))
      .then((kinds) =>
        // Closing, it stops at its next page (the pages kept so far stay for the next start).
        s.cache.syncCatalog((kind, page) => (ctx.closing() ? Promise.reject(new Error('Kairos is closing')) : rawPage(s, kind, page)), {
          kinds,
          signal: s.signal,
          onProgress: (p) => {
            if (s.isOpen) ctx.emit('sync.progressed', { kind: p.kind, done: p.done, ...(p.total !== undefined ? { total: p.total } : {}), complete: p.complete });
          },
        }),
      )
      .then(() => {
        st.lastSyncAt = ctx.clock.now();
        collectGarbage();
      })
      .catch((err: unknown) => {
        if (s.isOpen && !ctx.closing()) ctx.log.warn('catalog sync stopped', { error: err instanceof Error ? err.message : String(err) });
      })
      .finally(() => {
        st.running = undefined;
      });
  };

  /** After a cache reset the catalog is gone: the next start syncs at once. */
  const forget = (s: Session): void => {
    stateOf(s).lastSyncAt = undefined;
  };

  const handlers: HandlersOf<'sync.start' | 'sync.status'> = {
    'sync.start': () => {
      const s = ctx.session();
      start(s);
      return status(s);
    },
    'sync.status': () => status(ctx.session()),
  };
  return { name: 'sync', handlers, forget };
}

/** Every catalog kind the venue lists: tags are an optional route (venue-profile E), asked about first. */
async function syncKinds(s: Session): Promise<CatalogKind[]> {
  if (s.capabilities.state('tags') === 'unknown') await probeRoute(s.clients, s.capabilities, 'tags');
  return CATALOG_KINDS.filter((k) => k !== 'tags' || s.capabilities.mayHave('tags'));
}

async function rawPage(s: Session, kind: string, page: { limit: number; offset: number }): Promise<unknown[]> {
  const path = kind === 'markets' ? '/markets' : kind === 'events' ? '/events' : kind === 'series' ? '/series' : kind === 'tags' ? '/tags' : undefined;
  if (!path) throw new HttpStatusError(400, `cannot sync ${kind}`);
  await s.screenReadsDone();
  // A stable ascending order, so offsets do not shift while the catalog grows.
  const order = kind === 'markets' || kind === 'events' ? { order: 'id', ascending: true } : {};
  return (await s.clients.catalog.http.raw('GET', path, { query: { limit: page.limit, offset: page.offset, ...order } })) as unknown[];
}
