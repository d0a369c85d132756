import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import {
  commentsQuery, eventsQuery, holdersQuery, lastTradesPricesBody, leaderboardQuery, LIMITS, marketBySlugQuery, marketsQuery,
  marketTagsPath, marketTagsQuery, ordersBody, parseBody, parseQuery, positionsQuery, pricesBody, publicSearchQuery,
  samplingMarketsQuery, seriesQuery, tagsQuery, tradesQuery, userCommentsPath, userCommentsQuery,
} from './queries.js';

const WALLET = '0x1234567890abcdef1234567890abcdef12345678';

/** The value of a successful parse; fails the test otherwise. */
function ok<T>(r: { ok: true; value: T } | { ok: false; param: string; message: string }): T {
  if (!r.ok) throw new Error(`expected success, got ${r.param}: ${r.message}`);
  return r.value;
}

describe('parseQuery results', () => {
  it('names the offending param and says what is wrong', () => {
    expect(parseQuery(marketsQuery, { limit: '0' })).toEqual({ ok: false, param: 'limit', message: 'limit must be an integer from 1 to 100' });
    expect(parseQuery(marketsQuery, { offset: '-1' })).toEqual({ ok: false, param: 'offset', message: 'offset must be an integer of at least 0' });
    expect(parseQuery(tradesQuery, { side: 'buy' })).toEqual({ ok: false, param: 'side', message: 'side must be one of BUY, SELL' });
    expect(parseQuery(marketsQuery, { active: 'yes' })).toEqual({ ok: false, param: 'active', message: 'active must be true or false' });
  });

  it('reports the first issue when there are several', () => {
    expect(parseQuery(marketsQuery, { limit: 'x', offset: 'y' })).toMatchObject({ ok: false, param: 'limit' });
  });

  it('rejects a scalar param given twice', () => {
    expect(parseQuery(marketsQuery, { limit: ['5', '6'] })).toEqual({ ok: false, param: 'limit', message: 'limit must be given only once' });
    expect(parseQuery(positionsQuery, { user: [WALLET, WALLET] })).toMatchObject({ ok: false, param: 'user' });
  });

  it('ignores unknown params and treats empty values as absent', () => {
    expect(ok(parseQuery(seriesQuery, { foo: 'bar', limit: '' }))).toEqual({ limit: 20, offset: 0 });
  });

  it('rejects a raw value that is not a query record', () => {
    expect(parseQuery(seriesQuery, 'limit=5')).toEqual({ ok: false, param: 'query', message: 'query must be an object' });
  });
});

