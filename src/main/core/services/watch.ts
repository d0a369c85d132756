// Fills and resolutions for the active profile's accounts, looked for every few seconds while
// the vault is unlocked, and raised as `notices.raised`.
import { Watcher } from '../notices.js';
import type { Accounts } from './accounts.js';
import { FRESH, type CoreContext } from './context.js';
import type { Markets } from './markets.js';
import type { Orders } from './orders.js';
import type { Portfolio } from './portfolio.js';

const WATCH_EVERY = 6_000;

export interface WatchOptions {
  /** `false` turns the watcher off; `everyMs` is 6 s unless said. */
  watch?: false | { everyMs?: number };
}

export function watchService(ctx: CoreContext, opts: WatchOptions, deps: { accounts: Accounts; markets: Markets; portfolio: Portfolio; orders: () => Orders }): Watcher | undefined {
  if (opts.watch === false) return undefined;
  const every = opts.watch?.everyMs ?? WATCH_EVERY;
  return new Watcher(
    {
      log: ctx.log,
      now: () => ctx.clock.now(),
      profile: () => ctx.session().profile.id,
      accounts: () => (ctx.vault().isLocked() ? undefined : ctx.vault().list(ctx.session().profile.id)),
      journal: () => ctx.session().user.db,
      openOrders: (a) => deps.orders().openOrdersOf(ctx.session(), deps.accounts.account(a.id), Math.min(FRESH.prices, every)),
      lostOrders: (a) => deps.orders().lookForLost(ctx.session(), deps.accounts.account(a.id), Math.min(FRESH.prices, every)),
      positions: async (a) => (await deps.portfolio.positionsOf(ctx.session(), a, Math.min(FRESH.data, every))).data,
      market: (conditionId, fresh) => deps.markets.market(ctx.session(), conditionId, fresh ? 0 : Math.max(FRESH.data, every)),
      notify: (n) => ctx.emit('notices.raised', n),
    },
    every,
  );
}
