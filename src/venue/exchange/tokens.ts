// Tokens as the exchange trades them: each with its market's status, tick, minimum size, fees
// and rules, read from the catalog once per catalog version.
import { catalogVersion, type MarketStatus } from '../market-index.js';
import { MICRO } from '../money.js';
import { prepared } from '../db/prepared.js';
import type { Db } from '../db/open.js';
import type { TokenInfo } from './types.js';

export class Tokens {
  private cache: { version: number; byId: Map<string, TokenInfo> } | undefined;

  constructor(private readonly db: Db) {}

  get(tokenId: string): TokenInfo | undefined {
    const version = catalogVersion(this.db);
    if (this.cache?.version !== version) {
      const byId = new Map<string, TokenInfo>();
      const rows = prepared(
          this.db,
          `SELECT t.token_id, t.condition_id, t.outcome_index, t.outcome, m.status, m.neg_risk, m.tick_size, m.min_size, m.taker_base_fee,
                  m.maker_base_fee, m.fee_taker_only, m.taker_delay, m.seconds_delay, m.min_order_age, m.screening
           FROM tokens t JOIN markets m ON m.condition_id = t.condition_id`,
        )
        .all() as Array<Record<string, number | string>>;
      for (const r of rows) {
        byId.set(r['token_id'] as string, {
          tokenId: r['token_id'] as string,
          conditionId: r['condition_id'] as string,
          outcomeIndex: r['outcome_index'] as number,
          outcome: r['outcome'] as string,
          status: r['status'] as MarketStatus,
          negRisk: r['neg_risk'] === 1,
          tick: r['tick_size'] as number,
          minSize: (r['min_size'] as number) * MICRO,
          takerBps: r['taker_base_fee'] as number,
          makerBps: r['maker_base_fee'] as number,
          takerOnly: r['fee_taker_only'] === 1,
          delaySeconds: r['taker_delay'] === 1 ? Math.max(1, r['seconds_delay'] as number) : 0,
          minAgeSeconds: r['min_order_age'] as number,
          screening: r['screening'] === 1,
        });
      }
      this.cache = { version, byId };
    }
    return this.cache.byId.get(tokenId);
  }
}
