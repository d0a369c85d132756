// Query, path and body schemas of every endpoint (spec §4, §8.4; venue-profile E, F). Input is
// what an HTTP query parser gives (Record<string, string | string[] | undefined>); output is a
// typed object with defaults applied. Issue messages are predicates ("must be ..."): parseQuery
// puts the parameter's name in front.
import { z } from 'zod';
import { decodeCursor, FIRST_CURSOR } from '../domain/cursor.js';
import { formatPath } from './common.js';
import { OrderPlacementItem } from './trading.js';

// ---- Bounds, defaults and allowed values, for the venue and for the app's paginators.

const catalogList = { limit: { min: 1, max: 100, default: 20 }, offset: { min: 0, default: 0 } } as const;

export const LIMITS = {
  trades: { limit: { min: 0, max: 10_000, default: 100 }, offset: { min: 0, max: 10_000, default: 0 } },
  positions: {
    limit: { min: 0, max: 500, default: 100 },
    offset: { min: 0, max: 10_000, default: 0 },
    title: { maxLength: 100 },
    sizeThreshold: { min: 0, default: 1 },
  },
  holders: { limit: { min: 0, max: 500, default: 100 }, minBalance: { min: 0, default: 1 } },
  leaderboard: { limit: { min: 1, max: 50, default: 25 }, offset: { min: 0, max: 1000, default: 0 } },
  /** GET /markets, /events, /series, /comments, /comments/user_address/{a}, /tags */
  catalogList,
  publicSearch: { q: { minLength: 1, maxLength: 200 }, limit: catalogList.limit },
  /** Page size of GET /sampling-simplified-markets (venue-profile F). */
  samplingMarkets: { pageSize: 100 },
  orders: { minItems: 1, maxItems: 15 },
} as const;

export const ORDER_COLUMNS = {
  markets: ['id', 'question', 'slug', 'startDate', 'endDate', 'createdAt', 'updatedAt'],
  events: ['id', 'title', 'slug', 'startDate', 'endDate', 'createdAt', 'updatedAt'],
  comments: ['createdAt', 'updatedAt', 'reactionCount'],
} as const;

export const SIDES = ['BUY', 'SELL'] as const;
export const FILTER_TYPES = ['CASH', 'TOKENS'] as const;
export const POSITION_SORT_BY = ['CURRENT', 'INITIAL', 'TOKENS', 'CASHPNL', 'PERCENTPNL', 'TITLE', 'RESOLVING', 'PRICE', 'AVGPRICE'] as const;
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export const LEADERBOARD_CATEGORIES = [
  'OVERALL', 'POLITICS', 'SPORTS', 'CRYPTO', 'FINANCE', 'CULTURE', 'MENTIONS', 'WEATHER', 'ECONOMICS', 'TECH',
] as const;
export const TIME_PERIODS = ['DAY', 'WEEK', 'MONTH', 'ALL'] as const;
export const LEADERBOARD_ORDER_BY = ['PNL', 'VOL'] as const;
export const PARENT_ENTITY_TYPES = ['Event', 'Series', 'market'] as const;

// ---- One parameter: a raw value in, a typed value (or undefined when absent) out.

export type RawQuery = Record<string, string | string[] | undefined>;

const fail = (ctx: z.core.$RefinementCtx, input: unknown, message: string): never => {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
};

/** A scalar parameter: given at most once. An empty value counts as absent. */
const once = z
  .union([z.string(), z.array(z.string())], { error: 'must be text' })
  .optional()
  .transform((v, ctx) => (Array.isArray(v) ? fail(ctx, v, 'must be given only once') : v === '' ? undefined : v));

/** A scalar parameter read by `parse`; `undefined` from parse means invalid, with `rule` as the message. */
function scalar<T>(rule: string, parse: (s: string) => T | undefined) {
  return once.transform((v, ctx): T | undefined => {
    if (v === undefined) return undefined;
    const out = parse(v);
    return out === undefined ? fail(ctx, v, rule) : out;
  });
}

const text = (maxLength?: number) =>
  scalar(`must be at most ${maxLength} characters`, (s) => (maxLength === undefined || s.length <= maxLength ? s : undefined));

