// Trading-surface reads (spec §4.3 and venue-profile E). Prices come from the live books and the
// fills ledger at the moment of the request, never from stored snapshots.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lastTradesPricesBody, parseBody, parseQuery, pricesBody, samplingMarketsQuery } from '@shared/spec/index.js';
import { encodeCursor, END_CURSOR } from '@shared/domain/cursor.js';
import { formatMicros } from '@shared/domain/money.js';
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { badParam, notFound } from '../errors.js';
import { iso, parsed, type Surface, type VenueContext } from '../http.js';
import { markPrices } from '../market-index.js';
import { MICRO } from '../money.js';
import { BUCKETS } from '../rate-limit.js';
import { SERVED_ROUTES } from './served-routes.js';

type Row = Record<string, unknown>;

const SAMPLING_PAGE = 100;
/** Venue-profile H: items in one POST /prices or /last-trades-prices. */
export const MAX_PRICE_ITEMS = 500;

/** The body of a price batch, refused before any item is read when it holds too many. */
export function priceItems<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (Array.isArray(body) && body.length > MAX_PRICE_ITEMS) throw badParam('body', `body must hold at most ${MAX_PRICE_ITEMS} items, got ${body.length}`);
  return parsed(parseBody(schema, body));
}
const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;
/** The collateral token rewards are paid in: the venue's paper dollar. */
export const REWARD_ASSET = '0x4b41495230535553444300000000000000000000';

export const tokenQuery = z.object({ token_id: z.string({ error: 'token_id is required' }).regex(/^\d{1,78}$/, 'token_id must be a decimal token id') });

const historyQuery = z
  .object({
    market: z.string({ error: 'market is required (a token id)' }).regex(/^\d{1,78}$/, 'market must be a decimal token id'),
    startTs: z.coerce.number({ error: 'startTs must be epoch seconds' }).int('startTs must be epoch seconds').min(0, 'startTs must be epoch seconds').optional(),
    endTs: z.coerce.number({ error: 'endTs must be epoch seconds' }).int('endTs must be epoch seconds').min(0, 'endTs must be epoch seconds').optional(),
    fidelity: z.coerce.number({ error: 'fidelity must be minutes' }).int('fidelity must be whole minutes').min(1, 'fidelity must be 1 to 10080 minutes').max(10_080, 'fidelity must be 1 to 10080 minutes').default(60),
  })
  .refine((q) => q.startTs === undefined || q.endTs === undefined || q.startTs < q.endTs, { message: 'startTs must be before endTs', path: ['startTs'] });

export function query<S extends z.ZodType>(schema: S, req: FastifyRequest): z.output<S> {
  const raw = Object.fromEntries(Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    const param = String(issue?.path[0] ?? 'query');
    throw badParam(param, issue?.message ?? `${param} is invalid`);
  }
  return r.data;
}

export interface TokenRow {
  token_id: string;
  condition_id: string;
  outcome_index: number;
  outcome: string;
}

export function tokenRow(db: Db, tokenId: string): TokenRow {
  const row = prepared(db, 'SELECT token_id, condition_id, outcome_index, outcome FROM tokens WHERE token_id = ?').get(tokenId) as TokenRow | undefined;
  if (!row) throw notFound(`No token with id ${tokenId}`);
  return row;
}

export function marketRow(db: Db, conditionId: string): Row {
  if (!CONDITION_ID.test(conditionId)) throw badParam('condition_id', 'condition_id must be 0x followed by 64 hex digits');
  const row = prepared(db, 'SELECT * FROM markets WHERE condition_id = ?').get(conditionId.toLowerCase()) as Row | undefined;
  if (!row) throw notFound(`No market with condition id ${conditionId}`);
  return row;
}

function rewards(m: Row): Row {
  const rate = m['rewards_daily_rate'] as number;
  return {
    rates: rate > 0 ? [{ asset_address: REWARD_ASSET, rewards_daily_rate: rate }] : [],
    min_size: m['rewards_min_size'],
    max_spread: m['rewards_max_spread'],
  };
}

function flags(status: string): { active: boolean; closed: boolean; archived: boolean; accepting_orders: boolean } {
  return {
    active: status === 'active' || status === 'paused',
    closed: status === 'closed' || status === 'resolved' || status === 'archived',
    archived: status === 'archived',
    accepting_orders: status === 'active',
  };
}

