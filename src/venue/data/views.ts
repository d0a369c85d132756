// The data surface (spec §4.1), computed from the fills ledger and its derived positions.
import { prepared } from '../db/prepared.js';
import type { Db } from '../db/open.js';
import { markPrices, marketsByCondition, walletOrBlank, walletStamp, type MarketInfo, type WalletInfo } from '../market-index.js';
import { Lru } from '../lru.js';
import { MICRO } from '../money.js';
import { standings, type Period, type Standing } from './standings.js';

const round = (x: number, dp = 6): number => {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
};
const cash = (micro: number): number => round(micro / MICRO);

function profile(w: WalletInfo): { name: string; pseudonym: string; bio: string; profileImage: string; profileImageOptimized: string } {
  return { name: w.name, pseudonym: w.pseudonym, bio: w.bio, profileImage: w.profileImage, profileImageOptimized: w.profileImage };
}

// ---------------------------------------------------------------- trades

export interface TradesParams {
  limit: number;
  offset: number;
  takerOnly: boolean;
  filterType?: 'CASH' | 'TOKENS' | undefined;
  filterAmount?: number | undefined;
  market?: string[] | undefined;
  user?: string | undefined;
  side?: 'BUY' | 'SELL' | undefined;
}

interface FillRow {
  id: number; ts: number; wallet: string; condition_id: string; outcome_index: number; side: 'BUY' | 'SELL'; price: number; size: number; usdc: number; tx_hash: string;
}

export function trades(db: Db, q: TradesParams): unknown[] {
  if (q.limit === 0) return [];
  const where: string[] = [];
  const args: Array<string | number> = [];
  if (q.takerOnly) where.push("role = 'T'");
  if (q.user) {
    where.push('wallet = ?');
    args.push(q.user.toLowerCase());
  }
  if (q.market?.length) {
    where.push(`condition_id IN (${q.market.map(() => '?').join(',')})`);
    args.push(...q.market.map((m) => m.toLowerCase()));
  }
  if (q.side) {
    where.push('side = ?');
    args.push(q.side);
  }
  if (q.filterType && q.filterAmount !== undefined) {
    where.push(q.filterType === 'CASH' ? 'usdc >= ?' : 'size >= ?');
    args.push(Math.ceil(q.filterAmount * MICRO));
  }
  const sql = `SELECT id, ts, wallet, condition_id, outcome_index, side, price, size, usdc, tx_hash FROM fills
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ts DESC, id DESC LIMIT ? OFFSET ?`;
  const rows = db.prepare(sql).all(...args, q.limit, q.offset) as FillRow[];
  const markets = marketsByCondition(db);
  return rows.map((r) => {
    const m = markets.get(r.condition_id);
    const w = walletOrBlank(db, r.wallet);
    return {
      proxyWallet: r.wallet,
      side: r.side,
      asset: `${r.condition_id}:${r.outcome_index}`,
      conditionId: r.condition_id,
      size: cash(r.size),
      price: cash(r.price),
      timestamp: Math.floor(r.ts / 1000),
      usdcSize: cash(r.usdc),
      title: m?.question ?? '',
      slug: m?.slug ?? '',
      eventSlug: m?.eventSlug ?? '',
      icon: m?.icon ?? '',
      outcome: m?.outcomes[r.outcome_index] ?? '',
      outcomeIndex: r.outcome_index,
      ...profile(w),
      transactionHash: r.tx_hash,
    };
  });
}

// ---------------------------------------------------------------- positions

export type PositionSort = 'CURRENT' | 'INITIAL' | 'TOKENS' | 'CASHPNL' | 'PERCENTPNL' | 'TITLE' | 'RESOLVING' | 'PRICE' | 'AVGPRICE';

export interface PositionsParams {
  user: string;
  market?: string[] | undefined;
  sizeThreshold: number;
  redeemable: boolean;
  mergeable: boolean;
  limit: number;
  offset: number;
  sortBy: PositionSort;
  sortDirection: 'ASC' | 'DESC';
  title?: string | undefined;
}

interface PositionRow {
  condition_id: string; outcome_index: number; size: number; cost: number; total_bought: number; bought_cost: number; realized: number; last_ts: number;
}

