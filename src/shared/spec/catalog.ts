// Catalog surface resources (spec §2.5-2.9). Only CatalogMarket has required (*) fields.
import { z } from 'zod';
import { anyObject, opt, optBool, optDateTime, optInt, optJsonStringArray, optNum, optStr, str } from './common.js';

export const Tag = z.looseObject({
  id: optStr,
  label: optStr,
  slug: optStr,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  requiresTranslation: optBool,
  publishedAt: optDateTime, // family field beyond the spec
});
export type Tag = z.output<typeof Tag>;

/** An event as nested in a market (§2.5 `events`) or a series (§2.8 `events`). */
export const EventSummary = z.looseObject({
  id: optStr,
  ticker: optStr,
  slug: optStr,
  title: optStr,
  description: optStr,
  resolutionSource: optStr,
  startDate: optDateTime,
  creationDate: optDateTime,
  endDate: optDateTime,
  image: optStr,
  icon: optStr,
  active: optBool,
  closed: optBool,
  archived: optBool,
  createdAt: optDateTime,
  updatedAt: optDateTime,
});
export type EventSummary = z.output<typeof EventSummary>;

export const CatalogMarket = z.looseObject({
  id: str,
  question: optStr,
  conditionId: str,
  mirrorConditionId: optStr,
  slug: optStr,
  resolutionSource: optStr,
  startDate: optDateTime,
  endDate: optDateTime,
  image: optStr,
  icon: optStr,
  description: optStr,
  outcomes: optJsonStringArray,
  outcomePrices: optJsonStringArray,
  clobTokenIds: optJsonStringArray,
  mirrorClobTokenIds: optJsonStringArray,
  active: optBool,
  closed: optBool,
  archived: optBool,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  questionID: optStr,
  events: opt(z.array(EventSummary)),
  // Family fields beyond the spec that venues send (sometimes as strings).
  liquidity: optNum,
  volume: optNum,
  volumeNum: optNum,
  liquidityNum: optNum,
  volume24hr: optNum,
  enableOrderBook: optBool,
  acceptingOrders: optBool,
  negRisk: optBool,
  orderPriceMinTickSize: optNum,
  orderMinSize: optNum,
});
export type CatalogMarket = z.output<typeof CatalogMarket>;

/** A market as nested in an event (§2.6 `markets`). */
export const EventMarket = z.looseObject({
  id: optStr,
  question: optStr,
  conditionId: optStr,
  mirrorConditionId: optStr,
  outcomes: optJsonStringArray,
  outcomePrices: optJsonStringArray,
  clobTokenIds: optJsonStringArray,
  mirrorClobTokenIds: optJsonStringArray,
  active: optBool,
  closed: optBool,
  archived: optBool,
});
export type EventMarket = z.output<typeof EventMarket>;

export const Series = z.looseObject({
  id: optStr,
  ticker: optStr,
  slug: optStr,
  title: optStr,
  seriesType: optStr,
  recurrence: optStr,
  image: optStr,
  icon: optStr,
  active: optBool,
  closed: optBool,
  archived: optBool,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  publishedAt: optDateTime, // family field beyond the spec
  events: opt(z.array(EventSummary)),
});
export type Series = z.output<typeof Series>;

export const Event = EventSummary.extend({
  tags: opt(z.array(Tag)),
  markets: opt(z.array(EventMarket)),
  // Family fields beyond the spec.
  series: opt(z.array(Series)),
  liquidity: optNum,
  volume: optNum,
  negRisk: optBool,
  negRiskMarketID: optStr,
});
export type Event = z.output<typeof Event>;

export const CommentPosition = z.looseObject({ tokenId: optStr, positionSize: optStr });
export type CommentPosition = z.output<typeof CommentPosition>;

export const CommentProfile = z.looseObject({
  name: optStr,
  pseudonym: optStr,
  bio: optStr,
  proxyWallet: optStr,
  baseAddress: optStr,
  profileImage: optStr,
  displayUsernamePublic: optBool,
  isMod: optBool,
  isCreator: optBool,
  profileImageOptimized: opt(anyObject),
  positions: opt(z.array(CommentPosition)),
});
export type CommentProfile = z.output<typeof CommentProfile>;

export const Comment = z.looseObject({
  id: optStr,
  body: optStr,
  parentEntityType: optStr,
  parentEntityID: optInt,
  parentCommentID: optStr,
  userAddress: optStr,
  replyAddress: optStr,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  profile: opt(CommentProfile),
  reactions: opt(z.array(anyObject)),
  reportCount: optInt,
  reactionCount: optInt,
  replyCount: optInt,
  replies: opt(z.array(anyObject)),
});
export type Comment = z.output<typeof Comment>;

/** A profile hit of GET /public-search (venue-profile E). */
export const SearchProfile = z.looseObject({
  proxyWallet: optStr,
  name: optStr,
  pseudonym: optStr,
  bio: optStr,
  profileImage: optStr,
});
export type SearchProfile = z.output<typeof SearchProfile>;

/** GET /public-search (venue-profile E): `{events, tags, profiles}`. */
export const PublicSearchResult = z.looseObject({
  events: opt(z.array(Event)),
  tags: opt(z.array(Tag)),
  profiles: opt(z.array(SearchProfile)),
});
export type PublicSearchResult = z.output<typeof PublicSearchResult>;
