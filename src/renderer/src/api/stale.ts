// What each push event makes stale, as contract calls: the one place events refresh screens.
// Mounted once at the root, so a screen that is not open is refreshed too — its answers are
// marked stale and asked again when it next shows them. A rule names whole calls, or one
// answer's key (a live price change refreshes that token's book, not every book), optionally
// spaced out (`everyMs`) with the last one always kept.
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CallName, CallOutput, EventName, EventPayload } from '@shared/ipc/contract';
import { keyOf, refetchNow, staleCalls, type CallKey } from './keys';
import { LiveBatch, windowTimers, withLiveQuotes, type BatchTimers, type LiveChange } from './live-changes';
import { notePrices, unlivePrices } from './prices';
import { getTransport, type Transport } from './transport';

/** What a rule may look at besides the event itself. */
export interface Seen {
  /** Milliseconds since an event last made this call stale; Infinity before the first time. */
  since(name: CallName): number;
  /** The most markets any cached markets list counts. */
  listedMarkets(): number;
}

/** The answers under `key` (a call and part of its input), at most once per `everyMs` when given. */
export interface StaleKey {
  key: CallKey;
  everyMs?: number;
}
export type Stale = CallName | StaleKey;

type Rule<E extends EventName> = readonly Stale[] | ((payload: EventPayload<E>, seen: Seen) => readonly Stale[]);
/** Every event has an entry, even if it changes no answer: a new event must say what it refreshes. */
export type StaleMap = { readonly [E in EventName]: Rule<E> };

export const ORDER_CALLS = ['orders.open', 'orders.journal'] as const satisfies readonly CallName[];
export const PORTFOLIO_CALLS = ['portfolio.positions', 'portfolio.balance', 'portfolio.trades', 'portfolio.history', 'portfolio.pnl'] as const satisfies readonly CallName[];

/**
 * What the venue answers (not the core's own stores): when the embedded venue comes back, every
 * one of them is asked again, so nothing read while it was down stays on screen as if current.
 */
export const VENUE_READS = [
  'markets.list', 'markets.get', 'markets.settings', 'markets.quotes', 'markets.book', 'markets.prices', 'markets.history', 'markets.trades', 'markets.holders',
  'events.list', 'events.get', 'series.list', 'tags.list', 'comments.list', 'comments.byUser', 'leaderboard.list', 'traders.following', 'venue.capabilities',
  ...ORDER_CALLS, ...PORTFOLIO_CALLS,
] as const satisfies readonly CallName[];

/** While the first sync fills the markets list, the list is asked again at most this often. */
export const LIST_REFRESH_MS = 3000;
/** Live trades refresh a market's recent trades at most this often. */
export const LIVE_TRADES_MS = 1000;
/**
 * A live trade's price goes into the markets list's rows at once (`withTradePrice`); the whole
 * list (its volumes and order) is asked again after trades at most this often. Asked again up to
 * every second, every loaded page was rebuilt in the core and re-rendered: 18 list calls a minute
 * with a market page open beside the list. The core's catalog watch tells the screens of moved
 * volumes itself (every 10 s at most), so trades add at most one more a minute.
 */
export const LIVE_LIST_MS = 60_000;

/**
 * Prices on screen (`markets.prices`) are asked again after a live change without its price at
 * most this often: a list of forty streaming rows repaints a few times a second, not once per change.
 */
export const LIVE_PRICES_MS = 300;
/**
 * A live change that carries its token's price shows it at once (live-changes.ts); the prices on
 * screen are still asked again after such changes at most this often, for the tokens a screen
 * shows beyond those it follows (as a screen polls where nothing streams). Asked again after
 * every change, a market page beside the list read the list's 200 prices ~150 times a minute.
 */
export const LIVE_PRICES_REREAD_MS = 5000;

/**
 * A live change of one token: its book, the prices on screen; with a fill, the trades and the
 * list too. Its market's quotes and its price are put in place from the change itself (`applyLive`).
 */
function liveChange(e: EventPayload<'market.live'>): Stale[] {
  const out: Stale[] = [{ key: keyOf('markets.prices'), everyMs: e.price ? LIVE_PRICES_REREAD_MS : LIVE_PRICES_MS }];
  if (e.bookChanged) out.push({ key: keyOf('markets.book', { tokenId: e.tokenId }) });
  if (e.lastTrade) {
    if (e.conditionId) out.push({ key: keyOf('markets.trades', { conditionId: e.conditionId }), everyMs: LIVE_TRADES_MS });
    out.push({ key: keyOf('markets.list'), everyMs: LIVE_LIST_MS });
  }
  return out;
}

type ListAnswer = CallOutput<'markets.list'>;

