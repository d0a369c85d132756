// The watchlist: markets (by condition id) and events (by catalog id) a trader stars, kept in the
// profile's user data. Listed with what the synced catalog knows of each now; a starred market the
// catalog has not synced yet is read from the venue by its condition id and kept in the cache, so
// the markets list's "Watchlist only" filter finds it too.
import type { CallOutput } from '@shared/ipc/contract.js';
import type { WatchItem } from '@shared/ipc/watchlist.js';
import type { ListedMarket } from '../../cache/list.js';
import type { Session } from '../../session.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import { cachedMarkets, ensureCached } from '../markets/catalog-reads.js';

type Row = Pick<ListedMarket, 'outcomes' | 'outcomePrices' | 'clobTokenIds' | 'volume24hr' | 'volume' | 'liquidity' | 'endDate' | 'active' | 'closed' | 'archived' | 'acceptingOrders'>;

const marketStatus = (m: Row): WatchItem['status'] =>
  m.archived ? 'archived' : m.closed ? 'closed' : m.active ? (m.acceptingOrders === false ? 'paused' : 'open') : 'closed';

function itemOf(s: Session, w: { kind: 'market' | 'event'; id: string; ref: string; title: string; addedAt: number }, markets: Map<string, ListedMarket>): WatchItem {
  const base = { kind: w.kind, id: w.id, ref: w.ref, title: w.title, addedAt: w.addedAt };
  if (w.kind === 'market') {
    const m = markets.get(w.id);
    if (!m) return { ...base, status: 'unknown' };
    return {
      ...base,
      ref: m.id,
      title: m.question || w.title,
      outcomes: m.outcomes,
      outcomePrices: m.outcomePrices,
      clobTokenIds: m.clobTokenIds,
      ...(m.volume24hr !== undefined ? { volume24hr: m.volume24hr } : {}),
      ...(m.volume !== undefined ? { volume: m.volume } : {}),
      ...(m.liquidity !== undefined ? { liquidity: m.liquidity } : {}),
      ...(m.endDate ? { endDate: m.endDate } : {}),
      status: marketStatus(m),
    };
  }
  const e = s.cache.listEvents({ id: w.id, status: 'all', sort: 'volume', ascending: false, limit: 1, offset: 0 }).rows[0];
  if (!e) return { ...base, status: 'unknown' };
  return {
    ...base,
    title: e.title || w.title,
    ...(e.volume24hr !== undefined ? { volume24hr: e.volume24hr } : {}),
    ...(e.volume !== undefined ? { volume: e.volume } : {}),
    ...(e.liquidity !== undefined ? { liquidity: e.liquidity } : {}),
    ...(e.endDate ? { endDate: e.endDate } : {}),
    status: e.status === 'inactive' ? 'closed' : e.status,
    markets: e.markets,
  };
}

export type Watchlist = Omit<ReturnType<typeof watchlistDomain>, 'name' | 'handlers'>;

export function watchlistDomain(ctx: CoreContext) {
  const list = (s: Session): CallOutput<'watchlist.list'> => {
    const rows = s.user.watch.list();
    const markets = cachedMarkets(s, rows.filter((r) => r.kind === 'market').map((r) => r.id));
    return rows.map((r) => itemOf(s, r, markets));
  };

  /** Condition ids of the starred markets, each read into the cache when it is not there yet. */
  const watchedMarkets = async (s: Session): Promise<string[]> => {
    const ids = s.user.watch.marketIds();
    await ensureCached(s, ids);
    return ids;
  };

  const handlers: HandlersOf<'watchlist.list' | 'watchlist.add' | 'watchlist.remove'> = {
    'watchlist.list': () => list(ctx.session()),
    'watchlist.add': async ({ kind, id, ref, title }) => {
      const s = ctx.session();
      // Condition ids are hex: one spelling, whatever the caller's case.
      const key = kind === 'market' ? id.toLowerCase() : id;
      if (kind === 'market') await ensureCached(s, [key]);
      const known = kind === 'market' ? cachedMarkets(s, [key]).get(key) : undefined;
      s.check();
      s.user.watch.add({ kind, id: key, ref: ref ?? known?.id ?? id, title: title ?? known?.question ?? '' });
      ctx.emit('watchlist.changed', { kind, id: key, starred: true });
      const item = list(s).find((w) => w.kind === kind && w.id === key);
      if (!item) throw new Error(`${kind} ${id} was starred but is not on the watchlist`);
      return item;
    },
    'watchlist.remove': ({ kind, id }) => {
      const s = ctx.session();
      const key = kind === 'market' ? id.toLowerCase() : id;
      const removed = s.user.watch.remove(kind, key);
      if (removed) ctx.emit('watchlist.changed', { kind, id: key, starred: false });
      return { removed };
    },
  };

  return { name: 'watchlist', handlers, watchedMarkets };
}
