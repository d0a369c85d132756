// The watchlist (markets and events a trader follows) and price alerts, as the core answers them
// over IPC. Both live in the profile's user data: they survive restarts and follow the profile.
import { z } from 'zod';
import { id } from './fields.js';


/** A price as typed into an alert: a decimal strictly between 0 and 1, to the micro at most ("0.6", "0.625"). */
const price = z
  .string()
  .regex(/^0?\.\d{1,6}$/, 'expected a price between 0 and 1 such as 0.6 (60¢), to six decimals at most')
  .refine((p) => /[1-9]/.test(p), 'expected a price above 0¢');
/** A cash amount as typed: digits with at most 6 decimals. */
const cash = z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, 'expected an amount in dollars such as 25000');

export const WATCH_KINDS = ['market', 'event'] as const;

/** What is starred: a market (by condition id) or an event (by its catalog id). */
export const WatchTarget = z.object({
  kind: z.enum(WATCH_KINDS, { error: 'expected market or event' }),
  /** A market's condition id, or an event's catalog id. */
  id,
});

export const WatchAdd = WatchTarget.extend({
  /** What opens it again (a market's catalog id or slug, an event's slug); its id when not given. */
  ref: z.string().max(200).optional(),
  /** Its question or title as shown when it was starred, kept for when the catalog lacks it. */
  title: z.string().max(500).optional(),
});
export type WatchAdd = z.input<typeof WatchAdd>;

/** A starred market or event, with what the local catalog knows of it now. */
export const WatchItem = z.object({
  kind: z.enum(WATCH_KINDS),
  id: z.string(),
  ref: z.string(),
  title: z.string(),
  addedAt: z.number(),
  /** A market's outcomes and their prices (its venue's mark, the last trade), where known. */
  outcomes: z.array(z.string()).optional(),
  outcomePrices: z.array(z.string()).optional(),
  /** A market's outcome tokens, in the order of `outcomes` (their prices are asked by these). */
  clobTokenIds: z.array(z.string()).optional(),
  volume24hr: z.number().optional(),
  volume: z.number().optional(),
  liquidity: z.number().optional(),
  endDate: z.string().optional(),
  /** open, closed, archived, paused (not taking orders), or unknown (not in the local catalog). */
  status: z.enum(['open', 'paused', 'closed', 'archived', 'unknown']),
  /** An event's markets in the local catalog. */
  markets: z.number().int().optional(),
});
export type WatchItem = z.output<typeof WatchItem>;

export const ALERT_KINDS = ['price', 'spread', 'volume24h'] as const;

/**
 * What an alert watches: an outcome's price reaching a level from below (`>=`) or above (`<=`);
 * the first outcome's spread (best ask − best bid) at or under a width; the market's 24h volume
 * at or over an amount.
 */
export const AlertCondition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price'), outcome: z.number().int().min(0).max(20), op: z.enum(['>=', '<='], { error: 'expected >= or <=' }), price }),
  z.object({ kind: z.literal('spread'), max: price }),
  z.object({ kind: z.literal('volume24h'), min: cash }),
], { error: 'expected an alert on price, spread or volume24h' });
export type AlertCondition = z.input<typeof AlertCondition>;

export const AlertCreate = z.object({
  conditionId: id,
  /** What opens the market again (its catalog id or slug). */
  ref: z.string().max(200).optional(),
  condition: AlertCondition,
});
export type AlertCreate = z.input<typeof AlertCreate>;

export const AlertUpdate = z.object({
  id: z.number().int().positive(),
  paused: z.boolean().optional(),
  condition: AlertCondition.optional(),
});

/**
 * An alert and where it stands. `armed`: it fires the next time its condition holds; `met`: the
 * condition holds now (or held when it last fired) — it fires again once it has stopped holding
 * and holds again. Values are exact decimals (a price or spread in dollars, a volume in dollars).
 */
export const Alert = z.object({
  id: z.number().int(),
  conditionId: z.string(),
  ref: z.string(),
  question: z.string(),
  condition: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('price'), outcome: z.number().int(), op: z.enum(['>=', '<=']), price: z.string() }),
    z.object({ kind: z.literal('spread'), max: z.string() }),
    z.object({ kind: z.literal('volume24h'), min: z.string() }),
  ]),
  /** The condition in words: "Yes ≥ 60¢", "spread ≤ 2¢", "24h volume ≥ $25,000". */
  words: z.string(),
  /** The outcome's label, for a price alert. */
  outcome: z.string().optional(),
  paused: z.boolean(),
  state: z.enum(['armed', 'met']),
  /** The value last seen, and when. */
  value: z.string().optional(),
  checkedAt: z.number().optional(),
  createdAt: z.number(),
  /** The latest firings, newest first, each with the value that fired it. */
  fired: z.array(z.object({ at: z.number(), value: z.string() })),
  fireCount: z.number().int(),
});
export type Alert = z.output<typeof Alert>;
