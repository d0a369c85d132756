// Followed traders through the core, on a real venue and real user-data files: addresses and sizes
// checked with clear errors; a followed wallet's positions snapshotted, its changes since the last
// look (a resize, a position closed, one opened, the P&L over the period) counted from the data
// surface; the Following list read offline from the last snapshot with its time; and the watcher,
// on an injected clock, telling of a fill at or above the wallet's set size — once, and not of
// smaller ones.
import { describe, expect, it, vi } from 'vitest';
import type { FollowedTrader } from '@shared/ipc/following.js';
import type { EventName } from '@shared/ipc/contract.js';
import { startTestVenue } from '../../../../venue/test-support.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import type { CoreOptions } from '../../index.js';
import { caller, coreFor, coreForFile, sellInto, tradable, type TradableMarket } from '../../test-support.js';

const h = coreForFile({ core: { following: false } });

/** A core whose clock the test moves past the data surface's freshness, recording what it raises. */
function start(opts: Partial<CoreOptions> = {}, venue = h.venue) {
  const skew = { ms: 0 };
  const notices: Array<Record<string, unknown>> = [];
  const stale: string[][] = [];
  void h.core.close();
  h.core = coreFor(h.dir, venue, {
    following: false,
    clock: { now: () => Date.now() + skew.ms },
    emit: (name: EventName, payload: unknown) => {
      if (name === 'notices.raised') notices.push(payload as Record<string, unknown>);
      if (name === 'calls.stale') stale.push((payload as { names: string[] }).names);
    },
    ...opts,
  });
  return { ...caller(() => h.core), notices, stale, later: () => void (skew.ms += 20_000) };
}

/** A new wallet on the venue holding 30 of each outcome of `m` (a mint, which is its first trade). */
async function wallet(m: TradableMarket): Promise<Trader> {
  const t = await Trader.create(h.venue.urls);
  h.venue.exchange.fund(t.address.toLowerCase(), 100_000_000);
  h.venue.exchange.mint(t.address.toLowerCase(), m.cid, 30_000_000, 500_000);
  return t;
}

/** The wallet sells `size` of outcome `index` into a bid another trader rests at `price`. */
async function sells(t: Trader, m: TradableMarket, index: number, price: string, size: string): Promise<void> {
  const buyer = await Trader.create(h.venue.urls);
  h.venue.exchange.fund(buyer.address.toLowerCase(), 100_000_000);
  expect((await buyer.post([buyer.order(m.tokens[index] as string, 'BUY', price, size, { negRisk: m.negRisk })])).body).toMatchObject([{ success: true }]);
  expect((await t.post([t.order(m.tokens[index] as string, 'SELL', price, size, { type: 'FAK', negRisk: m.negRisk })])).body).toMatchObject([{ success: true }]);
}

