// The simulator puts its activity where someone looks: a market followed on the live channel, or
// read by a page over HTTP, is re-quoted nearly every tick (its best prices step) and traded,
// while a market nobody watches stays still. The test ticks the simulator by hand on the venue's
// injected clock (a tick each 2 s of it, as at full pace): no timer, no waiting on real time.
// The background trickle over unwatched markets is turned off here, so "still" means no order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './admin-client.js';
import { READ_WINDOW_MS } from './audience.js';
import { Feed } from './live/test-feed.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from './test-support.js';

const TICK_MS = 2_000;
/** A minute of full-pace ticks. */
const MINUTE = 60_000 / TICK_MS;
let venue: TestVenue;
let clock = TEST_ANCHOR + 60_000;

beforeAll(async () => {
  venue = await startTestVenue({ books: true, adminRoutes: true, now: () => clock, simulator: { tickMs: 2_000_000_000, marketsPerTick: 0, takersPerTick: 0 } });
});
afterAll(async () => {
  await venue?.stop();
});

interface Market {
  conditionId: string;
  eventId: number;
  tokens: [string, string];
}

/** Active markets that take orders at once and let quotes be replaced at once. */
function markets(): Market[] {
  const rows = venue.db
    .prepare(
      `SELECT m.condition_id, m.event_id, (SELECT json_group_array(token_id) FROM (SELECT token_id FROM tokens t WHERE t.condition_id = m.condition_id ORDER BY outcome_index)) AS tokens
       FROM markets m WHERE m.status = 'active' AND m.taker_delay = 0 AND m.min_order_age = 0 ORDER BY m.id`,
    )
    .all() as Array<{ condition_id: string; event_id: number; tokens: string }>;
  return rows.map((r) => ({ conditionId: r.condition_id, eventId: r.event_id, tokens: JSON.parse(r.tokens) as [string, string] }));
}

const count = (sql: string, ...args: unknown[]): number => Object.values(venue.db.prepare(sql).get(...args) as Record<string, number>)[0] as number;
const lastOrder = (): number => count('SELECT COALESCE(MAX(seq), 0) FROM orders');
const ordersSince = (seq: number, c: string): number => count('SELECT COUNT(*) FROM orders WHERE seq > ? AND condition_id = ?', seq, c);
const takerFills = (c: string): number => count("SELECT COUNT(*) FROM fills WHERE role = 'T' AND condition_id = ?", c);

function simulator() {
  if (!venue.simulator) throw new Error('no simulator');
  return venue.simulator;
}

/** Ticks once a venue-clock tick later; says whether each market got new orders and where its book's best now is. */
function tick(watch: readonly Market[]): Array<{ changed: boolean; best: string }> {
  const seq = lastOrder();
  clock += TICK_MS;
  simulator().tick();
  return watch.map((m) => {
    const book = venue.exchange.book(m.tokens[0]);
    return { changed: ordersSince(seq, m.conditionId) > 0, best: `${book.bestBid()}/${book.bestAsk()}` };
  });
}

