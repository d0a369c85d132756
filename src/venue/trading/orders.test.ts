// POST /orders, matching and the views that must follow the fills, rate limits, request
// signatures and open orders — signed orders from throwaway keys, over HTTP, against the real
// venue. Expiry, delays, cancels and market lifecycle are in lifetimes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChanged } from '../market-index.js';
import { feeMicro, MICRO } from '../money.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { hmacSignature } from '@shared/crypto/index.js';
import { BalanceAllowance, OpenOrdersPage } from '@shared/spec/index.js';
import { Trader } from './test-trader.js';
import { rebuildDerived } from '../ledger.js';
import { orderKit } from './orders-support.js';

let venue: TestVenue;
const { market, inventory, balance, openOrders, place } = orderKit(() => venue);

beforeAll(async () => {
  venue = await startTestVenue();
});
afterAll(async () => {
  await venue?.stop();
});

describe('POST /orders: the batch', () => {
  it('needs a signed request', async () => {
    const res = await fetch(`${venue.urls.trading_url}/orders`, { method: 'POST', body: '[]', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED');
  });

  it('takes 1 to 15 items', async () => {
    const t = await Trader.create(venue.urls);
    const m = market();
    for (const n of [0, 16]) {
      const r = await t.post(Array.from({ length: n }, (_, i) => t.order(m.tokens[0], 'BUY', '0.10', '5', { salt: String(i + 1) })));
      expect(r.status).toBe(400);
      expect((r.body as unknown as { code: string }).code).toBe('INVALID_BATCH_SIZE');
    }
    const notArray = await t.send('POST', '/orders', { order: {} });
    expect(notArray.status).toBe(400);
    expect((notArray.body as { param: string }).param).toBe('body');
  });

  it('answers every item in request order with its own verdict', async () => {
    const t = await Trader.create(venue.urls);
    const other = await Trader.create(venue.urls);
    const m = market();
    const closed = market();
    venue.exchange.setMarketStatus(closed.conditionId, 'closed');
    const good = t.order(m.tokens[0], 'BUY', '0.20', '10');
    const forged = other.order(m.tokens[0], 'BUY', '0.20', '10') as { order: Record<string, unknown>; owner: string };
    const resignedBy = { ...forged, owner: t.creds.apiKey, order: { ...forged.order, maker: t.address, signer: t.address } };
    const inexact = t.order(m.tokens[0], 'BUY', '0.20', '10', { amounts: { makerAmount: '2000001', takerAmount: '10000000' } });
    const items = [
      good,
      resignedBy,
      t.order(m.tokens[0], 'BUY', '0.205', '10'),
      t.order(m.tokens[0], 'BUY', '0.20', '4'),
      inexact,
      t.order(closed.tokens[0], 'BUY', '0.20', '10'),
      t.order(m.tokens[0], 'BUY', '0.90', '50000'),
      good,
      { ...(t.order(m.tokens[0], 'BUY', '0.20', '10') as object), owner: other.creds.apiKey },
      t.order(m.tokens[1], 'BUY', '0.50', '10', { type: 'FOK' }),
      { order: { tokenId: m.tokens[0] }, owner: t.creds.apiKey, orderType: 'GTC' },
      t.order('12345', 'BUY', '0.20', '10'),
      t.order(m.tokens[0], 'SELL', '0.20', '10'),
      t.order(m.tokens[0], 'BUY', '1.00', '10'),
      t.order(m.tokens[0], 'BUY', '0.20', '10', { type: 'GTD', expiration: Math.floor(Date.now() / 1000) - 5 }),
    ];
    const results = await place(t, items);
    const codes = results.map((r) => (r['success'] ? `ok:${String(r['status'])}` : r['code']));
    expect(codes).toEqual([
      'ok:live',
      'INVALID_ORDER_SIGNATURE',
      'INVALID_TICK_SIZE',
      'ORDER_SIZE_BELOW_MINIMUM',
      'INVALID_AMOUNTS',
      'MARKET_NOT_ACCEPTING_ORDERS',
      'INSUFFICIENT_BALANCE',
      'DUPLICATE_ORDER',
      'INVALID_ORDER',
      'FOK_NOT_FILLED',
      'INVALID_ORDER',
      'INVALID_ORDER',
      'INSUFFICIENT_BALANCE',
      'INVALID_TICK_SIZE',
      'INVALID_ORDER',
    ]);
    for (const r of results.filter((x) => !x['success'])) expect(String(r['errorMsg']).length).toBeGreaterThan(10);
    expect(results[10]?.['errorMsg']).toMatch(/order\.(salt|maker|signer|makerAmount)/);
    expect(results[9]?.['status']).toBe('unmatched');
    // Only the first item rests.
    expect((await openOrders(t)).map((o) => o['id'])).toEqual([results[0]?.['orderID']]);
  });

  it('refuses funding-wallet signature types and blocked addresses on screened markets', async () => {
    const blockedKey = `0x${'11'.repeat(32)}`;
    const t = await Trader.create(venue.urls);
    const m = market();
    const item = t.order(m.tokens[0], 'BUY', '0.30', '5') as { order: Record<string, unknown> };
    item.order['signatureType'] = 1;
    const [r] = await place(t, [item]);
    expect(r?.['code']).toBe('UNSUPPORTED_SIGNATURE_TYPE');

    const blockedVenue = await startTestVenue({ blocked: [(await import('@shared/crypto/index.js')).privateKeyToAddress(blockedKey)] });
    try {
      const b = await Trader.create(blockedVenue.urls, blockedKey);
      const row = blockedVenue.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' AND neg_risk = 0 ORDER BY id LIMIT 1").get() as { condition_id: string };
      blockedVenue.db.prepare('UPDATE markets SET screening = 1 WHERE condition_id = ?').run(row.condition_id);
      catalogChanged(blockedVenue.db);
      const token = (blockedVenue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').get(row.condition_id) as { token_id: string }).token_id;
      const tick = (blockedVenue.db.prepare('SELECT tick_size FROM markets WHERE condition_id = ?').get(row.condition_id) as { tick_size: number }).tick_size;
      const price = ((tick * 10) / MICRO).toFixed(6).replace(/0+$/, '');
      const [blocked] = await place(b, [b.order(token, 'BUY', price, '1000')]);
      expect(blocked?.['code']).toBe('ADDRESS_BLOCKED');
    } finally {
      await blockedVenue.stop();
    }
  });
});

describe('matching', () => {
  it('fills at the resting prices in price-time order, charges the taker fee, and moves every view', async () => {
    const seller = await Trader.create(venue.urls);
    const buyer = await Trader.create(venue.urls);
    const m = market({ taker_base_fee: 200 });
    inventory(seller, m, '100');
    const sellerCash0 = await balance(seller);
    const buyerCash0 = await balance(buyer);
    expect(buyerCash0).toBe(10_000_000_000n);
    const rest = await place(seller, [seller.order(m.tokens[0], 'SELL', '0.62', '10'), seller.order(m.tokens[0], 'SELL', '0.60', '10'), seller.order(m.tokens[0], 'SELL', '0.60', '5')]);
    expect(rest.map((r) => r['status'])).toEqual(['live', 'live', 'live']);

    const [take] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.62', '20')]);
    // 10 @0.60 (first in time), 5 @0.60, 5 @0.62.
    const cost = 15n * 600_000n + 5n * 620_000n;
    const fee = BigInt(feeMicro(200, 600_000, 10 * MICRO) + feeMicro(200, 600_000, 5 * MICRO) + feeMicro(200, 620_000, 5 * MICRO));
    expect(take).toMatchObject({ success: true, status: 'matched', takingAmount: String(20 * MICRO), makingAmount: String(cost + fee) });
    expect(await balance(buyer)).toBe(buyerCash0 - cost - fee);
    expect(await balance(seller)).toBe(sellerCash0 + cost); // maker fee 0 on a taker-only market

    const left = await openOrders(seller);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ price: '0.62', original_size: '10', size_matched: '5', side: 'SELL' });

    const trades = (await venue.get('data', `/trades?user=${buyer.address.toLowerCase()}`)).body as Array<Record<string, unknown>>;
    expect(trades.map((t) => [t['price'], t['size']]).sort()).toEqual([[0.6, 10], [0.6, 5], [0.62, 5]].sort());
    const positions = (await venue.get('data', `/positions?user=${buyer.address.toLowerCase()}`)).body as Array<Record<string, unknown>>;
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ conditionId: m.conditionId, size: 20, curPrice: 0.62 });
    expect(positions[0]?.['avgPrice']).toBeCloseTo(Number(cost + fee) / 20 / MICRO, 9);
    const holders = (await venue.get('data', `/holders?market=${m.conditionId}`)).body as Array<{ token: string; holders: Array<{ proxyWallet: string; amount: number }> }>;
    const yes = holders.find((h) => h.holders.some((x) => x.proxyWallet === buyer.address.toLowerCase()));
    expect(yes?.holders.find((x) => x.proxyWallet === buyer.address.toLowerCase())?.amount).toBe(20);
    const board = (await venue.get('data', `/v1/leaderboard?timePeriod=DAY&orderBy=VOL&user=${buyer.address.toLowerCase()}`)).body as Array<{ vol: number }>;
    expect(board[0]?.vol).toBeCloseTo(Number(cost) / MICRO, 6);
    const last = await venue.post('trading', '/last-trades-prices', JSON.stringify([{ token_id: m.tokens[0] }]));
    if (last.status === 200) expect(last.body).toEqual([{ token_id: m.tokens[0], price: '0.62', side: 'BUY' }]);
  });

  it('lets each item of a batch see the cash and tokens the items before it moved, and writes what fill by fill would', async () => {
    const seller = await Trader.create(venue.urls);
    const t = await Trader.create(venue.urls);
    const m = market({ taker_base_fee: 0 });
    inventory(seller, m, '40');
    const sellerCash0 = await balance(seller);
    await place(seller, Array.from({ length: 4 }, () => seller.order(m.tokens[0], 'SELL', '0.50', '10')));

    const results = await place(t, [
      t.order(m.tokens[0], 'BUY', '0.50', '20'), // takes two asks: 20 tokens for 10
      t.order(m.tokens[0], 'SELL', '0.90', '15'), // rests on tokens bought just before
      t.order(m.tokens[0], 'SELL', '0.90', '10'), // only 5 are left unpromised
      t.order(m.tokens[0], 'BUY', '0.50', '20'), // the other two asks: cash 9,980 left
      t.order(m.tokens[0], 'BUY', '0.50', '19970'), // needs 9,985
      t.order(m.tokens[0], 'BUY', '0.50', '19960'), // needs all 9,980
    ]);
    expect(results.map((r) => r['code'] ?? r['status'])).toEqual(['matched', 'live', 'INSUFFICIENT_BALANCE', 'matched', 'INSUFFICIENT_BALANCE', 'live']);
    expect(results[2]?.['errorMsg']).toMatch(/5 are free/);
    expect(results[4]?.['errorMsg']).toMatch(/9980 is free/);
    const cash = (await t.send('GET', '/balance-allowance')).body;
    expect(cash).toMatchObject({ balance: String(9_980n * 1_000_000n), reserved: String(9_980n * 1_000_000n), available: '0' });
    expect(await balance(seller)).toBe(sellerCash0 + 20_000_000n);
    const positions = (await venue.get('data', `/positions?user=${t.address.toLowerCase()}`)).body as Array<Record<string, unknown>>;
    expect(positions.map((p) => [p['conditionId'], p['outcomeIndex'], p['size'], p['avgPrice']])).toEqual([[m.conditionId, 0, 40, 0.5]]);

    const derived = () => ['positions', 'last_trades', 'market_stats'].map((table) => venue.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all());
    const kept = derived();
    rebuildDerived(venue.db);
    expect(derived()).toEqual(kept);
  });

  it('rests the rest of a partly filled GTC, and FAK drops it', async () => {
    const seller = await Trader.create(venue.urls);
    const buyer = await Trader.create(venue.urls);
    const m = market();
    inventory(seller, m, '50');
    await place(seller, [seller.order(m.tokens[0], 'SELL', '0.40', '10'), seller.order(m.tokens[0], 'SELL', '0.45', '10')]);
    const [gtc] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.40', '15')]);
    expect(gtc).toMatchObject({ status: 'matched', takingAmount: String(10 * MICRO) });
    expect((await openOrders(buyer))[0]).toMatchObject({ price: '0.4', original_size: '15', size_matched: '10' });
    expect(venue.exchange.book(m.tokens[0]).bestBid()).toBe(400_000);

    const [fak] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.45', '25', { type: 'FAK' })]);
    expect(fak).toMatchObject({ status: 'matched', takingAmount: String(10 * MICRO) });
    expect(await openOrders(buyer)).toHaveLength(1); // only the earlier GTC
    const [none] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.45', '5', { type: 'FAK' })]);
    expect(none).toMatchObject({ success: true, status: 'unmatched', takingAmount: '0' });
  });

  it('fills a FOK only whole', async () => {
    const seller = await Trader.create(venue.urls);
    const buyer = await Trader.create(venue.urls);
    const m = market();
    inventory(seller, m, '20');
    await place(seller, [seller.order(m.tokens[1], 'SELL', '0.30', '12')]);
    const [tooBig] = await place(buyer, [buyer.order(m.tokens[1], 'BUY', '0.30', '13', { type: 'FOK' })]);
    expect(tooBig).toMatchObject({ success: false, code: 'FOK_NOT_FILLED' });
    expect(venue.exchange.book(m.tokens[1]).depth('SELL')).toEqual([{ price: 300_000, size: 12 * MICRO }]);
    const [whole] = await place(buyer, [buyer.order(m.tokens[1], 'BUY', '0.30', '12', { type: 'FOK' })]);
    expect(whole).toMatchObject({ success: true, status: 'matched', takingAmount: String(12 * MICRO) });
  });

  it('rejects a post-only order that would cross, and rests one that does not', async () => {
    const seller = await Trader.create(venue.urls);
    const buyer = await Trader.create(venue.urls);
    const m = market();
    inventory(seller, m, '20');
    await place(seller, [seller.order(m.tokens[0], 'SELL', '0.50', '10')]);
    const [cross, ok] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.50', '5', { postOnly: true }), buyer.order(m.tokens[0], 'BUY', '0.49', '5', { postOnly: true })]);
    expect(cross).toMatchObject({ success: false, code: 'INVALID_ORDER' });
    expect(String(cross?.['errorMsg'])).toMatch(/post-only/);
    expect(ok).toMatchObject({ success: true, status: 'live' });
    const [fokPost] = await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.49', '5', { postOnly: true, type: 'FOK' })]);
    expect(fokPost?.['code']).toBe('INVALID_ORDER');
  });

  it('cancels the resting order of the same wallet instead of trading with itself', async () => {
    const t = await Trader.create(venue.urls);
    const m = market();
    inventory(t, m, '20');
    const [sell] = await place(t, [t.order(m.tokens[0], 'SELL', '0.55', '10')]);
    const [buy] = await place(t, [t.order(m.tokens[0], 'BUY', '0.55', '10')]);
    expect(buy).toMatchObject({ success: true, status: 'live', takingAmount: '0' });
    const open = await openOrders(t);
    expect(open.map((o) => o['id'])).toEqual([buy?.['orderID']]);
    expect(venue.db.prepare('SELECT status FROM orders WHERE id = ?').get(sell?.['orderID'])).toEqual({ status: 'cancelled' });
  });

  it('holds back cash for open orders, so the same money cannot be promised twice', async () => {
    const t = await Trader.create(venue.urls);
    const m = market();
    const [a] = await place(t, [t.order(m.tokens[0], 'BUY', '0.50', '15000')]); // 7,500 of 10,000
    expect(a?.['success']).toBe(true);
    const [b] = await place(t, [t.order(m.tokens[1], 'BUY', '0.50', '6000')]); // 3,000 more
    expect(b?.['code']).toBe('INSUFFICIENT_BALANCE');
    const bal = BalanceAllowance.parse((await t.send('GET', '/balance-allowance')).body);
    expect(bal).toMatchObject({ balance: '10000000000', reserved: String(7_500_000_000 + feeMicro(100, 500_000, 15_000 * MICRO)) });
  });

  it('maker fees apply when the market charges both sides', async () => {
    const seller = await Trader.create(venue.urls);
    const buyer = await Trader.create(venue.urls);
    const m = market({ taker_base_fee: 100, maker_base_fee: 50, fee_taker_only: 0 });
    inventory(seller, m, '10');
    const before = await balance(seller);
    await place(seller, [seller.order(m.tokens[0], 'SELL', '0.80', '10')]);
    await place(buyer, [buyer.order(m.tokens[0], 'BUY', '0.80', '10')]);
    // min(0.8, 0.2) = 0.2: maker fee = 50 bps × 0.2 × 10 = 0.01
    expect(await balance(seller)).toBe(before + 8_000_000n - 10_000n);
  });
});

