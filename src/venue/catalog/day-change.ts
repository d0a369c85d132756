// A market's `oneDayPriceChange`, as the family's catalog sends it: the Yes price now minus the
// Yes price when the 24 hours began, for every market that traded in them. Both prices are taker
// trades (as `/trades?takerOnly=true` lists them): the newest inside the window, and the last at
// or before its start — or, for a market first traded inside the window, its first trade there.
// A two-outcome market's No trade gives the Yes price as 1 − price, as marks are read.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { ledgerStamp } from '../market-index.js';
import { MICRO } from '../money.js';

const DAY_MS = 86_400_000;

interface Kept {
  stamp: string;
  /** Good from `at` until its oldest fill in the window leaves it (a new fill changes the stamp). */
  at: number;
  until: number;
  micro: number | undefined;
}

const kept = new WeakMap<Db, Map<string, Kept>>();
const SQL = {
  pick: `SELECT price FROM fills WHERE condition_id = ? AND outcome_index = ? AND role = 'T' AND ts > ? ORDER BY ts DESC, id DESC LIMIT 1`,
  first: `SELECT price FROM fills WHERE condition_id = ? AND outcome_index = ? AND role = 'T' AND ts > ? ORDER BY ts ASC, id ASC LIMIT 1`,
  before: `SELECT price FROM fills WHERE condition_id = ? AND outcome_index = ? AND role = 'T' AND ts <= ? ORDER BY ts DESC, id DESC LIMIT 1`,
  oldest: `SELECT MIN(ts) FROM fills WHERE condition_id = ? AND role = 'T' AND ts > ?`,
};

export interface ChangeOf {
  conditionId: string;
  outcomes: number;
}

/** Each market's 24h Yes price change in micro, by condition id; absent where it did not trade in the window. */
export function dayChanges(db: Db, markets: readonly ChangeOf[], now: number): Map<string, number> {
  let mine = kept.get(db);
  if (!mine) kept.set(db, (mine = new Map()));
  const out = new Map<string, number>();
  const cutoff = now - DAY_MS;
  for (const m of markets) {
    const c = m.conditionId;
    const stamp = ledgerStamp(db, [c]);
    let k = mine.get(c);
    if (!k || k.stamp !== stamp || now < k.at || now >= k.until) {
      const [pick, first, before, oldest] = [SQL.pick, SQL.first, SQL.before, SQL.oldest].map((q) => prepared(db, q).pluck()) as [Statement, Statement, Statement, Statement];
      const start = oldest.get(c, cutoff) as number | null;
      let micro: number | undefined;
      if (start !== null) {
        // The Yes outcome's own trade, else the complement of No's.
        const yes = (q: Statement, at: number): number | undefined => {
          const own = q.get(c, 0, at) as number | undefined;
          if (own !== undefined) return own;
          const other = m.outcomes === 2 ? (q.get(c, 1, at) as number | undefined) : undefined;
          return other === undefined ? undefined : MICRO - other;
        };
        const nowPrice = yes(pick, cutoff);
        const thenPrice = yes(before, cutoff) ?? yes(first, cutoff);
        if (nowPrice !== undefined && thenPrice !== undefined) micro = nowPrice - thenPrice;
      }
      k = { stamp, at: now, until: start !== null ? start + DAY_MS : Number.POSITIVE_INFINITY, micro };
      mine.set(c, k);
    }
    if (k.micro !== undefined) out.set(c, k.micro);
  }
  return out;
}
