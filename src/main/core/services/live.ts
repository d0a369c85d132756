// Live prices: the screens' watches (`live.watch` / `live.unwatch`, under keys of their own), the
// feed's status, and the tokens of the accounts' resting orders, watched by the core itself so a
// fill of one is looked for the moment the venue reports a trade on its token.
import { perSession, type Session } from '../session.js';
import type { CoreContext, HandlersOf } from './context.js';

/** The core's own watch: tokens with orders of ours resting on them. */
const ORDERS_KEY = 'core:open-orders';
const RESTING = "('open', 'partly_filled', 'unknown')";

export interface LiveDeps {
  /** A trade on a token these accounts have orders on: their orders are worth reading now. Absent when nothing watches orders. */
  fillsLikely?: (s: Session, accountIds: string[]) => void;
}

export type Live = ReturnType<typeof liveService>;

export function liveService(ctx: CoreContext, deps: LiveDeps) {
  const hooked = perSession((s) => {
    s.live.onTrade((tokenId, _trade, market) => {
      if (!s.isOpen) return;
      // The market's recent trades now hold this fill.
      if (market) s.expireReads('data', '/trades', { market });
      if (!deps.fillsLikely) return;
      const rows = s.user.db.prepare(`SELECT DISTINCT account_id FROM journal WHERE token_id = ? AND state IN ${RESTING}`).all(tokenId) as Array<{ account_id: string }>;
      if (rows.length > 0) deps.fillsLikely(s, rows.map((r) => r.account_id));
    });
    return true;
  });

  /** Watches the tokens the journal has resting orders on (after a batch, and after each read of open orders). */
  const ordersChanged = (s: Session): void => {
    if (!s.isOpen || !deps.fillsLikely) return;
    hooked(s);
    const rows = s.user.db.prepare(`SELECT DISTINCT token_id FROM journal WHERE state IN ${RESTING} ORDER BY token_id LIMIT 500`).all() as Array<{ token_id: string }>;
    s.live.watch(ORDERS_KEY, rows.map((r) => r.token_id), false);
  };

  const handlers: HandlersOf<'live.watch' | 'live.unwatch' | 'live.status'> = {
    'live.watch': ({ key, tokenIds }) => {
      const s = ctx.session();
      hooked(s);
      return s.live.watch(`screen:${key}`, [...new Set(tokenIds)]);
    },
    'live.unwatch': ({ key }) => ctx.session().live.unwatch(`screen:${key}`),
    'live.status': () => ctx.session().live.status(),
  };

  return { handlers, ordersChanged };
}
