// The markets list's 24h change: each market's Yes price now minus its price a day ago, from the
// venue's trades (the catalog does not carry it). Asked for the rows on screen only, so the list
// itself answers at once and the column fills in after.
import type { CallArgs, CallOutput } from '@shared/ipc/contract.js';
import type { Trade } from '@shared/spec/index.js';
import type { Session } from '../session.js';
import { changes24h } from './bracket.js';
import type { CoreContext, HandlersOf } from './context.js';
import { cachedMarkets, catalogMarket } from './watchlist.js';

/** Trades read per group of markets, newest first: enough to reach back a day on all but the busiest. */
const TRADES = 2000;
const GROUP = 50;
/**
 * How long one group's trades serve before they are read again. A read is about 2 MB (2000 full
 * trades) for the venue to build and for the core to check and keep: made at every 30 s poll of
 * the list, it was the larger part of an open markets list's idle CPU in both processes. The
 * price a day ago moves slowly, and the rows on screen take their price now from the live feed.
 */
const TRADES_FRESH_MS = 120_000;

async function tradesOf(s: Session, conditionIds: readonly string[]): Promise<{ trades: Trade[]; fetchedAt: number; stale: boolean }> {
  const trades: Trade[] = [];
  let fetchedAt = Infinity;
  let stale = false;
  for (let i = 0; i < conditionIds.length; i += GROUP) {
    const market = [...conditionIds.slice(i, i + GROUP)].sort();
    const q = { market, limit: TRADES, takerOnly: true };
    const r = await s.cached('data', '/trades', { ...q, market: market.join(',') }, TRADES_FRESH_MS, () => s.clients.data.trades(q));
    trades.push(...r.data);
    fetchedAt = Math.min(fetchedAt, r.fetchedAt);
    stale ||= r.stale;
  }
  return { trades, fetchedAt, stale };
}

export function marketChangesService(ctx: CoreContext) {
  const changes = async ({ conditionIds }: CallArgs<'markets.changes'>): Promise<CallOutput<'markets.changes'>> => {
    const s = ctx.session();
    const ids = [...new Set(conditionIds.map((c) => c.toLowerCase()))];
    const known = cachedMarkets(s, ids);
    // A market the catalog has not synced is read by its condition id, for its outcomes and price now.
    for (const cid of ids.filter((c) => !known.has(c))) await catalogMarket(s, cid).catch(() => undefined);
    const rows = cachedMarkets(s, ids);
    const now = ctx.clock.now();
    const read = await tradesOf(s, ids);
    const change = changes24h(
      ids.map((cid) => {
        const m = rows.get(cid);
        const token = m?.clobTokenIds[0];
        // The price now: a fill seen live, else the newest trade read (the synced catalog's copy
        // may be older than both).
        const live = token ? s.live.lastTrade(token)?.price : undefined;
        return { conditionId: cid, outcomes: m?.outcomes.length || 2, price: live };
      }),
      read.trades,
      Math.floor(now / 1000),
    );
    const at = Number.isFinite(read.fetchedAt) ? read.fetchedAt : now;
    return {
      data: conditionIds.map((cid) => {
        const c = change.get(cid.toLowerCase());
        return { conditionId: cid, ...(c !== undefined ? { change24h: c } : {}) };
      }),
      fetchedAt: at,
      stale: read.stale,
      ageMs: Math.max(0, now - at),
    };
  };

  const handlers: HandlersOf<'markets.changes'> = { 'markets.changes': changes };
  return { handlers };
}
