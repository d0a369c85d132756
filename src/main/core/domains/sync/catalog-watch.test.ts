// What changes on the venue reaches the core's synced catalog within a pass of the catalog watch
// (its interval shortened here) while a screen watches markets, not at the next full sync, and
// without reading the catalog again: a market closed, resolved, paused and opened again, and one
// whose volume a trade moved. The list, the event page and its bracket sums show it,
// `markets.status` names the standings, `calls.stale` the screens showing moved figures. Both
// peers (a window out of sight asking nothing is e2e/hidden.test.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventOutcomes } from '@shared/ipc/find.js';
import { adminCommand } from '../../../../venue/admin.js';
import { adminClient } from '../../../../venue/admin-client.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { coreForFile, tradable, type CoreHarness } from '../../test-support.js';
import { FIGURES_EVERY } from './catalog-watch.js';
import { FIRST_PAGE } from './changes.js';

type Listed = { data: { rows: Array<{ conditionId: string; closed: boolean; active: boolean; outcomePrices: string[]; volume?: number; liquidity?: number }>; total: number } };

for (const peer of ['full', 'spec-only'] as const) {
  const told: string[][] = [];
  const stale: string[][] = [];
  /** Listing reads of the catalog made since the watch started: path and query. */
  const listings: URLSearchParams[] = [];
  let watching = false;
  /** The core's clock runs this far ahead: screens told of figures wait FIGURES_EVERY on it. */
  let ahead = 0;
  const h: CoreHarness = coreForFile({
    venue: { adminRoutes: true, ...(peer === 'spec-only' ? { specOnly: true, representation: 'varied' } : {}) },
    core: {
      statusWatch: { everyMs: 50 },
      clock: { now: () => Date.now() + ahead },
      emit: (name, payload) => {
        if (name === 'markets.status') told.push((payload as { conditionIds: string[] }).conditionIds.map((c) => c.toLowerCase()));
        if (name === 'calls.stale') stale.push((payload as { names: string[] }).names);
      },
    },
  });
  beforeAll(() => {
    h.venue.app.server.on('request', (req: { url?: string }) => {
      const [path, query = ''] = (req.url ?? '').split('?');
      if (watching && (path === '/catalog/markets' || path === '/catalog/events')) listings.push(new URLSearchParams(`kind=${path.slice(9)}&${query}`));
    });
  });

  describe(`catalog changes between full syncs (${peer} peer)`, () => {
    let event: number;
    beforeAll(async () => {
      event = h.venue.db
        .prepare("SELECT e.id FROM events e JOIN markets m ON m.event_id = e.id WHERE e.neg_risk = 1 AND m.status = 'active' GROUP BY e.id HAVING COUNT(*) >= 4 ORDER BY e.id LIMIT 1")
        .pluck()
        .get() as number;
      // A screen showing the event's markets is open: it watches their prices.
      const tokens = h.venue.db.prepare('SELECT token_id FROM tokens t JOIN markets m ON m.condition_id = t.condition_id WHERE m.event_id = ?').pluck().all(event) as string[];
      await h.ok('live.watch', { key: 'event', tokenIds: tokens });
      await h.ok('sync.start');
      await vi.waitFor(async () => expect(await h.ok('sync.status')).toMatchObject({ running: false, lastSyncAt: expect.any(Number) }), { timeout: 30_000, interval: 100 });
      watching = true;
    }, 60_000);
    afterAll(async () => {
      // No pass read the catalog again: each asked for the newest updates, one small page, and stopped there.
      expect(listings.length).toBeGreaterThan(0);
      const plain = listings.filter((q) => !['event_id', 'conditionId', 'slug'].some((k) => q.has(k)) && q.get('limit') !== '1');
      expect(plain.map((q) => `${q.get('kind')} order=${q.get('order')} offset=${q.get('offset')} limit=${q.get('limit')}`)).toEqual(
        plain.map((q) => `${q.get('kind')} order=updatedAt offset=0 limit=${FIRST_PAGE}`),
      );
    });

    const list = () => h.ok<Listed>('markets.list', { eventId: String(event), status: 'all', limit: 100 });
    const row = async (cid: string) => (await list()).data.rows.find((r) => r.conditionId.toLowerCase() === cid);

    it('shows a resolved outcome and a closed one at once in the list and on the event page, whose sums leave them', async () => {
      const [won, closed] = h.venue.db.prepare("SELECT condition_id FROM markets WHERE event_id = ? AND status = 'active' ORDER BY id LIMIT 2").pluck().all(event) as string[];
      expect(await row(won as string)).toMatchObject({ closed: false });
      // The event page read now is kept for a minute: the change must replace it too.
      const before = await h.ok<{ data: EventOutcomes }>('events.outcomes', { idOrSlug: String(event) });
      expect(before.data.sums?.ended).toBeUndefined();

      // Closed first: it leaves the sums, the bracket is not decided.
      await adminCommand(h.venue.dataDir, ['close', closed as string]);
      await vi.waitFor(() => expect(told.flat()).toContain(closed), { timeout: 10_000, interval: 20 });
      expect(await row(closed as string)).toMatchObject({ closed: true });
      const one = (await h.ok<{ data: EventOutcomes }>('events.outcomes', { idOrSlug: String(event) })).data;
      expect(one.outcomes.find((o) => o.conditionId.toLowerCase() === closed)?.status).toBe('closed');
      expect(one.sums).toMatchObject({ outcomes: before.data.outcomes.length - 1, ended: 1 });
      expect(one.sums?.decided).toBeUndefined();

      // Then one resolves Yes: it reads settled at 1, and the event has no sums and no flag.
      await adminCommand(h.venue.dataDir, ['resolve', won as string, '0']);
      await vi.waitFor(() => expect(told.flat()).toContain(won), { timeout: 10_000, interval: 20 });
      expect(await row(won as string)).toMatchObject({ closed: true, outcomePrices: ['1', '0'] });
      expect((await h.ok<Listed>('markets.list', { eventId: String(event) })).data.rows.map((r) => r.conditionId.toLowerCase())).not.toContain(won);
      const decided = (await h.ok<{ data: EventOutcomes }>('events.outcomes', { idOrSlug: String(event) })).data;
      const id = decided.outcomes.find((o) => o.conditionId.toLowerCase() === won)?.marketId;
      expect(id).toBeDefined();
      expect(decided.sums).toMatchObject({ decided: id, underAsk: false, overBid: false, ended: 2 });
      expect(decided.sums?.asks).toBeUndefined();
      // Told once per change: the passes since found nothing new.
      expect(told.filter((ids) => ids.includes(won as string))).toHaveLength(1);
      expect(told.filter((ids) => ids.includes(closed as string))).toHaveLength(1);
    }, 60_000);

    it('shows a paused market reopened, and tells each move once', async () => {
      const [cid] = h.venue.db.prepare("SELECT condition_id FROM markets WHERE event_id = ? AND status = 'active' ORDER BY id DESC LIMIT 1").pluck().all(event) as string[];
      await adminCommand(h.venue.dataDir, ['pause', cid as string]);
      await vi.waitFor(() => expect(told.filter((ids) => ids.includes(cid as string))).toHaveLength(1), { timeout: 10_000, interval: 20 });
      await adminCommand(h.venue.dataDir, ['activate', cid as string]);
      await vi.waitFor(() => expect(told.filter((ids) => ids.includes(cid as string))).toHaveLength(2), { timeout: 10_000, interval: 20 });
      expect(await row(cid as string)).toMatchObject({ active: true, closed: false });
    }, 30_000);

    it('shows the volume a trade moved, and makes the screens showing it ask again', async () => {
      const m = tradable(h.venue, 3);
      const eventOf = h.venue.db.prepare('SELECT event_id FROM markets WHERE condition_id = ?').pluck().get(m.cid) as number;
      const listed = async () =>
        (await h.ok<Listed>('markets.list', { eventId: String(eventOf), status: 'all', limit: 100 })).data.rows.find((r) => r.conditionId.toLowerCase() === m.cid);
      const was = (await listed())!;
      // One wallet rests a bid, another sells into it: a fill of 5 at 0.40 on the venue.
      const admin = adminClient(h.venue.dataDir);
      const trader = async (): Promise<Trader> => {
        const key = `0x${randomBytes(32).toString('hex')}`;
        const address = Trader.addressOf(key);
        const c = await admin.registerAccount(address);
        await admin.setCash(address, '100');
        return Trader.fromAccount(h.venue.urls, { address, private_key: key, api_key: c.apiKey, secret: c.secret, passphrase: c.passphrase }, h.venue.orderDomain);
      };
      const [maker, taker] = [await trader(), await trader()];
      await admin.mint(m.cid, taker.address, '5');
      const [bid] = (await maker.post([maker.order(m.tokens[0] as string, 'BUY', '0.4', '5', { negRisk: m.negRisk })])).body;
      expect(bid?.['success'], JSON.stringify(bid)).toBe(true);
      // The bid rests within the book's band: liquidity moved.
      await vi.waitFor(async () => expect((await listed())?.liquidity ?? 0).toBeGreaterThan(was.liquidity ?? 0), { timeout: 10_000, interval: 50 });
      const [sold] = (await taker.post([taker.order(m.tokens[0] as string, 'SELL', '0.4', '5', { type: 'FAK', negRisk: m.negRisk })])).body;
      expect(sold?.['status'], JSON.stringify(sold)).toBe('matched');
      stale.length = 0;
      await vi.waitFor(async () => expect((await listed())?.volume ?? 0).toBeCloseTo((was.volume ?? 0) + 2, 6), { timeout: 10_000, interval: 50 });
      // Its standing did not change: the screens are told of figures, not of a status.
      expect(told.flat()).not.toContain(m.cid);
      ahead += FIGURES_EVERY;
      await vi.waitFor(() => expect(stale.flat()).toContain('markets.list'), { timeout: 5_000, interval: 50 });
    }, 40_000);
  });
}
