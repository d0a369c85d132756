// The catalog sync: every market, event, series and tag into the profile's cache, page by page,
// with progress pushed to the renderer, on the first run and after a reset or a gap; between
// full syncs, the catalog watch (catalog-watch.ts) keeps it current from what changed. One full
// pass at a time per profile, and no watch pass during one.
import { CATALOG_KINDS, type CatalogKind } from '../../cache/index.js';
import { probeRoute } from '../../capabilities.js';
import { HttpStatusError } from '../../http/errors.js';
import { perSession, type Session } from '../../session.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import { newWatchState, readPage, screenInSight, watchPass, WATCH_EVERY, type CatalogWatchOptions } from './catalog-watch.js';
import { readChanges, UnorderedListing } from './changes.js';

export type { CatalogWatchOptions } from './catalog-watch.js';

const SYNC_EVERY = 10 * 60_000;
const KINDS = ['markets', 'events', 'series', 'tags'] as const;

export function syncDomain(ctx: CoreContext, opts: CatalogWatchOptions = {}) {
  const stateOf = perSession(() => ({
    running: undefined as Promise<void> | undefined,
    lastSyncAt: undefined as number | undefined,
    watch: newWatchState(),
    /** Why the watch cannot run on this venue, once found out: full syncs only then. */
    unwatchable: undefined as string | undefined,
  }));

  const status = (s: Session) => {
    const st = stateOf(s);
    return {
      running: st.running !== undefined,
      kinds: KINDS.map((kind) => ({ kind, done: s.cache.count(kind), complete: st.lastSyncAt !== undefined })),
      ...(st.lastSyncAt !== undefined ? { lastSyncAt: st.lastSyncAt } : {}),
    };
  };

  const start = (s: Session, force = false) => {
    const st = stateOf(s);
    // One sync at a time, and none again within SYNC_EVERY of a complete pass: every window
    // asks on load, and a full pass per page load would steal the first paint.
    if (st.running || (!force && st.lastSyncAt && ctx.clock.now() - st.lastSyncAt < SYNC_EVERY)) return;
    // Started while the embedded venue starts, it waits for it rather than fail at once.
    st.running = Promise.resolve(s.venueStarting())
      .then(() => syncKinds(s))
      .then(async (kinds) => {
        await markNewest(s);
        return kinds;
      })
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
        ctx.collectGarbage();
      })
      .catch((err: unknown) => {
        if (s.isOpen && !ctx.closing()) ctx.log.warn('catalog sync stopped', { error: err instanceof Error ? err.message : String(err) });
      })
      .finally(() => {
        st.running = undefined;
      });
  };

  /**
   * The newest stamps before a full sync reads a page: the watch's passes after it start there,
   * so a change the sync read past is still found. A venue whose listing cannot be watched says so once.
   */
  const markNewest = async (s: Session): Promise<void> => {
    const st = stateOf(s);
    // A venue switched away from meanwhile: nothing more is asked of it.
    if (st.unwatchable || !s.isOpen) return;
    try {
      st.watch.marks = (await readChanges(readPage(s), {})).marks;
    } catch (err) {
      if (!(err instanceof UnorderedListing)) throw err;
      st.unwatchable = err.message;
      ctx.log.warn('catalog changes are read by full syncs only', { reason: err.message });
    }
  };

  const every = opts.statusWatch === false ? undefined : (opts.statusWatch?.everyMs ?? WATCH_EVERY);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let passing: Promise<void> | undefined;
  let stopped = false;

  const pass = async (): Promise<void> => {
    const s = ctx.session();
    const st = stateOf(s);
    // Before the first full sync there is nothing to keep current, and during one it reads it all.
    if (st.unwatchable || st.running || st.lastSyncAt === undefined || !screenInSight(s)) return;
    try {
      const r = await watchPass(ctx, s, st.watch);
      if (r.overflow && s.isOpen && !ctx.closing()) start(s, true);
    } catch (err) {
      const e = err as { name?: string; message?: string };
      if (err instanceof UnorderedListing) {
        st.unwatchable = err.message;
        ctx.log.warn('catalog changes are read by full syncs only', { reason: err.message });
      } else if (!stopped && !ctx.closing() && e?.name !== 'NetworkError' && s.isOpen) {
        // The venue may be away or starting: the next pass asks again.
        ctx.log.warn('reading catalog changes failed', { error: e?.message ?? String(err) });
      }
    }
  };
  const schedule = (): void => {
    if (stopped || every === undefined) return;
    timer = setTimeout(() => {
      passing = pass().finally(() => {
        passing = undefined;
        schedule();
      });
    }, every);
    // Never the reason a process stays up.
    timer.unref?.();
  };

  /** After a cache reset the catalog is gone: the next start syncs at once. */
  const forget = (s: Session): void => {
    const st = stateOf(s);
    st.lastSyncAt = undefined;
    st.watch = newWatchState();
  };

  const handlers: HandlersOf<'sync.start' | 'sync.status'> = {
    'sync.start': () => {
      const s = ctx.session();
      start(s);
      return status(s);
    },
    'sync.status': () => status(ctx.session()),
  };
  return {
    name: 'sync',
    handlers,
    forget,
    start: schedule,
    /** Stops the watch; returns the pass under way, if one is. */
    stop(): Promise<void> | undefined {
      stopped = true;
      if (timer) clearTimeout(timer);
      return passing;
    },
  };
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