export interface PositionOut {
  proxyWallet: string; asset: string; conditionId: string; size: number; avgPrice: number; initialValue: number; currentValue: number;
  cashPnl: number; percentPnl: number; totalBought: number; realizedPnl: number; percentRealizedPnl: number; curPrice: number;
  redeemable: boolean; mergeable: boolean; title: string; slug: string; icon: string; eventSlug: string; outcome: string;
  outcomeIndex: number; oppositeOutcome: string; oppositeAsset: string; timestamp: number; endDate: string; negativeRisk: boolean;
}

/** What a position is worth and whether it can be redeemed or merged: all that sorts and filters it. */
type PositionFigures = Pick<PositionOut, 'size' | 'avgPrice' | 'initialValue' | 'currentValue' | 'cashPnl' | 'percentPnl' | 'totalBought' | 'realizedPnl' | 'percentRealizedPnl' | 'curPrice' | 'redeemable' | 'mergeable'>;

// One function per figure, so a sort key and the figure written out are the same number.
const sizeOf = (r: PositionRow): number => round(r.size / MICRO);
const initialValueOf = (r: PositionRow): number => round(r.cost / MICRO);
const curPriceOf = (markMicro: number): number => round(markMicro / MICRO);
/** Unrounded: what the tokens are worth at the mark, and that less what they cost. */
const worth = (r: PositionRow, markMicro: number): number => (r.size / MICRO) * (markMicro / MICRO);
const gain = (r: PositionRow, markMicro: number): number => worth(r, markMicro) - r.cost / MICRO;
const currentValueOf = (r: PositionRow, markMicro: number): number => round(worth(r, markMicro));
const cashPnlOf = (r: PositionRow, markMicro: number): number => round(gain(r, markMicro));
const percentPnlOf = (r: PositionRow, markMicro: number): number => round(r.cost > 0 ? (gain(r, markMicro) / (r.cost / MICRO)) * 100 : 0, 4);
const avgPriceOf = (r: PositionRow): number => round(r.size > 0 ? r.cost / r.size : r.total_bought > 0 ? r.bought_cost / r.total_bought : 0);
const redeemableOf = (r: PositionRow, m: MarketInfo): boolean => m.status === 'resolved' && m.winnerIndex === r.outcome_index && r.size > 0;
const mergeableOf = (r: PositionRow, m: MarketInfo, heldOutcomes: Set<number> | undefined): boolean =>
  r.size > 0 && heldOutcomes !== undefined && m.outcomes.every((_, i) => heldOutcomes.has(i));

function positionFigures(r: PositionRow, m: MarketInfo, markMicro: number, heldOutcomes: Set<number> | undefined): PositionFigures {
  return {
    size: sizeOf(r),
    avgPrice: avgPriceOf(r),
    initialValue: initialValueOf(r),
    currentValue: currentValueOf(r, markMicro),
    cashPnl: cashPnlOf(r, markMicro),
    percentPnl: percentPnlOf(r, markMicro),
    totalBought: round(r.total_bought / MICRO),
    realizedPnl: cash(r.realized),
    percentRealizedPnl: round(r.bought_cost > 0 ? (r.realized / r.bought_cost) * 100 : 0, 4),
    curPrice: curPriceOf(markMicro),
    redeemable: redeemableOf(r, m),
    mergeable: mergeableOf(r, m, heldOutcomes),
  };
}

function positionOut(wallet: string, r: HeldRow, m: MarketInfo, f: PositionFigures): PositionOut {
  const opposite = m.outcomes.length === 2 ? 1 - r.outcome_index : -1;
  return {
    proxyWallet: wallet,
    asset: r.asset,
    conditionId: r.condition_id,
    size: f.size,
    avgPrice: f.avgPrice,
    initialValue: f.initialValue,
    currentValue: f.currentValue,
    cashPnl: f.cashPnl,
    percentPnl: f.percentPnl,
    totalBought: f.totalBought,
    realizedPnl: f.realizedPnl,
    percentRealizedPnl: f.percentRealizedPnl,
    curPrice: f.curPrice,
    redeemable: f.redeemable,
    mergeable: f.mergeable,
    title: m.question,
    slug: m.slug,
    icon: m.icon,
    eventSlug: m.eventSlug,
    outcome: m.outcomes[r.outcome_index] ?? '',
    outcomeIndex: r.outcome_index,
    oppositeOutcome: opposite >= 0 ? (m.outcomes[opposite] ?? '') : '',
    oppositeAsset: opposite >= 0 ? `${r.condition_id}:${opposite}` : '',
    timestamp: Math.floor(r.last_ts / 1000),
    endDate: new Date(m.endDate).toISOString(),
    negativeRisk: m.negRisk,
  };
}

