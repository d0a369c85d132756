import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINTS, endpointOf, PARAMS, unlistedParams, type QueryName } from './params.js';
import {
  commentsQuery, eventsQuery, holdersQuery, leaderboardQuery, marketBySlugQuery, marketsQuery, marketTagsQuery, positionsQuery, publicSearchQuery,
  samplingMarketsQuery, seriesQuery, tagsQuery, tradesQuery, userCommentsQuery,
} from './queries.js';

const names = (key: string): string[] => [...(PARAMS.get(key)?.query ?? [])].sort();

describe('the parameters of each endpoint', () => {
  it('has one entry per surface, method and path', () => {
    expect(PARAMS.size).toBe(ENDPOINTS.length);
    for (const e of ENDPOINTS) expect(new Set(e.query).size, `${e.method} ${e.path}`).toBe(e.query.length);
  });

  it('lists the spec §4 names exactly, aliases included', () => {
    expect(names('data GET /trades')).toEqual(['filterAmount', 'filterType', 'limit', 'market', 'offset', 'side', 'takerOnly', 'user']);
    expect(names('data GET /positions')).toEqual(['limit', 'market', 'mergeable', 'offset', 'redeemable', 'sizeThreshold', 'sortBy', 'sortDirection', 'title', 'user']);
    expect(names('data GET /holders')).toEqual(['limit', 'market', 'minBalance']);
    expect(names('data GET /v1/leaderboard')).toEqual(['category', 'limit', 'offset', 'orderBy', 'timePeriod', 'user', 'userName']);
    expect(names('catalog GET /markets')).toEqual(
      ['active', 'archived', 'ascending', 'closed', 'conditionId', 'condition_id', 'creator', 'eventSlug', 'event_id', 'event_slug', 'limit', 'mirror', 'offset', 'order', 'slug', 'tag', 'tag_id', 'tag_slug'],
    );
    expect(PARAMS.get('catalog GET /markets')?.aliases).toEqual({ tag: 'tag_slug', eventSlug: 'event_slug', condition_id: 'conditionId' });
    expect(names('catalog GET /markets/slug/{slug}')).toEqual(['creator']);
    expect(names('catalog GET /markets/{id}/tags')).toEqual(['creator']);
    expect(names('catalog GET /events')).toEqual(['active', 'archived', 'ascending', 'closed', 'creator', 'limit', 'offset', 'order', 'series_slug', 'slug', 'tag', 'tag_id', 'tag_slug']);
    expect(names('catalog GET /series')).toEqual(['creator', 'limit', 'offset']);
    expect(names('catalog GET /comments')).toEqual(['event_slug', 'holders_only', 'limit', 'offset', 'order', 'parent_entity_id', 'parent_entity_type']);
    expect(names('catalog GET /comments/user_address/{user_address}')).toEqual(['limit', 'offset']);
    expect(names('trading GET /sampling-simplified-markets')).toEqual(['next_cursor']);
    for (const k of ['trading POST /orders', 'trading GET /markets/{condition_id}', 'trading GET /clob-markets/{condition_id}', 'trading POST /prices', 'trading POST /last-trades-prices']) {
      expect(names(k), k).toEqual([]);
    }
    // No event by id, no series by id: a deployment ignores them and answers something else.
    expect(names('catalog GET /events')).not.toContain('id');
    expect(names('catalog GET /events')).not.toContain('series_id');
  });

  it('marks the spec endpoints and only those as spec', () => {
    const spec = ENDPOINTS.filter((e) => e.spec).map((e) => `${e.surface} ${e.method} ${e.path}`);
    expect(spec).toHaveLength(4 + 7 + 6); // §4.1, §4.2, §4.3
    for (const e of ENDPOINTS.filter((x) => !x.spec)) expect(e.ref).toMatch(/^venue-profile [CE]$/);
    expect(PARAMS.get('trading GET /book')).toMatchObject({ spec: false, query: ['token_id'] });
    expect(names('trading GET /prices-history')).toEqual(['endTs', 'fidelity', 'market', 'startTs']);
    for (const p of ['/tick-size', '/neg-risk', '/fee-rate']) expect(names(`trading GET ${p}`)).toEqual(['token_id']);
    expect(names('trading GET /data/orders')).toContain('next_cursor');
    expect(names('catalog GET /public-search')).toEqual(['limit', 'q']);
  });

  it('agrees with the venue query schemas of queries.ts', () => {
    // A schema ignores names it does not know; a name it reads changes the outcome of a parse.
    const outcome = (schema: z.ZodType, raw: Record<string, string>): string => JSON.stringify(schema.safeParse(raw));
    const values = ['1', '0', 'true', 'false', 'x', 'BUY', 'CASH', 'WEEK', 'VOL', 'ASC', 'CURRENT', 'Event', 'id', 'MQ==', '0x1234567890abcdef1234567890abcdef12345678'];
    const cases: Array<[string, z.ZodType, Record<string, string>]> = [
      ['data GET /trades', tradesQuery, {}],
      ['data GET /positions', positionsQuery, { user: '0x1234567890abcdef1234567890abcdef12345678' }],
      ['data GET /holders', holdersQuery, { market: '0xabc' }],
      ['data GET /v1/leaderboard', leaderboardQuery, {}],
      ['catalog GET /markets', marketsQuery, {}],
      ['catalog GET /markets/slug/{slug}', marketBySlugQuery, {}],
      ['catalog GET /markets/{id}/tags', marketTagsQuery, {}],
      ['catalog GET /events', eventsQuery, {}],
      ['catalog GET /series', seriesQuery, {}],
      ['catalog GET /comments', commentsQuery, {}],
      ['catalog GET /comments/user_address/{user_address}', userCommentsQuery, {}],
      ['catalog GET /tags', tagsQuery, {}],
      ['catalog GET /public-search', publicSearchQuery, { q: 'x' }],
      ['trading GET /sampling-simplified-markets', samplingMarketsQuery, {}],
    ];
    for (const [key, schema, base] of cases) {
      const plain = outcome(schema, base);
      for (const name of names(key)) {
        const reads = values.some((v) => outcome(schema, { ...base, [name]: v }) !== plain);
        expect(reads, `${key}: the venue reads ${name}`).toBe(true);
      }
    }
  });
});

