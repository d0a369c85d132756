// The tokens of the accounts' resting orders, followed on the live feed so a fill of one is looked
// for the moment the venue reports a trade on its token.
import { perSession, type Session } from '../../session.js';
import type { Live } from '../live/live.js';
import type { JournalOf } from './journal.js';

/** The core's own watch: tokens with orders of ours resting on them. */
const ORDERS_KEY = 'core:open-orders';

/** A trade on a token these accounts have orders on: their orders are worth reading now. */
export type FillsLikely = (s: Session, accountIds: string[]) => void;

export type RestingWatch = ReturnType<typeof restingWatch>;

export function restingWatch(live: Live, journal: JournalOf) {
  const listeners = new Set<FillsLikely>();
  const hooked = perSession((s) => {
    s.live.onTrade((tokenId) => {
      if (!s.isOpen || listeners.size === 0) return;
      const accounts = journal(s).followedOn(tokenId);
      if (accounts.length > 0) for (const l of listeners) l(s, accounts);
    });
    return true;
  });

  return {
    /** Listens for trades on the tokens of resting orders (the watcher); returns the unsubscribe. */
    onFillsLikely(listener: FillsLikely): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Hears the session's trades from now on (nothing is watched by this alone). */
    hook(s: Session): void {
      if (s.isOpen && listeners.size > 0) hooked(s);
    },
    /** Watches the tokens the journal has resting orders on (after a batch, and after each read of open orders). */
    ordersChanged(s: Session): void {
      if (!s.isOpen || listeners.size === 0) return;
      hooked(s);
      live.follow(s, ORDERS_KEY, journal(s).followedTokens(500));
    },
  };
}
