// The event map: every event has an entry, what each one makes stale, and the listener that
// marks those answers stale in the query cache, on screen or not.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { events, type CallName, type EventName, type EventPayload } from '@shared/ipc/contract';
import { keyOf, pagesKeyOf, staleCalls } from './keys';
import { LIVE_BATCH_MS } from './live-changes';
import { priceOf } from './prices';
import { LIST_REFRESH_MS, LIVE_LIST_MS, LIVE_PRICES_MS, LIVE_PRICES_REREAD_MS, LIVE_TRADES_MS, refreshOnEvents, STALE, staleFor, VENUE_READS, withTradePrice, type Seen } from './stale';

const ACCOUNT = ['orders.open', 'orders.journal', 'portfolio.positions', 'portfolio.balance', 'portfolio.trades', 'portfolio.history', 'portfolio.pnl'];
const seen = (o: Partial<{ listed: number; since: number }> = {}): Seen => ({ since: () => o.since ?? Infinity, listedMarkets: () => o.listed ?? 0 });
const progress = (p: Partial<EventPayload<'sync.progressed'>>): EventPayload<'sync.progressed'> => ({ kind: 'markets', done: 100, complete: false, ...p });

/** A transport whose events the test raises. */
/** A prices read on screen (tokens 1 and 7) whose asks are counted, with the events wired to it on fake timers. */
async function pricesOnScreen() {
  vi.useFakeTimers();
  const client = new QueryClient();
  let asked = 0;
  const observer = new QueryObserver(client, { queryKey: keyOf('markets.prices', { tokenIds: ['1', '7'] }), queryFn: () => (++asked, []), staleTime: 60_000 });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.advanceTimersByTimeAsync(0);
  const transport = fakeTransport();
  const off = refreshOnEvents(transport, client, () => Date.now());
  return {
    transport,
    asked: () => asked,
    done: () => {
      off();
      unsubscribe();
      client.clear();
    },
  };
}

