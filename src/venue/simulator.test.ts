// The liquidity simulator keeps two-sided books and moves trades through the normal order path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from './test-support.js';

let venue: TestVenue;
beforeAll(async () => {
  venue = await startTestVenue({ simulator: { tickMs: 40, marketsPerTick: 30, takersPerTick: 4 } });
});
afterAll(async () => {
  await venue?.stop();
});

describe('simulator', () => {
  it('quotes both sides of active markets and trades against them', async () => {
    const fills0 = (venue.db.prepare('SELECT COUNT(*) AS n FROM fills').get() as { n: number }).n;
    await new Promise((r) => setTimeout(r, 1500));
    const quoted = venue.db
      .prepare("SELECT token_id, SUM(side = 'BUY') AS bids, SUM(side = 'SELL') AS asks FROM orders WHERE status = 'live' GROUP BY token_id")
      .all() as Array<{ token_id: string; bids: number; asks: number }>;
    expect(quoted.length).toBeGreaterThan(10);
    const twoSided = quoted.filter((q) => q.bids > 0 && q.asks > 0);
    expect(twoSided.length).toBeGreaterThan(10);
    for (const q of twoSided.slice(0, 5)) {
      const book = venue.exchange.book(q.token_id);
      expect(book.bestBid()).toBeLessThan(book.bestAsk() as number); // never crossed
    }
    const fills = (venue.db.prepare('SELECT COUNT(*) AS n FROM fills').get() as { n: number }).n;
    expect(fills).toBeGreaterThan(fills0);
    // Taker fills appear on the data surface like any other trade.
    const trades = (await venue.get('data', '/trades?limit=5')).body as Array<{ timestamp: number }>;
    expect(trades[0]?.timestamp).toBeGreaterThan(Date.now() / 1000 - 60);
  });
});
