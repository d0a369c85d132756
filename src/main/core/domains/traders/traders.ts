// Traders: one wallet's standing (traders.get), and the wallets a trader follows. A followed
// wallet's positions are snapshotted from the data surface into user data — the one last seen
// and the latest — so the Following screen shows what changed since the last look, offline too.
// A watcher (its own timer; `sweep` for tests) reads each followed wallet's trades and raises a
// notice (`notices.raised`, kind 'followed') for a fill of at least the size set for it.
import { formatMicros, parseMicros, usdText } from '@shared/domain/money.js';
import type { CallArgs, CallName } from '@shared/ipc/contract.js';
import type { FollowedTrader } from '@shared/ipc/following.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';
import { sweepTimer } from '../../sweeps.js';
import { AppError } from '../../router.js';
import { perSession, type Session } from '../../session.js';
import { followDiff } from './diff.js';
import { keyed, newTrades, readSnapshot, readTrades, tradeWords, type SeenTrade } from './reads.js';
import { follows, type FollowRow } from './store.js';
import { traderSummary } from './summary.js';

/** Followed wallets are read on this timer unless said otherwise. */
const FOLLOW_EVERY = 60_000;
/** Wallets one profile follows at most: each costs reads on every pass. */
export const FOLLOW_MAX = 100;
/** Notices told one by one per wallet and pass; more become one notice saying how many. */
const NOTICES_PER_PASS = 3;
/** Wallets read at once by the Following screen: a long list stays inside the data surface's rate limits. */
const READS_AT_ONCE = 4;

export interface FollowingOptions {
  /** `false` turns the watcher's timer off (reads of the Following screen still refresh); `everyMs` is 60 s unless said. */
  following?: false | { everyMs?: number };
}

const short = (a: string): string => `${a.slice(0, 6)}…${a.slice(-4)}`;
const STALE_CALLS: CallName[] = ['traders.following'];