/**
 * A markets list answer (one call's, or a paged list's pages) with `tokenId`'s price set to a
 * trade's, as the core shows live trades in the rows it answers; the same object when no row
 * lists the token or the price is already there.
 */
export function withTradePrice<T>(answer: T, tokenId: string, price: string): T {
  const one = (a: ListAnswer): ListAnswer => {
    let changed = false;
    const rows = a.data.rows.map((r) => {
      const i = r.clobTokenIds.indexOf(tokenId);
      if (i < 0 || i >= r.outcomePrices.length || r.outcomePrices[i] === price) return r;
      changed = true;
      return { ...r, outcomePrices: r.outcomePrices.map((p, j) => (j === i ? price : p)) };
    });
    return changed ? { ...a, data: { ...a.data, rows } } : a;
  };
  if (answer === null || typeof answer !== 'object') return answer;
  const paged = answer as Partial<InfiniteData<ListAnswer>>;
  if (Array.isArray(paged.pages)) {
    const pages = paged.pages.map(one);
    return pages.some((p, i) => p !== paged.pages?.[i]) ? ({ ...paged, pages } as T) : answer;
  }
  const single = answer as Partial<ListAnswer>;
  return Array.isArray(single.data?.rows) ? (one(single as ListAnswer) as T) : answer;
}

export const STALE: StaleMap = {
  'sync.progressed': (e, seen) => {
    if (e.kind !== 'markets') return [];
    const finished = e.complete || (e.total !== undefined && e.done >= e.total);
    // Once the list counts all the sync has seen, a later pass has nothing to add until it ends.
    const growing = e.done > seen.listedMarkets() && seen.since('markets.list') > LIST_REFRESH_MS;
    if (!finished && !growing) return [];
    return e.complete ? ['markets.list', 'sync.status'] : ['markets.list'];
  },
  // A placed, cancelled or filled order moves cash, positions and trades as well as the orders.
  'orders.updated': [...ORDER_CALLS, ...PORTFOLIO_CALLS],
  // A fill or a resolution moves orders and positions; an alert that fired changes only the alerts.
  'notices.raised': (n) =>
    n.kind === 'alert' ? ['alerts.list'] : n.kind === 'fill' || n.kind === 'resolved' ? [...ORDER_CALLS, ...PORTFOLIO_CALLS] : n.kind === 'followed' ? ['traders.following', 'portfolio.positions', 'portfolio.trades'] : [],
  // A notice kept or marked read: the bell's count and the inbox.
  'notices.changed': ['notices.list'],
  // Shown from the UI state (the offline banner and dots); screens ask again on their own timers.
  'connection.changed': [],
  // The footer shows it; no answer of a call changes until the app restarts into the update.
  'update.status': [],
  // What the venue offers changes what screens say they cannot show.
  'capabilities.changed': ['venue.capabilities'],
  // The status bar reads `venue.status`; a venue running again makes what it answers stale.
  'venue.status': (e) => (e.state === 'running' ? ['venue.status', ...VENUE_READS] : ['venue.status']),
  'market.live': liveChange,
  // A market closed or resolved: every screen that shows its standing asks again.
  'markets.status': ['markets.list', 'markets.search', 'markets.get', 'markets.resolution', 'events.outcomes', 'events.browse', 'watchlist.list'],
  // Once live, books and quotes are the core's live copies: asked again, they are exact at once.
  'live.status': (e) => (e.state === 'live' ? ['live.status', 'markets.book', 'markets.quotes', 'markets.prices'] : ['live.status', 'markets.prices']),
  // A star changes the watchlist, and the markets list where it shows the watchlist only.
  'watchlist.changed': ['watchlist.list', { key: keyOf('markets.list', { watchlist: true }) }],
  'alerts.changed': ['alerts.list'],
  // The core says what a call it just ran (an order sent, a profile added, a vault unlocked) made stale.
  'calls.stale': (e) => e.names,
};

export function staleFor<E extends EventName>(event: E, payload: EventPayload<E>, seen: Seen): readonly Stale[] {
  const rule: Rule<E> = STALE[event];
  return typeof rule === 'function' ? rule(payload, seen) : rule;
}

/**
 * Subscribes to every event and marks the calls it changes stale; returns the unsubscribe. Live
 * changes are taken a batch at a time (live-changes.ts), on `timers`.
 */