function integer(b: { min?: number; max?: number } = {}) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = b;
  const rule =
    b.min !== undefined && b.max !== undefined ? `must be an integer from ${min} to ${max}`
    : b.min !== undefined ? `must be an integer of at least ${min}`
    : 'must be an integer';
  return scalar(rule, (s) => {
    const n = /^[+-]?\d+$/.test(s) ? Number(s) : NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  });
}

const number = (min: number) =>
  scalar(`must be a number of at least ${min}`, (s) => {
    const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : NaN;
    return Number.isFinite(n) && n >= min ? n : undefined;
  });

const flag = () =>
  scalar('must be true or false', (s) => (s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : undefined));

const oneOf = <const T extends readonly string[]>(values: T) =>
  scalar<T[number]>(`must be one of ${values.join(', ')}`, (s) => values.find((v) => v === s));

const wallet = () =>
  scalar('must be a wallet address (0x followed by 40 hex digits)', (s) => (/^0x[0-9a-fA-F]{40}$/.test(s) ? s : undefined));

/** An array parameter: a comma-separated list and/or the key repeated; empty items dropped. */
const list = () =>
  z
    .union([z.string(), z.array(z.string())], { error: 'must be text' })
    .optional()
    .transform((v) => {
      const items = [v ?? []].flat().flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '');
      return items.length > 0 ? items : undefined;
    });

const withDefault = <T>(schema: z.ZodType<T | undefined, unknown>, value: NoInfer<T>) => schema.transform((v): T => v ?? value);

const required = <T>(schema: z.ZodType<T | undefined, unknown>) =>
  schema.transform((v, ctx): T => (v === undefined ? fail(ctx, v, 'is required') : v));

// ---- A whole query: output key -> parameter. `from([...names], schema)` reads a snake_case name
// or aliases; the first name is the spec's, the others are accepted synonyms.

interface From<S extends z.ZodType> {
  names: readonly [string, ...string[]];
  schema: S;
}
type Field = z.ZodType | From<z.ZodType>;

const from = <S extends z.ZodType>(names: string | readonly [string, ...string[]], schema: S): From<S> => ({
  names: typeof names === 'string' ? [names] : names,
  schema,
});

type FieldOut<F> = F extends From<infer S> ? z.output<S> : F extends z.ZodType ? z.output<F> : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type QueryOutput<F> = Simplify<
  { [K in keyof F as undefined extends FieldOut<F[K]> ? never : K]: FieldOut<F[K]> } & {
    [K in keyof F as undefined extends FieldOut<F[K]> ? K : never]?: Exclude<FieldOut<F[K]>, undefined>;
  }
>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function query<F extends Record<string, Field>>(fields: F) {
  return z.record(z.string(), z.unknown(), { error: 'must be an object' }).transform((raw, ctx) => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const { names, schema } = field instanceof z.ZodType ? { names: [key] as const, schema: field } : field;
      const given = names.filter((n) => raw[n] !== undefined);
      const name = given[0] ?? names[0];
      for (const alias of given.slice(1)) {
        if (same(raw[alias], raw[name])) continue;
        ctx.issues.push({ code: 'custom', path: [alias], message: `must match ${name} when both are given`, input: raw[alias] });
      }
      const r = schema.safeParse(raw[name]);
      if (!r.success) {
        for (const i of r.error.issues) ctx.issues.push({ code: 'custom', path: [name, ...i.path], message: i.message, input: raw[name] });
      } else if (r.data !== undefined) {
        out[key] = r.data;
      }
    }
    return out as QueryOutput<F>;
  });
}

const limitOffset = (b: { limit: { min: number; max: number; default: number }; offset: { min: number; max?: number; default: number } }) => ({
  limit: withDefault(integer(b.limit), b.limit.default),
  offset: withDefault(integer(b.offset), b.offset.default),
});

// ---- Data surface (§4.1)

