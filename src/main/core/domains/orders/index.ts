// The orders domain: the ticket's checks and preview, sending and cancelling batches, the open
// orders and the journal, lost orders looked for, and the watcher's pass for fills and resolved
// markets. Built one way round: the open-orders read first, then the checks on it, the watcher
// on both, and sending last (it re-runs the checks and asks the watcher for a pass).
import type { CallName } from '@shared/ipc/contract.js';
import type { CoreContext } from '../../context.js';
import type { Invalidates } from '../../registrar.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Live } from '../live/live.js';
import type { Markets } from '../markets/markets.js';
import type { Portfolio } from '../portfolio/portfolio.js';
import type { JournalOf } from './journal.js';
import { openOrdersReader } from './open-orders.js';
import { ordersService } from './orders.js';
import { previewService } from './preview.js';
import { lostOrdersService } from './reconcile.js';
import { restingWatch } from './resting.js';
import { watchService, type WatchOptions } from './watch.js';

export type { WatchOptions } from './watch.js';
export { journals, type JournalOf } from './journal.js';

export interface OrdersDomainDeps {
  /** The journal's statements per Session, made before the domains that read it. */
  journal: JournalOf;
  accounts: Accounts;
  markets: Markets;
  portfolio: Portfolio;
  live: Live;
}

const ORDER_CALLS = ['orders.open', 'orders.journal'] as const satisfies readonly CallName[];
const PORTFOLIO_CALLS = ['portfolio.positions', 'portfolio.balance', 'portfolio.trades', 'portfolio.history', 'portfolio.pnl'] as const satisfies readonly CallName[];

export function ordersDomain(ctx: CoreContext, opts: WatchOptions, deps: OrdersDomainDeps) {
  const { accounts, markets, portfolio, journal } = deps;
  const reader = openOrdersReader(ctx, { accounts, markets, journal });
  const { lookForLost } = lostOrdersService(ctx, { markets, journal, openOrdersOf: reader.openOrdersOf, accountChanged: reader.accountChanged });
  const preview = previewService(ctx, { accounts, markets, portfolio, journal, openOrders: (s, a) => reader.openOrdersOf(s, a) });
  const resting = restingWatch(deps.live, journal);
  const watch = watchService(ctx, opts, { accounts, markets, portfolio, journal, reader, lookForLost, resting });
  const orders = ordersService(ctx, {
    accounts,
    markets,
    checks: preview,
    reader,
    journal,
    onSubmitted: (s) => {
      watch?.watcher.kick();
      resting.ordersChanged(s);
    },
  });

  return {
    name: 'orders',
    handlers: { ...preview.handlers, ...orders.handlers },
    invalidates: {
      // A batch that failed without an answer may still have placed orders (a sent one raises `orders.updated`).
      'orders.submit': (_args, out) => (out === undefined ? [...ORDER_CALLS, ...PORTFOLIO_CALLS] : []),
      // Also when nothing was cancelled: the venue may know the orders as gone.
      'orders.cancel': ORDER_CALLS,
    } satisfies Invalidates,
    start: () => watch?.watcher.start(),
    stop: () => watch?.watcher.stop(),
    // Rows still being sent as the core closes are marked unknown, the last thing before the files close.
    close: () => orders.abandonSending(ctx.session()),
  };
}
