// Spec-only mode (venue-profile G): only the endpoints of spec §4, only the query parameters
// its tables list, and a funded paper account on the start line in place of the key endpoints.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isAddress } from '@shared/crypto/index.js';
import { l1Headers } from './auth/client.js';
import { CatalogMarket, OrderResult, TradingMarket } from '@shared/spec/index.js';
import { ENDPOINTS, type EndpointParams } from '@shared/spec/params.js';
import { SPEC_ROUTES, type SurfaceName } from './spec-routes.js';
import { startTestVenue, venueCliArgs, type TestVenue } from './test-support.js';
import { Trader } from './trading/test-trader.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

let spec: TestVenue;
let full: TestVenue;
let ids: {
  token: string;
  condition: string;
  marketId: string;
  slug: string;
  wallet: string;
  eventSlug: string;
  seriesSlug: string;
  tag: { id: string; slug: string };
  eventId: string;
  creator: string;
};

beforeAll(async () => {
  [spec, full] = await Promise.all([startTestVenue({ specOnly: true, rateLimitScale: 0 }), startTestVenue({ rateLimitScale: 0 })]);
  const db = spec.db;
  const m = db.prepare("SELECT id, condition_id, slug, event_id, creator FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as Record<string, string>;
  const e = db.prepare('SELECT slug FROM events WHERE id = ?').get(m['event_id']) as { slug: string };
  const s = db.prepare('SELECT slug FROM series ORDER BY id LIMIT 1').get() as { slug: string };
  const t = db.prepare('SELECT id, slug FROM tags ORDER BY id LIMIT 1').get() as { id: number; slug: string };
  ids = {
    token: (db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').get(m['condition_id']) as { token_id: string }).token_id,
    condition: m['condition_id'] as string,
    marketId: String(m['id']),
    slug: m['slug'] as string,
    wallet: (db.prepare('SELECT wallet FROM positions WHERE size > 0 ORDER BY wallet LIMIT 1').get() as { wallet: string }).wallet,
    eventSlug: e.slug,
    seriesSlug: s.slug,
    tag: { id: String(t.id), slug: t.slug },
    eventId: String(m['event_id']),
    creator: m['creator'] as string,
  };
});
afterAll(async () => Promise.all([spec?.stop(), full?.stop()]));

async function call(v: TestVenue, surface: SurfaceName, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${v.urls[`${surface}_url`]}${path}`, { method, ...(text ? { body: text, headers: { 'content-type': 'application/json' } } : {}) });
  const raw = await res.text();
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // keep the text for the assertion message
  }
  return { status: res.status, body: parsed };
}

/** The route with its path parameters filled in with ids of the test world. */
function concrete(route: string): { method: string; path: string } {
  const [method, template] = route.split(' ') as [string, string];
  const path = template
    .replace('{slug}', ids.slug)
    .replace('{id}', ids.marketId)
    .replace('{user_address}', ids.wallet)
    .replace('{condition_id}', ids.condition);
  return { method, path };
}

/** Bodies of the spec's POST routes (POST /orders is signed, see the account tests). */
const bodies = (): Record<string, unknown> => ({ 'POST /prices': [{ token_id: ids.token }], 'POST /last-trades-prices': [{ token_id: ids.token }] });

/** Query parameters the route needs in every request. */
const required = (): Record<string, string> => ({ 'GET /positions': `user=${ids.wallet}`, 'GET /holders': `market=${ids.condition}` });

const withQuery = (path: string, ...parts: Array<string | undefined>): string => {
  const q = parts.filter((p): p is string => p !== undefined && p !== '').join('&');
  return q ? `${path}?${q}` : path;
};

describe('routes beyond the spec', () => {
  // Venue-profile E. [surface, method, path, body]
  const extras = (): Array<[SurfaceName, string, string, unknown?]> => [
    ['trading', 'GET', '/time'],
    ['trading', 'GET', '/version'],
    ['trading', 'GET', `/book?token_id=${ids.token}`],
    ['trading', 'GET', `/prices-history?market=${ids.token}`],
    ['trading', 'GET', `/tick-size?token_id=${ids.token}`],
    ['trading', 'GET', `/neg-risk?token_id=${ids.token}`],
    ['trading', 'GET', `/fee-rate?token_id=${ids.token}`],
    ['trading', 'GET', `/markets-by-token/${ids.token}`],
    ['trading', 'DELETE', '/order', { orderID: '0x01' }],
    ['trading', 'DELETE', '/orders', ['0x01']],
    ['trading', 'DELETE', '/cancel-all'],
    ['trading', 'GET', '/data/orders'],
    ['trading', 'GET', '/balance-allowance'],
    ['trading', 'POST', '/auth/api-key'],
    ['trading', 'GET', '/auth/derive-api-key'],
    ['catalog', 'GET', '/tags'],
    ['catalog', 'GET', '/public-search?q=will'],
  ];

  it('answer 404 NOT_FOUND in spec-only mode', async () => {
    const routes = [...extras(), ['trading', 'GET', '/ws/market'] as [SurfaceName, string, string]];
    for (const [surface, method, path, body] of routes) {
      const r = await call(spec, surface, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body, `${method} ${path}`).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
    }
  });

  it('answer in full mode', async () => {
    const trader = await Trader.create(full.urls);
    for (const [surface, method, path, body] of extras()) {
      const signed = ['/order', '/orders', '/cancel-all', '/data/orders', '/balance-allowance'].includes(path);
      let r: { status: number; body: unknown };
      if (signed) r = await trader.send(method as 'GET' | 'DELETE', path, body);
      else if (path.startsWith('/auth/')) r = await fetch(`${full.urls.trading_url}${path}`, { method, headers: l1Headers(trader.key) }).then(async (res) => ({ status: res.status, body: await res.json() }));
      else r = await call(full, surface, method, path, body);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(200);
    }
  });

  it('so do the optional endpoints of the shared list', async () => {
    for (const e of ENDPOINTS as readonly EndpointParams[]) {
      if (e.spec) continue;
      const { method, path } = concrete(`${e.method} ${e.path.replace('{token_id}', ids.token)}`);
      const r = await call(spec, e.surface, method, path);
      expect(r.status, `${e.surface} ${e.method} ${e.path}`).toBe(404);
    }
  });

  it('spec §4 has these endpoints', () => {
    expect(Object.fromEntries(Object.entries(SPEC_ROUTES).map(([surface, routes]) => [surface, Object.keys(routes).sort()]))).toEqual({
      data: ['GET /holders', 'GET /positions', 'GET /trades', 'GET /v1/leaderboard'],
      catalog: [
        'GET /comments', 'GET /comments/user_address/{user_address}', 'GET /events', 'GET /markets', 'GET /markets/slug/{slug}', 'GET /markets/{id}/tags', 'GET /series',
      ],
      trading: ['GET /clob-markets/{condition_id}', 'GET /markets/{condition_id}', 'GET /sampling-simplified-markets', 'POST /last-trades-prices', 'POST /orders', 'POST /prices'],
    });
  });

  it('the spec routes stay in spec-only mode', async () => {
    for (const [surface, routes] of Object.entries(SPEC_ROUTES) as Array<[SurfaceName, Record<string, readonly string[]>]>) {
      for (const route of Object.keys(routes)) {
        if (route === 'POST /orders') continue; // signed: placed by the account below
        const { method, path } = concrete(route);
        const r = await call(spec, surface, method, withQuery(path, required()[route]), bodies()[route]);
        expect(r.status, `${surface} ${route}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
      }
    }
  });
});

