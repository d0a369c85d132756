// Trading a whole multi-outcome event: one limit line per outcome that can still win, on each
// market's grid (tick, size step, minimum), and what such a batch pays under each outcome. Exact:
// micro-units as bigint, decimal text at the edges. One outcome of the event wins, so a "set" —
// one Yes share of every outcome — pays exactly $1 whichever it is.
import { onSizeStep, priceFault, SIZE_STEP } from './grid.js';
import { centsText, formatMicros, parseMicros } from './money.js';
import { MICROS_PER_SHARE } from './units.js';

export type Side = 'BUY' | 'SELL';

/** Whether an outcome can still win: its market trades, or is only paused. One that ended pays nothing more. */
export function canStillWin(status: string): boolean {
  return status === 'open' || status === 'paused';
}

export interface BasketOutcome {
  conditionId: string;
  /** The Yes token. */
  tokenId?: string | undefined;
  /** What the outcome is called, for the problems said. */
  label: string;
  bestBid?: string | undefined;
  bestAsk?: string | undefined;
  /** The market's tick and minimum size as decimal text (the reading that risks less); undefined while not known. */
  tick?: string | undefined;
  minSize?: string | undefined;
  /** False when the market takes no orders now (paused): it can still win, but cannot be traded. */
  accepting?: boolean | undefined;
}

export interface BasketLine {
  conditionId: string;
  tokenId: string;
  side: Side;
  /** Dollars per share, decimal text. */
  price: string;
  /** Shares, decimal text. */
  size: string;
}

/** A size raised to the next size step. */
const stepUp = (size: bigint): bigint => ((size + SIZE_STEP - 1n) / SIZE_STEP) * SIZE_STEP;

/**
 * The fewest sets every outcome's market takes: the largest minimum size, raised to the size step.
 * Undefined while a minimum is not known, or when there is no outcome.
 */
export function fewestSets(outcomes: readonly BasketOutcome[]): bigint | undefined {
  if (outcomes.length === 0) return undefined;
  let most = SIZE_STEP;
  for (const o of outcomes) {
    const min = o.minSize === undefined ? null : parseMicros(o.minSize);
    if (min === null) return undefined;
    if (min > most) most = min;
  }
  return stepUp(most);
}

/**
 * One line per outcome — Yes bought at its best ask, or sold at its best bid — each of `sets`
 * shares. Nothing is rounded on the trader's behalf: a size off the step or under a market's
 * minimum, and a quote off its market's tick, are problems naming the outcome; the lines come
 * only when there is none.
 */
export function basketLines(outcomes: readonly BasketOutcome[], side: Side, sets: bigint): { lines: BasketLine[]; problems: string[] } {
  const problems: string[] = [];
  if (outcomes.length === 0) problems.push('no outcome can still win');
  if (sets <= 0n) problems.push('the number of sets must be above 0');
  else if (!onSizeStep(sets)) problems.push(`${formatMicros(sets)} sets is not a whole number of hundredths of a share`);
  const lines: BasketLine[] = [];
  for (const o of outcomes) {
    const quote = side === 'BUY' ? o.bestAsk : o.bestBid;
    const price = quote === undefined ? null : parseMicros(quote);
    const tick = o.tick === undefined ? null : parseMicros(o.tick);
    const min = o.minSize === undefined ? null : parseMicros(o.minSize);
    if (!o.tokenId) problems.push(`${o.label}: its Yes token is not listed`);
    else if (o.accepting === false) problems.push(`${o.label}: its market takes no orders now`);
    else if (price === null) problems.push(`${o.label}: no ${side === 'BUY' ? 'ask to buy from' : 'bid to sell to'}`);
    else if (tick === null || tick <= 0n) problems.push(`${o.label}: its tick size is not known yet`);
    else if (priceFault(price, tick) === 'off-tick') problems.push(`${o.label}: the best ${side === 'BUY' ? 'ask' : 'bid'} ${centsText(price)} is off its ${centsText(tick)} tick`);
    else if (priceFault(price, tick) === 'out-of-band') problems.push(`${o.label}: the best ${side === 'BUY' ? 'ask' : 'bid'} ${centsText(price)} is outside ${centsText(tick)}–${centsText(MICROS_PER_SHARE - tick)}`);
    else if (min === null) problems.push(`${o.label}: its minimum size is not known yet`);
    else if (sets > 0n && sets < min) problems.push(`${o.label} takes at least ${formatMicros(min)} shares`);
    else lines.push({ conditionId: o.conditionId, tokenId: o.tokenId, side, price: formatMicros(price), size: formatMicros(sets) });
  }
  return problems.length ? { lines: [], problems } : { lines, problems };
}

export interface PayoffLine {
  conditionId: string;
  /** Whether the line trades the market's Yes token (else its No). */
  yes: boolean;
  side: Side;
  /** Shares, micro-units. */
  size: bigint;
  /** Cash out including the fee (negative for cash in), micro-units: the order preview's cost. */
  cost: bigint;
  /** The fee within `cost`, micro-units. */
  fee: bigint;
}

export interface PayoffRow {
  /** The outcome that wins in this row (its market's condition id). */
  conditionId: string;
  /** What the batch's positions pay (negative: what the sold shares would have paid, given up). */
  paid: bigint;
  /** `paid` less the batch's cost: the gain (or, below 0, the loss) if this outcome wins. */
  net: bigint;
}

export interface Payoff {
  rows: PayoffRow[];
  /** Cash out for the batch, fees included (negative: cash in). */
  cost: bigint;
  fees: bigint;
  /** The least and the most `net` over the outcomes: the sure result and the best case. */
  worst: bigint;
  best: bigint;
  /** When every line has the same size: that size, the number of sets. */
  sets?: bigint;
  /**
   * The sure result per set against the 100¢ a set pays, after fees (`worst` per share, toward
   * the loss): what "buy every outcome under 100¢" is worth once the fees are paid.
   */
  edgePerSet?: bigint;
}

/** a ÷ b toward −∞ (b > 0). */
const floorDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/**
 * What a batch on an event's markets pays under each outcome that can still win (`winners`, by
 * condition id; exactly one of them wins): a Yes share pays $1 when its outcome wins, a No share
 * when it does not; a share sold gives that payout up.
 */
export function eventPayoff(winners: readonly string[], lines: readonly PayoffLine[]): Payoff {
  const cost = lines.reduce((s, l) => s + l.cost, 0n);
  const fees = lines.reduce((s, l) => s + l.fee, 0n);
  const rows = winners.map((w) => {
    const paid = lines.reduce((s, l) => {
      const pays = l.yes === (l.conditionId === w);
      return pays ? s + (l.side === 'BUY' ? l.size : -l.size) : s;
    }, 0n);
    return { conditionId: w, paid, net: paid - cost };
  });
  const nets = rows.map((r) => r.net);
  const worst = nets.reduce((a, b) => (b < a ? b : a), nets[0] ?? -cost);
  const best = nets.reduce((a, b) => (b > a ? b : a), nets[0] ?? -cost);
  const size = lines[0]?.size;
  const even = size !== undefined && size > 0n && lines.every((l) => l.size === size);
  return { rows, cost, fees, worst, best, ...(even ? { sets: size, edgePerSet: floorDiv(worst * MICROS_PER_SHARE, size) } : {}) };
}
