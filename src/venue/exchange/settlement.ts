// Outcome tokens made from cash and turned back into it: a full set minted (the simulator's
// makers' inventory) and a resolved market's tokens redeemed. Both are recorded as maker-side
// fills, so positions stay derived from the fills.
import { hashId } from '../ids.js';
import type { MarketStatus } from '../market-index.js';
import { MICRO, notional } from '../money.js';
import { STATUS_ORDER } from './market-status.js';
import type { OrdersTable } from './orders-table.js';
import type { Statements } from './statements.js';
import type { Wallets } from './wallets.js';

/** What a redemption paid, in micro units. */
export interface Redemption {
  conditionId: string;
  redeemed: Array<{ tokenId: string; outcomeIndex: number; size: number; payout: number }>;
  payout: number;
}

/** A redemption refused, with the venue's error code for it. */
export class RedeemRefusal extends Error {
  constructor(
    readonly code: 'INVALID_PARAMETER' | 'MARKET_NOT_RESOLVED' | 'NOTHING_TO_REDEEM',
    message: string,
  ) {
    super(message);
  }
}

export class Settlement {
  constructor(
    private readonly sql: Statements,
    private readonly wallets: Wallets,
    private readonly table: OrdersTable,
    private readonly now: () => number,
  ) {}

  /**
   * Splits cash into a full set of a binary market's outcome tokens (1 cash per pair), as a
   * conditional-token split does; recorded as maker-side buys that sum to 1.
   */
  mint(wallet: string, conditionId: string, size: number, price0: number): void {
    const { wallets } = this;
    const now = this.now();
    const changes = wallets.changes();
    this.sql.atomic(() => {
      wallets.moveCash(wallet, -notional(size, MICRO), now, changes);
      wallets.record({
        ts: now,
        txHash: hashId(`mint|${wallet}|${conditionId}|${now}|${this.table.lastSeq()}`),
        entries: [
          { wallet, conditionId, outcomeIndex: 0, side: 'BUY', role: 'M', price: price0, size },
          { wallet, conditionId, outcomeIndex: 1, side: 'BUY', role: 'M', price: MICRO - price0, size },
        ],
      }, changes);
      wallets.keep(changes);
    });
    wallets.merge(changes);
  }

  /**
   * Pays out a wallet's tokens of a resolved market: 1 cash per winning token, nothing for the
   * others. Recorded as maker-side sells at 1 and 0 — the mirror of `mint` — so the wallet's
   * trades on the data surface show the redemption.
   */
  redeem(wallet: string, conditionId: string): Redemption {
    const { sql, wallets } = this;
    const market = sql.sql('SELECT status, winner_index FROM markets WHERE condition_id = ?').get(conditionId) as { status: MarketStatus; winner_index: number | null } | undefined;
    if (!market) throw new RedeemRefusal('INVALID_PARAMETER', `no market with condition id ${conditionId}`);
    const winner = market.winner_index;
    if (winner === null || STATUS_ORDER[market.status] < STATUS_ORDER.resolved) {
      throw new RedeemRefusal('MARKET_NOT_RESOLVED', `market ${conditionId} is ${market.status} and has no winner yet; only a resolved market can be redeemed`);
    }
    const tokens = sql.sql('SELECT token_id, outcome_index FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(conditionId) as Array<{ token_id: string; outcome_index: number }>;
    const redeemed: Redemption['redeemed'] = [];
    for (const t of tokens) {
      const size = wallets.held(wallet, { conditionId, outcomeIndex: t.outcome_index });
      if (size > 0) redeemed.push({ tokenId: t.token_id, outcomeIndex: t.outcome_index, size, payout: t.outcome_index === winner ? size : 0 });
    }
    if (redeemed.length === 0) throw new RedeemRefusal('NOTHING_TO_REDEEM', `${wallet} holds no tokens of market ${conditionId}: nothing to redeem`);
    const payout = redeemed.reduce((sum, r) => sum + r.payout, 0);
    const now = this.now();
    const changes = wallets.changes();
    this.sql.atomic(() => {
      wallets.record({
        ts: now,
        txHash: hashId(`redeem|${wallet}|${conditionId}|${now}`),
        entries: redeemed.map((r) => ({ wallet, conditionId, outcomeIndex: r.outcomeIndex, side: 'SELL', role: 'M', price: r.payout > 0 ? MICRO : 0, size: r.size })),
      }, changes);
      wallets.moveCash(wallet, payout, now, changes);
      wallets.keep(changes);
    });
    wallets.merge(changes);
    return { conditionId, redeemed, payout };
  }
}