describe('query parameters in spec-only mode', () => {
  const routes = Object.entries(SPEC_ROUTES).flatMap(([surface, r]) => Object.entries(r).map(([route, allowed]) => [surface as SurfaceName, route, allowed] as const));

  it.each(routes)('%s %s refuses a parameter the spec does not list', async (surface, route) => {
    const { method, path } = concrete(route);
    const r = await call(spec, surface, method, withQuery(path, required()[route], 'kairos_extra=1'), bodies()[route]);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'kairos_extra' });
    expect((r.body as { error: string }).error).toContain('kairos_extra');
  });

  // Names a client might plausibly send; none is in the spec's table for that endpoint.
  const plausible: Array<[SurfaceName, string, string]> = [
    ['catalog', '/events?id=5', 'id'],
    ['catalog', '/events?series_id=3', 'series_id'],
    ['catalog', '/markets?id=5', 'id'],
    ['catalog', '/series?slug=x', 'slug'],
    ['catalog', '/comments?ascending=true', 'ascending'],
    ['catalog', '/comments?eventSlug=x', 'eventSlug'],
    ['data', '/trades?asset=1', 'asset'],
    ['data', '/v1/leaderboard?window=DAY', 'window'],
    ['trading', '/sampling-simplified-markets?limit=5', 'limit'],
  ];
  it.each(plausible)('%s %s names %s', async (surface, path, param) => {
    const r = await call(spec, surface, 'GET', path);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_PARAMETER', param });
  });

  it('the same parameters are ignored or used in full mode', async () => {
    for (const [surface, path] of plausible) expect((await call(full, surface, 'GET', path)).status, path).toBe(200);
  });

  /** A valid value of each listed parameter (some need a companion: filterType needs filterAmount). */
  const value = (name: string): string => {
    const values: Record<string, string> = {
      limit: 'limit=5', offset: 'offset=1', active: 'active=true', closed: 'closed=false', archived: 'archived=false',
      tag: `tag=${ids.tag.slug}`, tag_id: `tag_id=${ids.tag.id}`, tag_slug: `tag_slug=${ids.tag.slug}`, event_id: `event_id=${ids.eventId}`,
      event_slug: `event_slug=${ids.eventSlug}`, eventSlug: `eventSlug=${ids.eventSlug}`, conditionId: `conditionId=${ids.condition}`,
      condition_id: `condition_id=${ids.condition}`, mirror: 'mirror=false', slug: `slug=${ids.slug}`, order: 'order=createdAt', ascending: 'ascending=true',
      creator: `creator=${ids.creator}`, series_slug: `series_slug=${ids.seriesSlug}`, parent_entity_type: 'parent_entity_type=Event',
      parent_entity_id: `parent_entity_id=${ids.eventId}`, holders_only: 'holders_only=true', takerOnly: 'takerOnly=false',
      filterType: 'filterType=CASH&filterAmount=1', filterAmount: 'filterAmount=1', market: `market=${ids.condition}`, user: `user=${ids.wallet}`,
      side: 'side=BUY', sizeThreshold: 'sizeThreshold=0', redeemable: 'redeemable=false', mergeable: 'mergeable=false', sortBy: 'sortBy=CURRENT',
      sortDirection: 'sortDirection=ASC', title: 'title=will', minBalance: 'minBalance=0', category: 'category=POLITICS', timePeriod: 'timePeriod=ALL',
      orderBy: 'orderBy=VOL', userName: 'userName=someone', next_cursor: 'next_cursor=MA==',
    };
    const v = values[name];
    if (v === undefined) throw new Error(`no sample value for ${name}`);
    return v;
  };

  it.each(routes.filter(([, , allowed]) => allowed.length > 0))('%s %s accepts each parameter it lists', async (surface, route, allowed) => {
    const { method, path } = concrete(route);
    for (const name of allowed) {
      const base = required()[route];
      const r = await call(spec, surface, method, withQuery(path, base?.startsWith(`${name}=`) ? undefined : base, value(name)), bodies()[route]);
      expect(r.status, `${name}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
    }
  });
});

const StartLineSchema = z.object({
  catalog_url: z.url(),
  trading_url: z.url(),
  data_url: z.url(),
  account: z.object({
    address: z.string().refine(isAddress),
    private_key: z.string().regex(/^0x[0-9a-f]{64}$/),
    api_key: z.uuid(),
    secret: z.string().min(40),
    passphrase: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  order_domain: z.object({
    name: z.string().min(1),
    version: z.literal('2'),
    chainId: z.number().int(),
    verifyingContract: z.string().refine(isAddress),
    negRiskVerifyingContract: z.string().refine(isAddress),
  }),
});

/**
 * Two resting BUYs at the lowest price on two active markets, found and signed through the spec's
 * routes and the start line alone.
 */
async function placeBatch(line: z.output<typeof StartLineSchema>): Promise<void> {
  const trader = Trader.fromAccount(line, line.account, line.order_domain);
  const listed = z.array(CatalogMarket).parse(await (await fetch(`${line.catalog_url}/markets?active=true&limit=2`)).json());
  const items = [];
  for (const m of listed) {
    const t = TradingMarket.parse(await (await fetch(`${line.trading_url}/markets/${m.conditionId}`)).json());
    const token = t.tokens[0]?.token_id as string;
    items.push(trader.order(token, 'BUY', String(t.minimum_tick_size), String(t.minimum_order_size), { negRisk: t.neg_risk }));
  }
  expect(items).toHaveLength(2);
  const res = await trader.post(items);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toHaveLength(2);
  for (const item of res.body) expect(OrderResult.parse(item), JSON.stringify(item)).toMatchObject({ success: true, status: 'live' });
}

describe('the paper account', () => {
  it('is on the running venue and its start line, funded, and places an order batch', async () => {
    const line = StartLineSchema.parse(spec.startLine);
    expect(line.account).toEqual(spec.account);
    expect(line.order_domain).toEqual(spec.orderDomain);
    const cash = spec.db.prepare('SELECT cash FROM balances WHERE address = ?').get(line.account.address.toLowerCase()) as { cash: number } | undefined;
    expect(cash?.cash).toBe(10_000_000_000);
    await placeBatch(line);
  });

  it('full mode prints only the three URLs', () => {
    expect(full.startLine).toEqual(full.urls);
    expect(Object.keys(full.startLine)).toEqual(['catalog_url', 'trading_url', 'data_url']);
    expect(full.account).toBeUndefined();
  });

  it('the venue CLI with --spec-only prints it, and the same account after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kairos-spec-only-'));
    const run = async (): Promise<{ line: z.output<typeof StartLineSchema>; stop: () => Promise<void> }> => {
      // The node running the tests: the venue's native modules are built for it. The built CLI
      // once it is newer than its sources (npm test builds first), else the sources through tsx.
      const child = spawn(process.execPath, [...venueCliArgs(), '--spec-only', '--port', '0', '--data-dir', dataDir, '--size', 'small', '--seed', '7', '--no-simulator'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      const first = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout }).once('line', done);
        void exited.then((code) => fail(new Error(`venue exited with ${code} before its start line`)));
      });
      return {
        line: StartLineSchema.parse(JSON.parse(first)),
        stop: async () => {
          child.kill('SIGTERM');
          expect(await exited).toBe(0);
        },
      };
    };
    try {
      const a = await run();
      await placeBatch(a.line);
      await a.stop();
      const b = await run();
      await b.stop();
      expect(b.line.account).toEqual(a.line.account);
      expect(b.line.order_domain).toEqual(a.line.order_domain);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
