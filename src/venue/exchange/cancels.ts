// Cancelling orders of one API key: each id gets a verdict, and those cancelled are freed once
// the cancellation is committed.
import type { OrdersTable } from './orders-table.js';
import type { Resting } from './resting.js';
import type { Statements } from './statements.js';
import type { Tokens } from './tokens.js';
import type { CancelOutcome, OrderRow } from './types.js';

export function cancelOrders(
  parts: { sql: Statements; table: OrdersTable; tokens: Tokens; resting: Resting; now: () => number },
  owner: string,
  ids: readonly string[],
): CancelOutcome {
  const { sql, table, tokens, resting } = parts;
  const out: CancelOutcome = { canceled: [], not_canceled: {} };
  const now = parts.now();
  const done: OrderRow[] = [];
  sql.atomic(() => {
    for (const id of ids) {
      const row = table.row(id);
      if (!row || row.owner !== owner) {
        out.not_canceled[id] = 'order not found';
        continue;
      }
      if (row.status !== 'live' && row.status !== 'delayed') {
        out.not_canceled[id] = `order is already ${row.status}`;
        continue;
      }
      const minAge = tokens.get(row.token_id)?.minAgeSeconds ?? 0;
      if (minAge > 0 && now - row.created_at < minAge * 1000) {
        out.not_canceled[id] = `order is younger than the market's minimum order age of ${minAge} s`;
        continue;
      }
      table.setStatus(row.seq, 'cancelled');
      done.push(row);
      out.canceled.push(id);
    }
  });
  for (const row of done) resting.drop(row);
  return out;
}