export const tradesQuery = query({
  ...limitOffset(LIMITS.trades),
  takerOnly: withDefault(flag(), true),
  filterType: oneOf(FILTER_TYPES),
  filterAmount: number(0),
  market: list(),
  user: wallet(),
  side: oneOf(SIDES),
}).superRefine((q, ctx) => {
  if (q.filterType !== undefined && q.filterAmount === undefined) {
    ctx.issues.push({ code: 'custom', path: ['filterType'], message: 'requires filterAmount', input: q.filterType });
  }
});
export type TradesQuery = z.output<typeof tradesQuery>;

export const positionsQuery = query({
  user: required(wallet()),
  market: list(),
  sizeThreshold: withDefault(number(LIMITS.positions.sizeThreshold.min), LIMITS.positions.sizeThreshold.default),
  redeemable: withDefault(flag(), false),
  mergeable: withDefault(flag(), false),
  ...limitOffset(LIMITS.positions),
  sortBy: withDefault(oneOf(POSITION_SORT_BY), 'TOKENS'),
  sortDirection: withDefault(oneOf(SORT_DIRECTIONS), 'DESC'),
  title: text(LIMITS.positions.title.maxLength),
});
export type PositionsQuery = z.output<typeof positionsQuery>;

export const holdersQuery = query({
  market: required(list()),
  limit: withDefault(integer(LIMITS.holders.limit), LIMITS.holders.limit.default),
  minBalance: withDefault(number(LIMITS.holders.minBalance.min), LIMITS.holders.minBalance.default),
});
export type HoldersQuery = z.output<typeof holdersQuery>;

export const leaderboardQuery = query({
  category: withDefault(oneOf(LEADERBOARD_CATEGORIES), 'OVERALL'),
  timePeriod: withDefault(oneOf(TIME_PERIODS), 'DAY'),
  orderBy: withDefault(oneOf(LEADERBOARD_ORDER_BY), 'PNL'),
  ...limitOffset(LIMITS.leaderboard),
  user: wallet(),
  userName: text(),
});
export type LeaderboardQuery = z.output<typeof leaderboardQuery>;

// ---- Catalog surface (§4.2, venue-profile E and F)

const catalogPage = limitOffset(LIMITS.catalogList);
const status = { active: flag(), closed: flag(), archived: flag() };
const tagSlug = from(['tag_slug', 'tag'], text());

export const marketsQuery = query({
  ...catalogPage,
  ...status,
  tagId: from('tag_id', integer()),
  tagSlug,
  eventId: from('event_id', integer()),
  eventSlug: from(['event_slug', 'eventSlug'], text()),
  conditionId: from(['conditionId', 'condition_id'], text()),
  mirror: flag(),
  slug: text(),
  order: withDefault(oneOf(ORDER_COLUMNS.markets), 'id'),
  ascending: withDefault(flag(), false),
  creator: text(),
});
export type MarketsQuery = z.output<typeof marketsQuery>;

export const marketBySlugQuery = query({ creator: text() });
export type MarketBySlugQuery = z.output<typeof marketBySlugQuery>;

export const marketTagsQuery = query({ creator: text() });
export type MarketTagsQuery = z.output<typeof marketTagsQuery>;

/** Path of GET /markets/{id}/tags: a numeric market id or a 0x-hex condition id. */
export const marketTagsPath = query({
  id: required(scalar('must be a numeric market id or a 0x-prefixed condition id', (s) => (/^(\d+|0x[0-9a-fA-F]+)$/.test(s) ? s : undefined))),
});
export type MarketTagsPath = z.output<typeof marketTagsPath>;

export const eventsQuery = query({
  ...catalogPage,
  ...status,
  tagSlug,
  tagId: from('tag_id', integer()),
  seriesSlug: from('series_slug', text()),
  slug: text(),
  order: withDefault(oneOf(ORDER_COLUMNS.events), 'id'),
  ascending: withDefault(flag(), false),
  creator: text(),
});
export type EventsQuery = z.output<typeof eventsQuery>;

export const seriesQuery = query({ ...catalogPage, creator: text() });
export type SeriesQuery = z.output<typeof seriesQuery>;

export const commentsQuery = query({
  ...catalogPage,
  order: withDefault(oneOf(ORDER_COLUMNS.comments), 'createdAt'),
  ascending: withDefault(flag(), false),
  parentEntityType: from('parent_entity_type', oneOf(PARENT_ENTITY_TYPES)),
  parentEntityId: from('parent_entity_id', text()),
  eventSlug: from(['event_slug', 'eventSlug'], text()),
  holdersOnly: from('holders_only', withDefault(flag(), false)),
});
export type CommentsQuery = z.output<typeof commentsQuery>;