export function refreshOnEvents(transport: Pick<Transport, 'on'>, client: QueryClient, now: () => number = Date.now, timers: BatchTimers = windowTimers): () => void {
  const last = new Map<CallName, number>();
  const seen: Seen = {
    since: (name) => now() - (last.get(name) ?? -Infinity),
    listedMarkets: () =>
      Math.max(0, ...client.getQueriesData<Partial<InfiniteData<CallOutput<'markets.list'>>>>({ queryKey: keyOf('markets.list') }).map(([, d]) => d?.pages?.at(-1)?.data.total ?? 0)),
  };
  // Spaced keys: when each was last made stale, and the trailing refresh waiting for its turn.
  const spaced = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> | undefined }>();
  // A spaced refresh may fall due after the window was hidden: then it is only marked (refetchNow).
  const invalidate = (key: CallKey): void => {
    last.set(key[0], now());
    void client.invalidateQueries({ queryKey: key, refetchType: refetchNow() });
  };
  const mark = (target: StaleKey): void => {
    if (!target.everyMs) return invalidate(target.key);
    const id = `${target.everyMs}:${JSON.stringify(target.key)}`;
    let s = spaced.get(id);
    if (!s) spaced.set(id, (s = { at: -Infinity, timer: undefined }));
    if (s.timer) return;
    const wait = s.at + target.everyMs - now();
    const run = (entry: { at: number; timer: ReturnType<typeof setTimeout> | undefined }): void => {
      entry.timer = undefined;
      entry.at = now();
      invalidate(target.key);
    };
    if (wait <= 0) run(s);
    else {
      const entry = s;
      s.timer = setTimeout(() => run(entry), wait);
    }
  };
  // A fill's price shows in the list at once, without asking for the list again.
  const showTrade = (e: EventPayload<'market.live'>): void => {
    if (!e.lastTrade) return;
    for (const [key, answer] of client.getQueriesData({ queryKey: keyOf('markets.list') })) {
      if (answer === undefined) continue;
      const patched = withTradePrice(answer, e.tokenId, e.lastTrade.price);
      if (patched === answer) continue;
      // Its time stays the answer's own: a patched list is no fresher than its last read.
      client.setQueryData(key, patched, { updatedAt: client.getQueryState(key)?.dataUpdatedAt });
    }
  };
  const handle = (event: EventName, payload: unknown): void => {
    const targets = staleFor(event, payload as EventPayload<typeof event>, seen);
    if (targets.length === 0) return;
    const names = targets.filter((t): t is CallName => typeof t === 'string');
    const at = now();
    for (const name of names) last.set(name, at);
    if (names.length > 0) void staleCalls(client, names);
    for (const t of targets) if (typeof t !== 'string') mark(t);
  };
  // A market's quotes from its tokens' changes; an answer the venue could not give fresh is asked again.
  const showQuotes = (changes: readonly LiveChange[]): void => {
    const byMarket = new Map<string, LiveChange[]>();
    for (const c of changes) if (c.conditionId) byMarket.set(c.conditionId, [...(byMarket.get(c.conditionId) ?? []), c]);
    for (const [conditionId, cs] of byMarket) {
      const key = keyOf('markets.quotes', { conditionId });
      const answer = client.getQueryData<CallOutput<'markets.quotes'>>(key);
      if (answer?.stale) invalidate(key);
      else {
        const patched = withLiveQuotes(answer, cs, now());
        if (patched !== answer) client.setQueryData(key, patched);
      }
    }
  };
  // Live changes, a batch at a time: prices and quotes put in place, then what they make stale.
  const applyLive = (changes: LiveChange[]): void => {
    const prices = changes.flatMap((c) => (c.price ? [c.price] : []));
    if (prices.length > 0) notePrices(prices);
    showQuotes(changes);
    for (const c of changes) {
      showTrade(c);
      handle('market.live', c);
    }
  };
  const batch = new LiveBatch(applyLive, timers);
  const events = (Object.keys(STALE) as EventName[]).filter((e) => e !== 'market.live');
  const offs = events.map((event) => transport.on(event, (payload) => handle(event, payload)));
  offs.push(transport.on('market.live', (payload) => batch.push(payload as LiveChange)));
  // Prices on screen stop saying "live" the moment the feed does, before they are asked again
  // (changes held for the batch go in first, so none is taken as live after it).
  offs.push(
    transport.on('live.status', (payload) => {
      if ((payload as EventPayload<'live.status'>).state === 'live') return;
      batch.flush();
      unlivePrices();
    }),
  );
  return () => {
    for (const off of offs) off();
    batch.close();
    for (const s of spaced.values()) if (s.timer) clearTimeout(s.timer);
  };
}

/** A refresh button's action: the trader asks for these calls again now. */
export function useRefresh(names: readonly CallName[]): () => void {
  const client = useQueryClient();
  return () => void staleCalls(client, names);
}

/** Used once, at the root of the renderer. */
export function useRefreshOnEvents(): void {
  const client = useQueryClient();
  useEffect(() => refreshOnEvents(getTransport(), client), [client]);
}
