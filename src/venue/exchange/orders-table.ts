// Every statement of the exchange on the orders table, and the index of order ids by sequence
// (the table's key) that finds an order without an index on its id.
import { OrderIds } from './order-ids.js';
import type { Statements } from './statements.js';
import type { NewOrder, OrderRow, OrderStatus, RestingRow } from './types.js';

const OPEN = "status IN ('live', 'delayed')";

export class OrdersTable {
  /** Every order's id → its sequence. */
  private readonly ids = new OrderIds();
  private seq = 0;

  constructor(
    private readonly sql: Statements,
    private readonly now: () => number,
  ) {}

  /** The sequence the next order gets. */
  nextSeq(): number {
    return ++this.seq;
  }

  /** The last sequence given (mint transactions are named after it). */
  lastSeq(): number {
    return this.seq;
  }

  /** The sequence of the order with this id, if there is one. */
  seqOf(id: string): number | undefined {
    const idAt = this.sql.sql('SELECT id FROM orders WHERE seq = ?').pluck();
    return this.ids.find(id, (seq) => idAt.get(seq) === id);
  }

  row(id: string): OrderRow | undefined {
    const seq = this.seqOf(id);
    return seq === undefined ? undefined : this.rows('SELECT * FROM orders WHERE seq = ?', seq)[0];
  }

  insert(order: NewOrder, seq: number, status: OrderStatus, filled: number, now: number, releaseAt: number): void {
    this.sql
      .sql(
        `INSERT INTO orders (id, seq, owner, wallet, token_id, condition_id, outcome_index, side, price, size, filled, order_type, post_only,
                             expiration, release_at, status, created_at, updated_at, body)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        order.id, seq, order.owner, order.wallet, order.token.tokenId, order.token.conditionId, order.token.outcomeIndex, order.side, order.price,
        order.size, filled, order.type, order.postOnly ? 1 : 0, order.expiration, releaseAt, status, now, now, order.body,
      );
    this.ids.add(order.id, seq);
  }

  setStatus(seq: number, status: OrderStatus): void {
    this.sql.sql('UPDATE orders SET status = ?, updated_at = ? WHERE seq = ?').run(status, this.now(), seq);
  }

  setFilled(seq: number, status: OrderStatus, filled: number, now: number): void {
    this.sql.sql('UPDATE orders SET filled = ?, status = ?, updated_at = ? WHERE seq = ?').run(filled, status, now, seq);
  }

  /** Orders waiting out a taker delay, oldest first. */
  delayed(): OrderRow[] {
    return this.rows("SELECT * FROM orders WHERE status = 'delayed' ORDER BY seq");
  }

  /** The open (live or delayed) orders of a market. */
  openOf(conditionId: string): OrderRow[] {
    return this.rows(`SELECT * FROM orders WHERE condition_id = ? AND ${OPEN}`, conditionId);
  }

  /** Ids of the open orders of an API key, of one market when given. */
  openIds(owner: string, conditionId?: string): string[] {
    const rows = (
      conditionId === undefined
        ? this.sql.sql(`SELECT id FROM orders WHERE owner = ? AND ${OPEN} ORDER BY seq`).all(owner)
        : this.sql.sql(`SELECT id FROM orders WHERE owner = ? AND ${OPEN} AND condition_id = ? ORDER BY seq`).all(owner, conditionId)
    ) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /**
   * Forgets every id and reads them again, handing each open order to `open`: one pass in seq
   * order (the table's key, so no sort), without the signed bodies.
   */
  reload(open: (row: RestingRow & Pick<OrderRow, 'status' | 'token_id'>) => void): void {
    this.ids.clear();
    this.seq = 0;
    const scan = this.sql.sql('SELECT id, seq, status, owner, wallet, token_id, side, price, size, filled, created_at, expiration FROM orders ORDER BY seq');
    for (const r of scan.iterate() as IterableIterator<RestingRow & Pick<OrderRow, 'status' | 'token_id'>>) {
      this.ids.add(r.id, r.seq);
      this.seq = Math.max(this.seq, r.seq);
      if (r.status === 'live' || r.status === 'delayed') open(r);
    }
  }

  private rows(sql: string, ...args: unknown[]): OrderRow[] {
    return this.sql.sql(sql).all(...args) as OrderRow[];
  }
}
