// Traders and their history: wallets with profiles and habits, and a time-ordered simulation of
// matches that respects the ledger (nobody sells tokens they do not hold). Tokens come into
// existence by minting (two buyers of complementary outcomes at prices summing to 1). Prices
// follow the fair paths of fair.ts; each market's history ends with a trade of each outcome at
// its closing price, which a live market's book is then quoted around (books.ts).
import { SIZE_STEP } from '@shared/domain/grid.js';
import { MICROS_PER_CENT } from '@shared/domain/units.js';
import { feeMicro, MICRO } from '../money.js';
import { hashId } from '../ids.js';
import { privateKeyToAddress } from '@shared/crypto/index.js';
import { DAY, HOUR, type EventPlan, type MarketPlan } from './catalog.js';
import { planFairs } from './fair.js';
import { centreOf, makerCount, quoteMaker } from './quotes.js';
import { WeightedTable, type Rng } from './random.js';
import { bio, pseudonym, username, type Names } from './text.js';

/** The key of seeded wallet `i`: derivable from the seed, so the simulator can sign for it. */
export function walletPrivateKey(seed: number, i: number): string {
  return hashId(`kairos-world:${seed}:wallet-key:${i}`);
}

export interface WalletPlan {
  address: string;
  name: string;
  pseudonym: string;
  bio: string;
  image: string;
  xUsername: string | null;
  verified: boolean;
  displayPublic: boolean;
  createdAt: number;
  /** Relative number of trades (power law). */
  activity: number;
  /** Edge in picking the side that wins: P(good side) = 0.5 + skill. */
  skill: number;
  /** Multiplies this wallet's typical order size. */
  sizeScale: number;
  /** Designated market maker: mints and sells inventory. */
  maker: boolean;
}

export function planWallets(rng: Rng, names: Names, count: number, anchor: number, seed: number): WalletPlan[] {
  const usedNames = new Set<string>();
  const usedPseudonyms = new Set<string>();
  const unique = (used: Set<string>, make: () => string): string => {
    let v = make();
    for (let i = 0; used.has(v) && i < 20; i++) v = make();
    for (let i = 2; used.has(v); i++) v = `${v.replace(/\d+$/, '')}${i}`;
    used.add(v);
    return v;
  };
  const makers = makerCount(count);
  return Array.from({ length: count }, (_, i) => {
    const maker = i < makers;
    const name = unique(usedNames, () => username(rng, names));
    const whale = rng.chance(0.02);
    return {
      address: privateKeyToAddress(walletPrivateKey(seed, i)).toLowerCase(),
      name,
      pseudonym: unique(usedPseudonyms, () => pseudonym(rng)),
      bio: rng.chance(0.85) ? bio(rng) : '',
      image: `https://img.kairos.local/avatars/${i + 1}.png`,
      xUsername: rng.chance(0.2) ? name.replace(/[^A-Za-z0-9_]/g, '').slice(0, 15) : null,
      verified: rng.chance(maker ? 0.3 : 0.02),
      displayPublic: rng.chance(0.92),
      createdAt: Math.floor(anchor - rng.range(95, 900) * DAY),
      activity: maker ? rng.range(30, 80) : Math.min(300, rng.pareto(1.1)),
      skill: maker ? 0 : Math.max(-0.3, Math.min(0.3, rng.normal() * 0.11)),
      sizeScale: (maker ? 3 : 1) * rng.lognormal(0, 0.6) * (whale ? 25 : 1),
      maker,
    };
  });
}

export interface Fill {
  wallet: number;
  outcome: number;
  side: 'BUY' | 'SELL';
  role: 'T' | 'M';
  price: number;
  size: number;
  fee: number;
}

export interface TradingResult {
  matches: number;
  /** Matches per market id. */
  perMarket: Map<number, number>;
  /** Wallets that traded in each event. */
  traders: Map<number, Set<number>>;
  /** Wallets holding at least one token of each market at the end. */
  holders: Map<number, Set<number>>;
  /** Each market's closing price of outcome 0 (micro): its last trades; live books centre on it. */
  centres: Map<number, number>;
}

