// Rebuilding the books from the orders table (every start) gives back the same books, the same
// time priority and the same reservations as the ones the exchange kept while orders arrived.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { MICRO } from '../money.js';
import { Trader } from './test-trader.js';

let venue: TestVenue;

beforeAll(async () => {
  venue = await startTestVenue({ books: true, simulator: false });
});

afterAll(async () => {
  await venue?.stop();
});

function snapshot(): { books: unknown[]; reserved: Record<string, number> } {
  const tokens = (venue.db.prepare("SELECT DISTINCT token_id FROM orders WHERE status = 'live' ORDER BY token_id").pluck().all() as string[]);
  const wallets = (venue.db.prepare("SELECT DISTINCT wallet FROM orders WHERE status IN ('live', 'delayed') ORDER BY wallet").pluck().all() as string[]);
  const books = tokens.map((t) => {
    const b = venue.exchange.book(t);
    return { t, bids: structuredClone(b.bids), asks: structuredClone(b.asks) };
  });
  return { books, reserved: Object.fromEntries(wallets.map((w) => [w, venue.exchange.reserved(w)])) };
}

it('rebuilds the books and reservations it held', async () => {
  // Orders that arrived while running join the world's, behind them in time priority.
  const { token, market } = venue.db.prepare("SELECT o.token_id AS token, o.condition_id AS market FROM orders o JOIN markets m USING (condition_id) WHERE o.status = 'live' AND m.neg_risk = 0 ORDER BY o.seq LIMIT 1").get() as { token: string; market: string };
  const traders = [await Trader.create(venue.urls), await Trader.create(venue.urls)];
  for (const t of traders) {
    venue.exchange.mint(t.address.toLowerCase(), market, 20 * MICRO, 500_000);
    const r = await t.post([t.order(token, 'BUY', '0.01', '10'), t.order(token, 'BUY', '0.02', '10'), t.order(token, 'SELL', '0.99', '10')]);
    expect(r.status).toBe(200);
    // Live, or delayed where the market holds marketable orders back: both are rebuilt.
    expect(r.body.map((o) => o['success'])).toEqual([true, true, true]);
  }
  const before = snapshot();
  expect(before.books.length).toBeGreaterThan(10);
  expect(Object.values(before.reserved).some((v) => v > 0)).toBe(true);
  venue.exchange.reload();
  expect(snapshot()).toEqual(before);
});