describe('data surface queries', () => {
  it('/trades defaults and bounds', () => {
    expect(ok(parseQuery(tradesQuery, {}))).toEqual({ limit: 100, offset: 0, takerOnly: true });
    expect(ok(parseQuery(tradesQuery, { limit: '0', offset: '10000', takerOnly: 'false' }))).toMatchObject({ limit: 0, offset: 10000, takerOnly: false });
    expect(parseQuery(tradesQuery, { limit: '10001' })).toMatchObject({ param: 'limit', message: 'limit must be an integer from 0 to 10000' });
    expect(parseQuery(tradesQuery, { offset: '10001' })).toMatchObject({ param: 'offset' });
    expect(parseQuery(tradesQuery, { limit: '1.5' })).toMatchObject({ param: 'limit' });
    expect(ok(parseQuery(tradesQuery, { takerOnly: '0' })).takerOnly).toBe(false);
  });

  it('/trades filterType requires filterAmount, and filterAmount >= 0', () => {
    expect(parseQuery(tradesQuery, { filterType: 'CASH' })).toEqual({ ok: false, param: 'filterType', message: 'filterType requires filterAmount' });
    expect(parseQuery(tradesQuery, { filterType: 'cash', filterAmount: '1' })).toMatchObject({ param: 'filterType', message: 'filterType must be one of CASH, TOKENS' });
    expect(parseQuery(tradesQuery, { filterType: 'TOKENS', filterAmount: '-1' })).toMatchObject({ param: 'filterAmount', message: 'filterAmount must be a number of at least 0' });
    expect(ok(parseQuery(tradesQuery, { filterType: 'TOKENS', filterAmount: '2.5' }))).toMatchObject({ filterType: 'TOKENS', filterAmount: 2.5 });
  });

  it('/trades market: comma list and repeated keys, empties dropped', () => {
    expect(ok(parseQuery(tradesQuery, { market: '0xa,0xb,,0xc' })).market).toEqual(['0xa', '0xb', '0xc']);
    expect(ok(parseQuery(tradesQuery, { market: ['0xa', '0xb, 0xc'] })).market).toEqual(['0xa', '0xb', '0xc']);
    expect(ok(parseQuery(tradesQuery, { market: ',' })).market).toBeUndefined();
  });

  it('/trades user is a wallet address', () => {
    expect(ok(parseQuery(tradesQuery, { user: WALLET })).user).toBe(WALLET);
    expect(parseQuery(tradesQuery, { user: 'alice' })).toMatchObject({ param: 'user', message: 'user must be a wallet address (0x followed by 40 hex digits)' });
  });

  it('/positions', () => {
    expect(parseQuery(positionsQuery, {})).toEqual({ ok: false, param: 'user', message: 'user is required' });
    expect(ok(parseQuery(positionsQuery, { user: WALLET }))).toEqual({
      user: WALLET, sizeThreshold: 1, redeemable: false, mergeable: false, limit: 100, offset: 0, sortBy: 'TOKENS', sortDirection: 'DESC',
    });
    const q = ok(parseQuery(positionsQuery, { user: WALLET, market: '0xa,0xb', sizeThreshold: '0', redeemable: 'true', sortBy: 'CASHPNL', sortDirection: 'ASC', title: 'Nuggets' }));
    expect(q).toMatchObject({ market: ['0xa', '0xb'], sizeThreshold: 0, redeemable: true, sortBy: 'CASHPNL', sortDirection: 'ASC', title: 'Nuggets' });
    expect(parseQuery(positionsQuery, { user: WALLET, limit: '501' })).toMatchObject({ message: 'limit must be an integer from 0 to 500' });
    expect(parseQuery(positionsQuery, { user: WALLET, sizeThreshold: '-0.1' })).toMatchObject({ param: 'sizeThreshold' });
    expect(parseQuery(positionsQuery, { user: WALLET, sortBy: 'tokens' })).toMatchObject({ param: 'sortBy' });
    expect(parseQuery(positionsQuery, { user: WALLET, sortDirection: 'UP' })).toMatchObject({ param: 'sortDirection' });
    expect(ok(parseQuery(positionsQuery, { user: WALLET, title: 'x'.repeat(100) })).title).toHaveLength(100);
    expect(parseQuery(positionsQuery, { user: WALLET, title: 'x'.repeat(101) })).toMatchObject({ param: 'title', message: 'title must be at most 100 characters' });
  });

  it('/holders', () => {
    expect(parseQuery(holdersQuery, {})).toEqual({ ok: false, param: 'market', message: 'market is required' });
    expect(parseQuery(holdersQuery, { market: ',,' })).toMatchObject({ param: 'market' });
    expect(ok(parseQuery(holdersQuery, { market: '0xa' }))).toEqual({ market: ['0xa'], limit: 100, minBalance: 1 });
    expect(ok(parseQuery(holdersQuery, { market: '0xa', limit: '500', minBalance: '0.5' }))).toMatchObject({ limit: 500, minBalance: 0.5 });
    expect(parseQuery(holdersQuery, { market: '0xa', limit: '501' })).toMatchObject({ param: 'limit' });
    expect(parseQuery(holdersQuery, { market: '0xa', minBalance: 'lots' })).toMatchObject({ param: 'minBalance' });
  });

  it('/v1/leaderboard', () => {
    expect(ok(parseQuery(leaderboardQuery, {}))).toEqual({ category: 'OVERALL', timePeriod: 'DAY', orderBy: 'PNL', limit: 25, offset: 0 });
    expect(ok(parseQuery(leaderboardQuery, { category: 'CRYPTO', timePeriod: 'ALL', orderBy: 'VOL', limit: '50', offset: '1000', userName: 'TopTrader' }))).toMatchObject({
      category: 'CRYPTO', timePeriod: 'ALL', orderBy: 'VOL', limit: 50, offset: 1000, userName: 'TopTrader',
    });
    expect(parseQuery(leaderboardQuery, { limit: '0' })).toMatchObject({ message: 'limit must be an integer from 1 to 50' });
    expect(parseQuery(leaderboardQuery, { limit: '51' })).toMatchObject({ param: 'limit' });
    expect(parseQuery(leaderboardQuery, { offset: '1001' })).toMatchObject({ message: 'offset must be an integer from 0 to 1000' });
    expect(parseQuery(leaderboardQuery, { category: 'Sports' })).toMatchObject({ param: 'category' });
    expect(parseQuery(leaderboardQuery, { timePeriod: 'YEAR' })).toMatchObject({ param: 'timePeriod' });
    expect(parseQuery(leaderboardQuery, { orderBy: 'pnl' })).toMatchObject({ param: 'orderBy' });
  });
});

