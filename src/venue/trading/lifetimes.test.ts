// What becomes of orders after they rest: GTD expiry, taker delays, cancels, and a market's
// lifecycle (through the admin route and command) — over HTTP, against the real venue.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MICRO } from '../money.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from '../test-support.js';
import { CancelResult } from '@shared/spec/index.js';
import { Trader } from './test-trader.js';
import { adminCommand } from '../admin.js';
import { orderKit, type Result } from './orders-support.js';

let venue: TestVenue;
const { market, inventory, openOrders, place } = orderKit(() => venue);

/** How far the venue's clock runs ahead of the real one: expiry is tested by moving it, not by waiting. */
let ahead = 0;

beforeAll(async () => {
  venue = await startTestVenue({ now: () => Date.now() + ahead });
});
afterAll(async () => {
  await venue?.stop();
});

describe('order lifetimes', () => {
  it('expires GTD orders at their expiration, also after the books are rebuilt; a filled one is gone already', async () => {
    const t = await Trader.create(venue.urls);
    const seller = await Trader.create(venue.urls);
    const m = market();
    const status = (o: Result | undefined) => (venue.db.prepare('SELECT status FROM orders WHERE id = ?').get(o?.['orderID']) as { status: string }).status;
    const gtd = (price: string, salt: string) => t.order(m.tokens[0], 'BUY', price, '5', { type: 'GTD', expiration: Math.floor((Date.now() + ahead) / 1000) + 2, salt });
    try {
      const [r, filled, lasting] = await place(t, [gtd('0.10', '1'), gtd('0.12', '2'), t.order(m.tokens[0], 'BUY', '0.09', '5', { salt: '3' })]);
      expect(r?.['status']).toBe('live');
      inventory(seller, m, '5');
      await place(seller, [seller.order(m.tokens[0], 'SELL', '0.12', '5')]);
      expect(await openOrders(t)).toHaveLength(2);
      ahead += 3_000;
      venue.exchange.sweepExpired(); // the venue's own sweep (every second) may come first
      expect(venue.exchange.sweepExpired()).toBe(0);
      expect([status(r), status(filled), status(lasting)]).toEqual(['expired', 'matched', 'live']);
      expect(await openOrders(t)).toHaveLength(1);
      expect(venue.exchange.book(m.tokens[0]).bestBid()).toBe(90_000);
      // As on a restart: the expiring orders come back from the table with the books.
      const [later] = await place(t, [gtd('0.11', '4')]);
      venue.exchange.reload();
      ahead += 3_000;
      venue.exchange.sweepExpired();
      expect([status(later), status(lasting)]).toEqual(['expired', 'live']);
    } finally {
      ahead = 0;
    }
  });

  it('delays marketable orders on taker-delay markets, then executes them', async () => {
    const seller = await Trader.create(venue.urls);
    const buyer = await Trader.create(venue.urls);
    const m = market({ taker_delay: 1, seconds_delay: 60 });
    inventory(seller, m, '10');
    const [rest] = await place(seller, [seller.order(m.tokens[0], 'SELL', '0.35', '10')]);
    expect(rest?.['status']).toBe('live'); // not marketable: no delay
    const [taker] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.35', '10')]);
    expect(taker).toMatchObject({ success: true, status: 'delayed' });
    expect(venue.exchange.book(m.tokens[0]).bestAsk()).toBe(350_000);
    venue.exchange.release(String(taker?.['orderID']));
    expect(venue.db.prepare('SELECT status, filled FROM orders WHERE id = ?').get(taker?.['orderID'])).toEqual({ status: 'matched', filled: 10 * MICRO });
    expect(venue.exchange.book(m.tokens[0]).bestAsk()).toBeUndefined();
  });
});

