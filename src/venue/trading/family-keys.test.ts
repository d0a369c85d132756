// The service family's key management, heartbeat, rewards programmes and builder reads, over HTTP
// against the real venue: what each answers, what a read-only or builder key may not do, a
// deleted key refused, the heartbeat's silence cancelling orders (on test timers); and none of
// them in spec-only mode.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { l2Headers, type ApiCreds } from '../auth/client.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { manualTimers } from '../timers.js';
import { HEARTBEAT_WINDOW_MS } from './family-heartbeat.js';
import { orderKit, type Market } from './orders-support.js';
import { SERVED_ROUTES } from './served-routes.js';
import { Trader, type Reply } from './test-trader.js';

const timers = manualTimers();
let venue: TestVenue;
let spec: TestVenue;
const { market, place, openOrders } = orderKit(() => venue);
let m: Market;

const ROUTES = [
  'DELETE /auth/api-key', 'POST /auth/readonly-api-key', 'GET /auth/readonly-api-keys', 'DELETE /auth/readonly-api-key', 'GET /auth/validate-readonly-api-key',
  'POST /auth/builder-api-key', 'GET /auth/builder-api-key', 'DELETE /auth/builder-api-key', 'POST /v1/heartbeats', 'GET /rewards/markets/current',
  'GET /rewards/markets/{condition_id}', 'GET /rewards/user/markets', 'GET /builder/trades', 'GET /fees/builder-fees/{builder_code}',
];

beforeAll(async () => {
  [venue, spec] = await Promise.all([startTestVenue({ rateLimitScale: 0, timers }), startTestVenue({ specOnly: true, rateLimitScale: 0 })]);
  m = market({ rewards_daily_rate: 0 });
});
afterAll(async () => {
  await Promise.all([venue?.stop(), spec?.stop()]);
});

async function reply<T>(res: Response): Promise<Reply<T>> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    return { status: res.status, body: text as T };
  }
}

/** A request signed with any credentials (a builder key's), as Trader.send signs with its own. */
async function signedAs<T = unknown>(creds: ApiCreds, address: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Reply<T>> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = { ...l2Headers(creds, address, method, path, text), ...(text ? { 'content-type': 'application/json' } : {}) };
  return reply<T>(await fetch(`${venue.urls.trading_url}${path}`, { method, headers, ...(text ? { body: text } : {}) }));
}

/** A request carrying a read-only key and the address, unsigned, as the family's clients send one. */
async function readOnly<T = unknown>(key: string, address: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Reply<T>> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = { SERVICE_READONLY_API_KEY: key, SERVICE_ADDRESS: address, ...(text ? { 'content-type': 'application/json' } : {}) };
  return reply<T>(await fetch(`${venue.urls.trading_url}${path}`, { method, headers, ...(text ? { body: text } : {}) }));
}

