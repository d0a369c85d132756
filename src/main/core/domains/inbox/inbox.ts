// The inbox: every notice raised (fills, resolutions, alerts, followed traders, the embedded venue
// stopping and coming back) kept in the active profile's user data with its time and read state.
// The core's `emit` hands each `notices.raised` here (index.ts), so no domain raises one that the
// inbox does not keep: it is kept first, then pushed with its id — and marked `quiet` during the
// quiet hours, when the desktop shows no OS notification for it.
import type { CallOutput, EventName, EventPayload } from '@shared/ipc/contract.js';
import type { LocalVenue, LocalVenueStatus } from '../../ports.js';
import { perSession, type Session } from '../../session.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import { cachedMarkets } from '../markets/catalog-reads.js';
import { isQuiet } from './quiet.js';
import { InboxStore } from './store.js';

export interface InboxDeps {
  /** Pushes an event to the windows as is (the host's own emit, not the core's: that one hands notices here). */
  push<N extends EventName>(name: N, payload: EventPayload<N>): void;
  /** The embedded venue the host started: its stopping and running again are notices. */
  localVenue?: LocalVenue | undefined;
}

export type Inbox = ReturnType<typeof inboxDomain>;

export function inboxDomain(ctx: CoreContext, deps: InboxDeps) {
  const store = perSession((s) => s.user.store((db) => new InboxStore(db)));

  /** Keeps the notice in the active profile's inbox, then pushes it (and the new unread count). */
  const raise = (raised: EventPayload<'notices.raised'>): void => {
    const { id: _id, quiet: _quiet, ...notice } = raised;
    const s = ctx.session();
    let id: number | undefined;
    let unread: number | undefined;
    try {
      if (s.isOpen) {
        id = store(s).keep(notice);
        unread = store(s).unread();
      }
    } catch (err) {
      // Not kept is no reason to keep it from the screens.
      ctx.log.warn('a notice could not be kept in the inbox', { kind: notice.kind, error: err instanceof Error ? err.message : String(err) });
    }
    const quiet = isQuiet(ctx.prefs.get().quietHours, ctx.clock.now());
    deps.push('notices.raised', { ...notice, ...(id !== undefined ? { id } : {}), ...(quiet ? { quiet } : {}) });
    if (unread !== undefined) deps.push('notices.changed', { unread });
  };

  /** The market each notice opens, by the local catalog's id (a market page is opened by it). */
  const withRefs = (s: Session, items: ReturnType<InboxStore['list']>): CallOutput<'notices.list'>['items'] => {
    const cids = [...new Set(items.flatMap((n) => (n.conditionId ? [n.conditionId.toLowerCase()] : [])))];
    const listed = cachedMarkets(s, cids);
    return items.map((n) => {
      const ref = n.conditionId ? listed.get(n.conditionId.toLowerCase())?.id : undefined;
      return ref ? { ...n, marketRef: ref } : n;
    });
  };

  const handlers: HandlersOf<'notices.list' | 'notices.markRead'> = {
    'notices.list': ({ unreadOnly, limit }) => {
      const s = ctx.session();
      const kept = store(s);
      return { items: withRefs(s, kept.list(limit, unreadOnly)), unread: kept.unread(), total: kept.total() };
    },
    'notices.markRead': (which) => {
      const s = ctx.session();
      const kept = store(s);
      const marked = kept.markRead(which, ctx.clock.now());
      const unread = kept.unread();
      if (marked > 0) deps.push('notices.changed', { unread });
      return { marked, unread };
    },
  };

  // The embedded venue stopping is said once, and its running again after that.
  let stopped = false;
  const onVenue = (st: LocalVenueStatus): void => {
    // Only while the embedded venue is the active profile's: another venue's user is not told of it.
    if (ctx.closing() || ctx.session().profile.kind !== 'local') return;
    const at = ctx.clock.now();
    if ((st.state === 'restarting' || st.state === 'down') && !stopped && st.reason !== 'restart asked for') {
      stopped = true;
      raise({ kind: 'venue', title: 'Local venue stopped', body: st.state === 'restarting' ? `${st.reason ?? 'it exited'}; starting it again` : (st.reason ?? 'it is down'), at });
    } else if (st.state === 'running' && stopped) {
      stopped = false;
      raise({ kind: 'venue', title: 'Local venue runs again', body: 'prices, orders and the portfolio are read from it again', at });
    }
  };
  let unsubscribe: (() => void) | undefined;

  return {
    name: 'inbox',
    handlers,
    raise,
    start: () => void (unsubscribe = deps.localVenue?.onStatus(onVenue)),
    stop: () => {
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