function fakeTransport() {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  return {
    listeners,
    on(event: EventName, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => void set.delete(listener);
    },
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}

const row = (conditionId: string, clobTokenIds: string[], outcomePrices: string[]) => ({
  id: conditionId, conditionId, question: conditionId, outcomes: ['Yes', 'No'], outcomePrices, clobTokenIds, active: true, closed: false, archived: false, mirror: false, eventIds: [],
});
const page = (rows: Array<ReturnType<typeof row>>) => ({ data: { rows, total: rows.length }, fetchedAt: 0, stale: false, ageMs: 0 });

describe('what each event makes stale', () => {
  it('has an entry for every event of the contract, naming only calls of the contract', () => {
    expect(Object.keys(STALE).sort()).toEqual(Object.keys(events).sort());
  });

  it('refreshes orders and the whole portfolio when orders change or a notice is raised', () => {
    expect(staleFor('orders.updated', { accountId: 'a', orderIds: ['0x1'] }, seen())).toEqual(ACCOUNT);
    expect(staleFor('notices.raised', { kind: 'fill', title: 'Order filled', body: '', accountId: 'a', at: 0 }, seen())).toEqual(ACCOUNT);
  });

  it('refreshes nothing on connection or update changes (the UI state shows those)', () => {
    expect(staleFor('connection.changed', { surface: 'data', online: true, since: 0 }, seen())).toEqual([]);
    expect(staleFor('update.status', { state: 'downloading', currentVersion: '0.1.0', percent: 10 }, seen())).toEqual([]);
  });

  it('refreshes the venue status on each change, and every venue read once it runs again', () => {
    expect(staleFor('venue.status', { state: 'restarting', since: 0 }, seen())).toEqual(['venue.status']);
    expect(staleFor('venue.status', { state: 'down', reason: 'it exited', since: 0 }, seen())).toEqual(['venue.status']);
    const back = staleFor('venue.status', { state: 'running', since: 0 }, seen());
    expect(back).toEqual(['venue.status', ...VENUE_READS]);
    for (const name of ['markets.book', 'markets.get', 'portfolio.balance', 'orders.open', 'events.list', 'leaderboard.list', 'venue.capabilities']) expect(back).toContain(name);
    // The core's own stores are not the venue's answers.
    for (const name of ['settings.get', 'accounts.list', 'drafts.load', 'markets.search']) expect(back).not.toContain(name);
  });

  it('refreshes the markets list while the first sync grows it, at most every few seconds', () => {
    expect(staleFor('sync.progressed', progress({ done: 500 }), seen({ listed: 100 }))).toEqual(['markets.list']);
    expect(staleFor('sync.progressed', progress({ done: 500 }), seen({ listed: 100, since: LIST_REFRESH_MS - 1 }))).toEqual([]);
    // The list already counts what the sync has seen: a later pass adds nothing until it ends.
    expect(staleFor('sync.progressed', progress({ done: 500 }), seen({ listed: 500 }))).toEqual([]);
    expect(staleFor('sync.progressed', progress({ kind: 'events', done: 500 }), seen())).toEqual([]);
  });

  it('refreshes the list when the sync reaches its total, and the sync status when it completes', () => {
    expect(staleFor('sync.progressed', progress({ done: 500, total: 500 }), seen({ listed: 500, since: 0 }))).toEqual(['markets.list']);
    expect(staleFor('sync.progressed', progress({ done: 500, complete: true }), seen({ listed: 500, since: 0 }))).toEqual(['markets.list', 'sync.status']);
  });
});

describe('live prices', () => {
  const change = (p: Partial<EventPayload<'market.live'>> = {}): EventPayload<'market.live'> => ({ tokenId: '7', conditionId: '0xc', bestBid: '0.4', bestAsk: '0.6', bookChanged: true, ...p });
  const trade = { price: '0.5', size: '5', side: 'BUY' as const, at: 0 };

  it("refresh the token's book, not every book, and the prices on screen spaced out: seldom when the change carries its price", () => {
    expect(staleFor('market.live', change(), seen())).toEqual([{ key: ['markets.prices'], everyMs: LIVE_PRICES_MS }, { key: ['markets.book', { tokenId: '7' }] }]);
    expect(staleFor('market.live', change({ bookChanged: false, conditionId: undefined }), seen())).toEqual([{ key: ['markets.prices'], everyMs: LIVE_PRICES_MS }]);
    const price = { tokenId: '7', price: '0.5', basis: 'mid' as const, at: 1, live: true };
    expect(staleFor('market.live', change({ price }), seen())).toEqual([{ key: ['markets.prices'], everyMs: LIVE_PRICES_REREAD_MS }, { key: ['markets.book', { tokenId: '7' }] }]);
  });

  it("refresh the market's trades and the whole list on a fill, spaced out", () => {
    expect(staleFor('market.live', change({ bookChanged: false, lastTrade: trade }), seen())).toEqual([
      { key: ['markets.prices'], everyMs: LIVE_PRICES_MS },
      { key: ['markets.trades', { conditionId: '0xc' }], everyMs: LIVE_TRADES_MS },
      { key: ['markets.list'], everyMs: LIVE_LIST_MS },
    ]);
  });

  it('refresh books, quotes and prices when the feed goes live, and the status and prices (no longer live) otherwise', () => {
    const status = (state: EventPayload<'live.status'>['state']): EventPayload<'live.status'> => ({ state, pollSeconds: 5, since: 0, watching: 1, live: 0 });
    expect(staleFor('live.status', status('live'), seen())).toEqual(['live.status', 'markets.book', 'markets.quotes', 'markets.prices']);
    expect(staleFor('live.status', status('reconnecting'), seen())).toEqual(['live.status', 'markets.prices']);
    expect(staleFor('live.status', status('polling'), seen())).toEqual(['live.status', 'markets.prices']);
  });
});

describe('refreshing on events', () => {
  const clients: QueryClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.clear();
  });
  const cacheWith = (...names: CallName[]): QueryClient => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    clients.push(client);
    for (const name of names) client.setQueryData(keyOf(name, { accountId: 'a' } as never), { data: [] });
    return client;
  };
  const invalidated = (client: QueryClient, name: CallName): boolean[] => client.getQueryCache().findAll({ queryKey: keyOf(name) }).map((q) => q.state.isInvalidated);

  it('marks orders and portfolio answers stale on orders.updated, whether shown or not', async () => {
    const client = cacheWith('orders.open', 'portfolio.balance', 'portfolio.positions', 'markets.book');
    const transport = fakeTransport();
    const off = refreshOnEvents(transport, client);
    expect([...transport.listeners.keys()].sort()).toEqual(Object.keys(events).sort());
    transport.emit('orders.updated', { accountId: 'a', orderIds: ['0x1'] });
    await Promise.resolve();
    expect(invalidated(client, 'orders.open')).toEqual([true]);
    expect(invalidated(client, 'portfolio.balance')).toEqual([true]);
    expect(invalidated(client, 'portfolio.positions')).toEqual([true]);
    expect(invalidated(client, 'markets.book')).toEqual([false]);
    off();
    expect([...transport.listeners.values()].every((s) => s.size === 0)).toBe(true);
  });

  it('marks what the core names stale after a call of its (calls.stale), and nothing else', async () => {
    const client = cacheWith('accounts.list', 'profiles.list', 'orders.open');
    const transport = fakeTransport();
    refreshOnEvents(transport, client);
    transport.emit('calls.stale', { names: ['accounts.list', 'orders.open'] });
    await Promise.resolve();
    expect(invalidated(client, 'accounts.list')).toEqual([true]);
    expect(invalidated(client, 'orders.open')).toEqual([true]);
    expect(invalidated(client, 'profiles.list')).toEqual([false]);
  });

  it('asks again at once for what is on screen', async () => {
    const client = cacheWith();
    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: keyOf('portfolio.balance', { accountId: 'a' }), queryFn: () => ++asked, staleTime: 60_000 });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => asked).toBe(1);
    const transport = fakeTransport();
    refreshOnEvents(transport, client);
    transport.emit('notices.raised', { kind: 'fill', title: 'Order filled', body: '', accountId: 'a', at: 0 });
    await expect.poll(() => asked).toBe(2);
    unsubscribe();
  });

  it('throttles the markets list by the time it was last made stale, and reads the count from the cache', () => {
    const client = cacheWith();
    client.setQueryData(pagesKeyOf('markets.list', {}), { pages: [{ data: { rows: [], total: 300 } }], pageParams: [0] });
    let now = 10_000;
    const transport = fakeTransport();
    refreshOnEvents(transport, client, () => now);
    const listStale = (): boolean => invalidated(client, 'markets.list')[0] as boolean;
    transport.emit('sync.progressed', progress({ done: 200 }));
    expect(listStale()).toBe(false);
    transport.emit('sync.progressed', progress({ done: 400 }));
    expect(listStale()).toBe(true);
    client.setQueryData(pagesKeyOf('markets.list', {}), { pages: [{ data: { rows: [], total: 400 } }], pageParams: [0] });
    now += 1000;
    transport.emit('sync.progressed', progress({ done: 600 }));
    expect(listStale()).toBe(false);
    now += LIST_REFRESH_MS;
    transport.emit('sync.progressed', progress({ done: 800 }));
    expect(listStale()).toBe(true);
  });
});

