// The venue's helper threads start when work needs them: a venue serving reads, whose only
// orders are the simulator's, runs without them (each is a V8 isolate, 10–15 MB).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChanged } from './market-index.js';
import { startTestVenue, type TestVenue } from './test-support.js';
import { Trader } from './trading/test-trader.js';

let venue: TestVenue;
let clock = Date.now();
beforeAll(async () => {
  // The simulator's own timer never fires here: the test ticks it.
  venue = await startTestVenue({ books: true, now: () => clock, simulator: { tickMs: 2_000_000_000, marketsPerTick: 6, takersPerTick: 4 } });
});
afterAll(async () => {
  await venue?.stop();
});

const count = (sql: string): number => Object.values(venue.db.prepare(sql).get() as Record<string, number>)[0] as number;

describe('helper threads', () => {
  it('none run after start, nor for reads and the simulator’s orders', async () => {
    const { signatures, checkpointer, simulator } = venue;
    if (!signatures || !checkpointer || !simulator) throw new Error('a venue with threads and a simulator');
    expect(signatures.threaded).toBe(true);
    expect(signatures.running).toBe(false);
    expect(checkpointer.running).toBe(false);
    expect((await venue.get('catalog', '/markets?limit=5')).status).toBe(200);
    const orders = count('SELECT MAX(seq) FROM orders');
    clock += 1000;
    simulator.tick();
    expect(count('SELECT MAX(seq) FROM orders')).toBeGreaterThan(orders);
    expect(signatures.running).toBe(false);
    expect(signatures.stats.starts).toBe(0);
    expect(checkpointer.starts).toBe(0);
  });

  it('the signature worker starts with the first order batch over HTTP, which is placed right', async () => {
    const row = venue.db
      .prepare(
        `SELECT m.condition_id, t.token_id FROM markets m JOIN tokens t ON t.condition_id = m.condition_id AND t.outcome_index = 0
         WHERE m.status = 'active' AND json_array_length(m.outcomes) = 2 ORDER BY m.id LIMIT 1`,
      )
      .get() as { condition_id: string; token_id: string };
    venue.db.prepare('UPDATE markets SET neg_risk = 0, tick_size = 10000, min_size = 5, taker_delay = 0, min_order_age = 0, screening = 0 WHERE condition_id = ?').run(row.condition_id);
    catalogChanged(venue.db);
    const buyer = await Trader.create(venue.urls);
    const reply = await buyer.post([buyer.order(row.token_id, 'BUY', '0.01', '5'), buyer.order(row.token_id, 'BUY', '0.02', '5')]);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject([
      { success: true, status: 'live' },
      { success: true, status: 'live' },
    ]);
    expect(venue.signatures?.running).toBe(true);
    expect(venue.signatures?.stats.starts).toBe(1);
  });
});
