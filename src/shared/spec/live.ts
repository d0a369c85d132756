// The live market channel (venue-profile I): a WebSocket at `{trading_url}/ws/market`, advertised
// in GET /version as `streams.market`. One JSON object per message, told apart by `type`.
// Prices and sizes stay decimal strings so money stays exact.
import { z } from 'zod';
import { int, opt, optStr, side, str } from './common.js';
import { Book, BookLevel } from './trading.js';

/** Tokens one connection may follow at once. */
export const LIVE_MAX_TOKENS = 500;
/** Messages a client may leave unread before the venue disconnects it. */
export const LIVE_MAX_BACKLOG = 1000;
/** Bytes of messages a client may leave unwritten before the venue disconnects it. */
export const LIVE_MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
/**
 * Protocol pings a client may leave unanswered when the next is due (it stopped reading) before it
 * is disconnected: one, so a client that reads nothing is cut off within two ping intervals and a
 * quarter (the local venue pings clients that connected together up to a quarter interval apart).
 */
export const LIVE_MAX_UNANSWERED_PINGS = 1;
/** Close code for a client that fell behind (messages, bytes or unanswered pings): resubscribe. */
export const LIVE_CLOSE_BEHIND = 4008;
/** The venue's `{"type":"ping"}` interval. */
export const LIVE_PING_MS = 10_000;

// ---- client → venue

const assetIds = z
  .array(z.string({ error: 'each of assets_ids must be a token id string' }), { error: 'assets_ids must be an array of token ids' })
  .min(1, 'assets_ids must name at least one token')
  .max(LIVE_MAX_TOKENS, `assets_ids may name at most ${LIVE_MAX_TOKENS} tokens`);

export const LiveClientMessage = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('subscribe'), assets_ids: assetIds }),
    z.object({ type: z.literal('unsubscribe'), assets_ids: assetIds }),
    z.object({ type: z.literal('ping') }),
    z.object({ type: z.literal('pong') }),
  ],
  { error: 'type must be one of subscribe, unsubscribe, ping, pong' },
);
export type LiveClientMessage = z.output<typeof LiveClientMessage>;

// ---- venue → client

/** A token's whole book, as GET /book, with the sequence number its later changes count from. */
export const LiveBook = Book.extend({ type: z.literal('book'), asset_id: str, bids: z.array(BookLevel), asks: z.array(BookLevel), seq: int });
export type LiveBook = z.output<typeof LiveBook>;

/**
 * One price level of a token's book changed: `size` is the level's new total ("0": the level is
 * gone). `seq` is one more than the token's previous book or price_change; a gap means messages
 * were lost: subscribe again for a fresh book. best_bid/best_ask are null when that side is empty.
 */
export const LivePriceChange = z.looseObject({
  type: z.literal('price_change'),
  asset_id: str,
  price: str,
  size: str,
  side,
  best_bid: str.nullable(),
  best_ask: str.nullable(),
  seq: int,
});
export type LivePriceChange = z.output<typeof LivePriceChange>;

/** A fill on a token: the maker's price, the size filled, the taker's side, epoch ms. */
export const LiveLastTradePrice = z.looseObject({ type: z.literal('last_trade_price'), asset_id: str, price: str, size: str, side, timestamp: str });
export type LiveLastTradePrice = z.output<typeof LiveLastTradePrice>;

export const LivePing = z.looseObject({ type: z.literal('ping') });
export const LivePong = z.looseObject({ type: z.literal('pong') });

/** A message the venue could not act on, in the words of venue-profile B; the connection stays open. */
export const LiveError = z.looseObject({ type: z.literal('error'), error: str, code: str, assets_ids: opt(z.array(str)) });
export type LiveError = z.output<typeof LiveError>;

export const LiveMessage = z.discriminatedUnion('type', [LiveBook, LivePriceChange, LiveLastTradePrice, LivePing, LivePong, LiveError]);
export type LiveMessage = z.output<typeof LiveMessage>;

/** GET /version's `streams` (venues that have a live channel): WebSocket addresses. */
export const LiveStreams = z.looseObject({ market: optStr });
export type LiveStreams = z.output<typeof LiveStreams>;
