// An account's money: cash, positions (with the venue's sorts and filters), trades, and its
// value over time from the snapshots kept in user data; redeeming resolved markets lives in
// redeem.ts, the P&L that adds up (and the snapshots it takes) in pnl.ts.
import { formatMicros } from '@shared/domain/money.js';
import type { MarketResolution } from '@shared/ipc/resolution.js';
import type { Session } from '../../session.js';
import type { AccountSummary } from '../../vault/vault.js';
import type { Accounts } from '../accounts/accounts.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';
import type { Invalidates } from '../../registrar.js';
import { pnlService, type PnlDeps } from './pnl.js';
import { redeemService } from './redeem.js';

/** What other domains read of an account's money: its cash and its positions. */
export type Portfolio = Omit<ReturnType<typeof portfolioDomain>, 'name' | 'handlers' | 'invalidates'>;

/** Every position of the account, however small: what it can sell. */
export const positionsQuery = (a: { address: string }) => ({ user: a.address.toLowerCase(), limit: 500, offset: 0, sizeThreshold: 0 });

export interface PortfolioDeps {
  /** Where each market stands (the markets domain's `markets.resolution`). */
  resolutions(conditionIds: string[]): Promise<MarketResolution[]>;
  /** The orders domain's journal, read for the orders this app sent that still hold cash. */
  journal: PnlDeps['journal'];
}

export function portfolioDomain(ctx: CoreContext, accounts: Accounts, deps: PortfolioDeps) {
  const balanceOf = (s: Session, a: AccountSummary) =>
    s.cached('trading', '/balance-allowance', { account: a.id }, FRESH.prices, async () => {
      const sign = await accounts.signedFor(s, a);
      const b = await s.capabilities.use('balance', () => s.clients.trading.balance(sign));
      return { balance: formatMicros(BigInt(b.balance)), reserved: formatMicros(BigInt(b.reserved ?? '0')), available: formatMicros(BigInt(b.available ?? b.balance)) };
    });

  const positionsOf = (s: Session, a: { address: string }, maxAge: number) => {
    const q = positionsQuery(a);
    return s.cached('data', '/positions', q, maxAge, () => s.clients.data.positions(q));
  };

  /** The account's cash, positions and trades are read from the venue next (after a redemption, a fill). */
  const changed = (s: Session, a: AccountSummary): void => {
    const { user } = positionsQuery(a);
    s.expire('trading', '/balance-allowance', { account: a.id });
    s.expireReads('data', '/positions', { user });
    s.expireReads('data', '/trades', { user });
  };

  const redeem = redeemService(ctx, accounts, { changed });
  const pnl = pnlService(ctx, accounts, { balanceOf, positionsOf, resolutions: deps.resolutions, journal: deps.journal });

  const handlers: HandlersOf<'portfolio.positions' | 'portfolio.trades' | 'portfolio.history' | 'portfolio.balance' | 'portfolio.pnl' | 'portfolio.redeem'> = {
    ...redeem.handlers,
    ...pnl.handlers,
    'portfolio.positions': async (a) => {
      const s = ctx.session();
      const q = {
        user: a.address.toLowerCase(), limit: a.limit, offset: a.offset, sortBy: a.sortBy, sortDirection: a.sortDirection, redeemable: a.redeemable, mergeable: a.mergeable,
        sizeThreshold: a.sizeThreshold, title: a.title || undefined, market: a.market?.join(','),
      };
      return s.cached('data', '/positions', q, FRESH.data, () => s.clients.data.positions(q));
    },
    'portfolio.trades': (a) => {
      const s = ctx.session();
      const q = { user: a.address.toLowerCase(), limit: a.limit, offset: a.offset, side: a.side, market: a.market?.join(','), takerOnly: false };
      return s.cached('data', '/trades', q, FRESH.data, () => s.clients.data.trades(q));
    },
    'portfolio.history': ({ accountId, from, to }) =>
      ctx.session().user.snapshots.history(accounts.account(accountId).address.toLowerCase(), { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) }),
    'portfolio.balance': ({ accountId }) => balanceOf(ctx.session(), accounts.account(accountId)),
  };

  const portfolioCalls = ['portfolio.positions', 'portfolio.balance', 'portfolio.trades', 'portfolio.history', 'portfolio.pnl'] as const;
  // The P&L answer each account was last told at: a newer one took a snapshot and may know new fills.
  const pnlAt = new Map<string, number>();
  const invalidates: Invalidates = {
    // Paid, refused or lost on the way: the account's money and the market's standing are read again.
    'portfolio.redeem': [...portfolioCalls, 'markets.resolution'],
    'portfolio.pnl': ({ accountId }, out) => {
      if (!out) return [];
      const before = pnlAt.get(accountId);
      pnlAt.set(accountId, out.fetchedAt);
      if (before === out.fetchedAt) return [];
      // The first answer's snapshot is new to the chart; the trades are being read alongside it.
      return before === undefined ? ['portfolio.history'] : ['portfolio.history', 'portfolio.trades'];
    },
  };

  return { name: 'portfolio', handlers, invalidates, balanceOf, positionsOf, changed };
}
