// The batch's best and worst case over how its markets can resolve, exactly (micro units). One
// outcome of a market wins, so a Yes and a No of the same market never both pay; of a
// negative-risk event's markets at most one market's first outcome (Yes) wins. Markets outside
// one event resolve independently, so each group's best (and worst) adds up.
import { toMicros } from '@shared/domain/money';

export interface CaseLine {
  conditionId: string;
  tokenId: string;
  side: 'BUY' | 'SELL';
  /** Tokens bought or sold, decimal. */
  size: string;
  /** Cash out including fees, decimal, negative for cash in: the preview's cost. */
  cost: string;
  /** The market's outcome tokens in order, when known. */
  outcomeTokens?: readonly string[] | undefined;
  /** The negative-risk event the market is in, if any. */
  negRiskEvent?: string | undefined;
}

export interface BatchCases {
  /** Cash out for the whole batch, fees included. */
  cost: bigint;
  /** The most the batch is paid when its markets resolve: "pays if right". */
  best: bigint;
  /** The most the batch loses if everything goes against it (cost less the least it is paid); below 0 it gains in every case. */
  worst: bigint;
}

/** A pseudo-outcome for a market whose outcomes are not known: some other outcome wins. */
const ANOTHER = '\u0000another';
/** A world of an event in which none of the batch's markets' Yes wins. */
const NONE = '\u0000none';

const payout = (l: CaseLine): bigint => (toMicros(l.size) ?? 0n) * (l.side === 'BUY' ? 1n : -1n);

function extremes(values: readonly bigint[]): { max: bigint; min: bigint } {
  let max = values[0] ?? 0n;
  let min = values[0] ?? 0n;
  for (const v of values) {
    if (v > max) max = v;
    if (v < min) min = v;
  }
  return { max, min };
}

/** One market on its own: each of its outcomes (or, unknown, one more) is a world. */
function marketWorlds(lines: readonly CaseLine[]): bigint[] {
  const known = lines.find((l) => l.outcomeTokens && l.outcomeTokens.length > 0)?.outcomeTokens;
  const outcomes = new Set<string>([...(known ?? []), ...lines.map((l) => l.tokenId)]);
  if (!known) outcomes.add(ANOTHER);
  return [...outcomes].map((w) => lines.reduce((sum, l) => sum + (l.tokenId === w ? payout(l) : 0n), 0n));
}

/** A negative-risk event's markets: one market's Yes wins (the others' No), or none of them. */
function eventWorlds(lines: readonly CaseLine[], all: readonly string[] | undefined): bigint[] {
  const markets = [...new Set(lines.map((l) => l.conditionId))];
  // With every market of the event in the batch, one of them wins: no world without a winner.
  const complete = all !== undefined && all.length > 0 && all.every((c) => markets.includes(c));
  const worlds = complete ? markets : [...markets, NONE];
  return worlds.map((winner) =>
    lines.reduce((sum, l) => {
      const yes = l.tokenId === l.outcomeTokens?.[0];
      const wins = yes ? l.conditionId === winner : l.conditionId !== winner;
      return sum + (wins ? payout(l) : 0n);
    }, 0n),
  );
}

/**
 * The batch's cost, best and worst case. `eventMarkets` lists, per negative-risk event, the
 * condition ids of its open markets where known: a batch on all of them cannot lose them all.
 */
export function batchCases(lines: readonly CaseLine[], eventMarkets: ReadonlyMap<string, readonly string[]> = new Map()): BatchCases {
  const groups = new Map<string, { event?: string; lines: CaseLine[] }>();
  for (const l of lines) {
    // Only a two-outcome market of an event has a Yes and a No to tell apart.
    const event = l.negRiskEvent && l.outcomeTokens?.length === 2 && l.outcomeTokens.includes(l.tokenId) ? l.negRiskEvent : undefined;
    const key = event ? `event:${event}` : `market:${l.conditionId}`;
    const g = groups.get(key) ?? { ...(event ? { event } : {}), lines: [] };
    g.lines.push(l);
    groups.set(key, g);
  }
  let best = 0n;
  let least = 0n;
  for (const g of groups.values()) {
    const { max, min } = extremes(g.event ? eventWorlds(g.lines, eventMarkets.get(g.event)) : marketWorlds(g.lines));
    best += max;
    least += min;
  }
  const cost = lines.reduce((sum, l) => sum + (toMicros(l.cost) ?? 0n), 0n);
  return { cost, best, worst: cost - least };
}
