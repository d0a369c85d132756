// The inbox through the core, on a real venue and a real user-data file: a fill found by the
// watcher and the embedded venue stopping and running again are kept (newest first, with ids)
// and still there after the core restarts on the same folder; marking one, several or all read;
// the limit and unread-only list; quiet hours mark a notice quiet (no OS notification) on the
// core's clock while the inbox keeps it; each venue profile has its own inbox.
import { describe, expect, it, vi } from 'vitest';
import type { CallOutput, EventPayload } from '@shared/ipc/contract.js';
import type { CoreOptions } from '../../index.js';
import type { LocalVenue, LocalVenueStatus } from '../../ports.js';
import { caller, coreFor, coreForFile, sellInto, tradable, venueProfile } from '../../test-support.js';
import { isQuiet } from './quiet.js';

const h = coreForFile();

type Page = CallOutput<'notices.list'>;
type Pushed = Array<[string, Record<string, unknown>]>;

/** The embedded venue's supervisor as the host hands it to the core: the test says each change of state. */
function supervisor() {
  let status: LocalVenueStatus = { state: 'running', since: 0 };
  const listeners = new Set<(s: LocalVenueStatus) => void>();
  const port: LocalVenue = {
    status: () => status,
    onStatus: (l) => (listeners.add(l), () => void listeners.delete(l)),
    restart: async () => undefined,
    startNewWorld: async () => ({ movedTo: '' }),
  };
  const say = (state: LocalVenueStatus['state'], reason?: string): void => {
    status = { state, since: 0, ...(reason ? { reason } : {}) };
    for (const l of listeners) l(status);
  };
  return { port, say };
}

/** The core's clock: the real one moved on by `skew`, or stopped at `at` when set. */
interface TestClock {
  skew: number;
  at?: number;
}

/** A core on the file's folder, its clock the test's, recording what it pushes. */
function start(opts: Partial<CoreOptions> = {}, clock: TestClock = { skew: 0 }) {
  const pushed: Pushed = [];
  const venue = supervisor();
  h.core.close();
  h.core = coreFor(h.dir, h.venue, { clock: { now: () => clock.at ?? Date.now() + clock.skew }, localVenue: venue.port, emit: (name, payload) => pushed.push([name, payload as Record<string, unknown>]), ...opts });
  const c = caller(() => h.core);
  return {
    ...c,
    pushed,
    venue,
    clock,
    raised: () => pushed.filter(([n]) => n === 'notices.raised').map(([, p]) => p),
    counts: () => pushed.filter(([n]) => n === 'notices.changed').map(([, p]) => (p as EventPayload<'notices.changed'>).unread),
    list: (input: { unreadOnly?: boolean; limit?: number } = {}) => c.ok<Page>('notices.list', input),
  };
}

