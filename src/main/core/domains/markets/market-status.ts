// Status changes (closed, resolved) reach every screen within seconds, not at the next catalog
// sync: every few seconds while a screen showing markets is in sight (it watches their live
// prices), the catalog's most recently updated closed markets are read (spec §4.2
// `GET /markets?closed=true&order=updatedAt` — parameters every venue takes), and a synced
// market whose status or result differs from its cached row is written over it; the event and
// market reads resting on the old row are expired and `markets.status` tells the screens. A
// window out of sight asks nothing.
import { resolutionOf } from '@shared/domain/resolution.js';
import type { CatalogMarket } from '@shared/spec/index.js';
import { perSession, type Session } from '../../session.js';
import type { CoreContext } from '../../context.js';

/** How often the venue is asked: a closed market shows as such on every screen within this. */
export const STATUS_EVERY = 4_000;
/** Closed markets read when the newest one changed, newest update first: more than close within one pass. */
export const STATUS_PAGE = 25;

/** The keys under which screens watch live prices (domains/live/live.ts). */
const SCREEN_WATCH = 'screen:';

export interface StatusOptions {
  /** `false` turns the status watch off; `everyMs` is 4 s unless said. */
  statusWatch?: false | { everyMs?: number };
}

interface Row {
  active?: boolean | undefined;
  closed?: boolean | undefined;
  archived?: boolean | undefined;
  outcomes?: readonly unknown[] | undefined;
  outcomePrices?: readonly unknown[] | undefined;
}

/** What a screen shows of a market's standing: open or ended, archived, and its winner. */
const standing = (m: Row): string => {
  const winner = m.closed ? resolutionOf({ catalog: { closed: true, outcomes: m.outcomes ?? [], outcomePrices: m.outcomePrices ?? [] } }).winner : undefined;
  return `${m.active === true}|${m.closed === true}|${m.archived === true}|${winner ?? ''}`;
};

/** Per session, the most recently updated closed market as last seen: while it stays, nothing closed since. */
const newestOf = perSession(() => ({ seen: undefined as string | undefined }));
const stamp = (m: CatalogMarket | undefined): string => (m ? `${String(m.id)}|${String(m.updatedAt ?? '')}|${standing(m)}` : '');

/**
 * One look at the venue's recently closed markets; the condition ids whose cached row it changed.
 * A pass asks for the newest one only, and reads more only when that changed. Markets the catalog
 * has not synced yet are left to the sync.
 */
export async function refreshStatuses(s: Session): Promise<string[]> {
  if (!s.isOpen || !s.live.watching(SCREEN_WATCH) || s.cache.count('markets') === 0) return [];
  await s.screenReadsDone();
  const last = newestOf(s);
  const [top] = await s.clients.catalog.markets({ closed: true, order: 'updatedAt', ascending: false, limit: 1 });
  if (stamp(top) === last.seen) return [];
  const rows = await s.clients.catalog.markets({ closed: true, order: 'updatedAt', ascending: false, limit: STATUS_PAGE });
  last.seen = stamp(top);
  const changed = rows.filter((m) => {
    const kept = s.cache.market(String(m.id));
    return kept !== undefined && kept.conditionId.toLowerCase() === String(m.conditionId).toLowerCase() && standing(kept) !== standing(m);
  });
  if (changed.length === 0 || !s.isOpen) return [];
  s.cache.ingest('markets', changed);
  for (const m of changed) expireReadsOf(s, m);
  return changed.map((m) => String(m.conditionId));
}

/** The answers that rest on the market's old row: its event's listing, its own catalog reads. */
function expireReadsOf(s: Session, m: CatalogMarket): void {
  const cid = String(m.conditionId).toLowerCase();
  for (const id of s.cache.market(String(m.id))?.eventIds ?? []) s.expireReads('catalog', '/markets', { event_id: id });
  s.expireReads('catalog', '/markets', { conditionId: cid });
  if (m.slug) s.expire('catalog', `/markets/slug/${String(m.slug)}`, {});
}

/** Runs `refreshStatuses` every few seconds for the active profile, one pass at a time, until stopped. */
export function marketStatusService(ctx: CoreContext, opts: StatusOptions) {
  const every = opts.statusWatch === false ? undefined : (opts.statusWatch?.everyMs ?? STATUS_EVERY);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const pass = async (): Promise<void> => {
    const s = ctx.session();
    try {
      const ids = await refreshStatuses(s);
      if (ids.length > 0 && s.isOpen && !ctx.closing()) ctx.emit('markets.status', { conditionIds: ids });
    } catch (err) {
      // The venue may be away or starting: the next pass asks again; nothing to tell each time.
      const e = err as { name?: string; message?: string };
      if (!stopped && !ctx.closing() && e?.name !== 'NetworkError' && s.isOpen) ctx.log.warn('reading market statuses failed', { error: e?.message ?? String(err) });
    }
  };
  const schedule = (): void => {
    if (stopped || every === undefined) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        schedule();
      });
    }, every);
    // Never the reason a process stays up.
    timer.unref?.();
  };
  return {
    start: schedule,
    /** Stops the timer; returns the pass under way, if one is. */
    stop(): Promise<void> | undefined {
      stopped = true;
      if (timer) clearTimeout(timer);
      return running;
    },
  };
}
