// What the venue sends parses with the shared schemas (the same ones the app uses) and carries
// every field of the spec's resource tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CatalogMarket, Comment, Event, Holder, HolderGroup, LeaderboardEntry, Position, PublicSearchResult, Series, Tag, Trade, formatError } from '@shared/spec/index.js';
import { startTestVenue, type TestVenue } from './test-support.js';

let venue: TestVenue;
let user: string;
let market: string;
beforeAll(async () => {
  venue = await startTestVenue({ rateLimitScale: 0 });
  user = (venue.db.prepare('SELECT wallet FROM positions WHERE size > 0 GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
  market = (venue.db.prepare('SELECT condition_id FROM market_stats ORDER BY trades DESC LIMIT 1').get() as { condition_id: string }).condition_id;
});
afterAll(async () => venue.stop());

const FIELDS = {
  trade: ['proxyWallet', 'side', 'asset', 'conditionId', 'size', 'price', 'timestamp', 'usdcSize', 'title', 'slug', 'eventSlug', 'icon', 'outcome', 'outcomeIndex', 'name', 'pseudonym', 'bio', 'profileImage', 'profileImageOptimized', 'transactionHash'],
  position: ['proxyWallet', 'asset', 'conditionId', 'size', 'avgPrice', 'initialValue', 'currentValue', 'cashPnl', 'percentPnl', 'totalBought', 'realizedPnl', 'percentRealizedPnl', 'curPrice', 'redeemable', 'mergeable', 'title', 'slug', 'eventSlug', 'icon', 'outcome', 'oppositeOutcome', 'outcomeIndex', 'oppositeAsset', 'timestamp', 'endDate', 'negativeRisk'],
  holder: ['proxyWallet', 'bio', 'asset', 'pseudonym', 'name', 'profileImage', 'profileImageOptimized', 'amount', 'displayUsernamePublic', 'outcomeIndex'],
  leader: ['rank', 'proxyWallet', 'userName', 'vol', 'pnl', 'profileImage', 'xUsername', 'verifiedBadge'],
  market: ['id', 'question', 'conditionId', 'slug', 'resolutionSource', 'startDate', 'endDate', 'image', 'icon', 'description', 'outcomes', 'clobTokenIds', 'active', 'closed', 'archived', 'createdAt', 'updatedAt', 'questionID', 'events'],
  event: ['id', 'ticker', 'slug', 'title', 'description', 'resolutionSource', 'image', 'icon', 'startDate', 'endDate', 'createdAt', 'updatedAt', 'active', 'closed', 'archived', 'tags', 'markets'],
  tag: ['id', 'label', 'slug', 'createdAt', 'updatedAt', 'requiresTranslation'],
  series: ['id', 'ticker', 'slug', 'title', 'seriesType', 'recurrence', 'image', 'icon', 'active', 'closed', 'archived', 'createdAt', 'updatedAt', 'events'],
  comment: ['id', 'body', 'parentEntityType', 'parentEntityID', 'userAddress', 'createdAt', 'updatedAt', 'profile', 'reactions', 'reportCount', 'reactionCount', 'replyCount'],
} as const;

function check<S extends z.ZodType>(schema: S, items: unknown[], fields: readonly string[]): void {
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const r = schema.safeParse(item);
    expect(r.success, r.success ? '' : formatError(r.error)).toBe(true);
    for (const f of fields) expect(item, f).toHaveProperty(f);
  }
}

const body = async (surface: 'catalog' | 'data', path: string): Promise<unknown[]> => {
  const res = await venue.get(surface, path);
  expect(res.status, path).toBe(200);
  return res.body as unknown[];
};

describe('the venue speaks the shared schemas', () => {
  it('data surface', async () => {
    check(Trade, await body('data', '/trades?limit=50&takerOnly=false'), FIELDS.trade);
    check(Position, await body('data', `/positions?user=${user}&sizeThreshold=0`), FIELDS.position);
    const groups = await body('data', `/holders?market=${market}`);
    check(HolderGroup, groups, ['token', 'holders']);
    check(Holder, groups.flatMap((g) => (g as { holders: unknown[] }).holders), FIELDS.holder);
    check(LeaderboardEntry, await body('data', '/v1/leaderboard?timePeriod=ALL'), FIELDS.leader);
  });

  it('catalog surface', async () => {
    check(CatalogMarket, await body('catalog', '/markets?limit=100'), FIELDS.market);
    check(Event, await body('catalog', '/events?limit=100'), FIELDS.event);
    check(Tag, await body('catalog', '/tags?limit=100'), FIELDS.tag);
    check(Series, await body('catalog', '/series?limit=100'), FIELDS.series);
    check(Comment, await body('catalog', '/comments?limit=100'), FIELDS.comment);
    const [m] = await body('catalog', '/markets?limit=1');
    const single = (await venue.get('catalog', `/markets/slug/${(m as { slug: string }).slug}`)).body;
    check(CatalogMarket, [single], FIELDS.market);
    const search = (await venue.get('catalog', '/public-search?q=will')).body;
    expect(PublicSearchResult.safeParse(search).success).toBe(true);
  });
});
