// The arranging routes: absent unless the venue starts with them, guarded by loopback and the
// run token, inputs refused with the field named, and each change seen through the surfaces.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type World } from './admin-client.js';
import { RUN_FILE, type RunInfo } from './admin.js';
import { startTestVenue, type TestVenue } from './test-support.js';
import { Trader } from './trading/test-trader.js';

type Obj = Record<string, unknown>;

function raw(venue: TestVenue, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<{ status: number; body: Obj }> {
  const info = JSON.parse(readFileSync(join(venue.dataDir, RUN_FILE), 'utf8')) as RunInfo;
  return fetch(`http://127.0.0.1:${info.port}/admin${path}`, {
    method,
    headers: { 'x-admin-token': token ?? info.adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Obj }));
}

describe('arranging routes on a venue started without them', () => {
  let venue: TestVenue;
  beforeAll(async () => {
    venue = await startTestVenue({ threads: false });
  });
  afterAll(async () => {
    await venue?.stop();
  });

  it('answers none of them, even with the run token', async () => {
    const world = await raw(venue, 'GET', '/world');
    expect(world.status).toBe(404);
    expect(world.body['error']).toBe('No route GET /admin/world: the arranging routes are off (start the venue with --admin-routes)');
    const cid = `0x${'1'.repeat(64)}`;
    expect((await raw(venue, 'POST', `/markets/${cid}/trading`, { minSize: 5 })).status).toBe(404);
    expect((await raw(venue, 'POST', '/comments', {})).status).toBe(404);
  });
});

describe('arranging routes on a venue started with --admin-routes', () => {
  let venue: TestVenue;
  let world: World;
  const admin = () => adminClient(venue.dataDir);
  beforeAll(async () => {
    venue = await startTestVenue({ threads: false, adminRoutes: true });
    world = await admin().world();
  });
  afterAll(async () => {
    await venue?.stop();
  });
  const active = () => world.markets.filter((m) => m.status === 'active' && !m.negRisk && m.tokens.length === 2);

  it('refuses a request without the run token, naming where it is', async () => {
    const none = await raw(venue, 'GET', '/world', undefined, '');
    expect(none.status).toBe(401);
    expect(none.body['error']).toContain(RUN_FILE);
    expect((await raw(venue, 'GET', '/world', undefined, 'x'.repeat(32))).status).toBe(401);
  });

  it('gives the stored world with tokens, tags and resting orders per market', async () => {
    expect(world.markets.length).toBeGreaterThan(10);
    expect(world.events.length).toBeGreaterThan(0);
    const m = active()[0]!;
    expect(m.conditionId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(m.tokens).toHaveLength(m.outcomes.length);
    expect(world.events.some((e) => e.id === m.eventId)).toBe(true);
    expect(m).not.toHaveProperty('contradicted');
    expect((await raw(venue, 'GET', '/world?status=active')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'status' });
  });

  it("sets a market's trading settings, seen on the catalog", async () => {
    const m = active()[0]!;
    await admin().setTrading(m.conditionId, { tickSize: '0.001', minSize: 7, takerDelay: false, screening: false, minOrderAge: 0 });
    const [listed] = (await venue.get('catalog', `/markets?condition_id=${m.conditionId}`)).body as Obj[];
    expect(listed).toMatchObject({ conditionId: m.conditionId, orderPriceMinTickSize: 0.001, orderMinSize: 7 });
  });

  it("sets every market of an event's settings at once", async () => {
    const m = active()[1]!;
    const siblings = world.markets.filter((x) => x.eventId === m.eventId);
    const res = await raw(venue, 'POST', `/events/${m.eventId}/trading`, { minSize: 9 });
    expect(res).toEqual({ status: 200, body: { eventId: m.eventId, markets: siblings.length } });
    const listed = (await venue.get('catalog', `/markets?event_id=${m.eventId}&limit=100`)).body as Obj[];
    expect(listed.map((x) => x['orderMinSize'])).toEqual(siblings.map(() => 9));
  });

  it('refuses bad settings with the field named, and an unknown market or event', async () => {
    const cid = active()[0]!.conditionId;
    expect((await raw(venue, 'POST', `/markets/${cid}/trading`, { tickSize: '0.02' })).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'tickSize' });
    expect((await raw(venue, 'POST', `/markets/${cid}/trading`, { tickSize: '0.02' })).body['error']).toMatch(/^trading settings: tickSize: /);
    expect((await raw(venue, 'POST', `/markets/${cid}/trading`, { minSize: 0 })).body).toMatchObject({ param: 'minSize' });
    expect((await raw(venue, 'POST', `/markets/${cid}/trading`, { takerDelay: 0 })).body).toMatchObject({ param: 'takerDelay' });
    expect((await raw(venue, 'POST', `/markets/${cid}/trading`, { tickSzie: '0.01' })).body['error']).toContain('tickSzie');
    expect((await raw(venue, 'POST', `/markets/${cid}/trading`, {})).body['error']).toBe('trading settings: name at least one setting');
    expect((await raw(venue, 'POST', '/markets/0x12/trading', { minSize: 5 })).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'conditionId' });
    expect((await raw(venue, 'POST', `/markets/0x${'e'.repeat(64)}/trading`, { minSize: 5 })).status).toBe(404);
    expect((await raw(venue, 'POST', '/events/abc/trading', { minSize: 5 })).body).toMatchObject({ param: 'eventId' });
    expect((await raw(venue, 'POST', '/events/999999999/trading', { minSize: 5 })).status).toBe(404);
  });

  it("cancels a market's resting orders, whoever placed them", async () => {
    const m = active()[2]!;
    await admin().setTrading(m.conditionId, { tickSize: '0.01', minSize: 5, takerDelay: false, minOrderAge: 0 });
    const t = await Trader.create(venue.urls);
    venue.exchange.fund(t.address.toLowerCase(), 100_000_000);
    const placed = await t.post([t.order(m.tokens[0]!, 'BUY', '0.2', '5'), t.order(m.tokens[0]!, 'BUY', '0.21', '5')]);
    expect(placed.body.every((x) => x['status'] === 'live')).toBe(true);
    expect((await admin().world()).markets.find((x) => x.conditionId === m.conditionId)?.restingOrders).toBe(2);
    expect(await admin().cancelResting(m.conditionId)).toBe(2);
    expect((await admin().world()).markets.find((x) => x.conditionId === m.conditionId)?.restingOrders).toBe(0);
  });

  it('posts a comment and its reply, seen on the catalog, and refuses a reply to no comment', async () => {
    const e = world.events[0]!;
    const user = `0x${'ab'.repeat(20)}`;
    const top = await admin().addComment({ body: 'First.', parentEntityType: 'Event', parentEntityId: e.id, userAddress: user, createdAt: Date.now() - 60_000 });
    const reply = await admin().addComment({ body: 'Second.', parentEntityType: 'Event', parentEntityId: e.id, parentCommentId: top, userAddress: user });
    expect(reply).toBeGreaterThan(top);
    expect((await admin().comments(user)).map((c) => c.body)).toEqual(['Second.', 'First.']);
    const listed = (await venue.get('catalog', `/comments?parent_entity_type=Event&parent_entity_id=${e.id}&limit=100`)).body as Obj[];
    expect(listed.some((c) => c['id'] === String(top) || c['id'] === top)).toBe(true);
    const orphan = await raw(venue, 'POST', '/comments', { body: 'x', parentEntityType: 'Event', parentEntityId: e.id, parentCommentId: 999_999_999, userAddress: user });
    expect(orphan.body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'parentCommentId' });
    expect((await raw(venue, 'POST', '/comments', { body: 'x', parentEntityType: 'Thread', parentEntityId: 1, userAddress: user })).body).toMatchObject({ param: 'parentEntityType' });
    expect((await raw(venue, 'POST', '/comments', { body: 'x', parentEntityType: 'Event', parentEntityId: 1, userAddress: '0x12' })).body['error']).toBe(
      'comment: userAddress: a 0x-prefixed 20-byte address',
    );
  });

  it('lists holders and non-holders of an event, and wants event and holding together', async () => {
    const w = await admin().wallets();
    expect(w.length).toBeGreaterThan(0);
    const e = world.events[0]!;
    const held = await admin().wallets({ event: e.id, holding: true });
    const not = await admin().wallets({ event: e.id, holding: false });
    expect(held.length + not.length).toBe(w.length);
    expect((await admin().wallets({ address: w[0]!.address })).map((x) => x.name)).toEqual([w[0]!.name]);
    expect((await raw(venue, 'GET', `/wallets?event=${e.id}`)).body['error']).toBe('wallets query: event and holding go together');
    expect((await raw(venue, 'GET', '/wallets?event=999999999&holding=true')).status).toBe(404);
  });

  it("sets a wallet's cash, mints a full set, and redeems once resolved, seen on the data surface", async () => {
    const m = active()[3]!;
    const wallet = `0x${'cd'.repeat(20)}`;
    await admin().setCash(wallet, '100');
    await admin().mint(m.conditionId, wallet, '12.5');
    const held = (await venue.get('data', `/positions?user=${wallet}`)).body as Obj[];
    // The data surface names a position by condition id and outcome index.
    expect(held.map((p) => [p['asset'], p['size']]).sort()).toEqual([[`${m.conditionId}:0`, 12.5], [`${m.conditionId}:1`, 12.5]]);
    expect((await raw(venue, 'POST', `/markets/${m.conditionId}/redeem`, { wallet })).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'conditionId' });
    await admin().setStatus(m.conditionId, 'resolved', 1);
    expect(await admin().redeem(m.conditionId, wallet)).toBe('12.5');
    expect((await raw(venue, 'POST', `/wallets/${wallet}/cash`, { cash: '-5' })).body).toMatchObject({ param: 'cash' });
    expect((await raw(venue, 'POST', `/markets/${m.conditionId}/mint`, { wallet, shares: '1', price0: '1.5' })).body).toMatchObject({ param: 'price0' });
    const multi = world.markets.find((x) => x.outcomes.length !== 2);
    if (multi) expect((await raw(venue, 'POST', `/markets/${multi.conditionId}/mint`, { wallet, shares: '1' })).body['error']).toMatch(/not a two-outcome market/);
  });

  it('registers API credentials a trader can sign with', async () => {
    const key = `0x${'5'.repeat(64)}`;
    const creds = await admin().registerAccount(Trader.addressOf(key));
    expect(creds.address).toBe(Trader.addressOf(key).toLowerCase());
    const t = Trader.fromAccount(venue.urls, { address: creds.address, private_key: key, api_key: creds.apiKey, secret: creds.secret, passphrase: creds.passphrase }, venue.orderDomain);
    expect((await t.send('GET', '/data/orders')).status).toBe(200);
    expect((await raw(venue, 'POST', '/accounts', { address: 'nope' })).body).toMatchObject({ param: 'address' });
  });
});

describe('arranging routes on a spec-only, varied venue', () => {
  let venue: TestVenue;
  beforeAll(async () => {
    venue = await startTestVenue({ threads: false, adminRoutes: true, specOnly: true, representation: 'varied' });
  });
  afterAll(async () => {
    await venue?.stop();
  });

  it('are the harness’ door there too, in the plain shape', async () => {
    const world = await adminClient(venue.dataDir).world();
    const m = world.markets.find((x) => x.status === 'active')!;
    expect(Array.isArray(m.outcomes)).toBe(true);
    expect(typeof m.negRisk).toBe('boolean');
    await adminClient(venue.dataDir).setTrading(m.conditionId, { minSize: 6 });
  });
});
