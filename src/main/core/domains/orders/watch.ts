// Fills and resolutions for the active profile's accounts, looked for every few seconds while
// the vault is unlocked (and at once when the live feed reports a trade on a token of theirs),
// and raised as `notices.raised`.
import { Watcher } from './notices.js';
import type { Session } from '../../session.js';
import type { AccountSummary } from '../../vault/vault.js';
import type { Accounts } from '../accounts/accounts.js';
import { FRESH, type CoreContext } from '../../context.js';
import type { Markets } from '../markets/markets.js';
import type { JournalOf } from './journal.js';
import type { OpenOrders } from './open-orders.js';
import type { RestingWatch } from './resting.js';
import type { Portfolio } from '../portfolio/portfolio.js';

const WATCH_EVERY = 6_000;

export interface WatchOptions {
  /** `false` turns the watcher off; `everyMs` is 6 s unless said. */
  watch?: false | { everyMs?: number };
}

export interface AccountWatch {
  watcher: Watcher;
  /** A trade on a token these accounts have orders on: a pass now, reading their orders afresh. */
  fillsLikely(s: Session, accountIds: readonly string[]): void;
}

export interface WatchDeps {
  accounts: Accounts;
  markets: Markets;
  portfolio: Portfolio;
  reader: Pick<OpenOrders, 'openOrdersOf'>;
  journal: JournalOf;
  /** Looks for the account's orders whose answer was lost (reconcile.ts). */
  lookForLost(s: Session, a: AccountSummary, maxAge: number): Promise<void>;
  /** The live feed follows the tokens of resting orders, and tells when one trades. */
  resting: RestingWatch;
}

export function watchService(ctx: CoreContext, opts: WatchOptions, deps: WatchDeps): AccountWatch | undefined {
  if (opts.watch === false) return undefined;
  const every = opts.watch?.everyMs ?? WATCH_EVERY;
  const watcher = new Watcher(
    {
      log: ctx.log,
      now: () => ctx.clock.now(),
      profile: () => ctx.session().profile.id,
      accounts: () => (ctx.vault().isLocked() ? undefined : ctx.vault().list(ctx.session().profile.id)),
      journal: () => deps.journal(ctx.session()),
      openOrders: async (a) => {
        const s = ctx.session();
        deps.resting.hook(s);
        try {
          const r = await deps.reader.openOrdersOf(s, deps.accounts.account(a.id), Math.min(FRESH.prices, every));
          deps.resting.ordersChanged(s);
          return r;
        } catch (err) {
          if ((err as { code?: string }).code !== 'NOT_OFFERED') throw err;
          // No open-orders list to settle the journal with: orders resting on a closed market
          // are off the book all the same, so they do not read "live" for good.
          const closed: string[] = [];
          for (const o of deps.journal(s).resting(a.id)) {
            const m = await deps.markets.market(s, o.conditionId, Math.max(FRESH.data, every)).catch(() => undefined);
            if (m?.closed === true) closed.push(o.orderId);
          }
          if (closed.length > 0 && s.isOpen) {
            deps.journal(s).closed(closed, ctx.clock.now());
            ctx.emit('orders.updated', { accountId: a.id, orderIds: closed });
          }
          return undefined;
        }
      },
      lostOrders: (a) => deps.lookForLost(ctx.session(), deps.accounts.account(a.id), Math.min(FRESH.prices, every)),
      positions: async (a) => (await deps.portfolio.positionsOf(ctx.session(), a, Math.min(FRESH.data, every))).data,
      market: (conditionId, fresh) => deps.markets.market(ctx.session(), conditionId, fresh ? 0 : Math.max(FRESH.data, every)),
      notify: (n) => ctx.emit('notices.raised', n),
    },
    every,
  );
  const fillsLikely = (s: Session, accountIds: readonly string[]): void => {
    if (!s.isOpen) return;
    // The same read open-orders.ts keeps (and expires after our own orders): the next one asks the venue.
    for (const id of accountIds) s.expire('trading', '/data/orders', { account: id, pages: 'all' });
    watcher.kick();
  };
  deps.resting.onFillsLikely(fillsLikely);
  return { watcher, fillsLikely };
}
