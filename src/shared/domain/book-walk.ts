// A market order priced from the book, exactly: "buy $X" or "buy/sell N shares" walked through
// the opposite side's levels, best first, up to a worst price (the cap). Fills trade at each
// resting level's price and pay the taker fee there (venue-profile D), so the walk does the same.
// Where a part-micro must go, it goes against the trader: cash paid up, cash received down, the
// fee up (fees.ts's preview rounding) — the figures shown never promise more than the venue gives.
import { feeMicros } from './fees.js';
import { clampToBand, SIZE_STEP, snapSize } from './grid.js';
import { toMicros } from './money.js';
import { cashFor, MICROS_PER_SHARE } from './units.js';

export interface WalkLevel {
  price: bigint;
  size: bigint;
}

/** "buy $X" (BUY only: cash including the fee) or "N shares" either way. */
export type WalkOrder = { side: 'BUY'; spend: bigint } | { side: 'BUY' | 'SELL'; shares: bigint };

/** A book older than this is flagged stale even when it was the venue's last answer. */
export const STALE_BOOK_MS = 15_000;

export interface WalkBook {
  /** The side the order takes (asks for a BUY, bids for a SELL), in any order. */
  levels: readonly WalkLevel[];
  /** When the book was read, and now (ms), for its age. */
  at: number;
  now: number;
  /** The source says it is the last known copy (the venue did not answer). */
  stale?: boolean;
  /** False where the venue publishes only its best price: the first level's size is unknown. */
  depthKnown?: boolean;
  mid?: bigint | undefined;
}

export interface Walk {
  side: 'BUY' | 'SELL';
  /** The size the order carries: the shares asked (rounded down to hundredths), or what the spend buys. */
  orderShares: bigint;
  /** The shares asked were rounded down to hundredths. */
  sizeRounded: boolean;
  /** What the book fills within the cap. */
  shares: bigint;
  /** Cash for those shares before the fee (paid on a BUY, received on a SELL). */
  cash: bigint;
  fee: bigint;
  /** Cash out (BUY, cash + fee) or in (SELL, cash − fee). */
  net: bigint;
  /** The average price per share (rounded against the trader), best and worst level taken. */
  avgPrice?: bigint;
  bestPrice?: bigint;
  worstPrice?: bigint;
  /** Average against the mid, positive when worse (above it on a BUY, below it on a SELL). */
  slippage?: bigint;
  /** Less fills than asked: the book (within the cap) is thinner than the order. */
  partial: boolean;
  /** The cap stopped the walk before the book ran out. */
  capped: boolean;
  depthKnown: boolean;
  ageMs: number;
  stale: boolean;
}

/** A book side as a venue sends it (decimal text or numbers, any order) → levels; unreadable ones dropped. */
export function levelsOf(raw: ReadonlyArray<{ price: string | number; size: string | number }>): WalkLevel[] {
  return raw.flatMap((l) => {
    const price = toMicros(l.price);
    const size = toMicros(l.size);
    return price !== undefined && size !== undefined ? [{ price, size }] : [];
  });
}

/** The mid of the best bid and best ask, where both sides have one. */
export function midOf(bids: readonly WalkLevel[], asks: readonly WalkLevel[]): bigint | undefined {
  const bid = bestFirst('SELL', bids)[0]?.price;
  const ask = bestFirst('BUY', asks)[0]?.price;
  return bid !== undefined && ask !== undefined ? (bid + ask) / 2n : undefined;
}

const worse = (side: 'BUY' | 'SELL', a: bigint, b: bigint): boolean => (side === 'BUY' ? a > b : a < b);
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** Levels best first (asks up, bids down), equal prices merged, empty and unreadable ones dropped. */
function bestFirst(side: 'BUY' | 'SELL', levels: readonly WalkLevel[]): WalkLevel[] {
  const by = new Map<bigint, bigint>();
  for (const l of levels) if (l.size > 0n && l.price > 0n && l.price < MICROS_PER_SHARE) by.set(l.price, (by.get(l.price) ?? 0n) + l.size);
  return [...by].map(([price, size]) => ({ price, size })).sort((a, b) => (a.price === b.price ? 0 : worse(side, a.price, b.price) ? 1 : -1));
}

/** Cash for `shares` at `price`, rounded against the trader: up when paid, down when received. */
function cashAt(side: 'BUY' | 'SELL', shares: bigint, price: bigint): bigint {
  return side === 'BUY' ? ceilDiv(shares * price, MICROS_PER_SHARE) : cashFor(shares, price);
}