/** A market's tokens in outcome order, each with its mirror's token id ('' where it has none). */
function outcomeTokens(db: Db, m: Row): Array<Omit<TokenRow, 'condition_id'> & { mirror: string }> {
  const mirror = m['mirror_token_ids'] ? (JSON.parse(m['mirror_token_ids'] as string) as string[]) : [];
  const rows = prepared(db, 'SELECT token_id, outcome_index, outcome FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(m['condition_id']) as TokenRow[];
  return rows.map((t) => ({ ...t, mirror: mirror[t.outcome_index] ?? '' }));
}

function tokens(db: Db, m: Row): Row[] {
  const cid = m['condition_id'] as string;
  const marks = markPrices(db);
  return outcomeTokens(db, m).map((t) => ({
    token_id: t.token_id,
    mirror_token_id: t.mirror,
    outcome: t.outcome,
    price: (marks.get(`${cid}:${t.outcome_index}`) ?? 0) / MICRO,
    winner: m['status'] === 'resolved' && m['winner_index'] === t.outcome_index,
  }));
}

/** GET /markets/{condition_id} (§2.10). */
export function tradingMarket(db: Db, m: Row): Row {
  const e = prepared(db, 'SELECT id, slug, title, ticker, description, neg_risk_market_id FROM events WHERE id = ?').get(m['event_id']) as Row;
  const tags = (prepared(db, 'SELECT t.label FROM tags t JOIN market_tags mt ON mt.tag_id = t.id WHERE mt.market_id = ? ORDER BY t.id').all(m['id']) as Array<{ label: string }>).map((t) => t.label);
  const toks = tokens(db, m);
  const status = m['status'] as string;
  return {
    enable_order_book: true,
    ...flags(status),
    accepting_order_timestamp: iso(m['accepting_orders_since'] as number | null) ?? null,
    minimum_order_size: m['min_size'],
    minimum_tick_size: (m['tick_size'] as number) / MICRO,
    condition_id: m['condition_id'],
    creator: m['creator'],
    ...(m['mirror_condition_id'] ? { mirror_condition_id: m['mirror_condition_id'] } : {}),
    status,
    neg_risk: m['neg_risk'] === 1,
    market_id: m['id'],
    question_id: m['question_id'],
    question: m['question'],
    slug: m['slug'],
    description: m['description'],
    market_slug: m['slug'],
    end_date_iso: iso(m['end_date'] as number) ?? null,
    game_start_time: iso(m['game_start_time'] as number | null) ?? null,
    seconds_delay: m['taker_delay'] === 1 ? m['seconds_delay'] : 0,
    fpmm: '',
    maker_base_fee: m['maker_base_fee'],
    taker_base_fee: m['taker_base_fee'],
    notifications_enabled: true,
    neg_risk_market_id: m['neg_risk'] === 1 ? (e['neg_risk_market_id'] ?? '') : '',
    neg_risk_request_id: m['neg_risk_request_id'],
    icon: m['icon'],
    image: m['image'],
    rewards: rewards(m),
    is_50_50_outcome: false,
    tokens: toks,
    tags,
    assets_ids: toks.map((t) => t['token_id']),
    outcomes: toks.map((t) => t['outcome']),
    event: { id: String(e['id']), slug: e['slug'], title: e['title'], ticker: e['ticker'], description: e['description'] },
  };
}

export function simplified(db: Db, m: Row): Row {
  const toks = tokens(db, m);
  const { active, closed, archived, accepting_orders } = flags(m['status'] as string);
  return {
    condition_id: m['condition_id'],
    creator: m['creator'],
    ...(m['mirror_condition_id'] ? { mirror_condition_id: m['mirror_condition_id'] } : {}),
    status: m['status'],
    question: m['question'],
    slug: m['slug'],
    neg_risk: m['neg_risk'] === 1,
    active,
    closed,
    archived,
    accepting_orders,
    market_id: m['id'],
    tokens: toks,
    rewards: rewards(m),
    assets_ids: toks.map((t) => t['token_id']),
    outcomes: toks.map((t) => t['outcome']),
  };
}

/** GET /clob-markets/{condition_id} (§2.12). */
function settings(db: Db, m: Row): Row {
  return {
    gst: iso(m['game_start_time'] as number | null) ?? null,
    r: rewards(m),
    c: m['condition_id'],
    creator: m['creator'],
    ...(m['mirror_condition_id'] ? { mirror_condition_id: m['mirror_condition_id'] } : {}),
    nr: m['neg_risk'] === 1,
    t: outcomeTokens(db, m).map((t) => ({ t: t.token_id, ...(t.mirror ? { mirror_token_id: t.mirror } : {}), o: t.outcome })),
    mts: (m['tick_size'] as number) / MICRO,
    mos: m['min_size'],
    fd: { r: m['fee_rate'], e: m['fee_exponent'], to: m['fee_taker_only'] === 1 },
    mbf: m['maker_base_fee'],
    tbf: m['taker_base_fee'],
    rfqe: m['rfq_enabled'] === 1,
    ...(m['taker_delay'] === 1 ? { itode: true } : {}),
    ibce: m['screening'] === 1,
    oas: m['min_order_age'],
  };
}

/** The last fill's price of a token, as a decimal string; undefined before its first trade. */
export function lastTrade(db: Db, t: TokenRow): { price: string; side: string } | undefined {
  const last = prepared(db, 'SELECT price, side FROM last_trades WHERE condition_id = ? AND outcome_index = ?').get(t.condition_id, t.outcome_index) as { price: number; side: string } | undefined;
  return last && { price: formatMicros(last.price), side: last.side };
}

/**
 * GET /book's body in the family's shape: levels best-last (bids ascending, asks descending),
 * numbers as strings, `hash` the SHA-1 (hex) of this very
 * JSON with `hash` set to "", the way the family's clients check a book they were sent.
 */
export function bookSummary(ctx: VenueContext, tokenId: string): Row {
  const { db } = ctx;
  const t = tokenRow(db, tokenId);
  const m = marketRow(db, t.condition_id);
  const book = ctx.exchange.book(tokenId);
  const level = (l: { price: number; size: number }) => ({ price: formatMicros(l.price), size: formatMicros(l.size) });
  const body: Row = {
    market: t.condition_id,
    asset_id: tokenId,
    timestamp: String(ctx.now()),
    hash: '',
    // Best last, as the family lists them: its clients walk a book from the end.
    bids: book.depth('BUY').map(level).reverse(),
    asks: book.depth('SELL').map(level).reverse(),
    min_order_size: String(m['min_size']),
    tick_size: formatMicros(m['tick_size'] as number),
    neg_risk: m['neg_risk'] === 1,
    last_trade_price: lastTrade(db, t)?.price ?? '',
  };
  body['hash'] = createHash('sha1').update(JSON.stringify(body)).digest('hex');
  return body;
}


export function registerReads(s: Surface, ctx: VenueContext): void {
  const { db } = ctx;
  const param = (req: FastifyRequest, name: string): string => (req.params as Record<string, string>)[name] ?? '';

  s.get('/time', [], () => Math.floor(ctx.now() / 1000));
  s.get('/version', [], (req) => ({
    version: 2,
    domain: {
      name: ctx.settings.exchangeName,
      version: '2',
      chainId: ctx.settings.chainId,
      verifyingContract: ctx.settings.exchangeAddress,
      negRiskVerifyingContract: ctx.settings.negRiskExchangeAddress,
    },
    ...(ctx.streams ? { streams: { market: `ws://${ctx.streams.host}:${req.socket.localPort}${ctx.streams.market}` } } : {}),
    // The routes beyond the spec served here, so that clients learn them without sending a write.
    capabilities: SERVED_ROUTES,
  }));

  s.get('/markets/:condition_id', [], (req) => tradingMarket(db, marketRow(db, param(req, 'condition_id'))));
  s.get('/markets-by-token/:token_id', [], (req) => {
    const id = param(req, 'token_id');
    if (!/^\d{1,78}$/.test(id)) throw badParam('token_id', 'token_id must be a decimal token id');
    return tradingMarket(db, marketRow(db, tokenRow(db, id).condition_id));
  });
  s.get('/clob-markets/:condition_id', [], (req) => settings(db, marketRow(db, param(req, 'condition_id'))));

  s.get('/sampling-simplified-markets', [], (req) => {
    const { offset } = parsed(parseQuery(samplingMarketsQuery, req.query));
    if (offset < 0) return { data: [], next_cursor: END_CURSOR, limit: SAMPLING_PAGE, count: 0 };
    // Markets in a rewards program, as the family's sampling list; all active ones if none are.
    const rewarded = (db.prepare("SELECT COUNT(*) AS n FROM markets WHERE status = 'active' AND rewards_daily_rate > 0").get() as { n: number }).n > 0;
    const rows = db
      .prepare(`SELECT * FROM markets WHERE status = 'active'${rewarded ? ' AND rewards_daily_rate > 0' : ''} ORDER BY id LIMIT ? OFFSET ?`)
      .all(SAMPLING_PAGE + 1, offset) as Row[];
    const page = rows.slice(0, SAMPLING_PAGE);
    return {
      data: page.map((m) => simplified(db, m)),
      next_cursor: rows.length > SAMPLING_PAGE ? encodeCursor(offset + SAMPLING_PAGE) : END_CURSOR,
      limit: SAMPLING_PAGE,
      count: page.length,
    };
  });

  s.post('/prices', [BUCKETS.tradingPrices], (req) => {
    const items = priceItems(pricesBody, req.body);
    const out: Record<string, { BUY?: string; SELL?: string }> = {};
    items.forEach((item, i) => {
      if (!prepared(db, 'SELECT 1 FROM tokens WHERE token_id = ?').get(item.token_id)) throw badParam(`body[${i}].token_id`, `body[${i}].token_id ${item.token_id} is not a token of this venue`);
      const book = ctx.exchange.book(item.token_id);
      const entry = out[item.token_id] ?? {};
      const bid = book.bestBid();
      const ask = book.bestAsk();
      if (bid !== undefined && item.side !== 'SELL') entry.BUY = formatMicros(bid);
      if (ask !== undefined && item.side !== 'BUY') entry.SELL = formatMicros(ask);
      out[item.token_id] = entry;
    });
    return out;
  });

  s.post('/last-trades-prices', [], (req) => {
    const items = priceItems(lastTradesPricesBody, req.body);
    const out: Array<{ token_id: string; price: string; side: string }> = [];
    items.forEach((item, i) => {
      const t = prepared(db, 'SELECT token_id, condition_id, outcome_index, outcome FROM tokens WHERE token_id = ?').get(item.token_id) as TokenRow | undefined;
      if (!t) throw badParam(`body[${i}].token_id`, `body[${i}].token_id ${item.token_id} is not a token of this venue`);
      const last = lastTrade(db, t);
      if (last) out.push({ token_id: item.token_id, ...last });
    });
    return out;
  });

  s.get('/book', [BUCKETS.tradingBook], (req) => bookSummary(ctx, query(tokenQuery, req).token_id));

  s.get('/prices-history', [BUCKETS.tradingPricesHistory], (req) => {
    const q = query(historyQuery, req);
    const t = tokenRow(db, q.market);
    const endTs = q.endTs ?? Math.floor(ctx.now() / 1000);
    const startTs = q.startTs ?? endTs - 86_400;
    const step = q.fidelity * 60;
    if ((endTs - startTs) / step > 20_000) throw badParam('fidelity', `${Math.ceil((endTs - startTs) / step)} points asked; widen fidelity or narrow startTs..endTs to at most 20000`);
    const fills = prepared(db, "SELECT ts, price FROM fills WHERE condition_id = ? AND outcome_index = ? AND role = 'T' AND ts >= ? AND ts <= ? ORDER BY ts, id")
      .all(t.condition_id, t.outcome_index, startTs * 1000, endTs * 1000) as Array<{ ts: number; price: number }>;
    const history: Array<{ t: number; p: number }> = [];
    for (const f of fills) {
      const bucket = startTs + Math.floor((Math.floor(f.ts / 1000) - startTs) / step) * step;
      const last = history[history.length - 1];
      if (last && last.t === bucket) last.p = f.price / MICRO;
      else history.push({ t: bucket, p: f.price / MICRO });
    }
    return { history };
  });

  s.get('/tick-size', [], (req) => {
    const m = marketRow(db, tokenRow(db, query(tokenQuery, req).token_id).condition_id);
    return { minimum_tick_size: (m['tick_size'] as number) / MICRO };
  });
  s.get('/neg-risk', [], (req) => ({ neg_risk: marketRow(db, tokenRow(db, query(tokenQuery, req).token_id).condition_id)['neg_risk'] === 1 }));
  s.get('/fee-rate', [], (req) => ({ base_fee: marketRow(db, tokenRow(db, query(tokenQuery, req).token_id).condition_id)['taker_base_fee'] }));
}
