// The order book as a trader reads it, in exact micro units: levels best first with their
// cumulative size, the spread and midpoint, the user's own resting orders per level, the depth
// chart's outline, and the size↔amount arithmetic of the order entry. No float touches a price or
// a size; only the bar widths and the chart's coordinates are fractions, and those are drawn.
import { centsDecimal, formatMicros, groupedText, toMicros } from '@shared/domain/money';
import { snapSize } from '@shared/domain/grid';
import { MICROS_PER_CENT, MICROS_PER_DOLLAR } from '@shared/domain/units';

/** The depth bars' resolution: ten-thousandths of the deepest total. */
const DEPTH_STEPS = 10_000n;

export interface BookLevel {
  /** The price as decimal text: the level's stable key. */
  key: string;
  price: bigint;
  size: bigint;
  /** This level and every better one on its side. */
  total: bigint;
  /** The total as a share of the deepest total of either side (0–1): the depth bar's width. */
  depth: number;
}

export interface Ladder {
  /** Best first: bids high to low, asks low to high. */
  bids: BookLevel[];
  asks: BookLevel[];
  spread?: bigint;
  mid?: bigint;
}

interface RawLevel {
  price: string | number;
  size: string | number;
}

/** One side's levels: parsed, empty and unreadable ones dropped, equal prices merged, sorted best first. */
function side(raw: readonly RawLevel[], best: (a: bigint, b: bigint) => boolean, max: number): Array<{ price: bigint; size: bigint }> {
  const by = new Map<bigint, bigint>();
  for (const l of raw) {
    const price = toMicros(l.price);
    const size = toMicros(l.size);
    if (price === undefined || size === undefined || price <= 0n || price >= MICROS_PER_DOLLAR || size <= 0n) continue;
    by.set(price, (by.get(price) ?? 0n) + size);
  }
  return [...by.entries()]
    .map(([price, size]) => ({ price, size }))
    .sort((a, b) => (a.price === b.price ? 0 : best(a.price, b.price) ? -1 : 1))
    .slice(0, max);
}

/**
 * The book as the venue sent it (any order: some venues list bids low to high) → both sides best
 * first with cumulative sizes, at most `max` levels a side, and the spread and midpoint.
 */
export function ladder(book: { bids: readonly RawLevel[]; asks: readonly RawLevel[] }, max = Infinity): Ladder {
  const bids = side(book.bids, (a, b) => a > b, max);
  const asks = side(book.asks, (a, b) => a < b, max);
  const cumulate = (levels: Array<{ price: bigint; size: bigint }>) => {
    let total = 0n;
    return levels.map((l) => ({ ...l, total: (total += l.size) }));
  };
  const b = cumulate(bids);
  const a = cumulate(asks);
  const deepest = [b.at(-1)?.total ?? 0n, a.at(-1)?.total ?? 0n].reduce((x, y) => (x > y ? x : y));
  const withDepth = (l: { price: bigint; size: bigint; total: bigint }): BookLevel => ({
    key: formatMicros(l.price),
    ...l,
    depth: deepest > 0n ? Number((l.total * DEPTH_STEPS) / deepest) / Number(DEPTH_STEPS) : 0,
  });
  const out: Ladder = { bids: b.map(withDepth), asks: a.map(withDepth) };
  const bid = bids[0]?.price;
  const ask = asks[0]?.price;
  if (bid !== undefined && ask !== undefined) {
    out.spread = ask - bid;
    // Prices on a tick of 0.0001 or coarser: their half-sum is a whole number of micro units.
    out.mid = (ask + bid) / 2n;
  }
  return out;
}

/** A spread in micro units as cents, which may be below one cent or zero: 5_000n → "0.5¢". */
export function spreadCents(spread: bigint): string {
  const neg = spread < 0n;
  return `${neg ? '−' : ''}${centsDecimal(neg ? -spread : spread)}¢`;
}

