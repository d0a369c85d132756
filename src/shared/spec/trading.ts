// Trading surface resources (spec §2.10-2.14) and the venue-profile E extras.
import { z } from 'zod';
import {
  anyObject, bool, dateTime, int, num, opt, optBool, optDateTime, optInt, optNullable, optNum, optSide, optStr, optStrArray,
  side, str, strArray,
} from './common.js';

export const Rewards = z.looseObject({
  rates: opt(z.array(z.looseObject({ asset_address: optStr, rewards_daily_rate: optNum }))),
  min_size: optNum,
  max_spread: optNum,
});
export type Rewards = z.output<typeof Rewards>;

export const Token = z.looseObject({
  token_id: optStr,
  mirror_token_id: optStr,
  outcome: optStr,
  price: optNum,
  winner: optBool,
});
export type Token = z.output<typeof Token>;

export const TradingMarketEvent = z.looseObject({ id: optStr, slug: optStr, title: optStr, ticker: optStr, description: optStr });
export type TradingMarketEvent = z.output<typeof TradingMarketEvent>;

/**
 * GET /markets/{condition_id} as the app reads it. The spec's required fields are required,
 * except those the service family's live responses omit (see TradingMarketStrict).
 */
export const TradingMarket = z.looseObject({
  enable_order_book: bool,
  active: bool,
  closed: bool,
  archived: bool,
  accepting_orders: bool,
  accepting_order_timestamp: optNullable(dateTime, true),
  minimum_order_size: int,
  minimum_tick_size: num,
  condition_id: str,
  creator: optStr,
  mirror_condition_id: optStr,
  status: optStr,
  neg_risk: bool,
  market_id: optInt,
  question_id: str,
  question: str,
  slug: optStr,
  description: str,
  market_slug: str,
  end_date_iso: optNullable(dateTime, true),
  game_start_time: optNullable(dateTime, true),
  seconds_delay: int,
  fpmm: str,
  maker_base_fee: int,
  taker_base_fee: int,
  notifications_enabled: bool,
  neg_risk_market_id: str,
  neg_risk_request_id: str,
  icon: str,
  image: str,
  rewards: Rewards,
  is_50_50_outcome: bool,
  tokens: z.array(Token),
  tags: strArray,
  assets_ids: optStrArray,
  outcomes: optStrArray,
  event: opt(TradingMarketEvent),
  raw_metadata: optNullable(anyObject),
});
export type TradingMarket = z.output<typeof TradingMarket>;

/** Every `*` field of §2.10 required: what the local venue checks its own responses against. */
export const TradingMarketStrict = TradingMarket.extend({
  creator: str,
  status: str,
  market_id: int,
  slug: str,
  assets_ids: strArray,
  outcomes: strArray,
  event: TradingMarketEvent,
});
export type TradingMarketStrict = z.output<typeof TradingMarketStrict>;

export const SimplifiedMarket = z.looseObject({
  condition_id: optStr,
  creator: optStr,
  mirror_condition_id: optStr,
  status: optStr,
  question: optStr,
  slug: optStr,
  neg_risk: optBool,
  active: optBool,
  closed: optBool,
  archived: optBool,
  accepting_orders: optBool,
  market_id: optInt,
  tokens: opt(z.array(Token)),
  rewards: opt(Rewards),
  assets_ids: optStrArray,
  outcomes: optStrArray,
});
export type SimplifiedMarket = z.output<typeof SimplifiedMarket>;

/** A cursor page of the trading surface: `{data, next_cursor, limit, count}`. */
export function cursorPage<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), next_cursor: str, limit: int, count: int });
}

export const SamplingSimplifiedMarketsPage = cursorPage(SimplifiedMarket);
export type SamplingSimplifiedMarketsPage = z.output<typeof SamplingSimplifiedMarketsPage>;

export const TradingMarketsPage = cursorPage(TradingMarket);
export type TradingMarketsPage = z.output<typeof TradingMarketsPage>;

/** GET /clob-markets/{condition_id} (§2.12). */
export const MarketSettings = z.looseObject({
  gst: dateTime.nullable(),
  r: Rewards,
  c: str,
  creator: str,
  mirror_condition_id: optStr,
  nr: bool,
  t: z.array(z.looseObject({ t: optStr, mirror_token_id: optStr, o: optStr })),
  mts: num,
  mos: num,
  fd: z.looseObject({ r: optNum, e: optInt, to: optBool }),
  mbf: int,
  tbf: int,
  rfqe: bool,
  itode: optBool,
  ibce: bool,
  oas: int,
});
export type MarketSettings = z.output<typeof MarketSettings>;

// ---- Orders (§2.13, venue-profile C and D)

export const ORDER_TYPES = ['GTC', 'GTD', 'FOK', 'FAK'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The text forms of the signed order's fields (also read directly by the venue's fast path). */
export const ORDER_FIELD_PATTERNS = {
  uint: /^\d{1,78}$/,
  address: /^0x[0-9a-fA-F]{40}$/,
  bytes32: /^0x[0-9a-fA-F]{64}$/,
  hexBytes: /^0x([0-9a-fA-F]{2})+$/,
} as const;

/** A uint256 field of the signed order: a digit string, or a safe integer number. */
const uintString = z
  .preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v), z.string())
  .refine((s) => ORDER_FIELD_PATTERNS.uint.test(s), 'Invalid input: expected an unsigned integer');