/** The numeric sort keys; TITLE sorts on text and is handled apart. */
const numericKeys: Record<Exclude<PositionSort, 'TITLE'>, (r: PositionRow, m: MarketInfo, markMicro: number) => number> = {
  CURRENT: (r, _m, mark) => currentValueOf(r, mark),
  INITIAL: (r) => initialValueOf(r),
  TOKENS: (r) => sizeOf(r),
  CASHPNL: (r, _m, mark) => cashPnlOf(r, mark),
  PERCENTPNL: (r, _m, mark) => percentPnlOf(r, mark),
  RESOLVING: (_r, m) => m.endDate,
  PRICE: (_r, _m, mark) => curPriceOf(mark),
  AVGPRICE: (r) => avgPriceOf(r),
};

/** A position row with its asset id, and which outcomes of each market the wallet holds. */
interface HeldRow extends PositionRow {
  asset: string;
}
interface Holdings {
  stamp: string;
  rows: HeldRow[];
  held: Map<string, Set<number>>;
}

/**
 * A wallet's rows, kept until one of its own fills lands: the busiest wallets hold over a
 * thousand positions, and reading them afresh on every request (row objects, asset strings)
 * churned the venue's heap into a full collection every half second under a polling client.
 * Bounded in rows held, so a crawl over many wallets cannot grow the venue.
 */
const holdingsCache = new WeakMap<Db, Lru<string, Holdings>>();
const HOLDINGS_ROWS = 20_000;

function holdings(db: Db, wallet: string): Holdings {
  const stamp = walletStamp(db, wallet);
  let cache = holdingsCache.get(db);
  if (!cache) holdingsCache.set(db, (cache = new Lru<string, Holdings>(HOLDINGS_ROWS, (h) => h.rows.length + 1)));
  const hit = cache.get(wallet);
  if (hit && hit.stamp === stamp) return hit;
  const rows = prepared(db, 'SELECT condition_id, outcome_index, size, cost, total_bought, bought_cost, realized, last_ts FROM positions WHERE wallet = ?').all(wallet) as HeldRow[];
  const held = new Map<string, Set<number>>();
  const markets = marketsByCondition(db);
  for (const r of rows) {
    // The market's own id string stands in for the row's copy: one string per market, not per row.
    r.condition_id = markets.get(r.condition_id)?.conditionId ?? r.condition_id;
    r.asset = `${r.condition_id}:${r.outcome_index}`;
    if (r.size <= 0) continue;
    const s = held.get(r.condition_id) ?? new Set<number>();
    s.add(r.outcome_index);
    held.set(r.condition_id, s);
  }
  const h = { stamp, rows, held };
  cache.set(wallet, h);
  return h;
}

/**
 * A wallet's positions: filtered and sorted on keys computed into typed arrays, and only the
 * page's written out in full, so a read allocates little beyond its answer.
 */
