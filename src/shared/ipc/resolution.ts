// The shapes of a market's resolution and of a redemption, as the core answers them over IPC.
import { z } from 'zod';

/** A decimal amount, exact, as text ("12.34"). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number such as 12.34');

/**
 * Where a market stands: open, paused, closed (trading ended, no result yet), resolved (with
 * its winner where the venue makes it clear), or unknown (the venue could not be read).
 */
export const MarketResolution = z.object({
  conditionId: z.string(),
  state: z.enum(['open', 'paused', 'closed', 'resolved', 'unknown']),
  outcomes: z.array(z.object({ tokenId: z.string(), outcome: z.string(), settles: z.enum(['1', '0']).optional() })),
  winner: z.number().int().min(0).optional(),
  source: z.enum(['winner', 'prices']).optional(),
  /** The state in one line a trader reads. */
  words: z.string(),
  /** Whether the venue redeems resolved positions through its API (venue-profile E), as far as known. */
  redeem: z.enum(['offered', 'lacking', 'unknown']),
});
export type MarketResolution = z.output<typeof MarketResolution>;

/** What a redemption turned into cash: each token with its size and payout, the total, and the words. */
export const RedeemResult = z.object({
  conditionId: z.string(),
  redeemed: z.array(z.object({ tokenId: z.string(), outcome: z.string().optional(), size: decimal, payout: decimal })),
  payout: decimal,
  words: z.string(),
});
export type RedeemResult = z.output<typeof RedeemResult>;