const hex = (re: RegExp, what: string) => z.string().regex(re, `Invalid input: expected ${what}`);
const address = hex(ORDER_FIELD_PATTERNS.address, 'a 0x-prefixed 20-byte address');
const bytes32 = hex(ORDER_FIELD_PATTERNS.bytes32, 'a 0x-prefixed 32-byte hex string');
const hexBytes = hex(ORDER_FIELD_PATTERNS.hexBytes, 'a 0x-prefixed hex string');

/**
 * The signed order object. Fields the EIP-712 Order type needs are required (a request, not a
 * response). Numbers and amounts are normalised to strings.
 */
export const Order = z.looseObject({
  salt: uintString,
  maker: address,
  signer: address,
  tokenId: uintString,
  conditionId: optStr,
  makerAmount: uintString,
  takerAmount: uintString,
  side,
  signatureType: int.pipe(z.number().min(0).max(255)),
  timestamp: uintString,
  metadata: opt(bytes32, true),
  builder: opt(bytes32, true),
  signature: hexBytes,
  // venue-profile D extras
  expiration: opt(uintString, true),
  taker: opt(address, true),
  nonce: opt(uintString, true),
  feeRateBps: opt(uintString, true),
  postOnly: optBool,
  deferExec: optBool,
});
export type Order = z.output<typeof Order>;

/**
 * One item of the POST /orders body. `postOnly` and `deferExec` are item fields in the family's
 * clients but may come inside `order`; the output carries them on the item.
 */
export const OrderPlacementItem = z
  .looseObject({
    order: Order,
    orderType: z.enum(ORDER_TYPES),
    owner: str,
    postOnly: optBool,
    deferExec: optBool,
  })
  .transform((item) => ({ ...item, postOnly: item.postOnly ?? item.order.postOnly, deferExec: item.deferExec ?? item.order.deferExec }));
export type OrderPlacementItem = z.output<typeof OrderPlacementItem>;

export const OrderResult = z.looseObject({
  success: optBool,
  errorMsg: optStr,
  orderID: optStr,
  takingAmount: optStr,
  makingAmount: optStr,
  status: optStr, // venue-profile D: live | matched | delayed | unmatched; other venues may differ
  orderHash: optStr,
  code: optStr,
  retry_after_seconds: optInt,
});
export type OrderResult = z.output<typeof OrderResult>;

// ---- Prices (§2.14): prices stay decimal strings so money stays exact.

export const PriceMap = z.record(z.string(), z.looseObject({ BUY: optStr, SELL: optStr }));
export type PriceMap = z.output<typeof PriceMap>;

export const LastTradePrice = z.looseObject({ token_id: optStr, price: optStr, side: optSide });
export type LastTradePrice = z.output<typeof LastTradePrice>;

// ---- venue-profile E (routes beyond the spec)

export const BookLevel = z.looseObject({ price: str, size: str });
export type BookLevel = z.output<typeof BookLevel>;

/** GET /book?token_id= */
export const Book = z.looseObject({
  market: optStr,
  asset_id: optStr,
  timestamp: optDateTime,
  bids: z.array(BookLevel),
  asks: z.array(BookLevel),
  tick_size: optNum,
  min_order_size: optNum,
});
export type Book = z.output<typeof Book>;

/** GET /prices-history: `t` in epoch seconds. */
export const PricesHistory = z.looseObject({ history: z.array(z.looseObject({ t: int, p: num })) });
export type PricesHistory = z.output<typeof PricesHistory>;

/** POST /auth/api-key and GET /auth/derive-api-key. */
export const ApiKeyCreds = z.looseObject({ apiKey: str, secret: str, passphrase: str });
export type ApiKeyCreds = z.output<typeof ApiKeyCreds>;

/** GET /version: the EIP-712 order domain the venue verifies against. */
export const VersionInfo = z.looseObject({
  version: int,
  domain: opt(
    z.looseObject({ name: optStr, version: optStr, chainId: optInt, verifyingContract: optStr, negRiskVerifyingContract: optStr }),
  ),
});
export type VersionInfo = z.output<typeof VersionInfo>;

/** GET /time: epoch seconds as a bare number. */
export const ServerTime = int;
export type ServerTime = z.output<typeof ServerTime>;

// ---- Signed routes of venue-profile E: open orders, cancels, balance

/** An open order of GET /data/orders; sizes and prices are decimal strings. */
export const OpenOrder = z.looseObject({
  id: str,
  status: str,
  owner: optStr,
  maker_address: str,
  market: str,
  asset_id: str,
  side,
  original_size: str,
  size_matched: str,
  price: str,
  outcome: optStr,
  order_type: str,
  expiration: optStr,
  created_at: int,
});
export type OpenOrder = z.output<typeof OpenOrder>;

export const OpenOrdersPage = cursorPage(OpenOrder);
export type OpenOrdersPage = z.output<typeof OpenOrdersPage>;

/** Answer of the cancel routes: which ids were cancelled, and why the others were not. */
export const CancelResult = z.looseObject({
  canceled: z.array(str),
  not_canceled: z.record(z.string(), z.string()),
});
export type CancelResult = z.output<typeof CancelResult>;

/** GET /balance-allowance: cash in base units (6 decimals) as integer strings. */
export const BalanceAllowance = z.looseObject({
  balance: str,
  reserved: optStr,
  available: optStr,
});
export type BalanceAllowance = z.output<typeof BalanceAllowance>;
