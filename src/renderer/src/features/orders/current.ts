// What became of orders sent from a screen since their answer: a result shown beside a line or a
// button follows the order's journal entry (brought in step with the venue's open orders by the
// core, refreshed on `orders.updated`), so "live" never outlives a cancel, a fill or a resolution.
import { useCall } from '../../api/hooks';
import { filledOf, STATE_LABEL, type JournalEntry } from './rows';

/** The journal's entries of the account by order id, for the ids a screen shows results for. */
export function useOrderStates(accountId: string | undefined, orderIds: readonly string[]): ReadonlyMap<string, JournalEntry> {
  const journal = useCall('orders.journal', { accountId: accountId ?? '', limit: 200 }, { enabled: Boolean(accountId) && orderIds.length > 0, refetchInterval: 10_000 });
  const wanted = new Set(orderIds);
  return new Map((journal.data ?? []).filter((e) => wanted.has(e.orderId)).map((e) => [e.orderId, e]));
}

export interface Since {
  /** The journal's state word. */
  state: JournalEntry['state'];
  /** In words: "cancelled", "closed by the venue", "partly filled 5 / 10". */
  words: string;
  /** Off the book for good: no longer resting. */
  over: boolean;
}

/** What happened to a placed order after its answer, or undefined while nothing did (still as answered). */
export function sinceAnswer(e: JournalEntry | undefined, answered: string | undefined): Since | undefined {
  if (!e) return undefined;
  switch (e.state) {
    case 'sending':
    case 'unknown':
    case 'open':
      return undefined;
    case 'partly_filled':
      return { state: e.state, words: `partly filled ${filledOf(e)}`, over: false };
    case 'filled':
      // Filled on arrival was the answer itself.
      return answered === 'matched' ? undefined : { state: e.state, words: STATE_LABEL.filled, over: true };
    default:
      return { state: e.state, words: STATE_LABEL[e.state], over: true };
  }
}
