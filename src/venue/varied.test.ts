// `representation: 'varied'` (venue-profile G): every answer carries real deployments' quirks,
// still parses with the app's shared schemas, and says exactly what the plain answer says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Book, CatalogMarket, Comment, Event, HolderGroup, LastTradePrice, LeaderboardEntry, MarketSettings, Position, PriceMap, PricesHistory,
  PublicSearchResult, SamplingSimplifiedMarketsPage, Series, ServerTime, Tag, Trade, TradingMarketStrict, VersionInfo, formatError,
} from '@shared/spec/index.js';
import { toIsoDate } from '@shared/domain/dates.js';
import { DATE_FIELDS, EVENT_MARKET_FIELDS, EXTRAS } from './representation.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from './test-support.js';
import { Trader } from './trading/test-trader.js';

let varied: TestVenue;
let plain: TestVenue;
let endpoints: Array<{ name: string; surface: 'catalog' | 'data' | 'trading'; path: string; body?: unknown; schema: z.ZodType }>;

beforeAll(async () => {
  // Same seed and anchor: the same world twice.
  [varied, plain] = await Promise.all([startTestVenue({ representation: 'varied', rateLimitScale: 0 }), startTestVenue({ rateLimitScale: 0 })]);
  const db = varied.db;
  const m = db.prepare("SELECT id, slug, condition_id FROM markets WHERE status = 'active' AND rewards_daily_rate > 0 ORDER BY id LIMIT 1").get() as Record<string, string>;
  const traded = (db.prepare('SELECT condition_id FROM market_stats ORDER BY trades DESC LIMIT 1').get() as { condition_id: string }).condition_id;
  const tokens = (db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(traded) as Array<{ token_id: string }>).map((t) => ({ token_id: t.token_id }));
  const user = (db.prepare('SELECT wallet FROM positions WHERE size > 0 GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
  const commenter = (db.prepare('SELECT user_address FROM comments GROUP BY user_address ORDER BY COUNT(*) DESC LIMIT 1').get() as { user_address: string }).user_address;
  const list = <S extends z.ZodType>(s: S) => z.array(s);
  const token = tokens[0]?.token_id as string;
  endpoints = [
    { name: 'GET /markets', surface: 'catalog', path: '/markets?limit=100', schema: list(CatalogMarket) },
    { name: 'GET /markets/slug/{slug}', surface: 'catalog', path: `/markets/slug/${m['slug']}`, schema: CatalogMarket },
    { name: 'GET /markets/{id}/tags', surface: 'catalog', path: `/markets/${m['id']}/tags`, schema: list(Tag) },
    { name: 'GET /events', surface: 'catalog', path: '/events?limit=100', schema: list(Event) },
    { name: 'GET /series', surface: 'catalog', path: '/series?limit=100', schema: list(Series) },
    { name: 'GET /comments', surface: 'catalog', path: '/comments?limit=100', schema: list(Comment) },
    { name: 'GET /comments/user_address/{a}', surface: 'catalog', path: `/comments/user_address/${commenter}`, schema: list(Comment) },
    { name: 'GET /tags', surface: 'catalog', path: '/tags?limit=100', schema: list(Tag) },
    { name: 'GET /public-search', surface: 'catalog', path: '/public-search?q=will', schema: PublicSearchResult },
    { name: 'GET /trades', surface: 'data', path: '/trades?limit=200&takerOnly=false', schema: list(Trade) },
    { name: 'GET /positions', surface: 'data', path: `/positions?user=${user}&sizeThreshold=0`, schema: list(Position) },
    { name: 'GET /holders', surface: 'data', path: `/holders?market=${traded}`, schema: list(HolderGroup) },
    { name: 'GET /v1/leaderboard', surface: 'data', path: '/v1/leaderboard?timePeriod=ALL&limit=50', schema: list(LeaderboardEntry) },
    { name: 'GET /markets/{condition_id}', surface: 'trading', path: `/markets/${m['condition_id']}`, schema: TradingMarketStrict },
    { name: 'GET /markets/{traded}', surface: 'trading', path: `/markets/${traded}`, schema: TradingMarketStrict },
    { name: 'GET /sampling-simplified-markets', surface: 'trading', path: '/sampling-simplified-markets', schema: SamplingSimplifiedMarketsPage },
    { name: 'GET /clob-markets/{condition_id}', surface: 'trading', path: `/clob-markets/${m['condition_id']}`, schema: MarketSettings },
    { name: 'POST /prices', surface: 'trading', path: '/prices', body: tokens, schema: PriceMap },
    { name: 'POST /last-trades-prices', surface: 'trading', path: '/last-trades-prices', body: tokens, schema: list(LastTradePrice) },
    { name: 'GET /book', surface: 'trading', path: `/book?token_id=${token}`, schema: Book },
    { name: 'GET /prices-history', surface: 'trading', path: `/prices-history?market=${token}&startTs=${Math.floor(TEST_ANCHOR / 1000) - 30 * 86_400}&endTs=${Math.floor(TEST_ANCHOR / 1000) + 86_400}`, schema: PricesHistory },
    { name: 'GET /version', surface: 'trading', path: '/version', schema: VersionInfo },
    { name: 'GET /time', surface: 'trading', path: '/time', schema: ServerTime },
  ];
});
afterAll(async () => Promise.all([varied?.stop(), plain?.stop()]));

async function fetchBody(v: TestVenue, e: (typeof endpoints)[number]): Promise<unknown> {
  const res = e.body === undefined ? await v.get(e.surface, e.path) : await v.post(e.surface, e.path, JSON.stringify(e.body));
  expect(res.status, `${e.name}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body;
}

const EXTRA_NAMES = new Set(EXTRAS.map(([k]) => k));

/**
 * Drops the extra fields varied mode adds, anywhere in a parsed answer, and reads dates the
 * schemas keep as sent (inside comments' `reactions` and `replies`, typed as any object).
 */
function withoutExtras(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutExtras);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => !EXTRA_NAMES.has(k))
      .map(([k, x]) => [k, DATE_FIELDS.has(k) && typeof x === 'string' ? (toIsoDate(x) ?? x) : withoutExtras(x)]),
  );
}

/** Walks every object of a JSON value with the key path of its parent. */
function walk(v: unknown, visit: (o: Record<string, unknown>, parentKey: string) => void, parentKey = ''): void {
  if (Array.isArray(v)) {
    for (const x of v) walk(x, visit, parentKey);
  } else if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    visit(o, parentKey);
    for (const [k, x] of Object.entries(o)) walk(x, visit, k);
  }
}

describe('varied representation', () => {
  it('every answer parses with the shared schemas', async () => {
    for (const e of endpoints) {
      const r = e.schema.safeParse(await fetchBody(varied, e));
      expect(r.success, `${e.name}: ${r.success ? '' : formatError(r.error)}`).toBe(true);
    }
  });

  it('says what the plain answer says', async () => {
    for (const e of endpoints) {
      if (e.name === 'GET /time') continue;
      const [a, b] = await Promise.all([fetchBody(varied, e), fetchBody(plain, e)]);
      let got = e.schema.parse(a);
      let want = e.schema.parse(b);
      // A book's timestamp is the moment of the request, and its hash covers it.
      if (e.name === 'GET /book') [got, want] = [{ ...(got as object), timestamp: 0, hash: '' }, { ...(want as object), timestamp: 0, hash: '' }];
      // Each venue advertises its live channel at its own address.
      if (e.name === 'GET /version') {
        const path = (v: unknown) => ({ ...(v as object), streams: { market: new URL((v as { streams: { market: string } }).streams.market).pathname } });
        [got, want] = [path(got), path(want)];
      }
      // The plain venue's event summaries carry more than spec 2.6 lists; varied mode only those.
      if (e.name === 'GET /events' || e.name === 'GET /public-search') {
        const trim = (ev: Record<string, unknown>) => ({ ...ev, markets: (ev['markets'] as Array<Record<string, unknown>>).map((m) => Object.fromEntries(EVENT_MARKET_FIELDS.filter((f) => f in m).map((f) => [f, m[f]]))) });
        want = e.name === 'GET /events' ? (want as Array<Record<string, unknown>>).map(trim) : { ...(want as object), events: ((want as { events: Array<Record<string, unknown>> }).events).map(trim) };
      }
      expect(withoutExtras(got), e.name).toEqual(withoutExtras(want));
    }
  });

  it('shows each quirk of real deployments', async () => {
    const seen = new Map<string, number>();
    const see = (quirk: string) => seen.set(quirk, (seen.get(quirk) ?? 0) + 1);
    for (const e of endpoints) {
      walk(await fetchBody(varied, e), (o, parentKey) => {
        for (const [k, v] of Object.entries(o)) {
          if (DATE_FIELDS.has(k) && typeof v === 'string') {
            if (/T\d\d:\d\d:\d\dZ$/.test(v)) see('date …T…Z');
            else if (/T\d\d:\d\d:\d\d\.\d{3}Z$/.test(v)) see('date …T….sssZ');
            else if (/T\d\d:\d\d:\d\d\.\d{6}Z$/.test(v)) see('date …T….ssssssZ');
            else if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\+00$/.test(v)) see('date YYYY-MM-DD HH:MM:SS.sss+00');
            else see(`date of another style: ${v}`);
          }
          if (e.surface === 'catalog' && ['volumeNum', 'volume24hr'].includes(k) && typeof v === 'string') see('catalog volume as a string');
          if (e.surface === 'catalog' && k === 'volume' && typeof v === 'number') see('catalog volume as a number');
          if (e.surface === 'trading' && parentKey === 'tokens' && k === 'price' && typeof v === 'string') see('trading token price as a string');
          if (['outcomes', 'clobTokenIds'].includes(k) && e.surface === 'catalog') {
            if (Array.isArray(v)) see(`${k} as an array`);
            else if (typeof v === 'string' && v.includes('", "')) see(`${k} as spaced JSON text`);
            else if (typeof v === 'string') see(`${k} as compact JSON text`);
          }
          if (v === null && ['mirrorConditionId', 'mirrorClobTokenIds', 'parentCommentID', 'replyAddress', 'mirror_condition_id'].includes(k)) see('null optional string');
          if (EXTRA_NAMES.has(k)) see('unknown extra field');
        }
      });
    }
    const wanted = [
      'date …T…Z', 'date …T….sssZ', 'date …T….ssssssZ', 'date YYYY-MM-DD HH:MM:SS.sss+00', 'catalog volume as a string', 'catalog volume as a number',
      'trading token price as a string', 'outcomes as an array', 'outcomes as spaced JSON text', 'outcomes as compact JSON text', 'clobTokenIds as an array',
      'clobTokenIds as spaced JSON text', 'clobTokenIds as compact JSON text', 'null optional string', 'unknown extra field',
    ];
    for (const q of wanted) expect(seen.get(q) ?? 0, q).toBeGreaterThan(0);
    expect([...seen.keys()].filter((k) => k.startsWith('date of another style'))).toEqual([]);
  });

  it('is the same on every request', async () => {
    const e = endpoints.find((x) => x.name === 'GET /markets');
    if (!e) throw new Error('no GET /markets');
    expect(await fetchBody(varied, e)).toEqual(await fetchBody(varied, e));
  });

  it('event market summaries carry only the fields of spec 2.6', async () => {
    const events = (await varied.get('catalog', '/events?limit=100')).body as Array<{ markets: Array<Record<string, unknown>> }>;
    const allowed = new Set([...EVENT_MARKET_FIELDS, ...EXTRA_NAMES]);
    const markets = events.flatMap((ev) => ev.markets);
    expect(markets.length).toBeGreaterThan(0);
    for (const m of markets) expect(Object.keys(m).filter((k) => !allowed.has(k)), JSON.stringify(m)).toEqual([]);
  });
});

describe('spec-only and varied together', () => {
  it('starts in process, and its account trades', async () => {
    const v = await startTestVenue({ specOnly: true, representation: 'varied', rateLimitScale: 0 });
    try {
      expect(v.account).toBeDefined();
      expect((await v.get('trading', '/time')).status).toBe(404);
      const events = await v.get('catalog', '/events?limit=20');
      expect(z.array(Event).safeParse(events.body).success).toBe(true);
      const account = v.account;
      if (!account) throw new Error('no account');
      const trader = Trader.fromAccount(v.urls, account, v.orderDomain);
      const row = v.db
        .prepare("SELECT t.token_id, m.tick_size, m.min_size, m.neg_risk FROM tokens t JOIN markets m ON m.condition_id = t.condition_id WHERE m.status = 'active' ORDER BY m.id LIMIT 1")
        .get() as { token_id: string; tick_size: number; min_size: number; neg_risk: number };
      const res = await trader.post([trader.order(row.token_id, 'BUY', String(row.tick_size / 1_000_000), String(row.min_size), { negRisk: row.neg_risk === 1 })]);
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ success: true });
    } finally {
      await v.stop();
    }
  });
});
