// The ticket's ladder builder: N rungs from price A to price B on the market's tick, and a total
// size split over them. Prices and sizes come out as exact decimal strings: the split is done in
// hundredths of a token (orders take two size decimals) and the remainder is handed out one
// hundredth at a time, so the rungs always add up to the total.
import { LIMITS } from '../spec/queries.js';
import { centsText, formatMicros, parseMicros } from './money.js';
import { highestPrice, inBand, onSizeStep, SIZE_STEP, snapPrice } from './grid.js';

/** A ladder fits in one order batch. */
const MAX_RUNGS = LIMITS.orders.maxItems;

export interface LadderSpec {
  from: string;
  to: string;
  rungs: number;
  spacing: 'linear' | 'geometric';
  totalSize: string;
  /** `even`, or more size towards the `to` end (`skew-to`) or the `from` end (`skew-from`). */
  split: 'even' | 'skew-to' | 'skew-from';
  /** The market's tick, e.g. "0.01". */
  tick: string;
}

export type Ladder = { ok: true; rungs: Array<{ price: string; size: string }> } | { ok: false; problem: string };

export function buildLadder(spec: LadderSpec): Ladder {
  const tick = parseMicros(spec.tick);
  const a = parseMicros(spec.from);
  const b = parseMicros(spec.to);
  const total = parseMicros(spec.totalSize);
  if (!tick || tick <= 0n) return { ok: false, problem: `tick ${spec.tick} is not a price step` };
  if (a === null || b === null) return { ok: false, problem: 'prices must be decimals such as 0.42' };
  if (!inBand(a, tick) || !inBand(b, tick)) return { ok: false, problem: `prices must be from ${centsText(tick)} to ${centsText(highestPrice(tick))}` };
  if (!Number.isInteger(spec.rungs) || spec.rungs < 1 || spec.rungs > MAX_RUNGS) return { ok: false, problem: `rungs must be a whole number from 1 to ${MAX_RUNGS}` };
  if (total === null || total <= 0n || !onSizeStep(total)) return { ok: false, problem: 'total size must be above 0 with at most 2 decimals' };
  const n = spec.rungs;
  const hundredths = total / SIZE_STEP;
  if (hundredths < BigInt(n)) return { ok: false, problem: `a total of ${spec.totalSize} cannot give each of ${n} rungs a size` };

  const snap = (p: bigint): bigint => snapPrice(p, tick);
  const prices: bigint[] = [];
  for (let i = 0; i < n; i++) {
    if (n === 1) prices.push(snap(a));
    else if (spec.spacing === 'linear') prices.push(snap(a + ((b - a) * BigInt(i)) / BigInt(n - 1)));
    // Geometric steps need a real power; the result is snapped back onto the exact tick grid.
    else prices.push(snap(BigInt(Math.round(Number(a) * Math.pow(Number(b) / Number(a), i / (n - 1))))));
  }
  if (new Set(prices).size < prices.length) return { ok: false, problem: `${n} rungs do not fit between ${centsText(a)} and ${centsText(b)} on the ${centsText(tick)} tick` };

  const weights = Array.from({ length: n }, (_, i) => BigInt(spec.split === 'even' ? 1 : spec.split === 'skew-to' ? i + 1 : n - i));
  const sum = weights.reduce((x, y) => x + y, 0n);
  // Every rung gets at least one hundredth; the rest is split by weight, remainder last-in-weight order.
  const rest = hundredths - BigInt(n);
  const parts = weights.map((w) => 1n + (rest * w) / sum);
  let left = hundredths - parts.reduce((x, y) => x + y, 0n);
  const order = [...weights.keys()].sort((x, y) => Number((weights[y] as bigint) - (weights[x] as bigint)) || x - y);
  for (let k = 0; left > 0n; k = (k + 1) % n, left--) parts[order[k] as number] = (parts[order[k] as number] as bigint) + 1n;
  return { ok: true, rungs: prices.map((p, i) => ({ price: formatMicros(p), size: formatMicros((parts[i] as bigint) * SIZE_STEP) })) };
}
