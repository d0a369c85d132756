// Placing a batch in two halves: prepared (checked and hashed, signers recovered on the worker)
// as it arrives, settled later in arrival order. What may happen in between must not show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VenueContext } from '../http.js';
import { catalogChanged } from '../market-index.js';
import { RateLimiter } from '../rate-limit.js';
import { DEFAULT_SETTINGS } from '../settings.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { prepareOrders, settleOrders, Settlements } from './orders.js';
import { SignatureVerifier } from './signatures.js';
import { Trader } from './test-trader.js';

let venue: TestVenue;
let ctx: VenueContext;

/** A fresh active binary market with a 0.01 tick and minimum size 5. */
function market(): { conditionId: string; token: string } {
  const row = venue.db
    .prepare(
      `SELECT m.condition_id, t.token_id FROM markets m JOIN tokens t ON t.condition_id = m.condition_id AND t.outcome_index = 0
       WHERE m.status = 'active' AND json_array_length(m.outcomes) = 2 ORDER BY m.id DESC LIMIT 1 OFFSET ?`,
    )
    .get(picked++) as { condition_id: string; token_id: string };
  venue.db
    .prepare('UPDATE markets SET neg_risk = 0, tick_size = 10000, min_size = 5, taker_delay = 0, min_order_age = 0, screening = 0 WHERE condition_id = ?')
    .run(row.condition_id);
  catalogChanged(venue.db);
  return { conditionId: row.condition_id, token: row.token_id };
}
let picked = 0;

beforeAll(async () => {
  venue = await startTestVenue();
  ctx = {
    db: venue.db,
    limiter: new RateLimiter(0),
    now: Date.now,
    settings: DEFAULT_SETTINGS,
    exchange: venue.exchange,
    dataDir: venue.dataDir,
    signatures: new SignatureVerifier(),
  };
});
afterAll(async () => {
  await ctx.signatures?.close();
  await venue?.stop();
});

describe('settling prepared batches', () => {
  it('settles queued batches in the order they arrived', async () => {
    const m = market();
    const [buyer, seller] = await Promise.all([Trader.create(venue.urls), Trader.create(venue.urls)]);
    venue.exchange.mint(seller.address.toLowerCase(), m.conditionId, 50_000_000, 500_000);
    const who = (t: Trader) => ({ apiKey: t.creds.apiKey, address: t.address.toLowerCase() });
    const settlements = new Settlements();
    // The bid arrives first, so the sell behind it in the queue finds it on the book.
    const bid = prepareOrders(ctx, who(buyer), [buyer.order(m.token, 'BUY', '0.40', '10')]);
    const sell = prepareOrders(ctx, who(seller), [seller.order(m.token, 'SELL', '0.40', '10', { type: 'FOK' })]);
    const [bidResult, sellResult] = await Promise.all([settlements.run(() => settleOrders(ctx, bid)), settlements.run(() => settleOrders(ctx, sell))]);
    expect(bidResult[0]).toMatchObject({ success: true, status: 'live' });
    expect(sellResult[0]).toMatchObject({ success: true, status: 'matched' });
  });

  it('runs what is queued after a batch only once the batch has settled', async () => {
    const m = market();
    const buyer = await Trader.create(venue.urls);
    const settlements = new Settlements();
    const batch = prepareOrders(ctx, { apiKey: buyer.creds.apiKey, address: buyer.address.toLowerCase() }, [buyer.order(m.token, 'BUY', '0.30', '5')]);
    const placed = settlements.run(() => settleOrders(ctx, batch));
    await settlements.run(() => undefined);
    const [result] = await placed;
    expect(venue.db.prepare('SELECT status FROM orders WHERE id = ?').get(result?.orderID)).toEqual({ status: 'live' });
  });

  it('checks an item again when its market changed between the two halves', async () => {
    const m = market();
    const buyer = await Trader.create(venue.urls);
    const batch = prepareOrders(ctx, { apiKey: buyer.creds.apiKey, address: buyer.address.toLowerCase() }, [buyer.order(m.token, 'BUY', '0.30', '5')]);
    venue.exchange.setMarketStatus(m.conditionId, 'paused');
    const [result] = settleOrders(ctx, batch);
    expect(result).toMatchObject({ success: false, code: 'MARKET_NOT_ACCEPTING_ORDERS' });
  });
});