describe('the inbox', () => {
  it('keeps a fill and the venue stopping and running again, newest first, after a restart on the same folder', async () => {
    const m = tradable(h.venue, 0);
    const app = start({ watch: { everyMs: 150 } });
    expect(await app.list()).toEqual({ items: [], unread: 0, total: 0 });
    await app.ok('accounts.unlock', { passphrase: 'pw' });
    const acct = await app.ok<{ id: string }>('accounts.createLocal', {});
    const [order] = await app.ok<Array<{ orderId: string; success: boolean }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.30', size: '10' }] });
    expect(order?.success).toBe(true);
    await sellInto(h.venue, m, 0, '0.30', '10');
    await vi.waitFor(() => expect(app.raised()).toHaveLength(1), { timeout: 5000, interval: 50 });

    app.clock.skew += 1000;
    app.venue.say('restarting', 'it exited unexpectedly (signal SIGKILL)');
    app.clock.skew += 1000;
    app.venue.say('running');
    // A second report of the same stop, and a restart asked for, are no news.
    app.venue.say('running');
    expect(app.raised().map((n) => [n['kind'], n['title']])).toEqual([
      ['fill', 'Order filled'],
      ['venue', 'Local venue stopped'],
      ['venue', 'Local venue runs again'],
    ]);
    // Each is pushed once kept, with its id, and the unread count follows.
    const ids = app.raised().map((n) => n['id']);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(app.counts()).toEqual([1, 2, 3]);

    const page = await app.list();
    expect(page.unread).toBe(3);
    expect(page.total).toBe(3);
    expect(page.items.map((n) => n.id)).toEqual([...ids].reverse());
    expect(page.items[0]).toMatchObject({ kind: 'venue', title: 'Local venue runs again', read: false });
    expect(page.items[1]).toMatchObject({ kind: 'venue', title: 'Local venue stopped', body: 'it exited unexpectedly (signal SIGKILL); starting it again' });
    expect(page.items[2]).toMatchObject({ kind: 'fill', accountId: acct.id, orderId: order?.orderId, conditionId: m.cid, read: false, body: expect.stringMatching(/^Buy 10 .+ at 30¢ · /) });
    await app.ok('notices.markRead', { ids: [page.items[2]?.id] });

    // The same folder after a restart: every notice is there with its id and read state.
    const again = start({ watch: false });
    expect(await again.list()).toEqual({ ...page, unread: 2, items: page.items.map((n, i) => ({ ...n, read: i === 2 })) });
    expect(again.raised()).toEqual([]);
  });

  it('marks one, several or all read, lists the newest within the limit and the unread ones only', async () => {
    // An hour on, so these are the newest notices of the file.
    const app = start({ watch: false }, { skew: 3_600_000 });
    const before = (await app.list({ limit: 500 })).total;
    for (let i = 0; i < 3; i++) {
      app.clock.skew += 1000;
      app.venue.say(i === 2 ? 'down' : 'restarting', `stop ${i}`);
      app.clock.skew += 1000;
      app.venue.say('running');
    }
    const all = await app.list({ limit: 500 });
    expect(all.total).toBe(before + 6);
    const mine = all.items.slice(0, 6);
    expect(mine.map((n) => n.body.split(';')[0])).toEqual([
      'prices, orders and the portfolio are read from it again', 'stop 2',
      'prices, orders and the portfolio are read from it again', 'stop 1',
      'prices, orders and the portfolio are read from it again', 'stop 0',
    ]);
    expect((await app.list({ limit: 2 })).items.map((n) => n.id)).toEqual(mine.slice(0, 2).map((n) => n.id));
    const unreadBefore = all.unread;

    // One, then the same one again (nothing more to mark), then two, one of them an id never kept.
    expect(await app.ok('notices.markRead', { ids: [mine[0]?.id] })).toEqual({ marked: 1, unread: unreadBefore - 1 });
    expect(await app.ok('notices.markRead', { ids: [mine[0]?.id] })).toEqual({ marked: 0, unread: unreadBefore - 1 });
    expect(await app.ok('notices.markRead', { ids: [mine[1]?.id, 999_999] })).toEqual({ marked: 1, unread: unreadBefore - 2 });
    const unread = await app.list({ unreadOnly: true, limit: 500 });
    expect(unread.items.every((n) => !n.read)).toBe(true);
    expect(unread.items.map((n) => n.id)).not.toContain(mine[0]?.id);
    expect(unread.items.map((n) => n.id)).toContain(mine[2]?.id);
    expect((await app.list({ limit: 2 })).items.map((n) => n.read)).toEqual([true, true]);

    expect(await app.ok('notices.markRead', { all: true })).toEqual({ marked: unreadBefore - 2, unread: 0 });
    expect(await app.list({ unreadOnly: true })).toEqual({ items: [], unread: 0, total: all.total });
    expect(app.counts().at(-1)).toBe(0);

    // Bad input is refused, naming what is wrong.
    expect((await app.fails('notices.markRead', {})).code).toBe('INVALID_INPUT');
    expect((await app.fails('notices.markRead', { ids: [] })).message).toMatch(/ids|notice/);
    expect((await app.fails('notices.list', { limit: 0 })).message).toMatch(/limit/i);
  });

  it('marks a notice quiet during the quiet hours, on the core’s clock, and keeps it all the same', async () => {
    // Local times, as the computer keeps them: 23:30, then 12:00 the next day.
    const clock: TestClock = { skew: 0, at: new Date(2030, 0, 5, 23, 30).getTime() };
    const app = start({ watch: false }, clock);
    expect((await app.fails('settings.set', { quietHours: { from: '22:00', to: '22:00' } })).message).toMatch(/different times/);
    expect((await app.fails('settings.set', { quietHours: { from: '9pm', to: '07:00' } })).message).toMatch(/HH:MM/);
    expect(await app.ok('settings.set', { quietHours: { from: '22:00', to: '07:00' } })).toMatchObject({ quietHours: { from: '22:00', to: '07:00' } });

    app.venue.say('down', 'it exited again after being restarted');
    clock.at = new Date(2030, 0, 6, 12, 0).getTime();
    app.venue.say('running');
    expect(app.raised().map((n) => [n['title'], n['quiet']])).toEqual([
      ['Local venue stopped', true],
      ['Local venue runs again', undefined],
    ]);
    // Kept all the same (these are the file's newest: the clock stands in 2030).
    const kept = await app.list({ limit: 2 });
    expect(kept.items.map((n) => n.id)).toEqual(app.raised().map((n) => n['id']).reverse());

    // No quiet hours: nothing is held back.
    expect(await app.ok('settings.set', { quietHours: null })).toMatchObject({ quietHours: null });
    clock.at = new Date(2030, 0, 6, 23, 30).getTime();
    app.venue.say('restarting', 'it exited unexpectedly');
    expect(app.raised().at(-1)).toMatchObject({ title: 'Local venue stopped' });
    expect(app.raised().at(-1)?.['quiet']).toBeUndefined();
  });

  it('keeps each venue profile’s notices apart, and tells no other venue’s user of the local venue stopping', async () => {
    const app = start({ watch: false });
    const local = await app.list({ limit: 500 });
    expect(local.total).toBeGreaterThan(0);
    const remote = await app.ok<{ id: string }>('profiles.add', { ...venueProfile(h.venue, 'Remote'), kind: undefined });
    await app.ok('profiles.switch', { id: remote.id });
    expect(await app.list({ limit: 500 })).toEqual({ items: [], unread: 0, total: 0 });
    app.venue.say('restarting', 'it exited unexpectedly');
    app.venue.say('running');
    expect(app.raised()).toEqual([]);
    await app.ok('profiles.switch', { id: 'local' });
    expect(await app.list({ limit: 500 })).toEqual(local);
  });

  it('quiet hours run from their start up to their end, past midnight too', () => {
    const at = (hh: number, mm: number) => new Date(2026, 0, 5, hh, mm).getTime();
    const night = { from: '22:00', to: '07:00' };
    expect([at(21, 59), at(22, 0), at(0, 0), at(6, 59), at(7, 0)].map((t) => isQuiet(night, t))).toEqual([false, true, true, true, false]);
    const lunch = { from: '12:00', to: '13:30' };
    expect([at(11, 59), at(12, 0), at(13, 29), at(13, 30)].map((t) => isQuiet(lunch, t))).toEqual([false, true, true, false]);
    expect(isQuiet(null, at(23, 0))).toBe(false);
  });
});
