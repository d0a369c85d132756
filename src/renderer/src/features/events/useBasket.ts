// Buying or selling every outcome of a multi-outcome event that can still win: the lines on each
// market's grid (its tick and minimum as the reading that risks less gives them), priced by the
// core's own order checks (`orders.preview`: fees included), and what each batch pays under
// each outcome (shared/domain/event-basket).
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { basketLines, eventPayoff, fewestSets, type BasketLine, type BasketOutcome, type Payoff, type Side } from '@shared/domain/event-basket';
import { formatMicros, parseMicros, toMicros } from '@shared/domain/money';
import type { EventOutcome } from '@shared/ipc/find';
import { keyOf } from '../../api/keys';
import { call } from '../../api/transport';
import { useLineChecks } from '../ticket/useLineChecks';

export interface SideBasket {
  side: Side;
  lines: BasketLine[];
  /** Why no batch can be made now, each naming its outcome. */
  problems: string[];
  /** Per line, the core's check: its problems (a market that stopped, say), when any. */
  lineProblems: string[];
  /** What the batch pays under each outcome, once every line is priced. */
  payoff?: Payoff | undefined;
}

export interface Basket {
  outcomes: ReadonlyArray<EventOutcome & { label: string }>;
  /** The sets field as typed, and the fewest sets every market takes. */
  setsText: string;
  setSets(text: string): void;
  fewest?: bigint | undefined;
  buy: SideBasket;
  sell: SideBasket;
}

/** The sets typed, read exactly; a problem for anything that is not a plain number. */
function readSets(text: string): { sets?: bigint; problem?: string } {
  const t = text.trim();
  if (t === '') return { problem: 'enter how many sets (shares of each outcome)' };
  const v = parseMicros(t);
  return v === null ? { problem: `“${t}” is not a number of sets, such as 10` } : { sets: v };
}

export function useBasket(open: ReadonlyArray<EventOutcome & { label: string }>): Basket {
  // The market's rules where its sources may disagree: the coarser tick, the larger minimum.
  const readings = useQueries({
    queries: open.map((o) => {
      const input = { conditionId: o.conditionId };
      return { queryKey: keyOf('markets.reading', input), queryFn: () => call('markets.reading', input), staleTime: 30_000, refetchInterval: 30_000 };
    }),
  });
  const outcomes: BasketOutcome[] = open.map((o, i) => {
    const r = readings[i]?.data?.data;
    return { conditionId: o.conditionId, tokenId: o.tokenId, label: o.label, bestBid: o.bestBid, bestAsk: o.bestAsk, tick: r?.tick, minSize: r?.minSize, ...(r ? { accepting: r.acceptingOrders } : {}) };
  });
  const fewest = fewestSets(outcomes);
  // Until the trader types, the field holds the fewest sets every market takes.
  const [typed, setTyped] = useState<string | undefined>();
  const setsText = typed ?? (fewest !== undefined ? formatMicros(fewest) : '');
  const read = readSets(setsText);
  const unread = open.flatMap((o, i) => (readings[i]?.error ? [`${o.label}: its rules could not be read (${readings[i].error.message})`] : []));
  const waiting = typed === undefined && fewest === undefined ? ['reading each market’s tick and minimum size…'] : [];
  const side = (s: Side): { lines: BasketLine[]; problems: string[] } =>
    unread.length ? { lines: [], problems: unread } : read.sets === undefined ? { lines: [], problems: waiting.length ? waiting : [read.problem ?? ''] } : basketLines(outcomes, s, read.sets);
  const buy = side('BUY');
  const sell = side('SELL');
  const all = [...buy.lines, ...sell.lines];
  // Without an account: the market checks and the money, not this account's cash or shares.
  const { shown } = useLineChecks(all.map((l) => ({ conditionId: l.conditionId, tokenId: l.tokenId, side: l.side, price: l.price, size: l.size, type: 'GTC' as const, postOnly: false })), undefined);
  const winners = open.map((o) => o.conditionId);
  const priced = (s: Side, lines: BasketLine[], offset: number): SideBasket => {
    const previews = lines.map((_, i) => shown[offset + i]);
    const lineProblems = previews.flatMap((p, i) => (p?.problems ?? []).map((x) => `${open.find((o) => o.conditionId === lines[i]?.conditionId)?.label ?? ''}: ${x.message}`));
    const complete = lines.length > 0 && previews.every((p) => p?.cost !== undefined && p.fee !== undefined);
    const payoff = complete
      ? eventPayoff(
          winners,
          lines.map((l, i) => ({ conditionId: l.conditionId, yes: true, side: l.side, size: parseMicros(l.size) ?? 0n, cost: toMicros(previews[i]?.cost) ?? 0n, fee: toMicros(previews[i]?.fee) ?? 0n })),
        )
      : undefined;
    return { side: s, lines, problems: s === 'BUY' ? buy.problems : sell.problems, lineProblems, payoff };
  };
  return { outcomes: open, setsText, setSets: setTyped, fewest, buy: priced('BUY', buy.lines, 0), sell: priced('SELL', sell.lines, buy.lines.length) };
}
