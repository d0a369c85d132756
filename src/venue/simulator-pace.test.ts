// The liquidity simulator runs at full pace only while someone watches market data: a follower on
// the live channel, or an HTTP read of a market's prices in the last 15 s of the venue's clock.
// Otherwise it ticks once per idle interval. Real venues, real reads and a real websocket; the
// 15 s are moved on the venue's injectable clock, only the ticks' own short timers are waited out.
// No stopwatch: a busy machine only delays ticks, so the waits are bounded generously and what is
// asserted is the simulator's pace and whether orders come, never how fast they came.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { READ_WINDOW_MS } from './audience.js';
import { Feed } from './live/test-feed.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from './test-support.js';

const TICK_MS = 20;
/** Bound on every wait for a tick: far below the idle minute, far above a loaded machine's delay. */
const WAIT_MS = 10_000;
let venue: TestVenue;
let specOnly: TestVenue;
let clock = TEST_ANCHOR + 60_000;

beforeAll(async () => {
  // Full pace a tick every 20 ms; idle, one a minute: no idle tick comes during this file.
  venue = await startTestVenue({ books: true, now: () => clock, simulator: { tickMs: TICK_MS, idleTickMs: 60_000 } });
  // Idle ticks every 250 ms, to see the trickle go on.
  specOnly = await startTestVenue({ books: true, specOnly: true, now: () => clock, simulator: { tickMs: TICK_MS, idleTickMs: 250 } });
});
afterAll(async () => {
  await Promise.all([venue?.stop(), specOnly?.stop()]);
});

/** The last order's sequence: the simulator's ticks place orders, and nothing else does here. */
const lastOrder = (v: TestVenue): number => (v.db.prepare('SELECT MAX(seq) AS n FROM orders').get() as { n: number }).n;

/** Orders placed while `ms` pass. */
async function placedDuring(v: TestVenue, ms: number): Promise<number> {
  const before = lastOrder(v);
  await sleep(ms);
  return lastOrder(v) - before;
}

/** Waits until `ready` holds, failing with `what` after WAIT_MS. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ready(); waited += 5) {
    if (waited > WAIT_MS) throw new Error(`${what} within ${WAIT_MS} ms`);
    await sleep(5);
  }
}

/** Resolves once the simulator places orders again (the idle minute would be far longer). */
async function nextOrders(v: TestVenue, what: string): Promise<void> {
  const before = lastOrder(v);
  await until(() => lastOrder(v) !== before, `no simulator orders after ${what}`);
}

function simulatorOf(v: TestVenue) {
  if (!v.simulator) throw new Error('no simulator');
  return v.simulator;
}

/** Moves the venue's clock past the read window; the tick already due still comes, then it rests. */
async function nobodyReadsFor(ms = READ_WINDOW_MS + 1_000): Promise<void> {
  clock += ms;
  await until(() => simulatorOf(venue).resting, 'the simulator did not come to rest');
}

const market = (): { conditionId: string; slug: string; eventSlug: string; token: string } => {
  const row = venue.db
    .prepare(
      `SELECT m.condition_id, m.slug, e.slug AS event_slug, t.token_id FROM markets m JOIN events e ON e.id = m.event_id
       JOIN tokens t ON t.condition_id = m.condition_id WHERE m.status = 'active' ORDER BY m.id LIMIT 1`,
    )
    .get() as Record<string, string>;
  return { conditionId: row['condition_id'] as string, slug: row['slug'] as string, eventSlug: row['event_slug'] as string, token: row['token_id'] as string };
};

describe('the simulator while nobody watches', () => {
  it('waits out its idle interval, whatever else is read (listings, the leaderboard, all trades)', async () => {
    expect(await placedDuring(venue, 300)).toBe(0);
    for (const [surface, path] of [
      ['catalog', '/markets?limit=5'],
      ['catalog', '/events?limit=5'],
      ['data', '/v1/leaderboard'],
      ['data', '/trades?limit=5'],
    ] as const) {
      expect((await venue.get(surface, path)).status, path).toBe(200);
    }
    expect(await placedDuring(venue, 300)).toBe(0);
  });

  it('still ticks, once per idle interval', async () => {
    const sim = simulatorOf(specOnly);
    expect(sim.pace).toBe('idle');
    const before = sim.ticks;
    await until(() => sim.ticks >= before + 2, 'no idle ticks');
    const start = sim.ticks;
    await sleep(1_200);
    // At most 5 at 250 ms (a busy machine only makes fewer); full pace would be some 60.
    expect(sim.ticks - start).toBeLessThanOrEqual(8);
  });
});

