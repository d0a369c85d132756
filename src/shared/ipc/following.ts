// Traders as the core answers them over IPC: one wallet's leaderboard standing, and the wallets a
// trader follows, each with what changed in its positions since they last looked, read from the
// data surface and kept in the profile's user data (so the Following screen reads offline from
// the last snapshot). Amounts are exact decimal strings.
import { z } from 'zod';

/** One trader's standing in each leaderboard window (none where unranked), with the name and pseudonym the venue gives. */
export const TraderSummary = z.object({
  address: z.string(),
  name: z.string().optional(),
  pseudonym: z.string().optional(),
  periods: z.array(z.object({ period: z.enum(['DAY', 'WEEK', 'MONTH', 'ALL']), rank: z.string().optional(), pnl: z.number().optional(), vol: z.number().optional() })),
});

/** A wallet as typed or clicked: 0x and 40 hexadecimal digits, nothing around it. */
export const WalletAddress = z
  .string({ error: 'expected a wallet address: 0x and 40 hexadecimal digits' })
  .refine((s) => s.startsWith('0x') || s.startsWith('0X'), { error: (i) => `a wallet address starts with 0x: ${JSON.stringify(String(i.input).slice(0, 50))} does not` })
  .refine((s) => s.length === 42, { error: (i) => `a wallet address is 0x and 40 hexadecimal digits (42 characters), not ${String(i.input).length} characters` })
  .refine((s) => /^0[xX][0-9a-fA-F]{40}$/.test(s), 'a wallet address holds only hexadecimal digits (0-9, a-f) after 0x');

/** A dollar amount as typed: digits with at most 6 decimals (a micro-dollar). */
export const DollarAmount = z
  .string({ error: 'expected an amount in dollars such as 100 or 2.50' })
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'expected an amount in dollars such as 100 or 2.50, with at most 6 decimals and no sign or $');

export const FollowInput = z.object({
  address: WalletAddress,
  /** A name of one's own for the wallet (1–60 characters); null clears it, absent keeps it. */
  label: z.string().trim().min(1, 'a label has at least one visible character').max(60, 'a label is at most 60 characters').nullable().optional(),
  /** A notice when the wallet trades at least this much cash in one fill; null: no trade notices; absent keeps it. */
  minTradeUsd: DollarAmount.nullable().optional(),
});
export type FollowInput = z.input<typeof FollowInput>;

/**
 * What the Following list reads: snapshots older than the data surface's freshness are read again
 * unless `read` is false (then the snapshots kept, at once); offline, the last one kept, with its time.
 */
export const FollowingQuery = z.object({ read: z.boolean({ error: 'expected true or false' }).default(true) }).strict().default({ read: true });

/** One position as a change shows it: its market and outcome, the size then and now (0: none). */
export const PositionChange = z.object({
  asset: z.string(),
  conditionId: z.string(),
  title: z.string(),
  slug: z.string().optional(),
  outcome: z.string(),
  sizeBefore: z.string(),
  sizeAfter: z.string(),
  /** The position's P&L (realised + unrealised) then and now, where the venue gave it. */
  pnlBefore: z.string().optional(),
  pnlAfter: z.string().optional(),
  /** Its mark now (or when last seen, for a position gone from the list). */
  price: z.string().optional(),
});
export type PositionChange = z.output<typeof PositionChange>;

export const FollowChanges = z.object({
  opened: z.array(PositionChange),
  closed: z.array(PositionChange),
  resized: z.array(PositionChange),
  /** The P&L the wallet made over the period on the positions compared; absent with no snapshot. */
  pnlChange: z.string().optional(),
  /** Why the P&L figure leaves something out (a position gone from the venue's list, a list cut short). */
  pnlNote: z.string().optional(),
});
export type FollowChanges = z.output<typeof FollowChanges>;

/** A followed wallet, with what changed between the snapshot last seen and the latest one. */
export const FollowedTrader = z.object({
  address: z.string(),
  label: z.string().optional(),
  /** The trader's name on the venue, where a read showed one. */
  name: z.string().optional(),
  minTradeUsd: z.string().optional(),
  followedAt: z.number(),
  /** When the trader marked it seen (the "before" of the changes). */
  seenAt: z.number(),
  /** When the latest snapshot was read from the venue; absent before the first one. */
  snapshotAt: z.number().optional(),
  /** The latest read failed (offline, the venue away): the snapshot is the last one kept. */
  stale: z.boolean(),
  /** Why the latest read failed, for a person. */
  problem: z.string().optional(),
  /** Open positions in the latest snapshot, and whether the snapshot holds every position. */
  openPositions: z.number().int(),
  complete: z.boolean(),
  changes: FollowChanges,
  /** The wallet's newest trade seen, epoch seconds. */
  lastTradeAt: z.number().optional(),
});
export type FollowedTrader = z.output<typeof FollowedTrader>;
