// The service family's trading routes beyond the spec, in the shapes its official clients read:
// over HTTP against the real venue, with signed requests where the family signs them; and none
// of them in spec-only mode.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Trader } from './test-trader.js';
import { orderKit, type Market } from './orders-support.js';
import { SERVED_ROUTES } from './served-routes.js';

let venue: TestVenue;
let spec: TestVenue;
const { market, place, twoLevelBook } = orderKit(() => venue);
let m: Market;
let maker: Trader;
let taker: Trader;

const MAX_UINT256 = ((1n << 256n) - 1n).toString();

beforeAll(async () => {
  [venue, spec] = await Promise.all([startTestVenue({ rateLimitScale: 0 }), startTestVenue({ specOnly: true, rateLimitScale: 0 })]);
  m = market();
  [maker, taker] = await Promise.all([Trader.create(venue.urls), Trader.create(venue.urls)]);
  // Asks 0.33 x10, 0.35 x10; bids 0.31 x10, 0.29 x10; then a taker buys 5 at 0.33.
  await twoLevelBook(maker, m);
  const [fill] = await place(taker, [taker.order(m.tokens[0], 'BUY', '0.33', '5', { type: 'FAK' })]);
  expect(fill?.['status']).toBe('matched');
});
afterAll(async () => {
  await Promise.all([venue?.stop(), spec?.stop()]);
});

const get = (path: string) => venue.get('trading', path);