describe('the simulator while someone watches', () => {
  it('runs at full pace for 15 s of the venue clock after a read of a market book, then idles again', async () => {
    const { token } = market();
    await nobodyReadsFor();
    expect((await venue.get('trading', `/book?token_id=${token}`)).status).toBe(200);
    await nextOrders(venue, 'GET /book');
    expect(simulatorOf(venue).pace).toBe('full');
    clock += READ_WINDOW_MS - 2_000;
    await nextOrders(venue, 'GET /book, 13 s on');
    expect(simulatorOf(venue).pace).toBe('full');
    await nobodyReadsFor(3_000);
    expect(simulatorOf(venue).pace).toBe('idle');
    expect(await placedDuring(venue, 400)).toBe(0);
  });

  it("wakes within a tick on each read of one market's prices, trades or record", async () => {
    const m = market();
    const reads: Array<[string, () => Promise<{ status: number }>]> = [
      ['GET /book', () => venue.get('trading', `/book?token_id=${m.token}`)],
      ['POST /prices', () => venue.post('trading', '/prices', JSON.stringify([{ token_id: m.token, side: 'BUY' }]))],
      ['POST /last-trades-prices', () => venue.post('trading', '/last-trades-prices', JSON.stringify([{ token_id: m.token }]))],
      ['GET /prices-history', () => venue.get('trading', `/prices-history?market=${m.token}&fidelity=60`)],
      ['GET trading /markets/{condition_id}', () => venue.get('trading', `/markets/${m.conditionId}`)],
      ['GET /markets-by-token/{token_id}', () => venue.get('trading', `/markets-by-token/${m.token}`)],
      ['GET data /trades of a market', () => venue.get('data', `/trades?market=${m.conditionId}`)],
      ['GET catalog /markets/slug/{slug}', () => venue.get('catalog', `/markets/slug/${m.slug}`)],
      ['GET catalog /markets by condition id', () => venue.get('catalog', `/markets?condition_id=${m.conditionId}`)],
      ['GET catalog /events by slug', () => venue.get('catalog', `/events?slug=${m.eventSlug}`)],
    ];
    for (const [what, read] of reads) {
      await nobodyReadsFor();
      expect(await placedDuring(venue, 150), `idle before ${what}`).toBe(0);
      expect((await read()).status, what).toBe(200);
      await nextOrders(venue, what);
    }
  });

  it('wakes at once for a follower on the live channel, keeps full pace while it follows, and idles once it leaves', async () => {
    const { token } = market();
    await nobodyReadsFor();
    expect(await placedDuring(venue, 300)).toBe(0);
    const feed = await Feed.open(`ws://127.0.0.1:${venue.port}/trading/ws/market`);
    try {
      feed.send({ type: 'subscribe', assets_ids: [token] });
      // Without the wake-up the next tick would come at the end of the idle minute.
      await nextOrders(venue, 'a subscription');
      clock += 10 * READ_WINDOW_MS;
      await nextOrders(venue, 'a subscription, 150 s on');
      expect(simulatorOf(venue).pace).toBe('full');
      feed.send({ type: 'unsubscribe', assets_ids: [token] });
      await feed.settled();
      await until(() => simulatorOf(venue).resting, 'the simulator did not come to rest');
      expect(await placedDuring(venue, 400)).toBe(0);
    } finally {
      feed.close();
    }
  });

  it('in spec-only mode (no live channel), polling prices puts it at full pace', async () => {
    const sim = simulatorOf(specOnly);
    await nobodyReadsFor();
    expect(sim.pace).toBe('idle');
    const token = (specOnly.db.prepare("SELECT t.token_id FROM tokens t JOIN markets m USING (condition_id) WHERE m.status = 'active' LIMIT 1").get() as { token_id: string }).token_id;
    expect((await specOnly.post('trading', '/prices', JSON.stringify([{ token_id: token, side: 'BUY' }]))).status).toBe(200);
    // The idle timer is cut short: the next ticks come at full pace, 20 ms apart.
    const before = sim.ticks;
    await until(() => sim.ticks >= before + 2, 'no ticks after POST /prices');
    expect(sim.pace).toBe('full');
  });
});