describe('catalog surface queries', () => {
  it('/markets defaults', () => {
    expect(ok(parseQuery(marketsQuery, {}))).toEqual({ limit: 20, offset: 0, order: 'id', ascending: false });
  });

  it('/markets limit 1..100, offset >= 0 (no upper bound)', () => {
    expect(ok(parseQuery(marketsQuery, { limit: '100', offset: '123456' }))).toMatchObject({ limit: 100, offset: 123456 });
    expect(parseQuery(marketsQuery, { limit: '101' })).toMatchObject({ param: 'limit' });
  });

  it('/markets filters, with camelCase output keys', () => {
    const q = ok(parseQuery(marketsQuery, {
      active: 'true', closed: 'false', archived: '0', tag_id: '12', event_id: '7', mirror: '1', slug: 's', creator: WALLET, order: 'endDate', ascending: 'true',
    }));
    expect(q).toEqual({
      limit: 20, offset: 0, active: true, closed: false, archived: false, tagId: 12, eventId: 7, mirror: true, slug: 's', creator: WALLET, order: 'endDate', ascending: true,
    });
    expect(parseQuery(marketsQuery, { tag_id: 'politics' })).toMatchObject({ param: 'tag_id', message: 'tag_id must be an integer' });
  });

  it('/markets aliases: tag = tag_slug, eventSlug = event_slug, condition_id = conditionId', () => {
    expect(ok(parseQuery(marketsQuery, { tag: 'politics' })).tagSlug).toBe('politics');
    expect(ok(parseQuery(marketsQuery, { tag_slug: 'politics' })).tagSlug).toBe('politics');
    expect(ok(parseQuery(marketsQuery, { tag: 'politics', tag_slug: 'politics' })).tagSlug).toBe('politics');
    expect(parseQuery(marketsQuery, { tag: 'politics', tag_slug: 'sports' })).toEqual({
      ok: false, param: 'tag', message: 'tag must match tag_slug when both are given',
    });
    expect(ok(parseQuery(marketsQuery, { eventSlug: 'e' })).eventSlug).toBe('e');
    expect(ok(parseQuery(marketsQuery, { event_slug: 'e' })).eventSlug).toBe('e');
    expect(parseQuery(marketsQuery, { event_slug: 'e', eventSlug: 'f' })).toMatchObject({ param: 'eventSlug' });
    expect(ok(parseQuery(marketsQuery, { condition_id: '0xabc' })).conditionId).toBe('0xabc');
    expect(ok(parseQuery(marketsQuery, { conditionId: '0xabc' })).conditionId).toBe('0xabc');
    expect(parseQuery(marketsQuery, { conditionId: '0xabc', condition_id: '0xdef' })).toMatchObject({ param: 'condition_id' });
    expect(parseQuery(marketsQuery, { tag: ['a', 'b'] })).toMatchObject({ param: 'tag', message: 'tag must be given only once' });
  });

  it('/markets, /events, /comments order columns (venue-profile F), case-sensitive', () => {
    for (const order of ['id', 'question', 'slug', 'startDate', 'endDate', 'createdAt', 'updatedAt']) {
      expect(ok(parseQuery(marketsQuery, { order })).order).toBe(order);
    }
    expect(parseQuery(marketsQuery, { order: 'title' })).toEqual({
      ok: false, param: 'order', message: 'order must be one of id, question, slug, startDate, endDate, createdAt, updatedAt',
    });
    expect(parseQuery(marketsQuery, { order: 'enddate' })).toMatchObject({ param: 'order' });
    expect(ok(parseQuery(eventsQuery, { order: 'title' })).order).toBe('title');
    expect(parseQuery(eventsQuery, { order: 'question' })).toMatchObject({ param: 'order' });
    expect(ok(parseQuery(commentsQuery, { order: 'reactionCount' })).order).toBe('reactionCount');
    expect(parseQuery(commentsQuery, { order: 'id' })).toMatchObject({ param: 'order' });
  });

  it('/markets/slug/{slug} and /markets/{id}/tags take creator', () => {
    expect(ok(parseQuery(marketBySlugQuery, { creator: 'site-a', limit: '5' }))).toEqual({ creator: 'site-a' });
    expect(ok(parseQuery(marketTagsQuery, {}))).toEqual({});
  });

  it('/markets/{id}/tags path id: numeric id or 0x-hex condition id', () => {
    expect(ok(parseQuery(marketTagsPath, { id: '503051' })).id).toBe('503051');
    expect(ok(parseQuery(marketTagsPath, { id: '0xD6736893caeffd' })).id).toBe('0xD6736893caeffd');
    expect(parseQuery(marketTagsPath, { id: 'nvidia' })).toEqual({
      ok: false, param: 'id', message: 'id must be a numeric market id or a 0x-prefixed condition id',
    });
    expect(parseQuery(marketTagsPath, {})).toMatchObject({ param: 'id', message: 'id is required' });
  });

  it('/events', () => {
    expect(ok(parseQuery(eventsQuery, {}))).toEqual({ limit: 20, offset: 0, order: 'id', ascending: false });
    expect(ok(parseQuery(eventsQuery, { tag: 'nba', tag_id: '3', series_slug: 'nba', slug: 'e', closed: 'true', creator: 'c' }))).toMatchObject({
      tagSlug: 'nba', tagId: 3, seriesSlug: 'nba', slug: 'e', closed: true, creator: 'c',
    });
    expect(parseQuery(eventsQuery, { limit: '101' })).toMatchObject({ param: 'limit' });
  });

  it('/series, /tags, /comments/user_address/{a}', () => {
    for (const schema of [seriesQuery, tagsQuery, userCommentsQuery]) {
      expect(ok(parseQuery(schema, {}))).toMatchObject({ limit: 20, offset: 0 });
      expect(parseQuery(schema, { limit: '101' })).toMatchObject({ param: 'limit' });
      expect(parseQuery(schema, { offset: '-5' })).toMatchObject({ param: 'offset' });
    }
    expect(ok(parseQuery(seriesQuery, { creator: 'c' })).creator).toBe('c');
    expect(ok(parseQuery(userCommentsPath, { user_address: WALLET }))).toEqual({ userAddress: WALLET });
    expect(parseQuery(userCommentsPath, { user_address: 'bob' })).toMatchObject({ param: 'user_address' });
  });

  it('/comments', () => {
    expect(ok(parseQuery(commentsQuery, {}))).toEqual({ limit: 20, offset: 0, order: 'createdAt', ascending: false, holdersOnly: false });
    const q = ok(parseQuery(commentsQuery, { parent_entity_type: 'Event', parent_entity_id: '18396', event_slug: 'e', holders_only: 'true', ascending: 'true' }));
    expect(q).toMatchObject({ parentEntityType: 'Event', parentEntityId: '18396', eventSlug: 'e', holdersOnly: true, ascending: true });
    expect(ok(parseQuery(commentsQuery, { parent_entity_type: 'market' })).parentEntityType).toBe('market');
    expect(parseQuery(commentsQuery, { parent_entity_type: 'event' })).toEqual({
      ok: false, param: 'parent_entity_type', message: 'parent_entity_type must be one of Event, Series, market',
    });
    expect(parseQuery(commentsQuery, { holders_only: 'maybe' })).toMatchObject({ param: 'holders_only' });
  });

  it('/public-search', () => {
    expect(parseQuery(publicSearchQuery, {})).toEqual({ ok: false, param: 'q', message: 'q is required' });
    expect(parseQuery(publicSearchQuery, { q: '' })).toMatchObject({ param: 'q', message: 'q is required' });
    expect(ok(parseQuery(publicSearchQuery, { q: 'nvidia' }))).toEqual({ q: 'nvidia', limit: 20 });
    expect(ok(parseQuery(publicSearchQuery, { q: 'x'.repeat(200) })).q).toHaveLength(200);
    expect(parseQuery(publicSearchQuery, { q: 'x'.repeat(201) })).toMatchObject({ param: 'q', message: 'q must be at most 200 characters' });
    expect(parseQuery(publicSearchQuery, { q: 'a', limit: '101' })).toMatchObject({ param: 'limit' });
  });
});

