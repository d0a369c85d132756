// Finding things in the synced catalog: the events listing, an event's outcomes with the
// bracket's sums, series and tags with their counts, and search hits that carry what a list
// row shows. Schemas of the contract's find calls (contract.ts names the calls).
import { z } from 'zod';
import { id, limit, offset } from './fields.js';

const status = z.enum(['active', 'closed', 'archived', 'all']);
/** Words to look for, as typed; matched against the full-text index. */
const words = z.string().max(200);

/** How a row of a list reads: open, paused (open, taking no orders), closed, archived, or inactive. */
export const RowStatus = z.enum(['open', 'paused', 'closed', 'archived', 'inactive']);
export type RowStatus = z.output<typeof RowStatus>;

export const EVENT_SORTS = ['volume', 'volume24hr', 'liquidity', 'endDate', 'createdAt', 'title'] as const;

export const EventFilters = z.object({
  query: words.optional(),
  status: status.default('active'),
  tagId: id.optional(),
  seriesId: id.optional(),
  /** true: multi-outcome (negative-risk) events only. */
  negRisk: z.boolean().optional(),
  /** One event by id (a combobox showing its current choice). */
  id: id.optional(),
  sort: z.enum(EVENT_SORTS).default('volume'),
  ascending: z.boolean().default(false),
  limit: limit(500, 100),
  offset,
});
export type EventFilters = z.input<typeof EventFilters>;

/** One event of the listing; money figures are for display (the exact ones stay in the cache). */
export const EventRow = z.object({
  id: z.string(),
  slug: z.string().optional(),
  title: z.string(),
  negRisk: z.boolean(),
  markets: z.number().int(),
  volume: z.number().optional(),
  volume24hr: z.number().optional(),
  liquidity: z.number().optional(),
  endDate: z.string().optional(),
  createdAt: z.string().optional(),
  status: RowStatus,
});
export type EventRow = z.output<typeof EventRow>;

/** One outcome of an event: its market, the Yes token's price, change and book. */
export const EventOutcome = z.object({
  marketId: z.string(),
  conditionId: z.string(),
  question: z.string(),
  /** The outcome's short name where the venue gives one (groupItemTitle), else the question. */
  label: z.string(),
  tokenId: z.string().optional(),
  /** The Yes price: the venue's mark (last trade), exact decimal text. */
  price: z.string().optional(),
  /** Price now minus the price 24 hours ago, exact decimal text (negative when it fell). */
  change24h: z.string().optional(),
  /** The Yes price the change is measured from (from the trades), so the price shown now is measured from it too. */
  price24hAgo: z.string().optional(),
  /** In words: why no 24h change is shown, or where a shown one comes from when not the trades. */
  changeHint: z.string().optional(),
  volume: z.number().optional(),
  volume24hr: z.number().optional(),
  bestBid: z.string().optional(),
  bestAsk: z.string().optional(),
  status: RowStatus,
  /** The market's outcome labels (the first is the Yes an outcome's line trades); their final prices for a market that ended (its winner is read from them). */
  outcomes: z.array(z.string()).optional(),
  outcomePrices: z.array(z.string()).optional(),
});
export type EventOutcome = z.output<typeof EventOutcome>;

/**
 * A multi-outcome event's book across its open outcomes: buying Yes of every one costs the sum of
 * best asks, selling Yes of every one pays the sum of best bids (one outcome pays 1). An outcome
 * without an ask (bid) leaves that sum unknown; `missingAsks` (`missingBids`) count them.
 */
export const BracketSums = z.object({
  outcomes: z.number().int(),
  asks: z.string().optional(),
  bids: z.string().optional(),
  missingAsks: z.number().int(),
  missingBids: z.number().int(),
  /** Buying every outcome costs less than 1: a sure profit before fees. */
  underAsk: z.boolean(),
  /** Selling every outcome pays more than 1: a sure profit before fees. */
  overBid: z.boolean(),
  /** Outcomes left out of the sums because they ended (closed or resolved): they cannot win now. */
  ended: z.number().int().optional(),
  /**
   * The market id of the outcome that resolved Yes: the bracket is decided, nothing else can win,
   * so there are no sums and no flag (asks and bids are then absent).
   */
  decided: z.string().optional(),
});
export type BracketSums = z.output<typeof BracketSums>;

export const EventOutcomes = z.object({
  id: z.string(),
  slug: z.string().optional(),
  title: z.string(),
  description: z.string().optional(),
  negRisk: z.boolean(),
  status: RowStatus,
  endDate: z.string().optional(),
  volume: z.number().optional(),
  volume24hr: z.number().optional(),
  liquidity: z.number().optional(),
  series: z.object({ id: z.string(), title: z.string() }).optional(),
  outcomes: z.array(EventOutcome),
  /** Multi-outcome events only. */
  sums: BracketSums.optional(),
  /** Where the 24h change could not be read (the venue's trades), in words. */
  changeNote: z.string().optional(),
});
export type EventOutcomes = z.output<typeof EventOutcomes>;

export const SeriesFilters = z.object({ query: words.optional(), limit: limit(1000, 500), offset });
export const SeriesRow = z.object({
  id: z.string(),
  slug: z.string().optional(),
  title: z.string(),
  recurrence: z.string().optional(),
  events: z.number().int(),
  openEvents: z.number().int(),
});
export type SeriesRow = z.output<typeof SeriesRow>;

export const TagFilters = z.object({ query: words.optional(), sort: z.enum(['markets', 'label']).default('markets'), limit: limit(1000, 500), offset });
export const TagRow = z.object({
  id: z.string(),
  label: z.string(),
  slug: z.string().optional(),
  /** Markets of the synced catalog carrying the tag: all, and those open. */
  markets: z.number().int(),
  openMarkets: z.number().int(),
  events: z.number().int(),
});
export type TagRow = z.output<typeof TagRow>;

export const SEARCH_HIT_KINDS = ['markets', 'events', 'series', 'tags', 'traders', 'comments'] as const;
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number];

export const SearchInput = z.object({
  query: words,
  limit: limit(100, 30),
  kinds: z.array(z.enum(SEARCH_HIT_KINDS)).optional(),
  /** Each kind's best `perKind` hits, instead of the best `limit` over all kinds. */
  perKind: z.number().int().min(1).max(50).optional(),
  // The markets list's filters: status applies to markets, events and series; the rest to markets.
  status: status.optional(),
  tagId: id.optional(),
  eventId: id.optional(),
  seriesId: id.optional(),
  mirror: z.enum(['only', 'none', 'any']).optional(),
});

export const SearchHit = z.object({
  kind: z.enum(SEARCH_HIT_KINDS),
  id: z.string(),
  title: z.string(),
  snippet: z.string(),
  rank: z.number(),
  // What a row of the hit's kind shows, where the cache knows it.
  status: RowStatus.optional(),
  /** Markets: the first outcome's price, exact decimal text. */
  price: z.string().optional(),
  /** Markets: the first outcome's token, by which screens ask for its freshest price. */
  tokenId: z.string().optional(),
  volume24hr: z.number().optional(),
  volume: z.number().optional(),
  endDate: z.string().optional(),
  negRisk: z.boolean().optional(),
  /** Events and series: how many markets / events; tags: how many markets. */
  count: z.number().int().optional(),
  /** Traders: the wallet; comments: the author's wallet. */
  address: z.string().optional(),
  /** Comments: what the comment is on. */
  parent: z.object({ kind: z.enum(['markets', 'events', 'series']), id: z.string(), title: z.string().optional() }).optional(),
});
export type SearchHit = z.output<typeof SearchHit>;