/** Shares, exactly, with thousands separators: 1_234_500_000n → "1,234.5". */
export function sharesText(micros: bigint): string {
  return groupedText(micros).replace(/^-/, '−');
}

/**
 * Clicking level `index` of a side with Shift: the size that takes every level up to and
 * including it, as order size text ("" when there is no such level).
 */
export function sizeThrough(levels: readonly BookLevel[], index: number): string {
  const level = levels[index];
  if (!level) return '';
  const size = snapSize(level.total);
  return size > 0n ? formatMicros(size) : '';
}

export interface OwnOrder {
  id: string;
  side: 'BUY' | 'SELL';
  price: bigint;
  /** What is still open. */
  left: bigint;
}

/**
 * The user's resting orders on one token, by the level they rest at: key `BUY:0.45` for the bid
 * at 45¢, `SELL:0.55` for the ask at 55¢. Fully matched orders are left out.
 */
export function ownByLevel(
  orders: ReadonlyArray<{ id: string; asset_id: string; side: string; price: string; original_size: string; size_matched: string }>,
  tokenId: string,
): Map<string, OwnOrder[]> {
  const out = new Map<string, OwnOrder[]>();
  for (const o of orders) {
    if (o.asset_id !== tokenId || (o.side !== 'BUY' && o.side !== 'SELL')) continue;
    const price = toMicros(o.price);
    const left = (toMicros(o.original_size) ?? 0n) - (toMicros(o.size_matched) ?? 0n);
    if (price === undefined || left <= 0n) continue;
    const key = `${o.side}:${formatMicros(price)}`;
    out.set(key, [...(out.get(key) ?? []), { id: o.id, side: o.side, price, left }]);
  }
  return out;
}

export interface DepthOutline {
  /** SVG path data of the filled areas, in a `width` × `height` box (y down). */
  bids: string;
  asks: string;
  /** The price range drawn, micro units, and the deepest total. */
  low: bigint;
  high: bigint;
  deepest: bigint;
}

/**
 * The depth chart's outline: at each price, the cumulative size that would trade there — bids
 * stepping up to the left from the best bid, asks to the right from the best ask. Undefined for an
 * empty book.
 */
export function depthOutline(l: Ladder, width: number, height: number): DepthOutline | undefined {
  const prices = [...l.bids, ...l.asks].map((x) => x.price);
  if (prices.length === 0) return undefined;
  let low = prices.reduce((a, b) => (a < b ? a : b));
  let high = prices.reduce((a, b) => (a > b ? a : b));
  // A little room past the outermost levels, so their steps show.
  const pad = (high - low) / 20n || MICROS_PER_CENT;
  low = low - pad < 0n ? 0n : low - pad;
  high = high + pad > MICROS_PER_DOLLAR ? MICROS_PER_DOLLAR : high + pad;
  const deepest = [l.bids.at(-1)?.total ?? 0n, l.asks.at(-1)?.total ?? 0n].reduce((a, b) => (a > b ? a : b));
  const span = Number(high - low) || 1;
  const x = (p: bigint): number => round((Number(p - low) / span) * width);
  const y = (t: bigint): number => round(height - (deepest > 0n ? (Number(t) / Number(deepest)) * height : 0));
  const path = (levels: readonly BookLevel[], edge: number): string => {
    if (levels.length === 0) return '';
    const first = levels[0] as BookLevel;
    const parts = [`M${x(first.price)},${height}`];
    levels.forEach((lv, i) => {
      parts.push(`L${x(lv.price)},${y(lv.total)}`);
      const next = levels[i + 1];
      parts.push(`L${next ? x(next.price) : edge},${y(lv.total)}`);
    });
    parts.push(`L${edge},${height}Z`);
    return parts.join(' ');
  };
  return { bids: path(l.bids, 0), asks: path(l.asks, width), low, high, deepest };
}

const round = (v: number): number => Math.round(v * 10) / 10;
