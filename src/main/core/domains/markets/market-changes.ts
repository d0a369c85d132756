// The markets list's 24h change: each market's Yes price now minus its price a day ago, from the
// venue's trades (the catalog does not carry it). Asked for the rows on screen only, so the list
// itself answers at once and the column fills in after.
import type { CallArgs, CallOutput } from '@shared/ipc/contract.js';
import { perSession, type Session } from '../../session.js';
import { changes24h, readsBack24h, withCatalogChanges, type ChangeTrade } from './bracket.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import { cachedMarkets, catalogMarket } from './catalog-reads.js';

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

interface GroupRead {
  trades: ChangeTrade[];
  /** The read was not cut short: it holds every trade of its markets (checked against the window at use). */
  whole: boolean;
  fetchedAt: number;
  stale: boolean;
}

/** Per session, each group's last read as the 24h change needs it, by the group's markets. */
const readsOf = perSession(() => new Map<string, GroupRead>());
/** Groups kept per session: a screen's rows make one or two, scrolling a few more. */
const KEPT_GROUPS = 8;

async function tradesOf(s: Session, conditionIds: readonly string[], now: number): Promise<{ trades: ChangeTrade[]; complete: boolean; fetchedAt: number; stale: boolean }> {
  const kept = readsOf(s);
  const trades: ChangeTrade[] = [];
  let fetchedAt = Infinity;
  let stale = false;
  let complete = true;
  for (let i = 0; i < conditionIds.length; i += GROUP) {
    const market = [...conditionIds.slice(i, i + GROUP)].sort();
    const key = market.join(',');
    // A fresh read kept needs no second look at the cache: the cached copy is a 2 MB answer to
    // parse and check again at every 30 s poll, for the four fields of a trade used here.
    let read = kept.get(key);
    if (!read || read.stale || now - read.fetchedAt >= TRADES_FRESH_MS) {
      const q = { market, limit: TRADES, takerOnly: true };
      const r = await s.cached('data', '/trades', { ...q, market: key }, TRADES_FRESH_MS, () => s.clients.data.trades(q));
      read = { trades: r.data.map((t) => ({ conditionId: t.conditionId, outcomeIndex: t.outcomeIndex, price: t.price, timestamp: t.timestamp })), whole: r.data.length < TRADES, fetchedAt: r.fetchedAt, stale: r.stale };
      kept.delete(key);
      kept.set(key, read);
      if (kept.size > KEPT_GROUPS) kept.delete(kept.keys().next().value as string);
    }
    trades.push(...read.trades);
    complete &&= read.whole || readsBack24h(read.trades, TRADES, Math.floor(now / 1000));
    fetchedAt = Math.min(fetchedAt, read.fetchedAt);
    stale ||= read.stale;
  }
  return { trades, complete, fetchedAt, stale };
}

/** The synced catalog record's `oneDayPriceChange`, as the venue sent it. */
function oneDayChangeOf(s: Session, marketId: string | undefined): unknown {
  const raw = marketId ? s.cache.market(marketId)?.raw : undefined;
  return raw && typeof raw === 'object' ? (raw as { oneDayPriceChange?: unknown }).oneDayPriceChange : undefined;
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
    const read = await tradesOf(s, ids, now);
    const fromTrades = changes24h(
      ids.map((cid) => {
        const m = rows.get(cid);
        const token = m?.clobTokenIds[0];
        // The price now: a fill seen live, else the newest trade read inside the window (the
        // synced catalog's copy may be older than both).
        const live = token ? s.live.lastTrade(token) : undefined;
        return { conditionId: cid, outcomes: m?.outcomes.length || 2, ...(live ? { live: { price: live.price, atMs: live.at } } : {}) };
      }),
      read.trades,
      Math.floor(now / 1000),
      read.complete,
    );
    // A busy market's trades may not reach back a day: the synced catalog's own figure stands in.
    const change = withCatalogChanges(fromTrades, (cid) => oneDayChangeOf(s, rows.get(cid)?.id), s.cache.syncedAt('markets'), now);
    const at = Number.isFinite(read.fetchedAt) ? read.fetchedAt : now;
    return {
      data: conditionIds.map((cid) => {
        const c = change.get(cid.toLowerCase());
        const hint = c?.why ?? c?.from;
        return { conditionId: cid, ...(c?.change !== undefined ? { change24h: c.change } : {}), ...(c?.then !== undefined ? { price24hAgo: c.then } : {}), ...(hint !== undefined ? { hint } : {}) };
      }),
      fetchedAt: at,
      stale: read.stale,
      ageMs: Math.max(0, now - at),
    };
  };

  const handlers: HandlersOf<'markets.changes'> = { 'markets.changes': changes };
  return { handlers };
}
