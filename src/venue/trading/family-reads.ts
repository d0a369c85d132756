// Trading-surface reads the service family serves beyond the spec (venue-profile E), in the shapes
// its official clients read: health, market lists, single-token prices and book batches.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { decodeCursor, encodeCursor, END_CURSOR } from '@shared/domain/cursor.js';
import { formatMicros } from '@shared/domain/money.js';
import type { Db } from '../db/open.js';
import { badParam, notFound } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { BUCKETS } from '../rate-limit.js';
import { bookSummary, lastTrade, priceItems, query, simplified, tokenQuery, tokenRow, tradingMarket } from './reads.js';

type Row = Record<string, unknown>;

/** Markets per page of GET /markets and its kin (each market reads its tokens and prices). */
export const FAMILY_MARKETS_PAGE = 100;

const sideQuery = tokenQuery.extend({ side: z.enum(['BUY', 'SELL'], { error: 'side must be BUY or SELL' }) });
const tokenItems = z.array(z.looseObject({ token_id: z.string().regex(/^\d{1,78}$/, 'token_id must be a decimal token id') }), { error: 'body must be a JSON array of {token_id}' });

/** A cursor page of markets, `where` limiting the rows (no user text goes into it). */
export function marketPage(db: Db, req: FastifyRequest, where: string, shape: (m: Row) => Row): Row {
  const raw = (req.query as Record<string, unknown>)['next_cursor'];
  const cursor = typeof raw === 'string' && raw !== '' ? raw : 'MA==';
  if (cursor === END_CURSOR) return { limit: FAMILY_MARKETS_PAGE, count: 0, next_cursor: END_CURSOR, data: [] };
  const offset = decodeCursor(cursor);
  if (offset === null || offset < 0) throw badParam('next_cursor', 'next_cursor must be a cursor from a previous page (first page: MA==)');
  const rows = db.prepare(`SELECT * FROM markets ${where} ORDER BY id LIMIT ? OFFSET ?`).all(FAMILY_MARKETS_PAGE + 1, offset) as Row[];
  const page = rows.slice(0, FAMILY_MARKETS_PAGE);
  return {
    limit: FAMILY_MARKETS_PAGE,
    count: page.length,
    next_cursor: rows.length > FAMILY_MARKETS_PAGE ? encodeCursor(offset + FAMILY_MARKETS_PAGE) : END_CURSOR,
    data: page.map(shape),
  };
}

/** The rewarded active markets, or every active one when none is rewarded (as /sampling-simplified-markets). */
export function samplingWhere(db: Db): string {
  const rewarded = (db.prepare("SELECT COUNT(*) AS n FROM markets WHERE status = 'active' AND rewards_daily_rate > 0").get() as { n: number }).n > 0;
  return `WHERE status = 'active'${rewarded ? ' AND rewards_daily_rate > 0' : ''}`;
}

/** Best bid and ask of a token that exists, micro. */
function touch(ctx: VenueContext, tokenId: string): { bid: number | undefined; ask: number | undefined } {
  tokenRow(ctx.db, tokenId);
  const book = ctx.exchange.book(tokenId);
  return { bid: book.bestBid(), ask: book.bestAsk() };
}

/** Midpoint of both sides; exact in micro units since every tick is a whole even number of micro. */
function midpoint(ctx: VenueContext, tokenId: string): string {
  const { bid, ask } = touch(ctx, tokenId);
  if (bid === undefined || ask === undefined) throw notFound(`token ${tokenId} has no ${bid === undefined ? 'bids' : 'asks'}, so no midpoint`);
  return formatMicros(Math.round((bid + ask) / 2));
}

function spread(ctx: VenueContext, tokenId: string): string {
  const { bid, ask } = touch(ctx, tokenId);
  if (bid === undefined || ask === undefined) throw notFound(`token ${tokenId} has no ${bid === undefined ? 'bids' : 'asks'}, so no spread`);
  return formatMicros(ask - bid);
}

/** A batch of token ids, each checked to be a token of this venue. */
function tokenBatch(ctx: VenueContext, body: unknown): string[] {
  const items = priceItems(tokenItems, body);
  return items.map((item, i) => {
    if (!ctx.exchange.token(item.token_id)) throw badParam(`body[${i}].token_id`, `body[${i}].token_id ${item.token_id} is not a token of this venue`);
    return item.token_id;
  });
}

export function registerFamilyReads(s: Surface, ctx: VenueContext): void {
  const { db } = ctx;
  // Health: the family's Python client reads `/`, its TypeScript client `/ok`.
  s.get('/', [], () => 'OK');
  s.get('/ok', [], () => 'OK');

  s.get('/markets', [], (req) => marketPage(db, req, '', (m) => tradingMarket(db, m)));
  s.get('/simplified-markets', [], (req) => marketPage(db, req, '', (m) => simplified(db, m)));
  s.get('/sampling-markets', [], (req) => marketPage(db, req, samplingWhere(db), (m) => tradingMarket(db, m)));

  s.get('/midpoint', [], (req) => ({ mid: midpoint(ctx, query(tokenQuery, req).token_id) }));
  s.post('/midpoints', [BUCKETS.tradingPrices], (req) => Object.fromEntries(tokenBatch(ctx, req.body).map((id) => [id, midpoint(ctx, id)])));
  // BUY is the best bid and SELL the best ask, as in POST /prices.
  s.get('/price', [], (req) => {
    const q = query(sideQuery, req);
    const { bid, ask } = touch(ctx, q.token_id);
    const price = q.side === 'BUY' ? bid : ask;
    if (price === undefined) throw notFound(`token ${q.token_id} has no ${q.side === 'BUY' ? 'bids' : 'asks'}`);
    return { price: formatMicros(price) };
  });
  s.get('/spread', [], (req) => ({ spread: spread(ctx, query(tokenQuery, req).token_id) }));
  s.post('/spreads', [BUCKETS.tradingPrices], (req) => Object.fromEntries(tokenBatch(ctx, req.body).map((id) => [id, spread(ctx, id)])));
  s.get('/last-trade-price', [], (req) => {
    const t = tokenRow(db, query(tokenQuery, req).token_id);
    const last = lastTrade(db, t);
    if (!last) throw notFound(`token ${t.token_id} has not traded yet`);
    return last;
  });
  s.post('/books', [BUCKETS.tradingBook], (req) => tokenBatch(ctx, req.body).map((id) => bookSummary(ctx, id)));
}