export function positions(db: Db, q: PositionsParams): PositionOut[] {
  const wallet = q.user.toLowerCase();
  const { rows, held } = holdings(db, wallet);
  const markets = marketsByCondition(db);
  const marks = markPrices(db);
  const wanted = q.market?.length ? new Set(q.market.map((c) => c.toLowerCase())) : null;
  const title = q.title?.toLowerCase();
  const threshold = Math.round(q.sizeThreshold * MICRO);
  const numeric = q.sortBy === 'TITLE' ? null : numericKeys[q.sortBy];
  const picked = new Uint32Array(rows.length);
  let count = 0;
  // Numbers in a typed array (no boxed doubles); TITLE's text in a plain one.
  const keys: { [i: number]: number | string } = numeric ? new Float64Array(rows.length) : new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as HeldRow;
    const m = markets.get(r.condition_id);
    if (!m || r.size < threshold) continue;
    if (wanted && !wanted.has(r.condition_id)) continue;
    if (title && !m.question.toLowerCase().includes(title)) continue;
    if (q.redeemable && !redeemableOf(r, m)) continue;
    if (q.mergeable && !mergeableOf(r, m, held.get(r.condition_id))) continue;
    keys[i] = numeric ? numeric(r, m, marks.get(r.asset) ?? 0) : m.question.toLowerCase();
    picked[count++] = i;
  }
  const dir = q.sortDirection === 'ASC' ? 1 : -1;
  const order = picked.subarray(0, count).sort((a, b) => {
    const x = keys[a] as number | string;
    const y = keys[b] as number | string;
    if (x !== y) return (x < y ? -1 : 1) * dir;
    const assetA = (rows[a] as HeldRow).asset;
    const assetB = (rows[b] as HeldRow).asset;
    return assetA < assetB ? -1 : assetA > assetB ? 1 : 0;
  });
  const page: PositionOut[] = [];
  for (const i of order.subarray(q.offset, q.offset + q.limit)) {
    const r = rows[i] as HeldRow;
    const m = markets.get(r.condition_id) as MarketInfo;
    page.push(positionOut(wallet, r, m, positionFigures(r, m, marks.get(r.asset) ?? 0, held.get(r.condition_id))));
  }
  return page;
}

// ---------------------------------------------------------------- holders

export interface HoldersParams {
  market: string[];
  limit: number;
  minBalance: number;
}

export function holders(db: Db, q: HoldersParams): unknown[] {
  const markets = marketsByCondition(db);
  const stmt = db.prepare(
    'SELECT wallet, size FROM positions WHERE condition_id = ? AND outcome_index = ? AND size >= ? ORDER BY size DESC, wallet LIMIT ?',
  );
  const min = Math.max(1, Math.round(q.minBalance * MICRO));
  const groups: unknown[] = [];
  for (const c of new Set(q.market.map((x) => x.toLowerCase()))) {
    const m = markets.get(c);
    if (!m) continue;
    m.outcomes.forEach((_, i) => {
      const asset = `${c}:${i}`;
      const rows = q.limit === 0 ? [] : (stmt.all(c, i, min, q.limit) as Array<{ wallet: string; size: number }>);
      groups.push({
        token: asset,
        holders: rows.map((r) => {
          const w = walletOrBlank(db, r.wallet);
          return {
            proxyWallet: r.wallet,
            bio: w.bio,
            asset,
            pseudonym: w.pseudonym,
            amount: cash(r.size),
            displayUsernamePublic: w.displayPublic,
            outcomeIndex: i,
            name: w.name,
            profileImage: w.profileImage,
            profileImageOptimized: w.profileImage,
          };
        }),
      });
    });
  }
  return groups;
}

// ---------------------------------------------------------------- leaderboard

export interface LeaderboardParams {
  category: string;
  timePeriod: Period;
  orderBy: 'PNL' | 'VOL';
  limit: number;
  offset: number;
  user?: string | undefined;
  userName?: string | undefined;
}

export function leaderboard(db: Db, q: LeaderboardParams, now: number): unknown[] {
  const list = standings(db, q.category, q.timePeriod, q.orderBy, now);
  const entry = (s: Standing, i: number) => {
    const w = walletOrBlank(db, s.wallet);
    return {
      rank: String(i + 1),
      proxyWallet: s.wallet,
      userName: w.name,
      vol: cash(s.vol),
      pnl: cash(s.pnl),
      profileImage: w.profileImage,
      xUsername: w.xUsername,
      verifiedBadge: w.verified,
    };
  };
  if (q.user !== undefined || q.userName !== undefined) {
    const user = q.user?.toLowerCase();
    const name = q.userName?.toLowerCase();
    const out: unknown[] = [];
    list.forEach((s, i) => {
      if (user !== undefined && s.wallet !== user) return;
      if (name !== undefined && walletOrBlank(db, s.wallet).name.toLowerCase() !== name) return;
      out.push(entry(s, i));
    });
    return out;
  }
  return list.slice(q.offset, q.offset + q.limit).map((s, i) => entry(s, q.offset + i));
}