/** Fair prices outside this band move a cent-tick event to a tenth-of-a-cent tick, as long
 *  shots and near-certainties need finer prices. */
const FINE_BELOW = 0.04;
/** A cent and an order's size step, in micro-units, as the plan's numbers count them. */
const CENT = Number(MICROS_PER_CENT);
const STEP = Number(SIZE_STEP);
const STEPS_PER_SHARE = MICRO / STEP;

/** Simulates `total` matches over the 90 days before `anchor` and hands each to `emit` in time
 *  order (so fill ids follow time). Returns who traded and who holds what. */
export function simulateTrading(
  rng: Rng,
  markets: MarketPlan[],
  wallets: WalletPlan[],
  total: number,
  anchor: number,
  emit: (market: MarketPlan, ts: number, taker: Fill, maker: Fill) => void,
  /** Draws of the closes, apart from the rest so that a seed keeps its trading history. */
  closeRng: Rng,
): TradingResult {
  // ---- when matches happen, and in which market. Times follow one recency-weighted density
  // over the 90 days (a few percent in the last day); each goes to a market open at that
  // moment, by interest, so short daily markets cannot crowd the last day.
  const from = anchor - 90 * DAY;
  const windows = markets.map((m) => [Math.max(m.start, from), Math.min(m.end, anchor) - 60_000] as const);
  const when = rng.fork('times');
  const opens = markets.map((_, i) => i).filter((i) => (windows[i]?.[1] ?? 0) - (windows[i]?.[0] ?? 0) > HOUR);
  // Every market that was open gets a couple of trades wherever they fall in its window.
  const seeded = opens.flatMap((i) => {
    const [t0, t1] = windows[i] ?? [0, 0];
    return [0, 1].map(() => ({ t: Math.floor(t0 + (t1 - t0) * when.next()), i }));
  });
  seeded.sort((a, b) => a.t - b.t || a.i - b.i);
  const drawn = Math.max(0, total - seeded.length);
  const times = new Float64Array(drawn);
  const TAU = 45; // days
  const mass = 1 - Math.exp(-90 / TAU);
  for (let i = 0; i < drawn; i++) {
    const ageDays = -TAU * Math.log(1 - when.next() * mass); // truncated exponential on [0, 90)
    times[i] = Math.floor(anchor - 60_000 - ageDays * DAY);
  }
  times.sort();
  const closes = [...opens].sort((a, b) => (windows[a]?.[1] ?? 0) - (windows[b]?.[1] ?? 0) || a - b);
  opens.sort((a, b) => (windows[a]?.[0] ?? 0) - (windows[b]?.[0] ?? 0) || a - b);
  const open = new Fenwick(markets.length);
  const weightOf = (i: number): number => {
    const [t0, t1] = windows[i] ?? [0, 0];
    const m = markets[i] as MarketPlan;
    // Markets that run for a day or two trade hard while they run.
    return Math.max(1, Math.round(1000 * m.pop * Math.sqrt(Math.max(1, (7 * DAY) / (t1 - t0)))));
  };
  const marketOf: number[] = [];
  const kept: number[] = [];
  const perMarketTimes: number[][] = markets.map(() => []);
  let oi = 0;
  let ci = 0;
  let si = 0;
  for (let i = 0; i < drawn || si < seeded.length; ) {
    const s = seeded[si];
    let t: number;
    let mi: number;
    if (s && (i >= drawn || s.t <= (times[i] ?? 0))) {
      ({ t, i: mi } = s);
      si++;
    } else {
      t = times[i++] ?? 0;
      for (; oi < opens.length && (windows[opens[oi] ?? 0]?.[0] ?? 0) <= t; oi++) open.add(opens[oi] ?? 0, weightOf(opens[oi] ?? 0));
      for (; ci < closes.length && (windows[closes[ci] ?? 0]?.[1] ?? 0) < t; ci++) open.add(closes[ci] ?? 0, -weightOf(closes[ci] ?? 0));
      if (open.total() <= 0) continue; // nothing open then (only in tiny worlds)
      mi = open.find(when.int(0, open.total() - 1));
    }
    marketOf.push(mi);
    kept.push(t);
    perMarketTimes[mi]?.push(t);
  }

  // ---- closing: each live event's markets close together, after the last trade of any of
  // them, so their last prices come from one moment of the event; ended markets at their end.
  const n = kept.length;
  const closeAt = windows.map(([t0, t1]) => (t1 > t0 ? t1 : -1));
  const events = [...new Set(markets.map((m) => m.event))];
  const indexOf = new Map(markets.map((m, i) => [m, i]));
  for (const e of events) {
    const live = e.markets.map((m) => indexOf.get(m) ?? -1).filter((i) => i >= 0 && markets[i]?.outcome === null && (closeAt[i] ?? -1) >= 0);
    if (live.length === 0) continue;
    const lastTrade = Math.max(...live.map((i) => perMarketTimes[i]?.at(-1) ?? 0));
    const lastStart = Math.max(...live.map((i) => windows[i]?.[0] ?? 0));
    const at = Math.min(...live.map((i) => closeAt[i] ?? 0), Math.max(lastTrade, lastStart + 60_000));
    for (const i of live) closeAt[i] = at;
  }

  // ---- fair prices at every trade and at the close (fair.ts), then the event's tick.
  const pointTimes = markets.map((_, i) => ((closeAt[i] ?? -1) >= 0 ? [...(perMarketTimes[i] ?? []), closeAt[i] as number] : []));
  const pathOf = planFairs(rng.fork('paths'), events, indexOf, pointTimes);
  for (const e of events) {
    const extreme = e.markets.some((m) => {
      const p = settled(m) ? undefined : pathOf[indexOf.get(m) ?? -1]?.at(-1);
      return p !== undefined && (p < FINE_BELOW || p > 1 - FINE_BELOW);
    });
    if (extreme && e.tick > 1_000) setTick(e, 1_000);
  }
  const centres = new Map<number, number>();
  markets.forEach((m, i) => {
    const p = pathOf[i]?.at(-1);
    if (p !== undefined && (closeAt[i] ?? -1) >= 0) centres.set(m.id, centreOf(p, m.tick));
  });
  // Informed traders buy the side that wins, or (still trading) the side that rises.
  const goodOf = markets.map((m, i) => {
    const path = pathOf[i] ?? new Float64Array(0);
    const last = path.at(-1) ?? 0.5;
    return Uint8Array.from(path, (p) => m.outcome ?? (p < last ? 0 : 1));
  });
  // A winner is priced at 1 without trades: only markets without one need a close.
  const closings = markets.map((_, i) => i).filter((i) => centres.has(markets[i]?.id ?? -1) && !settled(markets[i] as MarketPlan));
  closings.sort((a, b) => (closeAt[a] ?? 0) - (closeAt[b] ?? 0) || a - b);

  // ---- the order flow.
  const W = wallets.length;
  const traderTable = new WeightedTable(wallets.map((w) => (w.maker ? w.activity * 0.2 : w.activity)));
  const makers = wallets.flatMap((w, i) => (w.maker ? [i] : []));
  const holdings = new Map<number, number>(); // (market index * 2 + outcome) * W + wallet → micro tokens
  const holderLists: number[][] = Array.from({ length: markets.length * 2 }, () => []);
  const listed = new Set<number>();
  const held = (tok: number, w: number): number => holdings.get(tok * W + w) ?? 0;
  const add = (tok: number, w: number, delta: number): void => {
    const key = tok * W + w;
    const v = (holdings.get(key) ?? 0) + delta;
    holdings.set(key, v);
    if (v > 0 && !listed.has(key)) {
      listed.add(key);
      holderLists[tok]?.push(w);
    }
  };
  /** A random wallet holding at least `min` of `tok` (not `exclude`), or -1. */
  const findHolder = (tok: number, min: number, exclude: number): number => {
    const list = holderLists[tok] ?? [];
    for (let tries = 0; tries < 8 && list.length > 0; tries++) {
      const j = rng.int(0, list.length - 1);
      const w = list[j] ?? 0;
      const v = held(tok, w);
      if (v <= 0) {
        list[j] = list[list.length - 1] ?? w;
        list.pop();
        listed.delete(tok * W + w);
      } else if (v >= min && w !== exclude) return w;
    }
    return -1;
  };
  const counterparty = (exclude: number): number => {
    for (;;) {
      const w = rng.chance(0.65) ? rng.pick(makers) : traderTable.pick(rng);
      if (w !== exclude) return w;
    }
  };
  const perMarket = new Map<number, number>();
  const traders = new Map<number, Set<number>>();
  const record = (mi: number, ts: number, tk: Fill, mk: Fill): void => {
    const m = markets[mi] as MarketPlan;
    for (const f of [tk, mk]) add(mi * 2 + f.outcome, f.wallet, f.side === 'BUY' ? f.size : -f.size);
    emit(m, ts, tk, mk);
    perMarket.set(m.id, (perMarket.get(m.id) ?? 0) + 1);
    const set = traders.get(m.event.id) ?? new Set<number>();
    set.add(tk.wallet).add(mk.wallet);
    traders.set(m.event.id, set);
  };
  const buy = (wallet: number, role: 'T' | 'M', m: MarketPlan, outcome: number, price: number, size: number): Fill =>
    ({ wallet, outcome, side: 'BUY', role, price, size, fee: feeMicro(role === 'T' ? m.takerFee : m.makerFee, price, size) });
  /** The close: a mint of the smallest size at the closing price for each outcome, so both last
   *  trades sit on it; then the quoting maker of a market still accepting orders splits cash
   *  into the tokens its asks will rest on. */
  const close = (mi: number): void => {
    const m = markets[mi] as MarketPlan;
    const ts = closeAt[mi] ?? 0;
    const p = centres.get(m.id) ?? MICRO / 2;
    const size = m.minSize * MICRO;
    for (const o of [0, 1]) {
      const taker = traderTable.pick(closeRng);
      let maker = taker;
      while (maker === taker) maker = closeRng.chance(0.65) ? closeRng.pick(makers) : traderTable.pick(closeRng);
      const price = o === 0 ? p : MICRO - p;
      record(mi, ts, buy(taker, 'T', m, o, price, size), buy(maker, 'M', m, 1 - o, MICRO - price, size));
    }
    if (m.status !== 'active') return;
    const maker = makers[quoteMaker(m.conditionId, makers.length)] ?? 0;
    const inventory = Math.max(m.minSize, Math.round(closeRng.range(2_000, 5_000))) * MICRO;
    const split = [{ ...buy(maker, 'M', m, 0, p, inventory), fee: 0 }, { ...buy(maker, 'M', m, 1, MICRO - p, inventory), fee: 0 }] as const;
    for (const f of split) add(mi * 2 + f.outcome, maker, f.size);
    emit(m, ts, split[0], split[1]);
  };

  const seq = new Int32Array(markets.length);
  let nextClose = 0;
  for (let idx = 0; idx < n; idx++) {
    for (; nextClose < closings.length && (closeAt[closings[nextClose] ?? 0] ?? 0) < (kept[idx] ?? 0); nextClose++) close(closings[nextClose] ?? 0);
    const mi = marketOf[idx] ?? 0;
    const m = markets[mi] as MarketPlan;
    const ts = kept[idx] ?? 0;
    const k = seq[mi] ?? 0;
    seq[mi] = k + 1;
    const p0 = pathOf[mi]?.[k] ?? 0.5;
    const goodSide = goodOf[mi]?.[k] ?? 0;
    const tick = m.tick;
    const min = m.minSize * MICRO;
    const onGrid = (p: number): number => Math.min(MICRO - tick, Math.max(tick, Math.round((p * MICRO) / tick) * tick));
    const probOf = (o: number): number => (o === 0 ? p0 : 1 - p0);
    // Takers cross the spread: one to a few ticks (about a cent) away from fair value.
    const edge = (tick >= CENT ? rng.int(1, 2) : rng.int(1, Math.round(CENT / tick))) * tick / MICRO;
    let taker = traderTable.pick(rng);
    const o = rng.chance(0.5 + (wallets[taker]?.skill ?? 0)) ? goodSide : 1 - goodSide;
    const w = wallets[taker] as WalletPlan;
    let size = Math.min(50_000, Math.max(m.minSize, rng.lognormal(Math.log(35), 1.1) * w.sizeScale));
    size = Math.max(min, Math.round(size * STEPS_PER_SHARE) * STEP);

    let tk: Fill | null = null;
    let mk: Fill | null = null;
    const mintShare = 0.15 + 0.75 * Math.exp(-k / 8);
    const roll = rng.next();
    if (roll >= mintShare && rng.chance(0.35)) {
      // A holder sells into a resting bid.
      const o2 = rng.chance(0.5) ? o : 1 - o;
      const seller = findHolder(mi * 2 + o2, min, -1);
      if (seller >= 0) {
        taker = seller;
        const h = held(mi * 2 + o2, seller);
        let amount = Math.max(min, Math.floor((h * rng.range(0.25, 1)) / STEP) * STEP);
        if (h - amount < min) amount = h;
        const price = onGrid(probOf(o2) - edge);
        tk = { wallet: seller, outcome: o2, side: 'SELL', role: 'T', price, size: amount, fee: feeMicro(m.takerFee, price, amount) };
        mk = { wallet: counterparty(seller), outcome: o2, side: 'BUY', role: 'M', price, size: amount, fee: feeMicro(m.makerFee, price, amount) };
      }
    }
    if (!tk && roll >= mintShare) {
      // A buyer lifts a resting offer from someone who holds the outcome.
      const seller = findHolder(mi * 2 + o, min, taker);
      if (seller >= 0) {
        const amount = Math.min(size, held(mi * 2 + o, seller));
        const price = onGrid(probOf(o) + edge);
        tk = { wallet: taker, outcome: o, side: 'BUY', role: 'T', price, size: amount, fee: feeMicro(m.takerFee, price, amount) };
        mk = { wallet: seller, outcome: o, side: 'SELL', role: 'M', price, size: amount, fee: feeMicro(m.makerFee, price, amount) };
      }
    }
    if (!tk || !mk) {
      // Mint: the taker buys outcome o, a maker buys the complement; the prices sum to 1.
      const price = onGrid(probOf(o) + edge);
      const maker = counterparty(taker);
      tk = buy(taker, 'T', m, o, price, size);
      mk = buy(maker, 'M', m, 1 - o, MICRO - price, size);
    }
    record(mi, ts, tk, mk);
  }
  for (; nextClose < closings.length; nextClose++) close(closings[nextClose] ?? 0);

  const holders = new Map<number, Set<number>>();
  for (const [key, v] of holdings) {
    if (v < MICRO) continue;
    const id = (markets[Math.floor(Math.floor(key / W) / 2)] as MarketPlan).id;
    const set = holders.get(id) ?? new Set<number>();
    set.add(key % W);
    holders.set(id, set);
  }
  return { matches: n + 2 * closings.length, perMarket, traders, holders, centres };
}

/** Prefix sums over integer weights: add/remove a market's weight, find by cumulative rank. */
class Fenwick {
  private readonly tree: Float64Array;
  private sum = 0;

  constructor(private readonly size: number) {
    this.tree = new Float64Array(size + 1);
  }

  add(i: number, delta: number): void {
    this.sum += delta;
    for (let x = i + 1; x <= this.size; x += x & -x) this.tree[x] = (this.tree[x] ?? 0) + delta;
  }

  total(): number {
    return this.sum;
  }

  /** The index whose cumulative range holds `rank` (0 ≤ rank < total). */
  find(rank: number): number {
    let pos = 0;
    let rest = rank;
    for (let step = 1 << Math.floor(Math.log2(this.size)); step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.size && (this.tree[next] ?? 0) <= rest) {
        pos = next;
        rest -= this.tree[next] ?? 0;
      }
    }
    return pos;
  }
}

const settled = (m: MarketPlan): boolean => m.status === 'resolved' || m.status === 'archived';

function setTick(e: EventPlan, tick: number): void {
  e.tick = tick;
  for (const m of e.markets) m.tick = tick;
}
