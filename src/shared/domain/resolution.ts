// Whether a market still trades, has ended, or has resolved — and to which outcome — read from
// what the venue says. The trading surface's `tokens[].winner` names a winner outright; its
// `status` ("resolved", venue-profile D) or the catalog's `umaResolutionStatus` (a family field)
// say a result is in; a market that ended with final prices of exactly 1 and 0 (the catalog's
// `outcomePrices`) has resolved to the outcome at 1. Anything less clear is said so, never guessed.

export type ResolutionState = 'open' | 'paused' | 'closed' | 'resolved';

/** What an outcome token settles at once its market resolved: a whole unit of cash, or nothing. */
export type Settles = '1' | '0';

export interface ResolutionInput {
  /** The trading surface's market (spec §2.10), where it answered. */
  trading?: {
    status?: string | undefined;
    active?: boolean | undefined;
    closed?: boolean | undefined;
    archived?: boolean | undefined;
    accepting_orders?: boolean | undefined;
    tokens?: ReadonlyArray<{ token_id?: unknown; outcome?: unknown; winner?: boolean | undefined }> | undefined;
  } | undefined;
  /** The catalog's market (spec §2.5), or a market summary of an event (§2.6), where read. */
  catalog?: {
    active?: boolean | undefined;
    closed?: boolean | undefined;
    archived?: boolean | undefined;
    acceptingOrders?: boolean | undefined;
    outcomes?: readonly unknown[] | undefined;
    outcomePrices?: readonly unknown[] | undefined;
    clobTokenIds?: readonly unknown[] | undefined;
    umaResolutionStatus?: unknown;
  } | undefined;
}

export interface Resolution {
  state: ResolutionState;
  outcomes: Array<{ tokenId: string; outcome: string; settles?: Settles }>;
  /** The winning outcome's index, where the venue makes it clear. */
  winner?: number;
  /** Where the winner was read: the trading surface's flag, or the final prices. */
  source?: 'winner' | 'prices';
}

/** A price that is exactly 1 or 0 (as a number or decimal text), else undefined. */
function settledPrice(p: unknown): Settles | undefined {
  const text = typeof p === 'number' ? String(p) : typeof p === 'string' ? p.trim() : '';
  if (/^1(\.0*)?$/.test(text)) return '1';
  if (/^0*(\.0*)?$/.test(text) && /\d/.test(text)) return '0';
  return undefined;
}

/** The one outcome at 1 when every final price is exactly 1 or 0, else undefined. */
function winnerByPrices(prices: readonly unknown[] | undefined, count: number): number | undefined {
  if (!prices || prices.length !== count || count < 2) return undefined;
  const settled = prices.map(settledPrice);
  if (settled.some((s) => s === undefined)) return undefined;
  const ones = settled.flatMap((s, i) => (s === '1' ? [i] : []));
  return ones.length === 1 ? ones[0] : undefined;
}

export function resolutionOf({ trading, catalog }: ResolutionInput): Resolution {
  const fromTrading = (trading?.tokens ?? []).map((t, i) => ({ tokenId: String(t.token_id ?? ''), outcome: String(t.outcome ?? `Outcome ${i + 1}`) }));
  const labels = (catalog?.outcomes ?? []).map(String);
  const ids = (catalog?.clobTokenIds ?? []).map(String);
  const outcomes = fromTrading.length ? fromTrading : labels.map((outcome, i) => ({ tokenId: ids[i] ?? '', outcome }));

  const status = (trading?.status ?? '').toLowerCase();
  const flagged = (trading?.tokens ?? []).flatMap((t, i) => (t.winner === true ? [i] : []));
  const ended = trading?.closed === true || catalog?.closed === true || ['closed', 'resolved', 'archived'].includes(status);
  const saysResolved = status === 'resolved' || String(catalog?.umaResolutionStatus ?? '').toLowerCase() === 'resolved';
  const byPrices = ended || saysResolved ? winnerByPrices(catalog?.outcomePrices, outcomes.length) : undefined;

  const settle = (winner: number, source: 'winner' | 'prices'): Resolution => ({
    state: 'resolved',
    outcomes: outcomes.map((o, i) => ({ ...o, settles: i === winner ? '1' : '0' })),
    winner,
    source,
  });
  if (flagged.length === 1) return settle(flagged[0] as number, 'winner');
  // Two flagged winners, or a status without a winner: resolved, to what the venue does not make clear.
  if (flagged.length > 1) return { state: 'resolved', outcomes };
  if (byPrices !== undefined) return settle(byPrices, 'prices');
  if (saysResolved) return { state: 'resolved', outcomes };
  if (ended) return { state: 'closed', outcomes };
  const paused = trading?.accepting_orders === false || (trading === undefined && catalog?.acceptingOrders === false) || status === 'paused';
  return { state: paused ? 'paused' : 'open', outcomes };
}

/** The resolution in one line a trader reads: "Resolved: Yes won. Yes settles at $1, No at $0." */
export function resolutionWords(r: Pick<Resolution, 'state' | 'outcomes' | 'winner'>): string {
  switch (r.state) {
    case 'resolved': {
      if (r.winner === undefined) return 'Resolved — winner not reported by the venue.';
      const win = r.outcomes[r.winner]?.outcome ?? `Outcome ${r.winner + 1}`;
      const losers = r.outcomes.filter((_, i) => i !== r.winner).map((o) => o.outcome);
      return `Resolved: ${win} won. ${win} settles at $1${losers.length ? `, ${losers.join(', ')} at $0` : ''}.`;
    }
    case 'closed':
      return 'Trading ended: the venue reports no result yet.';
    case 'paused':
      return 'Paused: the venue is not taking orders for now.';
    default:
      return 'Open for trading.';
  }
}
