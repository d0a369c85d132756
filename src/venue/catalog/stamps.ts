// A market's `updatedAt` says when what the catalog shows of it last changed: its status, and
// the figures that move with trading (volume, liquidity, best prices, last trade, outcome
// prices). Readers ask for what changed since they last looked (`order=updatedAt`, newest first)
// and trust it to miss nothing. The exchange notes each book change and fill here as it happens
// (a map write, no SQL on the order path); the stamps reach the rows, at the time of the change,
// before the next catalog read. A fill also stamps the market's event and series, whose answers
// carry its outcome prices; a book change alone moves nothing they show. Figures that move with
// the clock alone (the 24-hour volume and change as old fills leave the window) stamp nothing:
// they are not news of the market, and every listing computes them afresh.
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';

interface Touch {
  at: number;
  /** A fill: the event's and series' answers changed too. */
  traded: boolean;
}

const pendings = new WeakMap<Db, Map<string, Touch>>();

/** A book of `tokenId` changed at `at` (a fill when `traded`). */
export function touchToken(db: Db, tokenId: string, at: number, traded: boolean): void {
  let tokens = pendings.get(db);
  if (!tokens) pendings.set(db, (tokens = new Map()));
  const t = tokens.get(tokenId);
  if (!t) tokens.set(tokenId, { at, traded });
  else {
    t.at = Math.max(t.at, at);
    t.traded ||= traded;
  }
}

/** Stamps the event and series of a market whose status changed (the market's own row is the caller's). */
export function stampParents(db: Db, conditionId: string, at: number): void {
  const event = prepared(db, 'SELECT event_id FROM markets WHERE condition_id = ?').pluck().get(conditionId) as number | undefined;
  if (event === undefined) return;
  // The event's flags follow its markets, as the generated world sets them: active while one
  // trades, closed once all have ended, archived once all are.
  prepared(
    db,
    `UPDATE events SET
       active = (SELECT COUNT(*) > 0 FROM markets WHERE event_id = events.id AND status IN ('active', 'paused')),
       closed = (SELECT COUNT(*) > 0 AND SUM(status IN ('closed', 'resolved', 'archived')) = COUNT(*) FROM markets WHERE event_id = events.id),
       archived = (SELECT COUNT(*) > 0 AND SUM(status = 'archived') = COUNT(*) FROM markets WHERE event_id = events.id)
     WHERE id = ?`,
  ).run(event);
  stampEvent(db, event, at);
}

function stampEvent(db: Db, eventId: number, at: number): void {
  const series = prepared(db, 'UPDATE events SET updated_at = MAX(updated_at, ?) WHERE id = ? RETURNING series_id').pluck().get(at, eventId) as number | null | undefined;
  if (series !== null && series !== undefined) prepared(db, 'UPDATE series SET updated_at = MAX(updated_at, ?) WHERE id = ?').run(at, series);
}

/** Writes the stamps noted since the last flush; returns the markets and events whose stamps moved. */
export function flushStamps(db: Db): { markets: number[]; events: number[] } {
  const markets: number[] = [];
  const events: number[] = [];
  const tokens = pendings.get(db);
  if (!tokens || tokens.size === 0) return { markets, events };
  const byCondition = new Map<string, Touch>();
  const conditionOf = prepared(db, 'SELECT condition_id FROM tokens WHERE token_id = ?').pluck();
  for (const [token, t] of tokens) {
    const c = conditionOf.get(token) as string | undefined;
    if (c === undefined) continue;
    const seen = byCondition.get(c);
    if (!seen) byCondition.set(c, { ...t });
    else {
      seen.at = Math.max(seen.at, t.at);
      seen.traded ||= t.traded;
    }
  }
  tokens.clear();
  const stampMarket = prepared(db, 'UPDATE markets SET updated_at = MAX(updated_at, ?) WHERE condition_id = ? RETURNING id, event_id');
  db.transaction(() => {
    for (const [c, t] of byCondition) {
      const row = stampMarket.get(t.at, c) as { id: number; event_id: number } | undefined;
      if (!row) continue;
      markets.push(row.id);
      if (!t.traded) continue;
      stampEvent(db, row.event_id, t.at);
      events.push(row.event_id);
    }
  })();
  return { markets, events };
}
