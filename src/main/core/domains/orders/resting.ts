// The tokens of the accounts' resting orders, followed on the live feed so a fill of one is looked
// for the moment the venue reports a trade on its token.
import { perSession, type Session } from '../../session.js';
import type { Live } from '../live/live.js';

/** The core's own watch: tokens with orders of ours resting on them. */
const ORDERS_KEY = 'core:open-orders';
const RESTING = "('open', 'partly_filled', 'unknown')";

/** A trade on a token these accounts have orders on: their orders are worth reading now. */
export type FillsLikely = (s: Session, accountIds: string[]) => void;

export type RestingWatch = ReturnType<typeof restingWatch>;

export function restingWatch(live: Live) {
  const listeners = new Set<FillsLikely>();
  const hooked = perSession((s) => {
    s.live.onTrade((tokenId) => {
      if (!s.isOpen || listeners.size === 0) return;
      const rows = s.user.db.prepare(`SELECT DISTINCT account_id FROM journal WHERE token_id = ? AND state IN ${RESTING}`).all(tokenId) as Array<{ account_id: string }>;
      if (rows.length > 0) for (const l of listeners) l(s, rows.map((r) => r.account_id));
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
      const rows = s.user.db.prepare(`SELECT DISTINCT token_id FROM journal WHERE state IN ${RESTING} ORDER BY token_id LIMIT 500`).all() as Array<{ token_id: string }>;
      live.follow(s, ORDERS_KEY, rows.map((r) => r.token_id));
    },
  };
}