describe('public reads', () => {
  it('GET / and /ok answer OK', async () => {
    for (const p of ['/', '/ok']) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(r.body).toBe('OK');
    }
  });

  it('GET /book carries hash, neg_risk, last_trade_price and strings for the grid', async () => {
    const r = await get(`/book?token_id=${m.tokens[0]}`);
    const b = r.body as Record<string, unknown>;
    expect(b).toMatchObject({ market: m.conditionId, asset_id: m.tokens[0], neg_risk: false, last_trade_price: '0.33', tick_size: '0.01', min_order_size: '5' });
    // The hash is the SHA-1 of the body as sent with hash "" (what the family's clients recompute).
    const hash = createHash('sha1').update(JSON.stringify({ ...b, hash: '' })).digest('hex');
    expect(b['hash']).toBe(hash);
    const quiet = market();
    venue.db.prepare('DELETE FROM last_trades WHERE condition_id = ?').run(quiet.conditionId);
    expect((await get(`/book?token_id=${quiet.tokens[0]}`)).body).toMatchObject({ last_trade_price: '', bids: [], asks: [] });
  });

  it('POST /books answers a book per token, in request order', async () => {
    const r = await venue.post('trading', '/books', JSON.stringify([{ token_id: m.tokens[1] }, { token_id: m.tokens[0] }]));
    expect(r.status).toBe(200);
    expect((r.body as Array<{ asset_id: string }>).map((b) => b.asset_id)).toEqual([m.tokens[1], m.tokens[0]]);
    const bad = await venue.post('trading', '/books', JSON.stringify([{ token_id: '1' }]));
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMETER', param: 'body[0].token_id' } });
    expect((await venue.post('trading', '/books', '{}')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'body' });
  });

  it('GET /midpoint, /price, /spread and /last-trade-price follow the book and the fills', async () => {
    const t = m.tokens[0];
    expect((await get(`/midpoint?token_id=${t}`)).body).toEqual({ mid: '0.32' });
    expect((await get(`/price?token_id=${t}&side=BUY`)).body).toEqual({ price: '0.31' });
    expect((await get(`/price?token_id=${t}&side=SELL`)).body).toEqual({ price: '0.33' });
    expect((await get(`/spread?token_id=${t}`)).body).toEqual({ spread: '0.02' });
    expect((await get(`/last-trade-price?token_id=${t}`)).body).toEqual({ price: '0.33', side: 'BUY' });
    expect((await venue.post('trading', '/midpoints', JSON.stringify([{ token_id: t }]))).body).toEqual({ [t]: '0.32' });
    expect((await venue.post('trading', '/spreads', JSON.stringify([{ token_id: t }]))).body).toEqual({ [t]: '0.02' });
  });

  it('the single-token reads refuse bad input in the venue error shape', async () => {
    expect((await get(`/price?token_id=${m.tokens[0]}&side=UP`)).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'side' });
    expect((await get('/midpoint')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'token_id' });
    expect(await get('/spread?token_id=1')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const quiet = market();
    venue.db.prepare('DELETE FROM last_trades WHERE condition_id = ?').run(quiet.conditionId);
    expect(await get(`/midpoint?token_id=${quiet.tokens[0]}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: expect.stringMatching(/no bids/) } });
    expect(await get(`/last-trade-price?token_id=${quiet.tokens[0]}`)).toMatchObject({ status: 404, body: { error: expect.stringMatching(/not traded/) } });
  });

  it('GET /markets, /simplified-markets and /sampling-markets page with cursors', async () => {
    for (const p of ['/markets', '/simplified-markets', '/sampling-markets']) {
      const first = (await get(p)).body as { data: Array<Record<string, unknown>>; next_cursor: string; limit: number; count: number };
      expect(first.count, p).toBe(first.data.length);
      expect(first.data[0]).toHaveProperty('condition_id');
      expect(first.data[0]).toHaveProperty('tokens');
      if (p !== '/simplified-markets') expect(first.data[0]).toHaveProperty('minimum_tick_size');
      if (first.next_cursor !== 'LTE=') {
        const second = (await get(`${p}?next_cursor=${first.next_cursor}`)).body as { data: Array<{ condition_id: string }> };
        expect(second.data[0]?.condition_id).not.toBe(first.data[0]?.['condition_id']);
      }
      expect((await get(`${p}?next_cursor=LTE=`)).body).toMatchObject({ data: [], count: 0 });
      expect((await get(`${p}?next_cursor=nope`)).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'next_cursor' });
    }
  });
});

describe('signed reads and writes', () => {
  it('need the L2 signature', async () => {
    for (const p of ['/data/trades', '/auth/api-keys', '/auth/ban-status/closed-only', '/data/order/0x01']) {
      expect((await get(p)).status, p).toBe(401);
    }
  });

  it('POST /order places one order and answers its result; a refused one is a 400 naming why', async () => {
    const ok = await maker.send('POST', '/order', maker.order(m.tokens[0], 'BUY', '0.20', '5'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ success: true, status: 'live', errorMsg: '' });
    const bad = await maker.send('POST', '/order', maker.order(m.tokens[0], 'BUY', '0.205', '5'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: expect.stringMatching(/tick/), code: expect.any(String) });
    expect((await maker.send('POST', '/order', [maker.order(m.tokens[0], 'BUY', '0.20', '5')])).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'body' });
  });

  it('GET /data/order/{id} answers the key\'s own order only', async () => {
    const placed = await maker.send<{ orderID: string }>('POST', '/order', maker.order(m.tokens[0], 'BUY', '0.21', '5'));
    const id = placed.body.orderID;
    const r = await maker.send('GET', `/data/order/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, status: 'live', side: 'BUY', price: '0.21', original_size: '5', size_matched: '0', asset_id: m.tokens[0], market: m.conditionId, associate_trades: [] });
    expect((await taker.send('GET', `/data/order/${id}`)).status).toBe(404);
  });

  it('GET /data/trades lists the wallet\'s fills with their counterparties', async () => {
    const r = await taker.send<{ data: Array<Record<string, unknown>>; next_cursor: string }>('GET', '/data/trades');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ market: m.conditionId, asset_id: m.tokens[0], side: 'BUY', size: '5', price: '0.33', trader_side: 'TAKER', fee_rate_bps: '100' });
    expect((r.body.data[0]?.['maker_orders'] as unknown[])[0]).toMatchObject({ maker_address: maker.address.toLowerCase(), matched_amount: '5', side: 'SELL' });
    const tradeId = String(r.body.data[0]?.['id']);
    const mine = await maker.send<{ data: Array<Record<string, unknown>> }>('GET', '/data/trades', undefined, `?id=${tradeId}`);
    expect(mine.body.data.map((t) => t['trader_side'])).toEqual(['MAKER']);
    expect((await taker.send<{ data: unknown[] }>('GET', '/data/trades', undefined, `?market=${market().conditionId}`)).body.data).toEqual([]);
    expect((await taker.send('GET', '/data/trades', undefined, '?before=soon')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'before' });
  });

  it('GET /auth/api-keys and /auth/ban-status/closed-only', async () => {
    expect((await maker.send('GET', '/auth/api-keys')).body).toEqual({ apiKeys: [maker.creds.apiKey] });
    expect((await maker.send('GET', '/auth/ban-status/closed-only')).body).toEqual({ closed_only: false });
  });

  it('DELETE /cancel-market-orders cancels the key\'s orders of one market or one token', async () => {
    const t = await Trader.create(venue.urls);
    const other = market();
    const ids = (await place(t, [t.order(m.tokens[0], 'BUY', '0.10', '5'), t.order(m.tokens[1], 'BUY', '0.10', '5'), t.order(other.tokens[0], 'BUY', '0.10', '5')])).map((r) => r['orderID']);
    const byToken = await t.send('DELETE', '/cancel-market-orders', { asset_id: m.tokens[1] });
    expect(byToken.body).toEqual({ canceled: [ids[1]], not_canceled: {} });
    const byMarket = await t.send('DELETE', '/cancel-market-orders', { market: m.conditionId });
    expect(byMarket.body).toEqual({ canceled: [ids[0]], not_canceled: {} });
    expect((await t.send('DELETE', '/cancel-market-orders', { asset_id: other.tokens[0], market: m.conditionId })).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'asset_id' });
    expect((await t.send('DELETE', '/cancel-market-orders', { market: 'x' })).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'body' });
  });

  it('GET /balance-allowance carries allowances, and a token\'s balance for CONDITIONAL', async () => {
    const cash = await maker.send<Record<string, unknown>>('GET', '/balance-allowance', undefined, '?asset_type=COLLATERAL&signature_type=0');
    expect(cash.body['allowances']).toEqual({ [maker.settings.exchangeAddress]: MAX_UINT256, [maker.settings.negRiskExchangeAddress]: MAX_UINT256 });
    const held = await taker.send('GET', '/balance-allowance', undefined, `?asset_type=CONDITIONAL&token_id=${m.tokens[0]}`);
    expect(held.body).toMatchObject({ balance: '5000000' });
    expect((await taker.send('GET', '/balance-allowance', undefined, '?asset_type=CONDITIONAL')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'token_id' });
  });
});

