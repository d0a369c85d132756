// How the simulator moves fair values without the world contradicting itself: one logit shift
// for an independent event or a whole ladder (so its rungs keep their order), a reweighting that
// keeps a neg-risk group's sum, and, for a market someone watches, a move of that market alone
// (within its ladder's neighbours, or paired with a sibling of its neg-risk group). A move that
// would leave a market's last trades outside its new quotes is tried smaller, then dropped: it
// waits for trades at the quotes to carry the price on.
import { MICRO } from '../money.js';
import type { Rng } from '../world/random.js';
import { centreOf, innerQuotes } from '../world/quotes.js';

export interface Wallet {
  key: string;
  address: string;
  apiKey: string;
}

export interface SimMarket {
  conditionId: string;
  tokens: [string, string];
  tick: number;
  minSize: number;
  /** Accepting orders (else paused: its price holds still and bounds its neighbours). */
  active: boolean;
  /** Takers' orders wait this long before they meet the book (0: none). */
  delayMs: number;
  minAgeMs: number;
  /** Until then (venue clock) the maker leaves its quotes as they are: a delayed taker's order is due. */
  heldUntil?: number;
  maker: Wallet;
  /** Fair probability of outcome 0. */
  fair: number;
  /** A watched market's maker may quote one tick inside its spread on one side, for a while. */
  inside?: 'bid' | 'ask';
  /** The way a watched market's last move wanted to go when its last trades held it back. */
  pull?: 1 | -1;
  /** The side on which the maker's quoted best is its own order one tick inside its quotes (a step a taker may take whole). */
  stepped?: 'bid' | 'ask';
  /** Outcome 0's best bid and ask the maker quoted last (undefined before its first re-quote). */
  quoted?: { bid: number; ask: number };
}

export interface SimEvent {
  negRisk: boolean;
  markets: SimMarket[];
}

/** Standard deviation of an event's move per visit, in log-odds. */
export const DRIFT = 0.05;
/** The same for a watched market, visited every tick or two: smaller steps, far more of them. */
export const WATCHED_DRIFT = 0.03;
const SCALES = [1, 0.5, 0.25];

const logit = (p: number): number => Math.log(p / (1 - p));
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
export const clampP = (p: number): number => Math.min(1 - 1e-4, Math.max(1e-4, p));

/** Last trade prices (micro) keyed `condition:outcome`. */
export type LastTrades = ReadonlyMap<string, number>;

/** Whether outcome 0 quoted at [bid, ask] (and outcome 1 at its mirror) keeps both last trades inside. */
export function keepsTrades(m: SimMarket, bid: number, ask: number, last: LastTrades): boolean {
  const yes = last.get(`${m.conditionId}:0`);
  const no = last.get(`${m.conditionId}:1`);
  if (yes !== undefined && (yes < bid || yes > ask)) return false;
  return no === undefined || (no >= MICRO - ask && no <= MICRO - bid);
}

const keepsAt = (m: SimMarket, fair: number, last: LastTrades): boolean => {
  const { bid, ask } = innerQuotes(centreOf(fair, m.tick), m.tick);
  return keepsTrades(m, bid, ask, last);
};

/** Whether `m` moving to `fair` keeps its side of each of `others` (the rest of its ladder). */
const keepsOrder = (m: SimMarket, fair: number, others: readonly SimMarket[]): boolean =>
  others.every((p) => {
    const [before, after, fixed] = [centreOf(m.fair, m.tick), centreOf(fair, m.tick), centreOf(p.fair, p.tick)];
    return Math.sign(after - fixed) === Math.sign(before - fixed);
  });

/** Moves a whole event's active markets (a visit in turn); returns whether they moved. */
export function moveEvent(event: SimEvent, active: SimMarket[], rng: Rng, last: LastTrades): boolean {
  const shocks = event.negRisk ? active.map(() => rng.normal() * DRIFT) : [rng.normal() * DRIFT];
  for (const scale of SCALES) {
    const fairs = event.negRisk ? reweighted(active, shocks.map((s) => s * scale)) : active.map((m) => clampP(sigmoid(logit(m.fair) + (shocks[0] ?? 0) * scale)));
    const paused = event.markets.filter((x) => !x.active);
    const fits = active.every((m, i) => keepsAt(m, fairs[i] ?? m.fair, last) && (event.negRisk || keepsOrder(m, fairs[i] ?? m.fair, paused)));
    if (!fits) continue;
    active.forEach((m, i) => (m.fair = fairs[i] ?? m.fair));
    return true;
  }
  return false;
}

/** New fair values of a neg-risk group's active markets that keep what they sum to. */
function reweighted(active: SimMarket[], shocks: number[]): number[] {
  const weights = active.map((m, i) => m.fair * Math.exp(shocks[i] ?? 0));
  const mass = active.reduce((s, m) => s + m.fair, 0);
  const total = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => clampP((w * mass) / total));
}

/**
 * Moves one watched market: alone when its event is independent, between its neighbours when
 * it is a ladder's rung, and against one sibling when it is in a neg-risk group (what one gains
 * the other gives up, so the group's sum holds). Returns the markets whose fair value moved.
 */
export function moveWatched(event: SimEvent, m: SimMarket, rng: Rng, last: LastTrades): SimMarket[] {
  const shock = rng.normal() * WATCHED_DRIFT;
  const partners = event.negRisk ? event.markets.filter((x) => x.active && x !== m) : [];
  if (event.negRisk && partners.length === 0) return [];
  const partner = partners.length > 0 ? rng.pick(partners) : undefined;
  const others = event.markets.filter((x) => x !== m);
  // The way it last wanted to go and could not is kept until its quotes have moved: takers lean
  // that way, so that the last trades stop holding it back.
  const moveTo = (fair: number): void => {
    if (centreOf(fair, m.tick) !== centreOf(m.fair, m.tick)) m.pull = undefined;
    m.fair = fair;
  };
  for (const scale of SCALES) {
    const fair = clampP(sigmoid(logit(m.fair) + shock * scale));
    if (!keepsAt(m, fair, last)) continue;
    if (!partner) {
      if (!keepsOrder(m, fair, others)) continue;
      moveTo(fair);
      return [m];
    }
    const theirs = partner.fair - (fair - m.fair);
    if (theirs <= 1e-3 || theirs >= 1 - 1e-3 || !keepsAt(partner, theirs, last)) continue;
    moveTo(fair);
    partner.fair = theirs;
    return [m, partner];
  }
  m.pull = shock > 0 ? 1 : -1;
  return [];
}