export function tradersDomain(ctx: CoreContext, opts: FollowingOptions) {
  const now = () => ctx.clock.now();
  // A wallet read at most once at a time: the screen and the timer share the read under way.
  const reading = perSession(() => new Map<string, Promise<boolean>>());

  const who = (r: FollowRow): string => r.label ?? r.name ?? short(r.address);

  const notify = (r: FollowRow, trades: SeenTrade[]): void => {
    const min = r.minTrade;
    if (min === undefined) return;
    const big = trades.filter((t) => t.cash !== undefined && t.cash >= min);
    for (const t of big.slice(0, NOTICES_PER_PASS)) {
      ctx.emit('notices.raised', {
        kind: 'followed',
        title: `${who(r)} ${t.trade.side === 'SELL' ? 'sold' : 'bought'} ${usdText(t.cash as bigint)}`,
        body: tradeWords(t),
        address: r.address,
        ...(t.trade.conditionId ? { conditionId: t.trade.conditionId.toLowerCase() } : {}),
        ...(t.trade.eventSlug ? { eventSlug: t.trade.eventSlug } : {}),
        at: now(),
      });
    }
    const more = big.length - NOTICES_PER_PASS;
    if (more > 0) {
      ctx.emit('notices.raised', { kind: 'followed', title: `${who(r)} made ${more} more ${more === 1 ? 'trade' : 'trades'} of ${usdText(min)} or more`, body: 'Open the trader’s page for every trade.', address: r.address, at: now() });
    }
  };

  /** Reads the wallet's positions and trades; true when its snapshot or trades changed. A failed read is kept as its problem. */
  const refresh = (s: Session, address: string): Promise<boolean> => {
    const under = reading(s);
    const going = under.get(address);
    if (going) return going;
    const run = (async () => {
      const store = follows(s);
      try {
        const [snap, trades] = await Promise.all([readSnapshot(s, address), readTrades(s, address)]);
        s.check();
        const row = store.get(address);
        if (!row) return false; // unfollowed meanwhile
        const name = trades.find((t) => t.name || t.pseudonym);
        const before = store.snapshot(address, 'latest')?.at;
        store.keepLatest(address, snap, name?.name || name?.pseudonym || undefined);
        const { fresh, ts, keys } = newTrades(keyed(trades), { ts: row.tradesTs, keys: row.tradesKeys });
        store.tradesSeen(address, ts, keys);
        notify({ ...row, name: row.name ?? name?.name ?? undefined }, fresh);
        return before !== snap.at || fresh.length > 0 || row.problem !== undefined;
      } catch (err) {
        if (!s.isOpen || ctx.closing()) return false;
        const e = err as { name?: string; message?: string };
        const problem = e.name === 'NetworkError' || e.name === 'StaleRead' ? 'The venue could not be reached: showing the last snapshot kept.' : `The venue’s answer could not be used: ${e.message ?? String(err)}`;
        if (store.get(address)) store.failed(address, problem);
        if (e.name !== 'NetworkError' && e.name !== 'StaleRead') ctx.log.warn('reading a followed wallet failed', { address, error: e.message ?? String(err) });
        return false;
      } finally {
        under.delete(address);
      }
    })();
    under.set(address, run);
    return run;
  };

  const out = (s: Session, r: FollowRow): FollowedTrader => {
    const store = follows(s);
    const latest = store.snapshot(r.address, 'latest');
    const seen = store.snapshot(r.address, 'seen');
    return {
      address: r.address,
      ...(r.label ? { label: r.label } : {}),
      ...(r.name ? { name: r.name } : {}),
      ...(r.minTrade !== undefined ? { minTradeUsd: formatMicros(r.minTrade) } : {}),
      followedAt: r.followedAt,
      seenAt: r.seenAt,
      ...(latest ? { snapshotAt: latest.at } : {}),
      stale: r.problem !== undefined,
      ...(r.problem ? { problem: r.problem } : {}),
      openPositions: latest?.positions.filter((p) => p.size > 0n).length ?? 0,
      complete: latest?.complete ?? false,
      changes: followDiff(seen, latest),
      ...(r.tradesTs ? { lastTradeAt: r.tradesTs } : {}),
    };
  };

  const row = (s: Session, address: string): FollowRow => {
    const r = follows(s).get(address);
    if (!r) throw new AppError('NOT_FOUND', `${address} is not followed on ${s.profile.name}`);
    return r;
  };

  /** Snapshots older than the data surface's freshness (or any, when `all`) are read again. */
  const due = (s: Session, r: FollowRow, maxAge: number): boolean => {
    const at = follows(s).snapshot(r.address, 'latest')?.at;
    return at === undefined || now() - at >= maxAge;
  };

  const follow = async ({ address: raw, label, minTradeUsd }: CallArgs<'traders.follow'>): Promise<FollowedTrader> => {
    const s = ctx.session();
    const address = raw.toLowerCase();
    const store = follows(s);
    const known = store.get(address);
    if (!known && store.list().length >= FOLLOW_MAX) throw new AppError('INVALID_INPUT', `at most ${FOLLOW_MAX} wallets can be followed; unfollow one first`, { field: 'address' });
    const minTrade = minTradeUsd === undefined ? undefined : minTradeUsd === null ? null : (parseMicros(minTradeUsd) as bigint);
    store.put(address, now(), { label, minTrade });
    // The first snapshot is what its changes count from; a failed read is said on the screen.
    if (!known || due(s, row(s, address), FRESH.data)) await refresh(s, address);
    s.check();
    return out(s, row(s, address));
  };

  /** One pass of the watcher: every followed wallet whose snapshot is due. */
  const sweep = async (maxAge = FRESH.data): Promise<void> => {
    const s = ctx.session();
    if (!s.isOpen) return;
    let changed = false;
    for (const r of follows(s).list()) {
      if (!s.isOpen || ctx.closing()) return;
      if (!due(s, r, maxAge)) continue;
      if (await refresh(s, r.address)) changed = true;
    }
    if (changed && s.isOpen && !ctx.closing()) ctx.emit('calls.stale', { names: STALE_CALLS });
  };

  const handlers: HandlersOf<'traders.get' | 'traders.follow' | 'traders.unfollow' | 'traders.following' | 'traders.seen'> = {
    'traders.get': ({ address }) => traderSummary(ctx.session(), address),
    'traders.follow': follow,
    'traders.unfollow': ({ address }) => ({ removed: follows(ctx.session()).remove(address.toLowerCase()) }),
    'traders.following': async ({ read }) => {
      const s = ctx.session();
      const rows = follows(s).list();
      if (read) {
        const todo = rows.filter((r) => due(s, r, FRESH.data)).map((r) => r.address);
        const lane = async (): Promise<void> => {
          for (let a = todo.shift(); a !== undefined; a = todo.shift()) await refresh(s, a);
        };
        await Promise.all(Array.from({ length: READS_AT_ONCE }, lane));
      }
      s.check();
      return follows(s).list().map((r) => out(s, r));
    },
    'traders.seen': ({ address }) => {
      const s = ctx.session();
      const a = address.toLowerCase();
      row(s, a);
      follows(s).markSeen(a, now());
      return out(s, row(s, a));
    },
  };

  const every = opts.following === false ? undefined : (opts.following?.everyMs ?? FOLLOW_EVERY);
  const timer = sweepTimer(ctx, every, () => sweep(Math.min(every ?? FOLLOW_EVERY, FRESH.data)), 'reading followed wallets failed');
  return {
    name: 'traders',
    handlers,
    invalidates: { 'traders.follow': STALE_CALLS, 'traders.unfollow': STALE_CALLS, 'traders.seen': STALE_CALLS },
    /** One pass now (tests; the timer's own pass). */
    sweep,
    start: timer.start,
    stop: timer.stop,
  };
}
