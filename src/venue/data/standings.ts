// Leaderboard standings (spec §4.1, venue profile: windows DAY, WEEK, MONTH, ALL), kept current
// instead of summed from every fill on each read: per window, the sums of each wallet's fills in
// each outcome are held, new fills are folded in by id, and the fills a sliding window gains or
// loses at its edges are added or taken off. A read then only weighs those sums at today's marks.
// The sums are whole micro-units in doubles, exact far beyond any ledger's size, so the answer is
// the same as a recomputation from the fills table.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { ledgerVersion } from '../ledger.js';
import { catalogVersion, markPrices, marketsByCondition } from '../market-index.js';
import { MICRO } from '../money.js';

export type Period = 'DAY' | 'WEEK' | 'MONTH' | 'ALL';

const PERIOD_MS: Record<Period, number> = { DAY: 86_400_000, WEEK: 7 * 86_400_000, MONTH: 30 * 86_400_000, ALL: Number.POSITIVE_INFINITY };

export interface Standing {
  wallet: string;
  vol: number; // micro
  pnl: number; // micro
}

/** A fill as the sums need it: wallet, market, outcome, side, usdc, fee, size (raw row). */
type FillCells = [string, string, number, 'BUY' | 'SELL', number, number, number];
const FILL_CELLS = 'wallet, condition_id, outcome_index, side, usdc, fee, size';

/** Per group (a wallet in one outcome), three sums: cash traded, cash in less cash out, tokens netted. */
const VOL = 0;
const FLOW = 1;
const NET = 2;
const SUMS = 3;

/** Groups per page of a window's sums. */
const PAGE = 512;

/**
 * The fills with since <= ts <= upto (and id <= the board's watermark), summed per group, in
 * pages allocated only where the window has fills. Groups are numbered newest first as windows
 * are built (see applyRange), so a short window's groups sit in the first pages.
 */
interface Window {
  since: number;
  upto: number;
  pages: Array<Float64Array | undefined>;
  /** Bumped whenever a fill enters or leaves: what a cached answer is kept against. */
  changes: number;
}

interface Board {
  /** Highest fill id folded into every window. */
  watermark: number;
  wallets: string[];
  walletIndex: Map<string, number>;
  /** Per market, the asset index of each outcome. */
  assetIndex: Map<string, number[]>;
  assetMarket: string[];
  assetKey: string[];
  /** Open-addressed hash of (wallet, asset) → group + 1 (0: empty): a Map of 10^5 pairs weighs megabytes. */
  table: Int32Array;
  groupWallet: Int32Array;
  groupAsset: Int32Array;
  groups: number;
  windows: Map<Period, Window>;
  cache: Map<string, Standing[]>;
}

const boards = new WeakMap<Db, Board>();

function board(db: Db): Board {
  let b = boards.get(db);
  if (!b) {
    const watermark = prepared(db, 'SELECT COALESCE(MAX(id), 0) FROM fills').pluck().get() as number;
    b = {
      watermark, wallets: [], walletIndex: new Map(), assetIndex: new Map(), assetMarket: [], assetKey: [],
      table: new Int32Array(2048), groupWallet: new Int32Array(1024), groupAsset: new Int32Array(1024), groups: 0, windows: new Map(), cache: new Map(),
    };
    boards.set(db, b);
  }
  return b;
}

const hash = (w: number, a: number): number => Math.imul(w, 0x9e3779b1) ^ Math.imul(a, 0x85ebca77);

function rehash(b: Board): void {
  const table = new Int32Array(b.table.length * 2);
  const mask = table.length - 1;
  for (let g = 0; g < b.groups; g++) {
    let slot = hash(b.groupWallet[g] as number, b.groupAsset[g] as number) & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = g + 1;
  }
  b.table = table;
}

function groupOf(b: Board, wallet: string, conditionId: string, outcome: number): number {
  let w = b.walletIndex.get(wallet);
  if (w === undefined) {
    w = b.wallets.push(wallet) - 1;
    b.walletIndex.set(wallet, w);
  }
  let outcomes = b.assetIndex.get(conditionId);
  if (!outcomes) b.assetIndex.set(conditionId, (outcomes = []));
  let a = outcomes[outcome];
  if (a === undefined) {
    a = outcomes[outcome] = b.assetKey.push(`${conditionId}:${outcome}`) - 1;
    b.assetMarket.push(conditionId);
  }
  const mask = b.table.length - 1;
  let slot = hash(w, a) & mask;
  for (let at = b.table[slot] as number; at !== 0; at = b.table[slot] as number) {
    if (b.groupWallet[at - 1] === w && b.groupAsset[at - 1] === a) return at - 1;
    slot = (slot + 1) & mask;
  }
  const g = b.groups++;
  if (g === b.groupWallet.length) {
    const cap = Math.ceil(g * 1.25);
    const grow = (from: Int32Array) => {
      const to = new Int32Array(cap);
      to.set(from);
      return to;
    };
    b.groupWallet = grow(b.groupWallet);
    b.groupAsset = grow(b.groupAsset);
  }
  b.groupWallet[g] = w;
  b.groupAsset[g] = a;
  b.table[slot] = g + 1;
  // Kept at most half full, so probes stay short.
  if (b.groups * 2 > b.table.length) rehash(b);
  return g;
}

