// The shape of an account's P&L as the core answers it over IPC: each position open or closed
// with its realised and unrealised P&L, the account's sums, and where each figure came from.
import { z } from 'zod';

/** A decimal amount, exact, as text ("-12.34"). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number such as 12.34');

/**
 * Where a position's figures come from: `venue` — the data surface's own position (its
 * realizedPnl, cost and mark); `trades` — computed by Kairos from the venue's trades of the
 * account (average cost, fees not counted) where the venue gives no such figure.
 */
export const PnlSource = z.enum(['venue', 'trades']);
export type PnlSource = z.output<typeof PnlSource>;

export const PositionPnl = z.object({
  /** The data surface's token id (`<condition id>:<outcome index>`). */
  asset: z.string(),
  /** The trading token id, where the venue's market names it. */
  tokenId: z.string().optional(),
  conditionId: z.string(),
  title: z.string(),
  outcome: z.string().optional(),
  slug: z.string().optional(),
  /** open: held and marked; settled: held in a resolved market (worth $1 or $0 a token); closed: nothing held. */
  state: z.enum(['open', 'settled', 'closed']),
  settles: z.enum(['1', '0']).optional(),
  size: decimal,
  /** What the held tokens cost (average cost × size). */
  cost: decimal,
  /** Average price paid for what is held. */
  avgPrice: decimal.optional(),
  /** Mark per token: the venue's price, or the settlement. */
  mark: decimal.optional(),
  value: decimal,
  realised: decimal,
  unrealised: decimal,
  source: PnlSource,
  /** Epoch seconds of the position's last activity, where known. */
  at: z.number().optional(),
});
export type PositionPnl = z.output<typeof PositionPnl>;

export const AccountPnl = z.object({
  /** The venue's cash balance; absent where the venue reports none. */
  cash: decimal.optional(),
  positionsValue: decimal,
  /** Cash + marked positions; absent without a cash balance. */
  value: decimal.optional(),
  realised: decimal,
  unrealised: decimal,
  /** realised + unrealised. */
  pnl: decimal,
  /** Cash that open buys hold: the venue's figure, or what Kairos's journal of orders it sent holds open. */
  reserved: z.object({ amount: decimal, source: z.enum(['venue', 'journal']), orders: z.number().int().min(0) }).optional(),
  open: z.array(PositionPnl),
  closed: z.array(PositionPnl),
  /** Figures not from the venue, or not known, in words for the screen. */
  notes: z.array(z.string()),
});
export type AccountPnl = z.output<typeof AccountPnl>;

/** One snapshot of the account: value (cash + positions where cash is known) and P&L. */
export const HistoryPoint = z.object({
  at: z.number(),
  /** Cash + positions where the cash was known, else the positions alone (see `cash`). */
  value: decimal,
  /** Realised + unrealised (older snapshots: the positions' unrealised P&L alone). */
  pnl: decimal,
  cash: decimal.optional(),
  realised: decimal.optional(),
  unrealised: decimal.optional(),
});
export type HistoryPoint = z.output<typeof HistoryPoint>;
