import type { FastifyRequest } from 'fastify';
import {
  parseQuery, marketsQuery, marketBySlugQuery, marketTagsQuery, eventsQuery, seriesQuery, commentsQuery, userCommentsQuery, tagsQuery, publicSearchQuery,
} from '@shared/spec/index.js';
import { notFound } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { parsed } from '../http.js';
import { BUCKETS } from '../rate-limit.js';
import { commentsOfAnyone } from '../misbehaving.js';
import { commentsByUser, listComments } from './comments.js';
import { listEvents, listSeries, listTags, publicSearch } from './events.js';
import { findMarket, listMarkets, marketBySlug, marketTags } from './markets.js';
import { flushStamps } from './stamps.js';
import { forgetFragments } from './fragments.js';

type Raw = Record<string, string | string[] | undefined>;
const q = (req: FastifyRequest): Raw => req.query as Raw;
const param = (req: FastifyRequest, name: string): string => (req.params as Record<string, string>)[name] ?? '';

export function registerCatalog(s: Surface, ctx: VenueContext): void {
  const { db } = ctx;
  const listing = [BUCKETS.catalogListings];
  // What moved since the last read carries its `updatedAt` in every answer that shows it.
  const fresh = <T>(read: (req: FastifyRequest) => T) => (req: FastifyRequest): T => {
    const moved = flushStamps(db);
    // What was kept of them carries the old stamp.
    if (moved.markets.length > 0) forgetFragments(db, moved.markets, moved.events);
    return read(req);
  };
  s.get('/markets', [BUCKETS.catalogMarkets, ...listing], fresh((req) => listMarkets(db, parsed(parseQuery(marketsQuery, q(req))), ctx.now(), ctx.exchange)));
  s.get('/markets/slug/:slug', [], fresh((req) => {
    const { creator } = parsed(parseQuery(marketBySlugQuery, q(req)));
    const slug = param(req, 'slug');
    const market = marketBySlug(db, slug, creator, ctx.now(), ctx.exchange);
    if (market === undefined) throw notFound(`No market with slug "${slug}"`);
    return market;
  }));
  s.get('/markets/:id/tags', [], (req) => {
    const { creator } = parsed(parseQuery(marketTagsQuery, q(req)));
    const id = param(req, 'id');
    const market = findMarket(db, id, creator);
    if (market === undefined) throw notFound(`No market with id or condition id "${id}"`);
    return marketTags(db, market['id'] as number);
  });
  s.get('/events', [BUCKETS.catalogEvents, ...listing], fresh((req) => listEvents(db, parsed(parseQuery(eventsQuery, q(req))))));
  s.get('/series', [], fresh((req) => listSeries(db, parsed(parseQuery(seriesQuery, q(req))))));
  s.get('/comments', [], (req) => listComments(db, parsed(parseQuery(commentsQuery, q(req)))));
  s.get('/comments/user_address/:address', [], (req) => {
    const page = parsed(parseQuery(userCommentsQuery, q(req)));
    return ctx.misbehave ? commentsOfAnyone(db, param(req, 'address'), page) : commentsByUser(db, param(req, 'address'), page);
  });
  s.get('/tags', [BUCKETS.catalogTags], (req) => listTags(db, parsed(parseQuery(tagsQuery, q(req)))));
  s.get('/public-search', [BUCKETS.catalogSearch], fresh((req) => publicSearch(db, parsed(parseQuery(publicSearchQuery, q(req))))));
}
