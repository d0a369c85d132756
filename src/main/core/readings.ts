// Price readings passed between domains: every read that sees prices (quotes, the price map, a
// market's catalog record) and the live feed's pushes publish here; price alerts subscribe. Made
// before both, so neither needs the other.
import type { Session } from './session.js';

/**
 * A price reading as any part of the core makes one: a token's best bid and ask (null: that side
 * is empty) and last trade, and a market's 24h volume. `at` is when the venue gave it (default:
 * now); a reading older than one already seen for the same token or market is ignored.
 */
export interface PriceSeen {
  tokenId?: string | undefined;
  conditionId?: string | undefined;
  bestBid?: string | null | undefined;
  bestAsk?: string | null | undefined;
  last?: string | null | undefined;
  volume24hr?: number | string | null | undefined;
  at?: number | undefined;
}

export type PriceListener = (prices: readonly PriceSeen[], s?: Session) => void;

export class PriceReadings {
  private readonly listeners = new Set<PriceListener>();

  /** Subscribes; returns the unsubscribe. */
  on(listener: PriceListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Readings just seen, for `s` (the active session when not said). */
  publish(prices: readonly PriceSeen[], s?: Session): void {
    if (prices.length === 0) return;
    for (const l of this.listeners) l(prices, s);
  }
}
