// An account's open orders as the venue lists them, and the journal brought in step with each
// fresh read: fills so far, what left the book (with a notice per fill), lost orders found.
import type { Notice } from '@shared/ipc/contract.js';
import { parseMicros } from '@shared/domain/money.js';
import type { OpenOrder } from '@shared/spec/index.js';
import type { Session } from '../../session.js';
import type { AccountSummary } from '../../vault/vault.js';
import type { Accounts } from '../accounts/accounts.js';
import { FRESH, type CoreContext } from '../../context.js';
import type { Markets } from '../markets/markets.js';
import { positionsQuery } from '../portfolio/portfolio.js';
import type { JournalOf } from './journal.js';
import { settle } from './notices.js';
import { tellLostFill } from './reconcile.js';

export type OpenOrders = ReturnType<typeof openOrdersReader>;

export function openOrdersReader(ctx: CoreContext, deps: { accounts: Accounts; markets: Markets; journal: JournalOf }) {
  const { accounts, markets } = deps;

  /**
   * After our own order or cancel: the account's cash, orders, positions and trades are due a
   * fresh read — positions and trades under every sort and filter the portfolio asked with, not
   * only the ticket's whole-account read, or the portfolio shows a fill only once its own
   * freshness window has passed.
   */
  const accountChanged = (s: Session, a: AccountSummary): void => {
    s.expire('trading', '/balance-allowance', { account: a.id });
    s.expire('trading', '/data/orders', { account: a.id, pages: 'all' });
    const { user } = positionsQuery(a);
    s.expireReads('data', '/positions', { user });
    s.expireReads('data', '/trades', { user });
  };

  /**
   * Every page of an account's open orders, with when they were asked for, and the journal
   * brought in step with them: fills so far, and what left the book (with a notice per fill).
   */
  const openOrdersOf = async (s: Session, a: AccountSummary, maxAge: number = FRESH.prices) => {
    const r = await s.cached('trading', '/data/orders', { account: a.id, pages: 'all' }, maxAge, async () => {
      const askedAt = ctx.clock.now();
      const sign = await accounts.signedFor(s, a);
      const orders: OpenOrder[] = [];
      for (let cursor = 'MA==', pages = 0; cursor !== 'LTE=' && pages < 50; pages++) {
        const page = await s.capabilities.use('openOrders', () => s.clients.trading.openOrders(sign, cursor === 'MA==' ? {} : { next_cursor: cursor }));
        orders.push(...page.data);
        cursor = page.data.length === 0 ? 'LTE=' : page.next_cursor;
      }
      return { askedAt, orders };
    });
    if (!r.stale && s.isOpen) {
      // Lost orders listed here are found: one that matched meanwhile is a fill no answer told.
      const journal = deps.journal(s);
      const lost = new Map(journal.unknownOrders(a.id).map((o) => [o.orderId, parseMicros(o.sizeMatched) ?? 0n]));
      const settled = journal.reconcile(a.id, r.data.orders, r.data.askedAt, ctx.clock.now());
      const io = {
        now: () => ctx.clock.now(),
        market: (conditionId: string, maxAgeMs: number) => markets.market(s, conditionId, maxAgeMs),
        label: markets.labeller(s),
        notify: (n: Notice) => ctx.emit('notices.raised', n),
      };
      await settle(journal, a.id, settled, io);
      if (settled.changed.length > 0) ctx.emit('orders.updated', { accountId: a.id, orderIds: settled.changed });
      for (const o of r.data.orders) {
        const before = lost.get(o.id);
        if (before !== undefined && settled.changed.includes(o.id) && (parseMicros(o.size_matched) ?? 0n) > before) await tellLostFill(journal, a.id, o.id, o.size_matched, io);
      }
    }
    return r;
  };

  return { openOrdersOf, accountChanged };
}