describe('refreshing on live prices', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const stale = (client: QueryClient, key: readonly unknown[]): boolean => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated ?? false;

  it("marks only the changed token's book stale, and puts the change into its market's quotes, a batch at a time", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    for (const key of [keyOf('markets.book', { tokenId: '7' }), keyOf('markets.book', { tokenId: '8' })]) client.setQueryData(key, { data: [] });
    const quote = (tokenId: string, outcome: string) => ({ tokenId, outcome, bestBid: '0.3', bestAsk: '0.7', lastPrice: '0.5', lastSide: 'BUY' as const });
    client.setQueryData(keyOf('markets.quotes', { conditionId: '0xc' }), { data: [quote('7', 'Yes'), quote('8', 'No')], fetchedAt: 1, stale: false, ageMs: 0 });
    client.setQueryData(keyOf('markets.quotes', { conditionId: '0xd' }), { data: [quote('9', 'Yes')], fetchedAt: 1, stale: true, ageMs: 0 });
    const transport = fakeTransport();
    const off = refreshOnEvents(transport, client, () => 5000);
    transport.emit('market.live', { tokenId: '7', conditionId: '0xc', bestBid: '0.4', bestAsk: null, bookChanged: true });
    transport.emit('market.live', { tokenId: '9', conditionId: '0xd', bestBid: '0.4', bestAsk: '0.6', bookChanged: false });
    await vi.advanceTimersByTimeAsync(LIVE_BATCH_MS - 1);
    // Held for the batch: nothing changed yet.
    expect(stale(client, keyOf('markets.book', { tokenId: '7' }))).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stale(client, keyOf('markets.book', { tokenId: '7' }))).toBe(true);
    expect(stale(client, keyOf('markets.book', { tokenId: '8' }))).toBe(false);
    // The market's quotes take the change in place, read now; the other outcome's stay.
    expect(stale(client, keyOf('markets.quotes', { conditionId: '0xc' }))).toBe(false);
    expect(client.getQueryData(keyOf('markets.quotes', { conditionId: '0xc' }))).toEqual({
      data: [{ tokenId: '7', outcome: 'Yes', bestBid: '0.4', lastPrice: '0.5', lastSide: 'BUY' }, quote('8', 'No')], fetchedAt: 5000, stale: false, ageMs: 0,
    });
    // Quotes the venue could not give fresh are asked again, not passed off as current.
    expect(stale(client, keyOf('markets.quotes', { conditionId: '0xd' }))).toBe(true);
    off();
    client.clear();
  });

  it('shows a price a change carries at once, and asks for the prices on screen only every LIVE_PRICES_REREAD_MS then', async () => {
    const { transport, asked, done } = await pricesOnScreen();
    // Two changes a second for ten seconds, each with its price.
    for (let i = 0; i < 20; i++) {
      const price = { tokenId: 'carried', price: `0.${10 + i}`, basis: 'mid' as const, at: Date.now(), live: true };
      transport.emit('market.live', { tokenId: 'carried', bestBid: '0.1', bestAsk: '0.2', bookChanged: true, price });
      await vi.advanceTimersByTimeAsync(LIVE_BATCH_MS);
      expect(priceOf('carried')?.price).toBe(`0.${10 + i}`);
      await vi.advanceTimersByTimeAsync(500 - LIVE_BATCH_MS);
    }
    expect(asked() - 1).toBeGreaterThanOrEqual(1);
    expect(asked() - 1).toBeLessThanOrEqual(Math.ceil(10_000 / LIVE_PRICES_REREAD_MS) + 1);
    done();
  });

  it('takes in a held change before the feed stops, so its price is not shown as live after', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const transport = fakeTransport();
    const off = refreshOnEvents(transport, client, () => Date.now());
    const price = { tokenId: 'held', price: '0.42', basis: 'mid' as const, at: Date.now(), live: true };
    transport.emit('market.live', { tokenId: 'held', bestBid: '0.41', bestAsk: '0.43', bookChanged: true, price });
    transport.emit('live.status', { state: 'reconnecting', pollSeconds: 5, since: 0, watching: 1, live: 0 });
    expect(priceOf('held')).toEqual({ ...price, live: false });
    await vi.advanceTimersByTimeAsync(LIVE_BATCH_MS);
    expect(priceOf('held')?.live).toBe(false);
    off();
    client.clear();
  });

  it('asks for the prices on screen at most every LIVE_PRICES_MS however many tokens change, the last change always included', async () => {
    const { transport, asked, done } = await pricesOnScreen();
    expect(asked()).toBe(1);
    // Forty changes of forty tokens within one second: a few repaints, not forty.
    for (let i = 0; i < 40; i++) {
      transport.emit('market.live', { tokenId: String(i), bestBid: '0.4', bestAsk: '0.41', bookChanged: true });
      await vi.advanceTimersByTimeAsync(25);
    }
    await vi.advanceTimersByTimeAsync(LIVE_BATCH_MS + LIVE_PRICES_MS);
    expect(asked() - 1).toBeGreaterThanOrEqual(3);
    expect(asked() - 1).toBeLessThanOrEqual(Math.ceil(1000 / LIVE_PRICES_MS) + 1);
    const settled = asked();
    await vi.advanceTimersByTimeAsync(5 * LIVE_PRICES_MS);
    expect(asked()).toBe(settled);
    done();
    vi.useRealTimers();
  });

  it("puts a fill's price into the list's rows with its batch, and asks for the whole list at most every LIVE_LIST_MS", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const listKey = pagesKeyOf('markets.list', {});
    const rows = [row('0xa', ['1', '2'], ['0.30', '0.70']), row('0xc', ['7', '8'], ['0.45', '0.55'])];
    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: listKey, queryFn: () => (++asked, { pages: [page(rows)], pageParams: [0] }), staleTime: 60_000 });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(1);
    const transport = fakeTransport();
    const off = refreshOnEvents(transport, client, () => Date.now());
    const fill = (price: string) => ({ tokenId: '7', conditionId: '0xc', bestBid: '0.4', bestAsk: null, bookChanged: false, lastTrade: { price, size: '5', side: 'SELL' as const, at: 0 } });
    const shown = (): string[][] => (client.getQueryData(listKey) as { pages: Array<{ data: { rows: Array<{ outcomePrices: string[] }> } }> }).pages[0]!.data.rows.map((r) => r.outcomePrices);
    // The first fill: the whole list is asked again (it may have been read long ago).
    transport.emit('market.live', fill('0.47'));
    await vi.advanceTimersByTimeAsync(LIVE_BATCH_MS);
    expect(asked).toBe(2);
    const readAt = client.getQueryState(listKey)?.dataUpdatedAt;
    // Later fills within LIVE_LIST_MS: the price is in the row at once, the list is not asked for.
    vi.advanceTimersByTime(5_000);
    transport.emit('market.live', fill('0.48'));
    vi.advanceTimersByTime(LIVE_BATCH_MS);
    expect(shown()).toEqual([['0.30', '0.70'], ['0.48', '0.55']]);
    transport.emit('market.live', fill('0.49'));
    await vi.advanceTimersByTimeAsync(LIVE_LIST_MS - 5_000 - LIVE_BATCH_MS - 10);
    expect(shown()).toEqual([['0.30', '0.70'], ['0.49', '0.55']]);
    expect(asked).toBe(2);
    // A patched list is no fresher than its last read.
    expect(client.getQueryState(listKey)?.dataUpdatedAt).toBe(readAt);
    // Then once more, for the fills since (volumes and order move too).
    await vi.advanceTimersByTimeAsync(20);
    expect(asked).toBe(3);
    await vi.advanceTimersByTimeAsync(3 * LIVE_LIST_MS);
    expect(asked).toBe(3);
    off();
    unsubscribe();
    client.clear();
    vi.useRealTimers();
  });

  it('withTradePrice changes only the row that lists the token, in single and paged answers', () => {
    const rows = [row('0xa', ['1', '2'], ['0.30', '0.70']), row('0xc', ['7', '8'], ['0.45', '0.55'])];
    const single = page(rows);
    const patched = withTradePrice(single, '8', '0.52');
    expect(patched.data.rows.map((r) => r.outcomePrices)).toEqual([['0.30', '0.70'], ['0.45', '0.52']]);
    expect(patched.data.rows[0]).toBe(rows[0]);
    expect(single.data.rows[1]!.outcomePrices).toEqual(['0.45', '0.55']);
    // Nothing to change: the very same answer, so nothing re-renders.
    expect(withTradePrice(single, '9', '0.10')).toBe(single);
    expect(withTradePrice(single, '7', '0.45')).toBe(single);
    const paged = { pages: [page(rows.slice(0, 1)), page(rows.slice(1))], pageParams: [0, 1] };
    const p2 = withTradePrice(paged, '7', '0.60');
    expect(p2.pages[0]).toBe(paged.pages[0]);
    expect(p2.pages[1]!.data.rows[0]!.outcomePrices).toEqual(['0.60', '0.55']);
    expect(withTradePrice({ pages: [], pageParams: [] }, '7', '0.60').pages).toEqual([]);
    expect(withTradePrice(undefined, '7', '0.60')).toBeUndefined();
  });
});

describe('query keys', () => {
  it('are the call name, then its input, then pages for a paged list', () => {
    expect(keyOf('orders.open')).toEqual(['orders.open']);
    expect(keyOf('orders.open', { accountId: 'a' })).toEqual(['orders.open', { accountId: 'a' }]);
    expect(pagesKeyOf('markets.list', { limit: 5 })).toEqual(['markets.list', { limit: 5 }, 'pages']);
  });

  it('staleCalls marks every answer of each call stale, once per name', async () => {
    const client = new QueryClient();
    client.setQueryData(keyOf('profiles.list', {}), {});
    client.setQueryData(pagesKeyOf('portfolio.trades', { address: '0x' }), { pages: [], pageParams: [] });
    client.setQueryData(keyOf('accounts.list', {}), {});
    await staleCalls(client, ['profiles.list', 'portfolio.trades', 'profiles.list']);
    expect(client.getQueryCache().findAll().filter((q) => q.state.isInvalidated).map((q) => q.queryKey[0]).sort()).toEqual(['portfolio.trades', 'profiles.list']);
    client.clear();
  });
});
