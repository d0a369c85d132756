// `--misbehave`: answers as wrong deployments give them, still in the spec's shapes, beside the
// same world answered correctly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CatalogMarket, Comment, MarketSettings, SamplingSimplifiedMarketsPage, TradingMarketStrict } from '@shared/spec/index.js';
import { contradictedMarkets } from './misbehaving.js';
import { startTestVenue, type TestVenue } from './test-support.js';

let bad: TestVenue;
let good: TestVenue;

beforeAll(async () => {
  [bad, good] = await Promise.all([
    startTestVenue({ specOnly: true, representation: 'varied', misbehave: true, rateLimitScale: 0 }),
    startTestVenue({ specOnly: true, representation: 'varied', rateLimitScale: 0 }),
  ]);
});
afterAll(async () => Promise.all([bad?.stop(), good?.stop()]));

async function body<S extends z.ZodType>(v: TestVenue, path: string, schema: S, surface: 'catalog' | 'trading' = 'catalog'): Promise<z.output<S>> {
  const res = await v.get(surface, path);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return schema.parse(res.body);
}

describe('misbehaving venue', () => {
  it('ignores event_id on /markets: every market comes back, the correct venue answers the event', async () => {
    const event = bad.db.prepare('SELECT event_id AS id, COUNT(*) AS n FROM markets GROUP BY event_id HAVING n >= 3 ORDER BY event_id LIMIT 1').get() as { id: number; n: number };
    const all = (bad.db.prepare('SELECT COUNT(*) AS n FROM markets').get() as { n: number }).n;
    const wrong = await body(bad, `/markets?event_id=${event.id}&limit=100`, z.array(CatalogMarket));
    const right = await body(good, `/markets?event_id=${event.id}&limit=100`, z.array(CatalogMarket));
    expect(right).toHaveLength(event.n);
    expect(wrong).toHaveLength(Math.min(all, 100));
    expect(all).toBeGreaterThan(event.n);
    // Odd-numbered markets come without their optional events.
    expect(wrong.filter((m) => Number(m.id) % 2 === 1).every((m) => m.events === undefined)).toBe(true);
    expect(wrong.filter((m) => Number(m.id) % 2 === 0).every((m) => m.events?.length === 1)).toBe(true);
  });

  it('says neg_risk true on the trading surface where settings and catalog say false, for some markets only', async () => {
    const contradicted = [...contradictedMarkets(bad.db)];
    const total = (bad.db.prepare('SELECT COUNT(*) AS n FROM markets WHERE neg_risk = 0').get() as { n: number }).n;
    expect(contradicted.length).toBeGreaterThan(1);
    expect(contradicted.length).toBeLessThan(total);
    const cid = contradicted[0] as string;
    const trading = await body(bad, `/markets/${cid}`, TradingMarketStrict, 'trading');
    const settings = await body(bad, `/clob-markets/${cid}`, MarketSettings, 'trading');
    const slug = (bad.db.prepare('SELECT slug FROM markets WHERE lower(condition_id) = ?').get(cid) as { slug: string }).slug;
    const [catalog] = await body(bad, `/markets?slug=${slug}`, z.array(CatalogMarket));
    expect(trading.neg_risk).toBe(true);
    expect(settings.nr).toBe(false);
    expect(catalog?.negRisk).toBe(false);
    expect((await body(good, `/markets/${cid}`, TradingMarketStrict, 'trading')).neg_risk).toBe(false);
    const page = await body(bad, '/sampling-simplified-markets', SamplingSimplifiedMarketsPage, 'trading');
    const row = page.data.find((m) => m.condition_id?.toLowerCase() === cid);
    if (row) expect(row.neg_risk).toBe(true);
    // A market outside the set is told the same everywhere.
    const fine = bad.db.prepare('SELECT condition_id FROM markets WHERE neg_risk = 0 ORDER BY id').all().map((r) => (r as { condition_id: string }).condition_id).find((c) => !contradicted.includes(c.toLowerCase())) as string;
    expect((await body(bad, `/markets/${fine}`, TradingMarketStrict, 'trading')).neg_risk).toBe(false);
  });

  it("answers a user's comments with other users' comments mixed in", async () => {
    const user = (bad.db.prepare('SELECT user_address FROM comments GROUP BY user_address ORDER BY COUNT(*) DESC LIMIT 1').get() as { user_address: string }).user_address;
    const wrong = await body(bad, `/comments/user_address/${user}?limit=20`, z.array(Comment));
    const right = await body(good, `/comments/user_address/${user}?limit=20`, z.array(Comment));
    expect(right.length).toBeGreaterThan(0);
    expect(right.every((c) => c.userAddress?.toLowerCase() === user.toLowerCase())).toBe(true);
    expect(wrong.some((c) => c.userAddress?.toLowerCase() !== user.toLowerCase())).toBe(true);
    // The user's own comments are still there.
    expect(right.every((c) => wrong.some((w) => w.id === c.id))).toBe(true);
  });
});