describe('GET /markets/live-activity/{condition_id}', () => {
  it("lists the market's takers' trades, newest first, with the trader", async () => {
    const r = await get(`/markets/live-activity/${m.conditionId}`);
    expect(r.status).toBe(200);
    const [latest] = r.body as Array<Record<string, unknown>>;
    expect(latest).toMatchObject({ event_type: 'trade', side: 'BUY', size: '5', price: '0.33', outcome_index: 0, market: { condition_id: m.conditionId, asset_id: m.tokens[0] } });
    expect(latest?.['user']).toMatchObject({ address: taker.address.toLowerCase() });
    expect((await get('/markets/live-activity/nope')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'condition_id' });
    expect((await get(`/markets/live-activity/0x${'0'.repeat(64)}`)).status).toBe(404);
  });
});

describe('what the paper venue has no use for', () => {
  it('answers truly: no order scores, no notifications, no pre-migration orders', async () => {
    const placed = await maker.send<{ orderID: string }>('POST', '/order', maker.order(m.tokens[0], 'BUY', '0.15', '5'));
    const id = placed.body.orderID;
    expect((await maker.send('GET', '/order-scoring', undefined, `?order_id=${id}`)).body).toEqual({ scoring: false });
    expect((await taker.send('GET', '/order-scoring', undefined, `?order_id=${id}`)).status).toBe(404);
    expect((await maker.send('GET', '/order-scoring')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'order_id' });
    expect((await maker.send('POST', '/orders-scoring', [id, 'x'])).body).toEqual({ [id]: false, x: false });
    expect((await maker.send('POST', '/orders-scoring', { id })).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'body' });
    expect((await maker.send('GET', '/notifications')).body).toEqual([]);
    expect((await maker.send('DELETE', '/notifications')).status).toBe(200);
    expect((await maker.send('GET', '/data/pre-migration-orders')).body).toEqual({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 });
    expect((await maker.send('GET', '/balance-allowance/update')).body).toEqual((await maker.send('GET', '/balance-allowance')).body);
    expect((await maker.send('GET', '/rewards/user', undefined, '?date=2026-11-01')).body).toEqual({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 });
    expect((await maker.send('GET', '/rewards/user/total', undefined, '?date=2026-11-01')).body).toEqual([]);
    expect((await maker.send('GET', '/rewards/user/total', undefined, '?date=soon')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'date' });
    expect((await maker.send('GET', '/rewards/user/percentages')).body).toEqual({});
    for (const p of ['/order-scoring', '/notifications', '/data/pre-migration-orders', '/balance-allowance/update', '/rewards/user/percentages']) expect((await get(p)).status, p).toBe(401);
  });
});

describe('venue profile', () => {
  const routes = SERVED_ROUTES.filter((r) => !['GET /time', 'GET /book', 'GET /prices-history'].includes(r));

  it('/version lists every family route', async () => {
    const v = (await get('/version')).body as { capabilities: string[] };
    for (const r of ['POST /order', 'GET /data/order/{id}', 'GET /data/trades', 'GET /', 'GET /markets', 'GET /simplified-markets', 'GET /sampling-markets', 'GET /midpoint', 'GET /price', 'GET /spread', 'GET /last-trade-price', 'POST /books', 'GET /auth/api-keys', 'GET /auth/ban-status/closed-only', 'DELETE /cancel-market-orders']) {
      expect(v.capabilities, r).toContain(r);
    }
  });

  it('none of them is served in spec-only mode', async () => {
    for (const r of routes) {
      const [method, path] = r.split(' ') as [string, string];
      const res = await fetch(`${spec.urls.trading_url}${path.replace('{id}', '0x01').replace('{condition_id}', m.conditionId)}${method === 'GET' ? `?token_id=${m.tokens[0]}` : ''}`, {
        method,
        ...(method === 'GET' ? {} : { body: '[]', headers: { 'content-type': 'application/json' } }),
      });
      expect(res.status, r).toBe(404);
    }
  });
});
