// The synced catalog kept current between full syncs: every few seconds while a screen showing
// markets is in sight (it watches their live prices), what changed on the venue since the last
// look (changes.ts) is written over the cached rows. A market that closed, resolved or opened, or
// that the catalog had not synced, is named at once in `markets.status`; moved figures (volume,
// liquidity, prices) make the screens showing them ask again, at most every FIGURES_EVERY. The
// reads resting on a changed row are expired. A window out of sight asks nothing.
import { resolutionOf } from '@shared/domain/resolution.js';
import type { CallName } from '@shared/ipc/contract.js';
import type { CachedMarket } from '../../cache/index.js';
import type { CoreContext } from '../../context.js';
import type { Session } from '../../session.js';
import { readChanges, stampOf, type ChangeKind, type Changes, type Marks } from './changes.js';

/** How often the venue is asked: a change shows on every screen within this. */
export const WATCH_EVERY = 4_000;
/** Screens showing moved figures (not standings) ask again at most this often: a list rebuilt every pass would cost more than it tells. */
export const FIGURES_EVERY = 10_000;
/** The keys under which screens watch live prices (domains/live/live.ts). */
const SCREEN_WATCH = 'screen:';

/** What shows a market's standing or its catalog figures. */
export const CATALOG_SCREENS: readonly CallName[] = ['markets.list', 'markets.search', 'markets.get', 'events.outcomes', 'events.browse', 'watchlist.list'];

export interface CatalogWatchOptions {
  /** `false` turns the watch off; `everyMs` is WATCH_EVERY unless said. */
  statusWatch?: false | { everyMs?: number };
}

interface Row {
  active?: boolean | undefined;
  acceptingOrders?: boolean | undefined;
  closed?: boolean | undefined;
  archived?: boolean | undefined;
  outcomes?: readonly unknown[] | undefined;
  outcomePrices?: readonly unknown[] | undefined;
}

/** What a screen shows of a market's standing: open (taking orders or paused) or ended, archived, and its winner. */
const standing = (m: Row | undefined): string => {
  if (!m) return '';
  const winner = m.closed ? resolutionOf({ catalog: { closed: true, outcomes: m.outcomes ?? [], outcomePrices: m.outcomePrices ?? [] } }).winner : undefined;
  return `${m.active === true}|${m.acceptingOrders !== false}|${m.closed === true}|${m.archived === true}|${winner ?? ''}`;
};

const idOf = (item: unknown): string => String((item as { id?: unknown }).id ?? '');
const keptStamp = (raw: unknown): number | undefined => stampOf(raw);

export interface Applied {
  /** Condition ids (lower case) whose standing changed, or that the catalog did not hold. */
  standings: string[];
  /** Markets and events written over their rows, standings included. */
  changed: number;
}

/** Writes what changed over the cached rows; items stamped as their rows are were read again and change nothing. */
export function applyChanges(s: Session, changes: Changes): Applied {
  const fresh = (kind: ChangeKind, item: unknown): boolean => {
    const kept = kind === 'markets' ? s.cache.market(idOf(item))?.raw : s.cache.event(idOf(item))?.raw;
    return kept === undefined || keptStamp(kept) !== stampOf(item);
  };
  const events = changes.items.events.filter((e) => fresh('events', e));
  const markets = changes.items.markets.filter((m) => fresh('markets', m));
  if (events.length > 0) s.cache.ingest('events', events);
  const before = new Map<string, CachedMarket | undefined>(markets.map((m) => [idOf(m), s.cache.market(idOf(m))]));
  if (markets.length > 0) s.cache.ingest('markets', markets);
  const standings: string[] = [];
  for (const [id, old] of before) {
    const now = s.cache.market(id);
    if (!now) continue;
    if (standing(old) !== standing(now)) {
      standings.push(now.conditionId.toLowerCase());
      // The market page's standing reads the trading surface first: that answer is old now too.
      for (const cid of new Set([now.conditionId, now.conditionId.toLowerCase()])) s.expire('trading', `/markets/${cid}`, {});
    }
    expireReadsOf(s, now, old);
  }
  return { standings, changed: events.length + markets.length };
}

/** The answers that rest on a market's old row: its event's listing, its own catalog reads. */
function expireReadsOf(s: Session, m: CachedMarket, old: CachedMarket | undefined): void {
  for (const id of new Set([...m.eventIds, ...(old?.eventIds ?? [])])) s.expireReads('catalog', '/markets', { event_id: id });
  s.expireReads('catalog', '/markets', { conditionId: m.conditionId.toLowerCase() });
  if (m.slug) s.expire('catalog', `/markets/slug/${m.slug}`, {});
}

/** Per session: the marks, and when screens were last told of moved figures. */
export interface WatchState {
  marks: Marks;
  toldFiguresAt: number;
  /** Figures moved since screens were last told. */
  untold: boolean;
}

export function newWatchState(): WatchState {
  return { marks: {}, toldFiguresAt: -Infinity, untold: false };
}

/** The raw listing page of a kind, newest update first. */
export function readPage(s: Session) {
  return async (kind: ChangeKind, page: { limit: number; offset: number }): Promise<unknown[]> => {
    await s.screenReadsDone();
    const rows = await s.clients.catalog.http.raw('GET', `/${kind}`, { query: { limit: page.limit, offset: page.offset, order: 'updatedAt', ascending: false } });
    if (!Array.isArray(rows)) throw new Error(`${kind} listing: expected an array, got ${typeof rows}`);
    return rows;
  };
}

/** Whether a screen wants the watch now. */
export function screenInSight(s: Session): boolean {
  return s.isOpen && s.live.watching(SCREEN_WATCH) && s.cache.count('markets') > 0;
}

/**
 * One pass: reads and applies what changed, tells the screens. Returns whether a full sync is
 * due (more changed than a pass reads).
 */
export async function watchPass(ctx: CoreContext, s: Session, st: WatchState): Promise<{ overflow: boolean; requests: number; applied: Applied }> {
  const changes = await readChanges(readPage(s), st.marks);
  if (!s.isOpen) return { overflow: false, requests: changes.requests, applied: { standings: [], changed: 0 } };
  const applied = applyChanges(s, changes);
  // An overflowed kind keeps its mark (the full sync due takes new ones): never a mark past what was read.
  st.marks = changes.marks;
  if (applied.standings.length > 0 && !ctx.closing()) ctx.emit('markets.status', { conditionIds: applied.standings });
  if (applied.changed > applied.standings.length) st.untold = true;
  const now = ctx.clock.now();
  // A standing told refreshes the same screens: the figures went with it.
  if (applied.standings.length > 0) {
    st.untold = false;
    st.toldFiguresAt = now;
  } else if (st.untold && now - st.toldFiguresAt >= FIGURES_EVERY && !ctx.closing()) {
    st.untold = false;
    st.toldFiguresAt = now;
    ctx.emit('calls.stale', { names: [...CATALOG_SCREENS] });
  }
  return { overflow: changes.overflow, requests: changes.requests, applied };
}
