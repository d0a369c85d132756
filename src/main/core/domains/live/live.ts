// Live prices: the screens' watches (`live.watch` / `live.unwatch`, under keys of their own), the
// feed's status, and watches the core keeps for itself (the orders domain follows the tokens of
// resting orders). A trade on a watched token makes the market's recent trades stale.
import { perSession, type Session } from '../../session.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import type { Domain } from '../../registrar.js';

export interface Live {
  /** The core's own watch under `key` (no screen's): these tokens are streamed until the next call. */
  follow(s: Session, key: string, tokenIds: string[]): void;
}

export function liveDomain(ctx: CoreContext): Domain & Live {
  const hooked = perSession((s) => {
    s.live.onTrade((_tokenId, _trade, market) => {
      // The market's recent trades now hold this fill.
      if (s.isOpen && market) s.expireReads('data', '/trades', { market });
    });
    return true;
  });

  const handlers: HandlersOf<'live.watch' | 'live.unwatch' | 'live.status'> = {
    'live.watch': ({ key, tokenIds }) => {
      const s = ctx.session();
      hooked(s);
      return s.live.watch(`screen:${key}`, [...new Set(tokenIds)]);
    },
    'live.unwatch': ({ key }) => ctx.session().live.unwatch(`screen:${key}`),
    'live.status': () => ctx.session().live.status(),
  };

  return {
    name: 'live',
    handlers,
    follow(s, key, tokenIds) {
      if (!s.isOpen) return;
      hooked(s);
      s.live.watch(key, tokenIds, false);
    },
  };
}