describe('rate limits', () => {
  it('fails the items past the write budget with RATE_LIMITED and a retry time', async () => {
    const tight = await startTestVenue({ rateLimitScale: 3 / 2400 });
    try {
      const t = await Trader.create(tight.urls);
      const cid = (tight.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' AND tick_size = 10000 AND neg_risk = 0 ORDER BY id LIMIT 1").get() as { condition_id: string }).condition_id;
      const min = (tight.db.prepare('SELECT min_size FROM markets WHERE condition_id = ?').get(cid) as { min_size: number }).min_size;
      const token = (tight.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').get(cid) as { token_id: string }).token_id;
      const r = await t.post([1, 2, 3, 4, 5].map((i) => t.order(token, 'BUY', `0.0${i}`, String(min))));
      expect(r.status).toBe(200);
      expect(r.body.map((x) => x['success'])).toEqual([true, true, true, false, false]);
      expect(r.body[3]).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(r.body[3]?.['retry_after_seconds'])).toBeGreaterThanOrEqual(1);
    } finally {
      await tight.stop();
    }
  });
});

describe('request signatures', () => {
  it('are checked over the raw body bytes', async () => {
    const t = await Trader.create(venue.urls);
    const m = market();
    const body = JSON.stringify([t.order(m.tokens[0], 'BUY', '0.10', '5')]);
    const headers = t.headers('POST', '/orders', body);
    const spaced = body.replace('[', '[ ');
    const res = await fetch(`${venue.urls.trading_url}/orders`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: spaced });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_SIGNATURE');
    const ts = String(Date.now());
    const good = await fetch(`${venue.urls.trading_url}/orders`, {
      method: 'POST',
      headers: { ...headers, SERVICE_TIMESTAMP: ts, SERVICE_SIGNATURE: hmacSignature(t.creds.secret, ts, 'POST', '/orders', spaced), 'content-type': 'application/json' },
      body: spaced,
    });
    expect(good.status).toBe(200);
  });
});