describe('trading surface', () => {
  it('/sampling-simplified-markets cursor', () => {
    expect(ok(parseQuery(samplingMarketsQuery, {}))).toEqual({ nextCursor: 'MA==', offset: 0 });
    expect(ok(parseQuery(samplingMarketsQuery, { next_cursor: encodeCursor(200) }))).toEqual({ nextCursor: 'MjAw', offset: 200 });
    expect(ok(parseQuery(samplingMarketsQuery, { next_cursor: 'LTE=' }))).toEqual({ nextCursor: 'LTE=', offset: -1 });
    expect(parseQuery(samplingMarketsQuery, { next_cursor: 'garbage!' })).toMatchObject({ ok: false, param: 'next_cursor' });
    expect(decodeCursor('garbage!')).toBeNull();
  });

  it('POST /prices body', () => {
    expect(ok(parseBody(pricesBody, [{ token_id: '111' }, { token_id: '222', side: 'SELL', extra: 1 }]))).toEqual([
      { token_id: '111' },
      { token_id: '222', side: 'SELL' },
    ]);
    expect(parseBody(pricesBody, [{ token_id: '1' }, {}])).toEqual({ ok: false, param: 'body[1].token_id', message: 'body[1].token_id is required' });
    expect(parseBody(pricesBody, [{ token_id: '1', side: 'buy' }])).toEqual({ ok: false, param: 'body[0].side', message: 'body[0].side must be one of BUY, SELL' });
    expect(parseBody(pricesBody, { token_id: '1' })).toEqual({ ok: false, param: 'body', message: 'body must be a JSON array' });
    expect(parseBody(pricesBody, [{ token_id: 1 }])).toMatchObject({ param: 'body[0].token_id', message: 'body[0].token_id must be a string' });
  });

  it('POST /last-trades-prices body', () => {
    expect(ok(parseBody(lastTradesPricesBody, [{ token_id: '111' }]))).toEqual([{ token_id: '111' }]);
    expect(parseBody(lastTradesPricesBody, ['111'])).toMatchObject({ param: 'body[0]', message: 'body[0] must be an object' });
  });

  it('POST /orders body: 1..15 items, each parsed on its own', () => {
    expect(parseBody(ordersBody, [])).toEqual({ ok: false, param: 'body', message: 'body must hold 1 to 15 orders' });
    expect(parseBody(ordersBody, Array.from({ length: 16 }, () => ({})))).toMatchObject({ param: 'body', message: 'body must hold 1 to 15 orders' });
    expect(parseBody(ordersBody, {})).toMatchObject({ param: 'body', message: 'body must be a JSON array of orders' });
    const items = ok(parseBody(ordersBody, Array.from({ length: LIMITS.orders.maxItems }, () => ({ orderType: 'GTC' }))));
    expect(items).toHaveLength(15);
    expect(items.every((r) => !r.success)).toBe(true);
  });
});

describe('LIMITS', () => {
  it('exposes the caps a paginator needs', () => {
    expect(LIMITS.trades.limit.max).toBe(10000);
    expect(LIMITS.positions.limit.max).toBe(500);
    expect(LIMITS.leaderboard.limit).toEqual({ min: 1, max: 50, default: 25 });
    expect(LIMITS.catalogList.limit).toEqual({ min: 1, max: 100, default: 20 });
    expect(LIMITS.orders).toEqual({ minItems: 1, maxItems: 15 });
  });
});