export const userCommentsQuery = query(catalogPage);
export type UserCommentsQuery = z.output<typeof userCommentsQuery>;

/** Path of GET /comments/user_address/{user_address}. */
export const userCommentsPath = query({ userAddress: from('user_address', required(wallet())) });
export type UserCommentsPath = z.output<typeof userCommentsPath>;

export const tagsQuery = query(catalogPage);
export type TagsQuery = z.output<typeof tagsQuery>;

export const publicSearchQuery = query({
  q: required(text(LIMITS.publicSearch.q.maxLength)),
  limit: withDefault(integer(LIMITS.publicSearch.limit), LIMITS.publicSearch.limit.default),
});
export type PublicSearchQuery = z.output<typeof publicSearchQuery>;

// ---- Trading surface (§4.3)

/** `offset` is the decoded cursor: -1 (END_CURSOR) means the listing is complete. */
const cursor = scalar('must be a cursor from a previous page (base64 of an offset)', (s) => (decodeCursor(s) === null ? undefined : s));

export const samplingMarketsQuery = query({ nextCursor: from('next_cursor', withDefault(cursor, FIRST_CURSOR)) }).transform((q) => ({ nextCursor: q.nextCursor, offset: decodeCursor(q.nextCursor) ?? 0 }));
export type SamplingMarketsQuery = z.output<typeof samplingMarketsQuery>;

const bodyError = (what: string) => ({ error: (i: { input?: unknown }) => (i.input === undefined ? 'is required' : `must be ${what}`) });
const tokenId = z.string(bodyError('a string')).min(1, 'must not be empty');

/** POST /prices: `[{token_id, side?}]`. */
export const pricesBody = z.array(
  z.object({ token_id: tokenId, side: z.enum(SIDES, bodyError(`one of ${SIDES.join(', ')}`)).optional() }, bodyError('an object')),
  bodyError('a JSON array'),
);
export type PricesBody = z.output<typeof pricesBody>;

/** POST /last-trades-prices: `[{token_id}]`. */
export const lastTradesPricesBody = z.array(z.object({ token_id: tokenId }, bodyError('an object')), bodyError('a JSON array'));
export type LastTradesPricesBody = z.output<typeof lastTradesPricesBody>;

/**
 * POST /orders: 1 to 15 items. Items are parsed one by one, so one bad item never fails the
 * others (venue-profile D): each output element is that item's safeParse result.
 */
export const ordersBody = z
  .array(z.unknown(), bodyError('a JSON array of orders'))
  .min(LIMITS.orders.minItems, `must hold ${LIMITS.orders.minItems} to ${LIMITS.orders.maxItems} orders`)
  .max(LIMITS.orders.maxItems, `must hold ${LIMITS.orders.minItems} to ${LIMITS.orders.maxItems} orders`)
  .transform((items) => items.map((item) => OrderPlacementItem.safeParse(item)));
export type OrdersBody = z.output<typeof ordersBody>;

// ---- Results

export type ParseResult<T> = { ok: true; value: T } | { ok: false; param: string; message: string };

function result<S extends z.ZodType>(schema: S, raw: unknown, prefix: readonly PropertyKey[]): ParseResult<z.output<S>> {
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const param = formatPath([...prefix, ...(issue?.path ?? [])]) || 'query';
  return { ok: false, param, message: `${param} ${issue?.message ?? 'is invalid'}` };
}

/**
 * Parses a raw query (or path-parameter) record. On failure `param` is the first offending
 * parameter as the client wrote it and `message` a sentence naming it
 * ("limit must be an integer from 1 to 100").
 */
export function parseQuery<S extends z.ZodType>(schema: S, raw: unknown): ParseResult<z.output<S>> {
  return result(schema, raw, []);
}

/** Like parseQuery, for a JSON body: `param` is a path such as `body[2].token_id`. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): ParseResult<z.output<S>> {
  return result(schema, body, ['body']);
}
