// Wallets' cash and positions as the exchange moves them: through the ledger, and, while a batch
// of placements settles, through the changes it will write once at its end.
import { Changes, type Ledger, type Match } from '../ledger.js';
import { MICRO } from '../money.js';
import type { BookFeed } from './feed.js';
import type { Statements } from './statements.js';
import type { TokenInfo } from './types.js';

export class Wallets {
  /** While a batch settles: the ledger rows and balances it will write at its end. */
  private pending: Changes | undefined;

  constructor(
    private readonly sql: Statements,
    private readonly ledger: Ledger,
    private readonly feed: BookFeed,
    private readonly now: () => number,
  ) {}

  cash(wallet: string, changes = this.pending): number {
    const pending = changes?.cashOf(wallet);
    if (pending !== undefined) return pending;
    const row = this.sql.sql('SELECT cash FROM balances WHERE address = ?').get(wallet) as { cash: number } | undefined;
    changes?.root().known.cash.set(wallet, row?.cash ?? 0);
    return row?.cash ?? 0;
  }

  /** Micro tokens of one outcome a wallet holds. */
  held(wallet: string, token: Pick<TokenInfo, 'conditionId' | 'outcomeIndex'>): number {
    return this.ledger.position(wallet, token.conditionId, token.outcomeIndex, this.pending)?.size ?? 0;
  }

  /**
   * Runs a batch of placements in one transaction, whose positions, last trades, market totals
   * and balances are written once each at its end rather than once per fill.
   */
  settle<T>(fn: () => T): T {
    if (this.pending) return fn();
    // Committed: only then may watchers hear of it (a failed batch is followed by a reload).
    return this.feed.held(() => {
      const changes = (this.pending = new Changes());
      try {
        return this.sql.atomic(() => {
          const result = fn();
          this.ledger.flush(changes);
          return result;
        });
      } finally {
        this.pending = undefined;
      }
    });
  }

  /** The changes of one operation: on their own, or inside the batch under way. */
  changes(): Changes {
    return new Changes(this.pending);
  }

  /** Sets a wallet's paper cash (the simulator funds its wallets this way). */
  fund(wallet: string, cashMicro: number): void {
    const changes = this.changes();
    changes.cash.set(wallet, { cash: cashMicro, at: this.now() });
    this.keep(changes);
    this.merge(changes);
  }

  moveCash(wallet: string, delta: number, now: number, changes: Changes): void {
    const cash = this.cash(wallet, changes) + delta;
    // The balances table refuses a negative balance too, but only when written; failing here
    // fails just this order.
    if (cash < 0) throw new Error(`${wallet} would hold ${cash / MICRO} cash`);
    changes.cash.set(wallet, { cash, at: now });
  }

  record(match: Match, changes: Changes): void {
    this.ledger.recordMatch(match, changes);
  }

  /** Outside a batch, writes an operation's changes in its own transaction; in one, they wait. */
  keep(changes: Changes): void {
    if (!this.pending) this.ledger.flush(changes);
  }

  /** After an operation's writes succeeded: its changes join the batch's. */
  merge(changes: Changes): void {
    if (this.pending) changes.mergeInto(this.pending);
  }
}
