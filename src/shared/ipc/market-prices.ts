// What a market's prices and rules read as on screen: a token's one price with its age, an
// outcome's best bid, ask and last trade, and the market's rules where its sources disagree.
import { z } from 'zod';

/** A token's price: how it was read (`basis`), the time of the oldest reading it rests on (`at`), and whether it streams. */
export const TokenPrice = z.object({
  tokenId: z.string(),
  price: z.string(),
  basis: z.enum(['mid', 'last']),
  at: z.number(),
  live: z.boolean(),
});
export type TokenPrice = z.output<typeof TokenPrice>;

export const OutcomeQuote = z.object({
  tokenId: z.string(),
  outcome: z.string(),
  bestBid: z.string().optional(),
  bestAsk: z.string().optional(),
  lastPrice: z.string().optional(),
  lastSide: z.enum(['BUY', 'SELL']).optional(),
});

/**
 * A market's rules as Kairos reads them where the venue's sources (trading market, market
 * settings, catalog) may disagree: the reading that risks less, and each disagreement in words.
 */
export const MarketReading = z.object({
  negRisk: z.boolean(),
  tick: z.string().optional(),
  minSize: z.string().optional(),
  acceptingOrders: z.boolean(),
  /** The highest taker fee any source gives (basis points): what a market order is priced with. */
  takerFeeBps: z.number().optional(),
  disagreements: z.array(z.string()),
});