describe('cancels', () => {
  it('cancels one, many and all, only the key’s own, and respects the minimum order age', async () => {
    const t = await Trader.create(venue.urls);
    const other = await Trader.create(venue.urls);
    const m = market();
    const aged = market({ min_order_age: 3600 });
    const placed = await place(t, [1, 2, 3, 4].map((i) => t.order(m.tokens[0], 'BUY', `0.0${i}`, '5')));
    const ids = placed.map((r) => String(r['orderID']));
    const [young] = await place(t, [t.order(aged.tokens[0], 'BUY', '0.05', '5')]);

    const one = await t.send('DELETE', '/order', { orderID: ids[0] });
    expect(CancelResult.parse(one.body)).toEqual({ canceled: [ids[0]], not_canceled: {} });
    const foreign = await other.send('DELETE', '/order', { orderID: ids[1] });
    expect(CancelResult.parse(foreign.body).not_canceled[String(ids[1])]).toMatch(/not found/);
    const many = await t.send('DELETE', '/orders', [ids[1], ids[0], 'nope']);
    expect(CancelResult.parse(many.body)).toEqual({ canceled: [ids[1]], not_canceled: { [String(ids[0])]: 'order is already cancelled', nope: 'order not found' } });
    const all = CancelResult.parse((await t.send('DELETE', '/cancel-all')).body);
    expect(all.canceled.sort()).toEqual([ids[2], ids[3]].sort());
    expect(all.not_canceled[String(young?.['orderID'])]).toMatch(/minimum order age of 3600 s/);
    expect(venue.exchange.book(m.tokens[0]).bestBid()).toBeUndefined();
    const bad = await t.send('DELETE', '/order', { id: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('market lifecycle', () => {
  it('resolving cancels open orders, stops trading and makes the winners redeemable', async () => {
    const seller = await Trader.create(venue.urls);
    const buyer = await Trader.create(venue.urls);
    const m = market();
    inventory(seller, m, '30');
    await place(seller, [seller.order(m.tokens[0], 'SELL', '0.70', '10'), seller.order(m.tokens[0], 'SELL', '0.75', '10')]);
    await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.70', '10'), buyer.order(m.tokens[1], 'BUY', '0.10', '10')]);
    const info = JSON.parse(readFileSync(join(venue.dataDir, 'venue.json'), 'utf8')) as { port: number; adminToken: string };
    const call = (body: unknown, token = info.adminToken) =>
      fetch(`http://127.0.0.1:${info.port}/admin/markets/${m.conditionId}/status`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': token }, body: JSON.stringify(body) });
    expect((await call({ status: 'resolved', winner: 0 }, 'wrong')).status).toBe(401);
    expect((await call({ status: 'resolved' })).status).toBe(409);
    const res = await call({ status: 'resolved', winner: 0 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ conditionId: m.conditionId, status: 'resolved', cancelledOrders: 2 });
    expect(await openOrders(seller)).toHaveLength(0);
    expect(await openOrders(buyer)).toHaveLength(0);
    expect((await call({ status: 'active' })).status).toBe(409);

    const [late] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.70', '5')]);
    expect(late?.['code']).toBe('MARKET_NOT_ACCEPTING_ORDERS');
    const positions = (await venue.get('data', `/positions?user=${buyer.address.toLowerCase()}&redeemable=true`)).body as Array<Record<string, unknown>>;
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ conditionId: m.conditionId, redeemable: true, curPrice: 1, size: 10 });
  });

  it('the admin command changes a stopped venue’s database directly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-admin-'));
    const own = await startTestVenue({ dataDir: dir, size: 'small', seed: 7, anchor: TEST_ANCHOR });
    const cid = (own.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { condition_id: string }).condition_id;
    const viaRoute = JSON.parse(await adminCommand(own.dataDir, ['pause', cid])) as { status: string };
    expect(viaRoute.status).toBe('paused');
    await own.stop();
    const direct = JSON.parse(await adminCommand(dir, ['close', cid])) as { status: string };
    expect(direct.status).toBe('closed');
    await expect(adminCommand(dir, ['activate', cid])).rejects.toThrow(/cannot go from closed to active/);
    await expect(adminCommand(dir, ['resolve', cid])).rejects.toThrow(/winning outcome index/);
    rmSync(dir, { recursive: true, force: true });
  });
});
