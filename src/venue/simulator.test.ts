// The liquidity simulator keeps the world's books two-sided on every market accepting orders
// (neg-risk and taker-delayed ones too), moving them through the normal order path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // Taker fills appear on the data surface like any other trade, at the venue's time.
    const trades = (await venue.get('data', '/trades?limit=5')).body as Array<{ timestamp: number }>;
    expect(trades[0]?.timestamp).toBe(Math.floor(clock / 1000));
  });
});
