// The sweep that expires resting GTD orders once their time has passed.
import type { Books } from './books.js';
import type { OrdersTable } from './orders-table.js';
import type { Resting } from './resting.js';
import type { Statements } from './statements.js';

/** Expires resting GTD orders whose time has passed, once a second while started. */
export class Expiry {
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly sql: Statements,
    private readonly table: OrdersTable,
    private readonly books: Books,
    private readonly resting: Resting,
    private readonly now: () => number,
  ) {}

  start(): void {
    this.sweeper ??= setInterval(() => this.sweep(), 1000);
    this.sweeper.unref?.();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** Expires what is due now; how many orders it expired. */
  sweep(): number {
    const due = this.books.expired(Math.floor(this.now() / 1000));
    if (due.length === 0) return 0;
    this.sql.atomic(() => {
      for (const o of due) this.table.setStatus(o.seq, 'expired');
    });
    for (const o of due) this.resting.unrest(o);
    return due.length;
  }
}