describe('endpointOf', () => {
  it('finds the template of a concrete path', () => {
    expect(endpointOf('catalog', 'GET', '/markets/slug/abc')?.path).toBe('/markets/slug/{slug}');
    expect(endpointOf('catalog', 'GET', '/markets/123/tags')?.path).toBe('/markets/{id}/tags');
    expect(endpointOf('catalog', 'GET', '/markets')?.path).toBe('/markets');
    expect(endpointOf('catalog', 'GET', '/markets?limit=1')?.path).toBe('/markets');
    expect(endpointOf('catalog', 'GET', '/comments/user_address/0xabc')?.path).toBe('/comments/user_address/{user_address}');
    expect(endpointOf('trading', 'GET', '/markets/0xabc')?.path).toBe('/markets/{condition_id}');
    expect(endpointOf('trading', 'GET', '/markets-by-token/123')?.path).toBe('/markets-by-token/{token_id}');
    expect(endpointOf('trading', 'DELETE', '/orders')?.path).toBe('/orders');
    expect(endpointOf('trading', 'POST', '/orders')?.spec).toBe(true);
  });

  it('prefers a literal segment to a parameter, as a router does', () => {
    expect(endpointOf('catalog', 'GET', '/markets/slug/tags')?.path).toBe('/markets/slug/{slug}');
  });

  it('knows no endpoint on another surface, method or shape', () => {
    expect(endpointOf('catalog', 'GET', '/markets/0xabc')).toBeUndefined();
    expect(endpointOf('data', 'GET', '/markets')).toBeUndefined();
    expect(endpointOf('catalog', 'POST', '/markets')).toBeUndefined();
    expect(endpointOf('catalog', 'GET', '/events/12')).toBeUndefined();
  });

  it('names the parameters an endpoint does not take', () => {
    expect(unlistedParams('catalog', 'GET', '/events', ['id', 'limit', 'series_id', 'series_slug'])).toEqual(['id', 'series_id']);
    expect(unlistedParams('catalog', 'GET', '/nowhere', ['limit'])).toEqual(['limit']);
  });

  it('types the names of each endpoint', () => {
    const events: Array<QueryName<'catalog GET /events'>> = ['series_slug', 'slug'];
    // @ts-expect-error not a parameter of /events
    const bad: Array<QueryName<'catalog GET /events'>> = ['series_id'];
    expect(events.length + bad.length).toBe(3);
  });
});