/** The most whole size steps `budget` pays for at `price`, the fee included. */
function affordable(budget: bigint, price: bigint, bps: bigint): bigint {
  const edge = price < MICROS_PER_SHARE - price ? price : MICROS_PER_SHARE - price;
  // Per share: the price plus the fee's share of it, in ten-thousandths of a micro.
  let s = snapSize((budget * MICROS_PER_SHARE * 10_000n) / (price * 10_000n + (bps > 0n ? bps * edge : 0n)));
  while (s > 0n && cashAt('BUY', s, price) + feeMicros(bps, price, s, 'up') > budget) s -= SIZE_STEP;
  return s;
}

export function walkBook(order: WalkOrder, book: WalkBook, opts: { takerFeeBps: number | bigint; cap?: bigint | undefined }): Walk {
  const { side } = order;
  const bps = BigInt(opts.takerFeeBps);
  const depthKnown = book.depthKnown ?? true;
  const sorted = bestFirst(side, book.levels);
  // Unknown depth: the best price is all there is, figured as if it held the whole order.
  const levels = depthKnown ? sorted : sorted.slice(0, 1).map((l) => ({ ...l, size: 1n << 80n }));
  const within = opts.cap === undefined ? levels : levels.filter((l) => !worse(side, l.price, opts.cap as bigint));
  const capped = within.length < levels.length;

  let orderShares: bigint;
  let sizeRounded = false;
  if ('spend' in order) {
    let left = order.spend;
    orderShares = 0n;
    for (const l of within) {
      const take = affordable(left, l.price, bps);
      const s = take < l.size ? take : snapSize(l.size);
      orderShares += s;
      left -= cashAt('BUY', s, l.price) + feeMicros(bps, l.price, s, 'up');
      if (s < l.size) break;
    }
  } else {
    orderShares = snapSize(order.shares);
    sizeRounded = orderShares !== order.shares;
  }

  let shares = 0n;
  let cash = 0n;
  let fee = 0n;
  let bestPrice: bigint | undefined;
  let worstPrice: bigint | undefined;
  for (const l of within) {
    if (shares >= orderShares) break;
    const rest = orderShares - shares;
    const take = l.size < rest ? l.size : rest;
    shares += take;
    cash += cashAt(side, take, l.price);
    fee += feeMicros(bps, l.price, take, 'up');
    bestPrice ??= l.price;
    worstPrice = l.price;
  }
  // "buy $X" is partial when its money could buy more than the book holds within the cap.
  const thin = 'spend' in order ? spendLeftover(order.spend - cash - fee, shares, within) : shares < orderShares;
  const out: Walk = {
    side,
    orderShares,
    sizeRounded,
    shares,
    cash,
    fee,
    net: side === 'BUY' ? cash + fee : cash - fee,
    partial: thin,
    capped: capped && thin,
    depthKnown,
    ageMs: Math.max(0, book.now - book.at),
    stale: Boolean(book.stale) || book.now - book.at > STALE_BOOK_MS,
  };
  if (shares > 0n) {
    // Averaged against the trader: a buyer's average up, a seller's down.
    out.avgPrice = side === 'BUY' ? ceilDiv(cash * MICROS_PER_SHARE, shares) : (cash * MICROS_PER_SHARE) / shares;
    out.bestPrice = bestPrice as bigint;
    out.worstPrice = worstPrice as bigint;
    if (book.mid !== undefined) out.slippage = side === 'BUY' ? out.avgPrice - book.mid : book.mid - out.avgPrice;
  }
  return out;
}

/** A spend the levels within the cap ran out under: every level taken whole, with money left for another step. */
function spendLeftover(left: bigint, shares: bigint, within: readonly WalkLevel[]): boolean {
  const last = within.at(-1);
  if (!last) return left > 0n;
  const held = within.reduce((t, l) => t + snapSize(l.size), 0n);
  return shares >= held && left >= cashAt('BUY', SIZE_STEP, last.price);
}

/**
 * A typed worst price put on the market's grid the safe way: a buyer's cap down, a seller's up,
 * so the order never accepts a worse price than the one typed; within [tick, 1 − tick].
 */
export function capOnTick(side: 'BUY' | 'SELL', price: bigint, tick: bigint): bigint {
  const down = (price / tick) * tick;
  return clampToBand(side === 'BUY' || down === price ? down : down + tick, tick);
}
