// Errors, bounds, rate limits and determinism, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from './test-support.js';
import { Trader } from './trading/test-trader.js';

let venue: TestVenue;
beforeAll(async () => {
  venue = await startTestVenue();
});
afterAll(async () => venue.stop());

const WALLET = '0x' + 'a'.repeat(40);
type Err = { error: string; code: string; param?: string };

describe('bad input is a 400 naming the parameter', () => {
  const cases: Array<[surface: 'catalog' | 'data', path: string, param: string]> = [
    ['catalog', '/markets?limit=101', 'limit'],
    ['catalog', '/markets?limit=0', 'limit'],
    ['catalog', '/markets?offset=-1', 'offset'],
    ['catalog', '/markets?limit=abc', 'limit'],
    ['catalog', '/markets?active=maybe', 'active'],
    ['catalog', '/markets?order=volume', 'order'],
    ['catalog', '/markets?tag_id=x', 'tag_id'],
    ['catalog', '/markets?limit=5&limit=6', 'limit'],
    ['catalog', '/events?order=question', 'order'],
    ['catalog', '/series?limit=1000', 'limit'],
    ['catalog', '/comments?parent_entity_type=Thread', 'parent_entity_type'],
    ['catalog', '/comments?order=body', 'order'],
    ['data', '/trades?limit=10001', 'limit'],
    ['data', '/trades?side=HOLD', 'side'],
    ['data', '/trades?filterType=CASH', 'filterType'],
    ['data', '/trades?filterType=CASH&filterAmount=-1', 'filterAmount'],
    ['data', '/positions', 'user'],
    ['data', '/positions?user=0xabc', 'user'],
    ['data', `/positions?user=${WALLET}&limit=501`, 'limit'],
    ['data', `/positions?user=${WALLET}&sortBy=SIZE`, 'sortBy'],
    ['data', `/positions?user=${WALLET}&title=${'x'.repeat(101)}`, 'title'],
    ['data', '/holders', 'market'],
    ['data', '/holders?market=0x1&limit=501', 'limit'],
    ['data', '/v1/leaderboard?limit=51', 'limit'],
    ['data', '/v1/leaderboard?limit=0', 'limit'],
    ['data', '/v1/leaderboard?offset=1001', 'offset'],
    ['data', '/v1/leaderboard?timePeriod=YEAR', 'timePeriod'],
    ['data', '/v1/leaderboard?category=MOVIES', 'category'],
    ['data', '/v1/leaderboard?orderBy=ROI', 'orderBy'],
  ];
  it.each(cases)('%s %s', async (surface, path, param) => {
    const { status, body } = await venue.get(surface, path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'INVALID_PARAMETER', param });
    expect((body as Err).error).toContain(param);
  });

  it('bounds at the edge are accepted', async () => {
    for (const [surface, path] of [
      ['catalog', '/markets?limit=100'], ['catalog', '/markets?limit=1'], ['data', '/trades?limit=0'], ['data', '/trades?limit=10000&offset=10000'],
      ['data', '/v1/leaderboard?limit=50&offset=1000'], ['data', `/positions?user=${WALLET}&limit=500&offset=10000`],
    ] as const) {
      expect((await venue.get(surface, path)).status, path).toBe(200);
    }
  });

  it('unknown routes are 404 NOT_FOUND; garbage never causes a 5xx', async () => {
    const missing = await venue.get('catalog', '/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
    const nasty = ['/markets?slug=%27%3B%20DROP%20TABLE%20markets%3B--', '/markets/%00/tags', '/comments/user_address/%ff', '/public-search?q=%25%25_', '/markets?conditionId=' + 'z'.repeat(5000)];
    for (const path of nasty) expect((await venue.get('catalog', path)).status, path).toBeLessThan(500);
    expect((await venue.get('data', '/trades?market=,,,&user=%20')).status).toBeLessThan(500);
  });
});

describe('rate limits', () => {
  it('a burst over GET /markets window gets 429 with Retry-After', async () => {
    const fresh = await startTestVenue();
    try {
      const url = `${fresh.urls.catalog_url}/markets?limit=1`;
      const statuses: number[] = [];
      for (let i = 0; i < 310; i++) {
        const res = await fetch(url);
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 300).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(300).every((s) => s === 429)).toBe(true);
      const last = await fresh.get('catalog', '/markets?limit=1');
      expect(last.status).toBe(429);
      const retry = Number(last.headers.get('retry-after'));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(10);
      expect(last.body).toMatchObject({ code: 'RATE_LIMITED', retry_after_seconds: retry });
      // Other buckets still have room: /series counts only against the catalog-wide 4,000.
      expect((await fresh.get('catalog', '/series?limit=1')).status).toBe(200);
    } finally {
      await fresh.stop();
    }
  });
});

describe('rate limits are charged to a key only once its signature checks out', () => {
  it('naming random keys escapes no limit, and naming a victim\'s key spends only the sender\'s budget', async () => {
    // Limits at 1 %: GET /markets 3 and the trading surface 50 per window.
    const fresh = await startTestVenue({ rateLimitScale: 0.01, threads: false });
    try {
      const victim = await Trader.create(fresh.urls);
      const named: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${fresh.urls.catalog_url}/markets?limit=1`, { headers: { SERVICE_API_KEY: `random-key-${i}` } });
        await res.arrayBuffer();
        named.push(res.status);
      }
      expect(named).toEqual([200, 200, 200, 429, 429]);

      // The victim's key, address and passphrase, but not their secret.
      const forged = { ...victim.headers('GET', '/balance-allowance'), SERVICE_SIGNATURE: `${'A'.repeat(43)}=` };
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await fetch(`${fresh.urls.trading_url}/balance-allowance`, { headers: forged });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(-5).every((s) => s === 429)).toBe(true);
      // The victim's own signed requests count against their key, which nothing has spent.
      expect((await victim.send('GET', '/balance-allowance')).status).toBe(200);
      expect((await victim.post([victim.order('1', 'BUY', '0.5', '10')])).status).toBe(200);
    } finally {
      await fresh.stop();
    }
  });
});

describe('determinism', () => {
  it('two starts with the same seed give the same answers; another seed differs', async () => {
    const paths: Array<['catalog' | 'data', string]> = [
      ['catalog', '/markets?limit=50'], ['catalog', '/events?limit=20'], ['catalog', '/comments?limit=30'], ['catalog', '/series'],
      ['data', '/trades?limit=200'], ['data', '/v1/leaderboard?timePeriod=ALL&limit=50'],
    ];
    const answers = async (seed: number) => {
      const dir = mkdtempSync(join(tmpdir(), 'kairos-det-'));
      const v = await startTestVenue({ dataDir: dir, seed, anchor: TEST_ANCHOR, now: () => TEST_ANCHOR, rateLimitScale: 0 });
      try {
        return await Promise.all(paths.map(async ([s, p]) => JSON.stringify((await v.get(s, p)).body)));
      } finally {
        await v.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const [a, b, c] = [await answers(11), await answers(11), await answers(12)];
    expect(b).toEqual(a);
    expect(c[0]).not.toEqual(a[0]);
  });

  it('a data dir with a world refuses another seed', async () => {
    await expect(startTestVenue({ dataDir: venue.dataDir, seed: 999 })).rejects.toThrow(/already holds a world/);
  });
});