describe('open orders', () => {
  it('pages with cursors and filters by market, token and id', async () => {
    const t = await Trader.create(venue.urls);
    const a = market();
    const b = market();
    const onA = await place(t, Array.from({ length: 15 }, (_, i) => t.order(a.tokens[0], 'BUY', '0.05', '5', { salt: `9${i}` })));
    await place(t, Array.from({ length: 15 }, (_, i) => t.order(a.tokens[1], 'BUY', '0.05', '5', { salt: `8${i}` })));
    await place(t, Array.from({ length: 15 }, (_, i) => t.order(b.tokens[0], 'BUY', '0.05', '5', { salt: `7${i}` })));
    // 45 open: fewer than a page.
    const all = OpenOrdersPage.parse((await t.send('GET', '/data/orders')).body);
    expect(all).toMatchObject({ count: 45, next_cursor: 'LTE=', limit: 100 });
    const byMarket = OpenOrdersPage.parse((await t.send('GET', '/data/orders', undefined, `?market=${a.conditionId}`)).body);
    expect(byMarket.count).toBe(30);
    const byToken = OpenOrdersPage.parse((await t.send('GET', '/data/orders', undefined, `?asset_id=${b.tokens[0]}`)).body);
    expect(byToken.data.every((o) => o.asset_id === b.tokens[0] && o.market === b.conditionId)).toBe(true);
    const one = OpenOrdersPage.parse((await t.send('GET', '/data/orders', undefined, `?id=${String(onA[3]?.['orderID'])}`)).body);
    expect(one.data.map((o) => o.id)).toEqual([onA[3]?.['orderID']]);
    const bad = await t.send('GET', '/data/orders', undefined, '?next_cursor=%%%');
    expect(bad).toMatchObject({ status: 400, body: { param: 'next_cursor' } });
    // More than a page: 120 orders over two pages without overlap.
    for (let k = 0; k < 5; k++) await place(t, Array.from({ length: 15 }, (_, i) => t.order(b.tokens[1], 'BUY', '0.05', '5', { salt: `6${k}${i}` })));
    const first = OpenOrdersPage.parse((await t.send('GET', '/data/orders')).body);
    expect(first.count).toBe(100);
    const second = OpenOrdersPage.parse((await t.send('GET', '/data/orders', undefined, `?next_cursor=${encodeURIComponent(first.next_cursor)}`)).body);
    expect(second).toMatchObject({ count: 20, next_cursor: 'LTE=' });
    expect(new Set([...first.data, ...second.data].map((o) => o.id)).size).toBe(120);
  });
});
