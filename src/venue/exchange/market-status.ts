// A market's lifecycle (venue-profile D): forward only, paused ↔ active; closing, resolving or
// archiving cancels the market's open orders.
import { catalogChanged, type MarketStatus } from '../market-index.js';
import { stampParents } from '../catalog/stamps.js';
import type { OrdersTable } from './orders-table.js';
import type { Resting } from './resting.js';
import type { Statements } from './statements.js';

export class LifecycleError extends Error {}

/** Where a status stands in the lifecycle: a market only moves to a later rank (or pauses). */
export const STATUS_ORDER: Record<MarketStatus, number> = { active: 0, paused: 0, closed: 1, resolved: 2, archived: 3 };

export function setMarketStatus(
  parts: { sql: Statements; table: OrdersTable; resting: Resting; now: () => number },
  conditionId: string,
  status: MarketStatus,
  winnerIndex?: number,
): { cancelled: number } {
  const { sql, table, resting } = parts;
  const row = sql.sql('SELECT status, outcomes FROM markets WHERE condition_id = ?').get(conditionId) as { status: MarketStatus; outcomes: string } | undefined;
  if (!row) throw new LifecycleError(`no market with condition id ${conditionId}`);
  const from = row.status;
  const allowed = from === status ? false : (from === 'active' && status === 'paused') || (from === 'paused' && status === 'active') || STATUS_ORDER[status] > STATUS_ORDER[from];
  if (!allowed) throw new LifecycleError(`market ${conditionId} cannot go from ${from} to ${status}`);
  if (status === 'resolved') {
    const count = (JSON.parse(row.outcomes) as string[]).length;
    if (winnerIndex === undefined || !Number.isInteger(winnerIndex) || winnerIndex < 0 || winnerIndex >= count) {
      throw new LifecycleError(`resolving needs a winning outcome index from 0 to ${count - 1}`);
    }
  }
  const now = parts.now();
  const open = STATUS_ORDER[status] > 0 ? table.openOf(conditionId) : [];
  sql.atomic(() => {
    sql.sql('UPDATE markets SET status = ?, winner_index = COALESCE(?, winner_index), updated_at = ? WHERE condition_id = ?')
      .run(status, status === 'resolved' ? winnerIndex : null, now, conditionId);
    stampParents(sql.db, conditionId, now);
    for (const r of open) table.setStatus(r.seq, 'cancelled');
  });
  catalogChanged(sql.db);
  for (const r of open) resting.drop(r);
  return { cancelled: open.length };
}