describe('the simulator follows the audience', () => {
  it('re-quotes and trades a market followed on the live channel, and leaves one nobody watches alone', async () => {
    const all = markets();
    const watched = all[0] as Market;
    // In another event: a neg-risk sibling of a watched market moves with it.
    const quiet = all.find((m) => m.eventId !== watched.eventId) as Market;
    const feed = await Feed.open(`ws://127.0.0.1:${venue.port}/trading/ws/market`);
    try {
      feed.send({ type: 'subscribe', assets_ids: watched.tokens });
      await feed.count('books', (m) => m.type === 'book', 2);
      const from = feed.received.length;
      const quietOrders = lastOrder();
      const [quietFills, watchedFills] = [takerFills(quiet.conditionId), takerFills(watched.conditionId)];
      let changes = 0;
      let moves = 0;
      let best = tick([watched])[0]?.best;
      for (let i = 1; i < MINUTE; i++) {
        const [w] = tick([watched]);
        if (w?.changed) changes++;
        if (w?.best !== best) moves++;
        best = w?.best;
      }
      // A minute of ticks: the targets a trader watching sees (12 book changes, 3 moves of the best bid or ask, 2 trades).
      expect(changes).toBeGreaterThanOrEqual(12);
      expect(moves).toBeGreaterThanOrEqual(3);
      expect(takerFills(watched.conditionId) - watchedFills).toBeGreaterThanOrEqual(2);
      // The book stays two-sided and uncrossed, several levels deep on both sides.
      for (const token of watched.tokens) {
        const book = venue.exchange.book(token);
        expect(book.bestBid() as number).toBeLessThan(book.bestAsk() as number);
        expect(book.depth('BUY').length, 'bid levels').toBeGreaterThanOrEqual(3);
        expect(book.depth('SELL').length, 'ask levels').toBeGreaterThanOrEqual(3);
      }
      // The follower was told: book changes and trades of its market, on both tokens.
      await feed.settled();
      const told = feed.received.slice(from);
      expect(told.filter((m) => m.type === 'price_change').length).toBeGreaterThanOrEqual(24);
      const trades = told.filter((m) => m.type === 'last_trade_price');
      expect(trades.length).toBeGreaterThanOrEqual(2);
      // At more than one size.
      expect(new Set(trades.map((t) => (t.type === 'last_trade_price' ? t.size : ''))).size).toBeGreaterThan(1);
      // Nobody watches the other market: not one order, not one trade.
      expect(ordersSince(quietOrders, quiet.conditionId)).toBe(0);
      expect(takerFills(quiet.conditionId)).toBe(quietFills);

      // Once the follower leaves, its market goes quiet too.
      feed.send({ type: 'unsubscribe', assets_ids: watched.tokens });
      await feed.settled();
      const after = lastOrder();
      for (let i = 0; i < 10; i++) tick([]);
      expect(ordersSince(after, watched.conditionId)).toBe(0);
    } finally {
      feed.close();
    }
  });

  it('keeps a followed market with a minimum order age moving minute after minute, never cancelling an order younger than it', async () => {
    const row = venue.db
      .prepare(
        `SELECT m.condition_id, (SELECT json_group_array(token_id) FROM (SELECT token_id FROM tokens t WHERE t.condition_id = m.condition_id ORDER BY outcome_index)) AS tokens
         FROM markets m WHERE m.status = 'active' AND m.taker_delay = 0 AND m.min_order_age >= 10 ORDER BY m.id LIMIT 1`,
      )
      .get() as { condition_id: string; tokens: string };
    expect(row, 'a market with a minimum order age of 10 s or more').toBeDefined();
    // The longest age the world gives a market: its maker may replace an order only every 30 s.
    const minAge = 30;
    await adminClient(venue.dataDir).setTrading(row.condition_id, { minOrderAge: minAge });
    const m = { conditionId: row.condition_id, eventId: 0, tokens: JSON.parse(row.tokens) as [string, string] };
    const feed = await Feed.open(`ws://127.0.0.1:${venue.port}/trading/ws/market`);
    try {
      feed.send({ type: 'subscribe', assets_ids: m.tokens });
      await feed.count('books', (x) => x.type === 'book', 2);
      const seq = lastOrder();
      let best = tick([m])[0]?.best;
      // Three minutes, each on its own: a page open for any minute of them sees the targets.
      for (let minute = 0; minute < 3; minute++) {
        const fills = takerFills(m.conditionId);
        let changes = 0;
        let moves = 0;
        for (let i = 0; i < MINUTE; i++) {
          const [w] = tick([m]);
          if (w?.changed) changes++;
          if (w?.best !== best) moves++;
          best = w?.best;
        }
        // Its maker steps inside its spread and puts back what takers took while its orders are too young to replace.
        expect(changes, `book changes in minute ${minute + 1}`).toBeGreaterThanOrEqual(12);
        expect(moves, `moves of the best in minute ${minute + 1}`).toBeGreaterThanOrEqual(3);
        expect(takerFills(m.conditionId) - fills, `trades in minute ${minute + 1}`).toBeGreaterThanOrEqual(2);
        // The follower reads as it goes (a client left 1000 messages behind is cut off).
        await feed.settled();
      }
      const young = count(`SELECT COUNT(*) FROM orders WHERE seq > ? AND condition_id = ? AND status = 'cancelled' AND updated_at - created_at < ?`, seq, m.conditionId, minAge * 1000);
      expect(young).toBe(0);
      // Replaced once old enough.
      expect(count(`SELECT COUNT(*) FROM orders WHERE seq > ? AND condition_id = ? AND status = 'cancelled'`, seq, m.conditionId)).toBeGreaterThan(0);
      for (const token of m.tokens) {
        const book = venue.exchange.book(token);
        expect(book.bestBid() as number).toBeLessThan(book.bestAsk() as number);
      }
    } finally {
      feed.close();
    }
  });

  it("steps a market a page reads over HTTP every tick, ahead of a list's rows, until the reads stop", async () => {
    const all = markets();
    const page = all[all.length - 1] as Market;
    // One market an event, none of the page's: a step moves a neg-risk sibling with it.
    const rows = (
      venue.db
        .prepare(
          `SELECT m.condition_id, m.event_id, (SELECT token_id FROM tokens t WHERE t.condition_id = m.condition_id AND outcome_index = 0) AS yes FROM markets m
           WHERE m.status = 'active' AND m.event_id != ? AND m.id = (SELECT MIN(id) FROM markets x WHERE x.event_id = m.event_id AND x.status = 'active') ORDER BY m.id LIMIT 20`,
        )
        .all(page.eventId) as Array<{ condition_id: string; event_id: number; yes: string }>
    ).map((r) => ({ conditionId: r.condition_id, eventId: r.event_id, tokens: [r.yes, ''] as [string, string] }));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    // The page polls its market's prices (as on a spec-only venue); a list reads twenty rows' at once.
    const pagePrices = JSON.stringify(page.tokens.flatMap((t) => [{ token_id: t, side: 'BUY' }, { token_id: t, side: 'SELL' }]));
    expect((await venue.post('trading', '/prices', pagePrices)).status).toBe(200);
    expect((await venue.post('trading', '/prices', JSON.stringify(rows.map((r) => ({ token_id: r.tokens[0] }))))).status).toBe(200);
    const seq = lastOrder();
    let pageChanges = 0;
    for (let i = 0; i < 4; i++) if (tick([page])[0]?.changed) pageChanges++;
    // The rows take turns in what is left of each tick (one a tick): some moved, not every one.
    const rowsMoved = rows.filter((r) => ordersSince(seq, r.conditionId) > 0).length;
    expect(rowsMoved).toBeGreaterThanOrEqual(3);
    expect(rowsMoved).toBeLessThan(rows.length);
    // The page's market, meanwhile, nearly every tick.
    for (let i = 0; i < 4; i++) if (tick([page])[0]?.changed) pageChanges++;
    expect(pageChanges).toBeGreaterThanOrEqual(5);

    // No read for longer than the read window: nobody watches any more, and nothing moves.
    clock += READ_WINDOW_MS;
    const quiet = lastOrder();
    for (let i = 0; i < 5; i++) tick([]);
    expect(lastOrder()).toBe(quiet);
  });
});
