// The liquidity simulator keeps the world's books two-sided on every market accepting orders
// (neg-risk and taker-delayed ones too), moving them through the normal order path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWireOrder, orderDigest, recoverAddressLower, type WireOrder } from '@shared/crypto/index.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from './test-support.js';

let venue: TestVenue;
let clock = TEST_ANCHOR + 60_000;
beforeAll(async () => {
  // Its own timer never fires here: the test ticks it, moving the venue's clock a second a tick.
  venue = await startTestVenue({ books: true, now: () => clock, simulator: { tickMs: 2_000_000_000, marketsPerTick: 6, takersPerTick: 4 } });
});
afterAll(async () => {
  await venue?.stop();
});

type Row = Record<string, unknown>;
const all = (sql: string, ...args: unknown[]): Row[] => venue.db.prepare(sql).all(...args) as Row[];
const count = (sql: string, ...args: unknown[]): number => Object.values(venue.db.prepare(sql).get(...args) as Row)[0] as number;

describe('simulator', () => {
  it('re-quotes every active market, neg-risk and delayed ones too, and trades against the quotes', async () => {
    const active = all("SELECT condition_id, neg_risk, taker_delay FROM markets WHERE status = 'active'");
    expect(active.some((m) => m['neg_risk'] === 1)).toBe(true);
    const worldOrders = count('SELECT MAX(seq) FROM orders');
    const takerFills = (): number => count("SELECT COUNT(*) FROM fills WHERE role = 'T'");
    const fills0 = takerFills();
    const sim = venue.simulator;
    if (!sim) throw new Error('no simulator');
    // Two sweeps over every event (a few markets each tick).
    for (let i = 0; i < (2 * active.length) / 6 + 10; i++) {
      clock += 1000;
      sim.tick();
    }
    // Both outcomes of every active market still have a bid and an ask, never crossed.
    for (const m of active) {
      for (const t of all('SELECT token_id FROM tokens WHERE condition_id = ?', m['condition_id'])) {
        const book = venue.exchange.book(t['token_id'] as string);
        expect(book.bestBid(), `${m['condition_id']} bid`).toBeDefined();
        expect(book.bestAsk(), `${m['condition_id']} ask`).toBeDefined();
        expect(book.bestBid() as number).toBeLessThan(book.bestAsk() as number);
      }
    }
    // Its own orders, signed and placed like any other, on markets of every kind.
    const requoted = new Set(all('SELECT DISTINCT condition_id FROM orders WHERE seq > ?', worldOrders).map((r) => r['condition_id']));
    expect(requoted.size).toBeGreaterThan(active.length / 3);
    expect(active.some((m) => m['neg_risk'] === 1 && requoted.has(m['condition_id']))).toBe(true);
    const delayed = active.filter((m) => m['taker_delay'] === 1);
    if (delayed.length) expect(delayed.some((m) => requoted.has(m['condition_id']))).toBe(true);
    expect(takerFills()).toBeGreaterThan(fills0 + 20);
    // The venue does not recover the signers of the simulator's own batches; each stored order's
    // signature is still its wallet's, for its market's exchange.
    const placed = all('SELECT o.wallet, o.body, m.neg_risk FROM orders o JOIN markets m ON m.condition_id = o.condition_id WHERE o.seq > ?', worldOrders);
    expect(placed.length).toBeGreaterThan(100);
    for (const r of placed) {
      const wire = (JSON.parse(r['body'] as string) as { order: WireOrder }).order;
      const d = venue.orderDomain;
      const digest = orderDigest(fromWireOrder(wire), { name: d.name, chainId: d.chainId, verifyingContract: r['neg_risk'] === 1 ? d.negRiskVerifyingContract : d.verifyingContract });
      expect(recoverAddressLower(digest, wire.signature)).toBe(r['wallet']);
    }
    // Taker fills appear on the data surface like any other trade, at the venue's time.
    const trades = (await venue.get('data', '/trades?limit=5')).body as Array<{ timestamp: number }>;
    expect(trades[0]?.timestamp).toBe(Math.floor(clock / 1000));
  });

  it('lets the event loop run between the events of a tick its timer starts', async () => {
    // A venue whose simulator runs on its timer: between two of a tick's events, callbacks queued
    // meanwhile run (a read would be answered there), and see the tick's orders part-placed.
    const timed = await startTestVenue({ books: true, now: () => clock, simulator: { tickMs: 5, idleTickMs: 5, marketsPerTick: 8, takersPerTick: 0 } });
    const last = (): number => Object.values(timed.db.prepare('SELECT MAX(seq) FROM orders').get() as Row)[0] as number;
    try {
      const sim = timed.simulator;
      if (!sim) throw new Error('no simulator');
      const before = last();
      const seen: number[] = [];
      const deadline = Date.now() + 10_000;
      while (sim.ticks === 0 && Date.now() < deadline) {
        seen.push(last());
        await new Promise((r) => setImmediate(r));
      }
      expect(sim.ticks).toBeGreaterThan(0);
      // Looks taken while the first tick was under way saw more than one count of orders.
      const during = new Set(seen.filter((n) => n > before));
      expect(during.size).toBeGreaterThan(1);
    } finally {
      await timed.stop();
    }
  });
});
