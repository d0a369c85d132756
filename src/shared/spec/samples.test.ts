// Every captured response in fixtures/samples must parse, with the values normalised.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CatalogMarket, Comment, Series, Tag } from './catalog.js';
import { HolderGroup, LeaderboardEntry, Position, Trade } from './data.js';
import { SamplingSimplifiedMarketsPage, TradingMarket, TradingMarketsPage, TradingMarketStrict } from './trading.js';

const samples = path.resolve(import.meta.dirname, '../../../fixtures/samples');
const load = (name: string): unknown => JSON.parse(readFileSync(path.join(samples, name), 'utf8'));

describe('catalog samples', () => {
  it('catalog-markets.json parses as CatalogMarket[]', () => {
    const [m] = z.array(CatalogMarket).parse(load('catalog-markets.json'));
    expect(m).toBeDefined();
    if (!m) return;
    expect(m.id).toBe('503051');
    expect(m.outcomes).toEqual(['Yes', 'No']);
    expect(m.outcomePrices).toEqual(['0.12', '0.88']);
    expect(m.clobTokenIds).toEqual([
      '41773628807355604611259869562238271101058447112886342695423693538727885810044',
      '85384408245980885307542492589525110523370895012942727993857726624010743972899',
    ]);
    expect(m.mirrorClobTokenIds).toBeUndefined();
    expect(m.liquidity).toBe(3172.7863); // sent as "3172.7863"
    expect(m.volume).toBe(12505.366824);
    expect(m.endDate).toBe('2024-07-31T12:00:00.000Z');
    expect(m.startDate).toBe('2024-07-01T17:48:35.918Z');
    expect(m.createdAt).toBe('2024-07-01T17:28:01.116Z'); // 6 fraction digits
    expect(m.resolutionSource).toBe('');
    expect(m.events?.[0]?.creationDate).toBe('2024-07-01T17:51:02.700Z');
    expect(m.events?.[0]?.active).toBe(true);
    // Unknown fields are kept as sent.
    expect(m['endDateIso']).toBe('2024-07-31');
    expect(m['clobRewards']).toHaveLength(1);
  });

  it('catalog-series-in-event.json: series as Series[], tags as Tag[]', () => {
    const raw = load('catalog-series-in-event.json') as { series: unknown; tags: unknown };
    const [s] = z.array(Series).parse(raw.series);
    expect(s?.id).toBe('2');
    expect(s?.recurrence).toBe('daily');
    expect(s?.publishedAt).toBe('2023-01-30T17:13:39.006Z'); // "2023-01-30 17:13:39.006+00"
    expect(s?.updatedAt).toBe('2025-10-16T03:01:10.223Z');
    expect(s?.['layout']).toBe('default');
    const tags = z.array(Tag).parse(raw.tags);
    expect(tags.map((t) => t.slug)).toEqual(['world', 'putin']);
    expect(tags[1]?.publishedAt).toBe('2023-11-02T21:46:19.507Z');
    expect(tags[1]?.updatedAt).toBe('2026-03-09T22:29:44.087Z');
    expect(tags[0]?.requiresTranslation).toBe(false);
  });

  it('catalog-comment.json parses as Comment', () => {
    const c = Comment.parse(load('catalog-comment.json'));
    expect(c.id).toBe('1763355');
    expect(c.parentEntityID).toBe(18396);
    expect(c.parentEntityType).toBe('Event');
    expect(c.createdAt).toBe('2025-07-25T14:49:35.801Z');
    expect(c.profile?.displayUsernamePublic).toBe(true);
    expect(c.profile?.pseudonym).toBe('Adored-Disparity');
    expect(c.reactionCount).toBe(0);
  });
});

describe('data samples', () => {
  it('data-trades.json parses as Trade[]', () => {
    const [t] = z.array(Trade).parse(load('data-trades.json'));
    expect(t?.side).toBe('SELL');
    expect(t?.size).toBe(5.4);
    expect(t?.price).toBe(0.998);
    expect(t?.timestamp).toBe(1729000180);
    expect(t?.outcomeIndex).toBe(0);
    expect(t?.usdcSize).toBeUndefined();
  });

  it('data-positions.json parses as Position[]', () => {
    const [p] = z.array(Position).parse(load('data-positions.json'));
    expect(p?.size).toBe(181369.1314);
    expect(p?.cashPnl).toBe(-54974.2533);
    expect(p?.mergeable).toBe(true);
    expect(p?.redeemable).toBe(false);
    expect(p?.endDate).toBe('2026-04-21T00:00:00.000Z'); // date-only
    expect(p?.outcomeIndex).toBe(1);
    expect(p?.['eventId']).toBe('382090');
  });

  it('data-holders.json parses as HolderGroup[]', () => {
    const [g] = z.array(HolderGroup).parse(load('data-holders.json'));
    expect(g?.holders).toHaveLength(2);
    expect(g?.holders?.[0]?.amount).toBe(10265.02456);
    expect(g?.holders?.[1]?.pseudonym).toBe('Unaware-Hamster');
    expect(g?.holders?.[1]?.name).toBeUndefined();
  });

  it('data-leaderboard.mock.json parses as LeaderboardEntry[]', () => {
    const rows = z.array(LeaderboardEntry).parse(load('data-leaderboard.mock.json'));
    expect(rows.map((r) => r.rank)).toEqual(['1', '2']);
    expect(rows[0]?.vol).toBe(1000000);
    expect(rows[0]?.xUsername).toBe('toptrader');
    expect(rows[1]?.verifiedBadge).toBe(false);
    expect(rows[1]?.profileImage).toBeUndefined();
  });
});

describe('trading samples', () => {
  it('trading-market.json parses as TradingMarket', () => {
    const m = TradingMarket.parse(load('trading-market.json'));
    expect(m.minimum_tick_size).toBe(0.001);
    expect(m.accepting_order_timestamp).toBeNull();
    expect(m.game_start_time).toBeNull();
    expect(m.end_date_iso).toBe('2024-11-05T00:00:00.000Z');
    expect(m.rewards.rates?.[0]?.rewards_daily_rate).toBe(750);
    expect(m.tokens.map((t) => t.outcome)).toEqual(['Yes', 'No']);
    expect(m.tokens[1]?.price).toBe(0.5135);
    expect(m.tags).toEqual(['Politics', 'Joe Biden', 'US Election', 'All']);
  });

  it('the live capture lacks fields the spec requires, which TradingMarketStrict names', () => {
    const r = TradingMarketStrict.safeParse(load('trading-market.json'));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['assets_ids', 'creator', 'event', 'market_id', 'outcomes', 'slug', 'status']);
  });

  it('trading-markets-page.json parses as a page of TradingMarket', () => {
    const page = TradingMarketsPage.parse(load('trading-markets-page.json'));
    expect(page.next_cursor).toBe('MTAw');
    expect(page.limit).toBe(100);
    expect(page.data[0]?.rewards.rates).toBeUndefined(); // rates: null
    expect(page.data[0]?.tokens[1]?.winner).toBe(true);
  });

  it('trading-sampling-simplified-markets.mock.json parses, string numbers coerced', () => {
    const page = SamplingSimplifiedMarketsPage.parse(load('trading-sampling-simplified-markets.mock.json'));
    expect(page.count).toBe(1);
    expect(page.next_cursor).toBe('next');
    const [m] = page.data;
    expect(m?.condition_id).toBe('cond_12345');
    expect(m?.tokens?.map((t) => t.price)).toEqual([0.55, 0.45]);
    expect(m?.rewards).toEqual({ rates: undefined, min_size: 10, max_spread: 0.05 });
    expect(m?.question).toBeUndefined();
  });
});