describe('API keys', () => {
  it('DELETE /auth/api-key deletes the signing key: its next request, and its read-only keys, are refused', async () => {
    const t = await Trader.create(venue.urls);
    const ro = (await t.send<{ apiKey: string }>('POST', '/auth/readonly-api-key')).body.apiKey;
    expect((await readOnly(ro, t.address, 'GET', '/data/orders')).status).toBe(200);
    const del = await t.send('DELETE', '/auth/api-key');
    expect(del.status).toBe(200);
    expect((await t.send('GET', '/auth/api-keys')).body).toMatchObject({ code: 'INVALID_API_KEY' });
    expect((await t.send('GET', '/auth/api-keys')).status).toBe(401);
    expect((await readOnly(ro, t.address, 'GET', '/data/orders')).status).toBe(401);
    // Unsigned, it is a 401 like any signed route.
    expect((await fetch(`${venue.urls.trading_url}/auth/api-key`, { method: 'DELETE' })).status).toBe(401);
  });

  it('a read-only key reads as the key that made it and may not write', async () => {
    const t = await Trader.create(venue.urls);
    const [resting] = await place(t, [t.order(m.tokens[0], 'BUY', '0.05', '5')]);
    const made = await t.send<{ apiKey: string }>('POST', '/auth/readonly-api-key');
    expect(made.status).toBe(200);
    const ro = made.body.apiKey;
    expect(ro).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.send('GET', '/auth/readonly-api-keys')).body).toEqual([ro]);

    const orders = await readOnly<{ data: Array<{ id: string }> }>(ro, t.address, 'GET', '/data/orders');
    expect(orders.status).toBe(200);
    expect(orders.body.data.map((o) => o.id)).toEqual([resting?.['orderID']]);
    expect((await readOnly(ro, t.address.replace(/.$/, (c) => (c === '0' ? '1' : '0')), 'GET', '/data/orders')).status).toBe(401);
    for (const [method, path, body] of [['POST', '/orders', [t.order(m.tokens[0], 'BUY', '0.06', '5')]], ['DELETE', '/cancel-all', undefined], ['POST', '/auth/readonly-api-key', undefined]] as const) {
      const r = await readOnly(ro, t.address, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body).toMatchObject({ code: 'INVALID_API_KEY', error: expect.stringContaining('read-only') });
    }
    expect(await openOrders(t)).toHaveLength(1);

    const validate = (address: string, key: string) => venue.get('trading', `/auth/validate-readonly-api-key?address=${address}&key=${key}`);
    expect(await validate(t.address, ro)).toMatchObject({ status: 200, body: 'OK' });
    expect((await validate(`0x${'12'.repeat(20)}`, ro)).status).toBe(401);
    expect((await validate('nope', ro)).body).toMatchObject({ code: 'INVALID_PARAMETER' });

    const other = await Trader.create(venue.urls);
    expect((await other.send('DELETE', '/auth/readonly-api-key', { key: ro })).status).toBe(404);
    expect((await t.send('DELETE', '/auth/readonly-api-key', {})).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'body.key' });
    expect(await t.send('DELETE', '/auth/readonly-api-key', { key: ro })).toEqual({ status: 200, body: true });
    expect((await readOnly(ro, t.address, 'GET', '/data/orders')).status).toBe(401);
    expect((await validate(t.address, ro)).status).toBe(401);
    expect((await t.send('GET', '/auth/readonly-api-keys')).body).toEqual([]);
    expect((await t.send('DELETE', '/auth/readonly-api-key', { key: ro })).status).toBe(404);
  });

  it('a builder key signs reads and its own revocation, never an order', async () => {
    const t = await Trader.create(venue.urls);
    const made = await t.send<{ key: string; secret: string; passphrase: string }>('POST', '/auth/builder-api-key');
    expect(made.status).toBe(200);
    const b = { apiKey: made.body.key, secret: made.body.secret, passphrase: made.body.passphrase };
    expect(b.apiKey).not.toBe(t.creds.apiKey);
    const listed = await signedAs<Array<Record<string, unknown>>>(b, t.address, 'GET', '/auth/builder-api-key');
    expect(listed.body).toEqual([{ key: b.apiKey, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect((await signedAs(b, t.address, 'GET', '/data/orders')).status).toBe(200);
    const order = await signedAs(b, t.address, 'POST', '/orders', [t.order(m.tokens[0], 'BUY', '0.05', '5')]);
    expect(order).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    expect((await signedAs(b, t.address, 'POST', '/auth/builder-api-key')).status).toBe(401);
    // Signed by the API key, the revocation names no builder key.
    expect((await t.send('DELETE', '/auth/builder-api-key')).body).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect((await signedAs(b, t.address, 'DELETE', '/auth/builder-api-key')).status).toBe(200);
    expect((await signedAs(b, t.address, 'GET', '/auth/builder-api-key')).status).toBe(401);
    const after = await t.send<Array<Record<string, unknown>>>('GET', '/auth/builder-api-key');
    expect(after.body).toEqual([{ key: b.apiKey, createdAt: expect.any(String), revokedAt: expect.any(String) }]);
  });
});

describe('POST /v1/heartbeats', () => {
  it('continues a chain only with the id of its last answer', async () => {
    const t = await Trader.create(venue.urls);
    const first = await t.send<{ heartbeat_id: string }>('POST', '/v1/heartbeats', { heartbeat_id: '' });
    expect(first.status).toBe(200);
    const next = await t.send<{ heartbeat_id: string }>('POST', '/v1/heartbeats', { heartbeat_id: first.body.heartbeat_id });
    expect(next.body.heartbeat_id).not.toBe(first.body.heartbeat_id);
    const stale = await t.send('POST', '/v1/heartbeats', { heartbeat_id: first.body.heartbeat_id });
    expect(stale).toMatchObject({ status: 400, body: { error_msg: 'Invalid Heartbeat ID', code: 'INVALID_HEARTBEAT_ID', heartbeat_id: next.body.heartbeat_id } });
    expect((await t.send('POST', '/v1/heartbeats', { heartbeat_id: 5 })).body).toMatchObject({ code: 'INVALID_PARAMETER' });
    // null starts a new chain, as "" does.
    expect((await t.send('POST', '/v1/heartbeats', { heartbeat_id: null })).status).toBe(200);
  });

  it("cancels the key's open orders once a heartbeat is missed, and nobody else's", async () => {
    const [t, quiet] = await Promise.all([Trader.create(venue.urls), Trader.create(venue.urls)]);
    await place(t, [t.order(m.tokens[0], 'BUY', '0.04', '5'), t.order(m.tokens[1], 'BUY', '0.04', '5')]);
    await place(quiet, [quiet.order(m.tokens[0], 'BUY', '0.03', '5')]);
    let id = (await t.send<{ heartbeat_id: string }>('POST', '/v1/heartbeats', { heartbeat_id: '' })).body.heartbeat_id;
    timers.advance(HEARTBEAT_WINDOW_MS - 1000);
    id = (await t.send<{ heartbeat_id: string }>('POST', '/v1/heartbeats', { heartbeat_id: id })).body.heartbeat_id;
    timers.advance(HEARTBEAT_WINDOW_MS - 1000);
    expect(await openOrders(t)).toHaveLength(2);
    timers.advance(1000);
    await vi.waitFor(async () => expect(await openOrders(t)).toEqual([]));
    expect(await openOrders(quiet)).toHaveLength(1);
    // The chain has ended: its last id no longer continues it.
    expect((await t.send('POST', '/v1/heartbeats', { heartbeat_id: id })).body).toMatchObject({ heartbeat_id: '' });
  });
});

describe('rewards programmes and builders', () => {
  const rewarded = () => venue.db.prepare("SELECT * FROM markets WHERE status = 'active' AND rewards_daily_rate > 0 ORDER BY id").all() as Array<Record<string, unknown>>;

  it('GET /rewards/markets/current lists the rewarded markets with their programme', async () => {
    const rows = rewarded();
    expect(rows.length).toBeGreaterThan(0);
    const r = await venue.get('trading', '/rewards/markets/current');
    const page = r.body as { data: Array<Record<string, unknown>>; next_cursor: string };
    expect(page.data.map((d) => d['condition_id'])).toEqual(rows.slice(0, 100).map((x) => x['condition_id']));
    const [first] = rows;
    expect(page.data[0]).toMatchObject({
      question: first?.['question'],
      market_slug: first?.['slug'],
      rewards_min_size: first?.['rewards_min_size'],
      rewards_max_spread: first?.['rewards_max_spread'],
      rewards_config: [{ rate_per_day: first?.['rewards_daily_rate'], total_rewards: 0, start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) }],
    });
    expect((page.data[0]?.['tokens'] as unknown[]).length).toBe(2);
  });

  it('GET /rewards/markets/{condition_id} gives one market, or none when it is not rewarded', async () => {
    const cid = rewarded()[0]?.['condition_id'] as string;
    expect((await venue.get('trading', `/rewards/markets/${cid}`)).body).toMatchObject({ count: 1, next_cursor: 'LTE=', data: [{ condition_id: cid }] });
    expect((await venue.get('trading', `/rewards/markets/${m.conditionId}`)).body).toMatchObject({ count: 0, data: [] });
    expect((await venue.get('trading', `/rewards/markets/0x${'0'.repeat(64)}`)).status).toBe(404);
    expect((await venue.get('trading', '/rewards/markets/bad')).status).toBe(400);
  });

  it("GET /rewards/user/markets gives the wallet's earnings per programme: none on paper", async () => {
    const t = await Trader.create(venue.urls);
    const r = await t.send<{ data: Array<Record<string, unknown>> }>('GET', '/rewards/user/markets', undefined, '?date=2026-11-01&order_by=&position=&no_competition=false');
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBe(Math.min(100, rewarded().length));
    expect(r.body.data[0]).toMatchObject({ maker_address: t.address.toLowerCase(), earning_percentage: 0, earnings: [] });
    expect((await t.send('GET', '/rewards/user/markets')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'date' });
    expect((await venue.get('trading', '/rewards/user/markets?date=2026-11-01')).status).toBe(401);
  });

  it('builders have no trades and no fee here', async () => {
    const code = `0x${'ab'.repeat(32)}`;
    expect((await venue.get('trading', `/builder/trades?builder_code=${code}`)).body).toEqual({ limit: 100, count: 0, next_cursor: 'LTE=', data: [] });
    expect((await venue.get('trading', '/builder/trades')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'builder_code' });
    expect((await venue.get('trading', `/fees/builder-fees/${code}`)).body).toEqual({ builder_maker_fee_rate_bps: 0, builder_taker_fee_rate_bps: 0 });
    expect((await venue.get('trading', '/fees/builder-fees/0x12')).status).toBe(400);
  });
});

describe('venue profile', () => {
  it('/version lists each route', async () => {
    const v = (await venue.get('trading', '/version')).body as { capabilities: string[] };
    for (const r of ROUTES) expect(v.capabilities, r).toContain(r);
    for (const r of ROUTES) expect(SERVED_ROUTES, r).toContain(r);
  });

  it('none of them is served in spec-only mode', async () => {
    const code = `0x${'ab'.repeat(32)}`;
    for (const r of ROUTES) {
      const [method, path] = r.split(' ') as [string, string];
      const url = `${spec.urls.trading_url}${path.replace('{condition_id}', m.conditionId).replace('{builder_code}', code)}`;
      const res = await fetch(url, { method, ...(method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }) });
      expect(res.status, r).toBe(404);
    }
  });
});