function add(b: Board, win: Window, f: FillCells, sign: 1 | -1): void {
  const g = groupOf(b, f[0], f[1], f[2]);
  const page = Math.floor(g / PAGE);
  let sums = win.pages[page];
  if (!sums) win.pages[page] = sums = new Float64Array(PAGE * SUMS);
  const at = (g % PAGE) * SUMS;
  const [, , , side, usdc, fee, size] = f;
  sums[at + VOL] = (sums[at + VOL] as number) + sign * usdc;
  sums[at + FLOW] = (sums[at + FLOW] as number) + sign * (side === 'SELL' ? usdc - fee : -usdc - fee);
  sums[at + NET] = (sums[at + NET] as number) + sign * (side === 'BUY' ? size : -size);
  win.changes++;
}

/** Adds (or takes off) the folded fills with lo <= ts <= hi, newest first: a group first seen
 *  here is numbered after every group with a later fill. */
function applyRange(db: Db, b: Board, win: Window, lo: number, hi: number, sign: 1 | -1): void {
  if (lo > hi) return;
  const stmt: Statement = prepared(db, `SELECT ${FILL_CELLS} FROM fills WHERE ts >= ? AND ts <= ? AND id <= ? ORDER BY ts DESC`);
  for (const f of stmt.raw().iterate(lo, hi, b.watermark) as IterableIterator<FillCells>) add(b, win, f, sign);
}

/** Folds the fills written since the last read into every window that covers their time. */
function foldNew(db: Db, b: Board): void {
  const rows = prepared(db, `SELECT id, ts, ${FILL_CELLS} FROM fills WHERE id > ? ORDER BY id`).raw().all(b.watermark) as Array<[number, number, ...FillCells]>;
  for (const [id, ts, ...f] of rows) {
    for (const win of b.windows.values()) if (win.since <= ts && ts <= win.upto) add(b, win, f, 1);
    b.watermark = id;
  }
}

/** The window moved to [since, upto]: what entered is added, what left taken off. */
function slide(db: Db, b: Board, period: Period, since: number, upto: number): Window {
  let win = b.windows.get(period);
  if (win && (since > win.upto || upto < win.since)) {
    b.windows.delete(period);
    win = undefined;
  }
  if (!win) {
    win = { since, upto, pages: [], changes: 0 };
    b.windows.set(period, win);
    applyRange(db, b, win, since, upto, 1);
    return win;
  }
  if (since > win.since) applyRange(db, b, win, win.since, since - 1, -1);
  else applyRange(db, b, win, since, win.since - 1, 1);
  if (upto > win.upto) applyRange(db, b, win, win.upto + 1, upto, 1);
  else applyRange(db, b, win, upto + 1, win.upto, -1);
  win.since = since;
  win.upto = upto;
  return win;
}

/**
 * Every wallet that traded in the window, best first. P&L of a window = cash in minus cash out
 * of the window's fills (fees included) plus the tokens they netted at today's mark; over ALL
 * that is realised + unrealised P&L.
 */
export function standings(db: Db, category: string, period: Period, orderBy: 'PNL' | 'VOL', now: number): Standing[] {
  const b = board(db);
  foldNew(db, b);
  const since = period === 'ALL' ? 0 : now - PERIOD_MS[period];
  const win = slide(db, b, period, since, now);
  const key = `${ledgerVersion(db)}|${catalogVersion(db)}|${category}|${period}|${orderBy}|${win.changes}`;
  const hit = b.cache.get(key);
  if (hit) return hit;

  const markets = marketsByCondition(db);
  const marks = markPrices(db);
  const assets = b.assetKey.length;
  const markOf = new Float64Array(assets);
  const counted = new Uint8Array(assets);
  for (let a = 0; a < assets; a++) {
    markOf[a] = marks.get(b.assetKey[a] as string) ?? 0;
    counted[a] = category === 'OVERALL' || markets.get(b.assetMarket[a] as string)?.category === category ? 1 : 0;
  }
  const vol = new Float64Array(b.wallets.length);
  const pnl = new Float64Array(b.wallets.length);
  win.pages.forEach((sums, page) => {
    if (!sums) return;
    const first = page * PAGE;
    const end = Math.min(PAGE, b.groups - first);
    for (let i = 0; i < end; i++) {
      const g = first + i;
      const a = b.groupAsset[g] as number;
      if (!counted[a]) continue;
      const at = i * SUMS;
      const w = b.groupWallet[g] as number;
      vol[w] = (vol[w] as number) + (sums[at + VOL] as number);
      pnl[w] = (pnl[w] as number) + ((sums[at + FLOW] as number) + Math.round(((sums[at + NET] as number) * (markOf[a] as number)) / MICRO));
    }
  });
  const list: Standing[] = [];
  for (let w = 0; w < b.wallets.length; w++) {
    if ((vol[w] as number) > 0) list.push({ wallet: b.wallets[w] as string, vol: vol[w] as number, pnl: pnl[w] as number });
  }
  const k = orderBy === 'PNL' ? 'pnl' : 'vol';
  list.sort((x, y) => y[k] - x[k] || (x.wallet < y.wallet ? -1 : 1));
  if (b.cache.size > 64) b.cache.clear();
  b.cache.set(key, list);
  return list;
}
