// Orders as the contract speaks of them: a line to check or send, its preview and result, the
// journal's record of each order signed, open orders for display, and the ticket's saved draft.
import { z } from 'zod';
import { LIMITS, OpenOrder, ORDER_TYPES, SIDES } from '../spec/index.js';
import { decimal, id } from './fields.js';

export const OrderLine = z.object({
  /** The market of the token: its settings (tick, minimum size) govern the line. */
  conditionId: id,
  tokenId: id,
  side: z.enum(SIDES),
  price: decimal,
  size: decimal,
  type: z.enum(ORDER_TYPES).default('GTC'),
  /** Epoch seconds, GTD only. */
  expiration: z.number().int().positive().optional(),
  postOnly: z.boolean().default(false),
});
export type OrderLine = z.input<typeof OrderLine>;

/** What the ticket shows per line before anything is signed. */
export const LinePreview = z.object({
  ok: z.boolean(),
  /** Price snapped to the tick, and the exact amounts that would be signed (base units). */
  price: z.string().optional(),
  makerAmount: z.string().optional(),
  takerAmount: z.string().optional(),
  /** Cash the line costs or brings, before fees, as a decimal string. */
  notional: z.string().optional(),
  /** Cash out (BUY, positive) or in (SELL, negative) including the fee, decimal. */
  cost: z.string().optional(),
  shares: z.string().optional(),
  /** What the line pays if its outcome happens (BUY), or forgoes (SELL), decimal. */
  payoutIfRight: z.string().optional(),
  maxLoss: z.string().optional(),
  /** The fee at the rate that applies: taker if it would cross, maker if it rests. */
  fee: z.string().optional(),
  /** Against the current best opposite price: rests, crosses (fills at least partly), killed (FOK/FAK with nothing to hit), rejected (post-only that would cross). */
  execution: z.enum(['rests', 'crosses', 'killed', 'rejected']).optional(),
  bestOpposite: z.string().optional(),
  /** The fat-finger guard (shared/domain/price-guard): why this price needs the trader's explicit yes. */
  guard: z.string().optional(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  /** Checks that could not be made, in words ("cash not checked: …"): the line is not shown as checked. */
  unchecked: z.array(z.string()).optional(),
  /** The venue throttled a read the check needs: check again after this many seconds. */
  retryAfterSeconds: z.number().optional(),
  /** The line's market for the batch's best and worst case: its outcome tokens in order, and for a negative-risk market its event (at most one of whose markets' first outcome wins), by catalog id where the venue names it. */
  outcomeTokens: z.array(z.string()).optional(),
  negRiskEvent: z.string().optional(),
  /** Where the venue's sources about the line's market disagree (negative risk, tick, minimum size, status), each with the reading taken: the one that risks less. */
  disagreements: z.array(z.string()).optional(),
});

export const LineResult = z.object({
  line: z.number().int(),
  success: z.boolean(),
  orderId: z.string().optional(),
  status: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  attempts: z.number().int(),
  /** Still throttled after the retries: when the venue will take it again. */
  retryAfterSeconds: z.number().optional(),
  /** What filled at once, as the venue reports it: what was given and what was received. */
  makingAmount: z.string().optional(),
  takingAmount: z.string().optional(),
});

export const JournalEntry = z.object({
  orderId: z.string(),
  accountId: z.string(),
  tokenId: z.string(),
  side: z.enum(['BUY', 'SELL']),
  price: z.string(),
  size: z.string(),
  type: z.string(),
  /**
   * `filled`: filled on arrival, or gone from the book while its market still trades; `closed`:
   * gone from the book without a cancel of ours while its market stopped trading (the venue cancelled it).
   */
  state: z.enum(['sending', 'open', 'partly_filled', 'filled', 'closed', 'cancelled', 'expired', 'rejected', 'unknown']),
  sizeMatched: z.string(),
  sentAt: z.number(),
  updatedAt: z.number(),
  code: z.string().optional(),
  message: z.string().optional(),
  /** The venue's status word in its answer (live, matched, delayed, unmatched), when it answered. */
  status: z.string().optional(),
  /** The average price of what matched, exactly, where known. */
  avgPrice: z.string().optional(),
  /** The order's market and outcome, when known (from the line sent, and the venue's market). */
  conditionId: z.string().optional(),
  question: z.string().optional(),
  outcome: z.string().optional(),
});

/** An open order as the venue lists it, with its market's question for display. */
export const OpenOrderRow = OpenOrder.extend({ question: z.string().optional() });

/** A line of the order ticket as typed: kept even while invalid, so nothing typed is lost. */
export const DraftLine = z.object({
  key: z.string().max(40),
  conditionId: z.string().max(200).default(''),
  tokenId: z.string().max(200).default(''),
  /** What the line shows for its market and outcome. */
  label: z.string().max(400).default(''),
  outcome: z.string().max(100).default(''),
  side: z.enum(SIDES).default('BUY'),
  price: z.string().max(32).default(''),
  size: z.string().max(32).default(''),
  type: z.enum(ORDER_TYPES).default('GTC'),
  expiration: z.number().int().positive().optional(),
  postOnly: z.boolean().default(false),
  /** A market order (absent: limit): walked through the book; `price` is then the worst price typed ('' for the book's). */
  kind: z.enum(['limit', 'market']).optional(),
  /** A market BUY's dollars to spend, fee included, as typed (a market SELL's shares are `size`). */
  spend: z.string().max(32).optional(),
});
export type DraftLine = z.output<typeof DraftLine>;

export const TicketDraft = z.object({
  lines: z.array(DraftLine).max(LIMITS.orders.maxItems, `a batch holds at most ${LIMITS.orders.maxItems} lines`).default([]),
  /** The last result per line key, so a placed line is not sent again after a restart. */
  results: z.record(z.string().max(40), LineResult.extend({ at: z.number() })).default({}),
  updatedAt: z.number().default(0),
});
export type TicketDraft = z.output<typeof TicketDraft>;