describe('following traders', () => {
  it('refuses a wallet address or a size it cannot read, saying what is wrong, and follows nothing then', async () => {
    const app = start();
    const bad = async (input: Record<string, unknown>) => app.fails('traders.follow', input);
    expect(await bad({ address: '1234567890123456789012345678901234567890ab' })).toMatchObject({ code: 'INVALID_INPUT', field: 'address', message: expect.stringMatching(/starts with 0x/) });
    expect(await bad({ address: '0x1234' })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/40 hexadecimal digits \(42 characters\), not 6 characters/) });
    expect(await bad({ address: `0x${'g'.repeat(40)}` })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/only hexadecimal digits/) });
    expect(await bad({ address: ` 0x${'a'.repeat(40)}` })).toMatchObject({ code: 'INVALID_INPUT', field: 'address' });
    const ok = `0x${'a'.repeat(40)}`;
    for (const minTradeUsd of ['-5', '$5', '1.1234567', '', '1e3']) {
      expect(await bad({ address: ok, minTradeUsd })).toMatchObject({ code: 'INVALID_INPUT', field: 'minTradeUsd', message: expect.stringMatching(/amount in dollars/) });
    }
    expect(await bad({ address: ok, label: '   ' })).toMatchObject({ code: 'INVALID_INPUT', field: 'label' });
    expect(await app.fails('traders.seen', { address: ok })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await app.ok('traders.following')).toEqual([]);
  });

  it('snapshots a followed wallet and shows what changed since the last look: a resize, a close, an opening and the P&L over the period', async () => {
    const m = tradable(h.venue, 0);
    const n = tradable(h.venue, 1);
    const app = start();
    const t = await wallet(m);
    const address = t.address.toLowerCase();
    // Typed in any case, kept in one.
    const first = await app.ok<FollowedTrader>('traders.follow', { address: t.address.toUpperCase().replace('0X', '0x'), label: 'Whale' });
    expect(first).toMatchObject({ address, label: 'Whale', stale: false, openPositions: 2, complete: true, changes: { opened: [], closed: [], resized: [], pnlChange: '0' } });
    expect(first).not.toHaveProperty('minTradeUsd');
    expect(first.snapshotAt).toBeTypeOf('number');

    await sells(t, m, 0, '0.6', '10'); // Yes 30 → 20
    await sells(t, m, 1, '0.4', '30'); // No 30 → 0
    h.venue.exchange.mint(address, n.cid, 5_000_000, 500_000); // a new market: 5 of each
    // Within the data surface's freshness the last snapshot stands.
    expect((await app.ok<FollowedTrader[]>('traders.following'))[0]?.changes.resized).toEqual([]);
    app.later();
    // Asked not to read (the Follow buttons' question), it answers the snapshots kept.
    expect((await app.ok<FollowedTrader[]>('traders.following', { read: false }))[0]?.changes.resized).toEqual([]);
    const [now] = await app.ok<FollowedTrader[]>('traders.following');
    expect(now?.changes.resized).toEqual([expect.objectContaining({ conditionId: m.cid.toLowerCase(), outcome: 'Yes', sizeBefore: '30', sizeAfter: '20', title: m.question })]);
    expect(now?.changes.closed).toEqual([expect.objectContaining({ conditionId: m.cid.toLowerCase(), outcome: 'No', sizeBefore: '30', sizeAfter: '0' })]);
    expect(now?.changes.opened.map((c) => [c.conditionId, c.outcome, c.sizeAfter])).toEqual([
      [n.cid.toLowerCase(), 'No', '5'],
      [n.cid.toLowerCase(), 'Yes', '5'],
    ]);
    expect(now?.openPositions).toBe(3);
    // The P&L over the period, from the venue's own figures: sold Yes at 60¢ and No at 40¢, bought at 50¢.
    const venuePositions = (await h.venue.get('data', `/positions?user=${address}&sizeThreshold=0&limit=500`)).body as Array<{ cashPnl: number; realizedPnl: number; conditionId: string }>;
    const total = venuePositions.reduce((sum, p) => sum + Math.round(p.cashPnl * 1e6) + Math.round(p.realizedPnl * 1e6), 0);
    expect(Math.round(Number(now?.changes.pnlChange) * 1e6)).toBe(total);

    // Marked seen: nothing has changed since.
    const seen = await app.ok<FollowedTrader>('traders.seen', { address });
    expect(seen.changes).toEqual({ opened: [], closed: [], resized: [], pnlChange: '0' });
    expect(seen.seenAt).toBeGreaterThanOrEqual(first.followedAt);
    expect(app.stale).toContainEqual(['traders.following']);
    expect(await app.ok('traders.unfollow', { address })).toEqual({ removed: true });
    expect(await app.ok('traders.following')).toEqual([]);
    expect(await app.ok('traders.unfollow', { address })).toEqual({ removed: false });
  });

  it('raises a notice when a followed wallet trades at least its set size, once, on the watcher’s timer and the injected clock', async () => {
    const m = tradable(h.venue, 2);
    const app = start({ following: { everyMs: 40 } });
    const t = await wallet(m);
    const address = t.address.toLowerCase();
    // The mint before following is no news.
    await app.ok('traders.follow', { address, minTradeUsd: '5' });
    await sells(t, m, 0, '0.5', '10'); // $5: exactly the size set
    await sells(t, m, 1, '0.49', '10'); // $4.90: below it
    expect(app.notices).toEqual([]);
    app.later();
    await vi.waitFor(() => expect(app.notices).toHaveLength(1), { timeout: 5000, interval: 40 });
    expect(app.notices[0]).toEqual({ kind: 'followed', title: `${address.slice(0, 6)}…${address.slice(-4)} sold $5.00`, body: `Sell 10 Yes at 50¢ ($5.00) · ${m.question}`, address, conditionId: m.cid.toLowerCase(), eventSlug: expect.any(String), at: expect.any(Number), id: 1 });
    // Kept in the inbox, as every notice is.
    expect((await app.ok<{ items: Array<{ kind: string; address?: string }> }>('notices.list', { limit: 10 })).items).toEqual([expect.objectContaining({ kind: 'followed', address })]);
    // Later passes, and a restart, tell it no more.
    app.later();
    await vi.waitFor(() => expect(app.stale.length).toBeGreaterThan(0), { timeout: 5000, interval: 40 });
    const again = start({ following: { everyMs: 40 } });
    again.later();
    await again.ok('traders.following');
    expect(again.notices).toEqual([]);
    // A bigger trade is told, with the label given since.
    await again.ok('traders.follow', { address, label: 'Desk two' });
    await sells(t, m, 0, '0.7', '20');
    again.later();
    await vi.waitFor(() => expect(again.notices.map((x) => x['title'])).toEqual(['Desk two sold $14.00']), { timeout: 5000, interval: 40 });
    // No size set: no notices at all.
    await again.ok('traders.follow', { address, minTradeUsd: null });
    await sellInto(h.venue, m, 0, '0.5', '5');
    await sells(t, m, 1, '0.9', '10');
    again.later();
    await again.ok('traders.following');
    expect(again.notices).toHaveLength(1);
    await again.ok('traders.unfollow', { address });
  });

  it('reads the Following list offline from the last snapshot in user data, with its time, and says the venue is away', async () => {
    const venue = await startTestVenue();
    try {
      const m = tradable(venue, 0);
      const app = start({}, venue);
      const t = await Trader.create(venue.urls);
      venue.exchange.fund(t.address.toLowerCase(), 100_000_000);
      venue.exchange.mint(t.address.toLowerCase(), m.cid, 12_000_000, 500_000);
      const followed = await app.ok<FollowedTrader>('traders.follow', { address: t.address });
      // Nothing of the venue's answers is kept in the cache: what follows comes from user data.
      await app.ok('cache.reset');
      await venue.stop();
      app.later();
      const [offline] = await app.ok<FollowedTrader[]>('traders.following');
      expect(offline).toMatchObject({ address: t.address.toLowerCase(), stale: true, problem: expect.stringMatching(/could not be reached/), snapshotAt: followed.snapshotAt, openPositions: 2 });
      // A restart offline reads the same.
      const again = start({}, venue);
      expect((await again.ok<FollowedTrader[]>('traders.following'))[0]).toMatchObject({ stale: true, openPositions: 2, snapshotAt: followed.snapshotAt });
    } finally {
      await venue.stop().catch(() => undefined);
    }
  });
});
