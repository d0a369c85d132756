// Placing an order (venue-profile D): the money checks, then a plan against the book that
// touches nothing, written to SQLite in one transaction (order rows, fills, positions, cash),
// and only then applied to the books, so that a failed write never leaves books and ledger apart.
import { hashId } from '../ids.js';
import type { Changes } from '../ledger.js';
import { feeMicro, MICRO, notional } from '../money.js';
import type { Books } from './books.js';
import { afterFills, planMatch, refusal, type MatchPlan } from './matching.js';
import type { OrdersTable } from './orders-table.js';
import { buyReserve, type Reservations } from './reservations.js';
import type { Resting } from './resting.js';
import type { Statements } from './statements.js';
import type { Delays } from './delays.js';
import type { Tokens } from './tokens.js';
import { fail, fromRow, toResting, toRestingNew, type NewOrder, type Placement } from './types.js';
import type { Wallets } from './wallets.js';

export interface PlacementParts {
  sql: Statements;
  table: OrdersTable;
  tokens: Tokens;
  books: Books;
  reservations: Reservations;
  wallets: Wallets;
  resting: Resting;
  delays: Delays;
  now: () => number;
  /** Wallets refused on markets with address screening (ibce). */
  blocked: ReadonlySet<string>;
}

export class Placements {
  constructor(private readonly p: PlacementParts) {}

  /** Places one checked, signed order: the money checks, matching and settlement. */
  place(order: NewOrder): Placement {
    const { token } = order;
    const { p } = this;
    if (token.status !== 'active') return fail('MARKET_NOT_ACCEPTING_ORDERS', `market ${token.conditionId} is ${token.status} and not accepting orders`);
    if (token.screening && p.blocked.has(order.wallet)) return fail('ADDRESS_BLOCKED', `address ${order.wallet} may not trade this market`);
    if (p.table.seqOf(order.id) !== undefined) return fail('DUPLICATE_ORDER', `order ${order.id} was already placed`);
    const money = this.checkCollateral(order);
    if (money) return money;

    const now = p.now();
    const plan = this.plan(order, now);
    const refused = refusal(order, plan);
    if (refused === 'POST_ONLY_CROSSES') {
      const book = p.books.book(token.tokenId);
      const best = order.side === 'BUY' ? book.bestAsk() : book.bestBid();
      return fail('INVALID_ORDER', `post-only order at ${order.price / MICRO} would cross the resting ${order.side === 'BUY' ? 'ask' : 'bid'} at ${(best ?? 0) / MICRO}`);
    }
    if (refused === 'FOK_NOT_FILLED') {
      return fail('FOK_NOT_FILLED', `fill-or-kill order for ${order.size / MICRO} could fill only ${plan.filled / MICRO} at ${order.price / MICRO} or better`);
    }
    const seq = p.table.nextSeq();
    if (token.delaySeconds > 0 && plan.fills.length > 0) {
      // Marketable orders on itode markets wait out the taker delay before they execute.
      const releaseAt = now + token.delaySeconds * 1000;
      p.sql.atomic(() => p.table.insert(order, seq, 'delayed', 0, now, releaseAt));
      p.reservations.reserve(toRestingNew(order, seq, now), token, 1);
      p.delays.schedule(order.id, releaseAt, (id) => this.release(id));
      return { ok: true, status: 'delayed', making: 0, taking: 0 };
    }
    return this.execute(order, seq, now, plan, false);
  }

  /** Executes a delayed order whose taker delay is over. */
  release(id: string): void {
    const { p } = this;
    const row = p.table.row(id);
    if (row?.status !== 'delayed') return;
    const token = p.tokens.get(row.token_id);
    const order = fromRow(row, token);
    if (!token || !order) return;
    p.reservations.reserve(toResting(row), token, -1);
    const now = p.now();
    const plan = this.plan(order, now);
    if (token.status !== 'active' || (order.type === 'FOK' && plan.filled < order.size)) {
      p.table.setStatus(row.seq, token.status !== 'active' ? 'cancelled' : 'unmatched');
    } else {
      this.execute(order, row.seq, now, plan, true);
    }
  }

  /** Micro tokens of one outcome a wallet holds and has not promised to open sell orders. */
  freeTokens(wallet: string, tokenId: string): number {
    const token = this.p.tokens.get(tokenId);
    if (!token) return 0;
    return this.p.wallets.held(wallet, token) - this.p.reservations.tokensOf(wallet, tokenId);
  }

  private checkCollateral(order: NewOrder): Placement | undefined {
    const { token } = order;
    const { wallets, reservations } = this.p;
    if (order.side === 'BUY') {
      const need = buyReserve(order.price, order.size, token);
      const free = wallets.cash(order.wallet) - reservations.cashOf(order.wallet);
      if (need > free) {
        return fail('INSUFFICIENT_BALANCE', `buying ${order.size / MICRO} at ${order.price / MICRO} needs ${need / MICRO} cash with fees; ${Math.max(0, free) / MICRO} is free`);
      }
    } else {
      const free = wallets.held(order.wallet, token) - reservations.tokensOf(order.wallet, token.tokenId);
      if (order.size > free) {
        return fail('INSUFFICIENT_BALANCE', `selling ${order.size / MICRO} needs that many tokens; ${Math.max(0, free) / MICRO} are free`);
      }
    }
    return undefined;
  }

  private plan(order: NewOrder, now: number): MatchPlan {
    return planMatch(this.p.books.book(order.token.tokenId), order, Math.floor(now / 1000));
  }

  private execute(order: NewOrder, seq: number, now: number, plan: MatchPlan, existing: boolean): Placement {
    const { token } = order;
    const { sql, table, wallets, resting, reservations } = this.p;
    const { rests, status } = afterFills(order, plan.filled);
    let making = 0;
    let taking = 0;
    // Made at the first fill: only fills move cash and positions.
    let changes: Changes | undefined;

    // With nothing to fill or take off the book the order is one INSERT, atomic by itself.
    const write = existing || plan.expired.length > 0 || plan.selfCancelled.length > 0 || plan.fills.length > 0 ? sql.atomic : (fn: () => void) => fn();
    write(() => {
      if (existing) table.setFilled(seq, status, plan.filled, now);
      else table.insert(order, seq, status, plan.filled, now, 0);
      for (const m of plan.expired) table.setStatus(m.seq, 'expired');
      for (const m of plan.selfCancelled) table.setStatus(m.seq, 'cancelled');
      for (const { maker, size } of plan.fills) {
        changes ??= wallets.changes();
        const price = maker.price;
        const cashAmount = notional(size, price);
        const takerFee = feeMicro(token.takerBps, price, size);
        const makerFee = token.takerOnly ? 0 : feeMicro(token.makerBps, price, size);
        const buyer = order.side === 'BUY' ? { wallet: order.wallet, fee: takerFee } : { wallet: maker.wallet, fee: makerFee };
        const seller = order.side === 'BUY' ? { wallet: maker.wallet, fee: makerFee } : { wallet: order.wallet, fee: takerFee };
        wallets.moveCash(buyer.wallet, -(cashAmount + buyer.fee), now, changes);
        wallets.moveCash(seller.wallet, cashAmount - seller.fee, now, changes);
        // The book is only changed after the commit, so `remaining` is still the maker's before this fill.
        const filledNow = maker.size - maker.remaining + size;
        table.setFilled(maker.seq, filledNow >= maker.size ? 'matched' : 'live', filledNow, now);
        const base = { conditionId: token.conditionId, outcomeIndex: token.outcomeIndex, price, size };
        wallets.record({
          ts: now,
          txHash: hashId(`fill|${order.id}|${maker.id}|${filledNow}`),
          entries: [
            { ...base, wallet: order.wallet, side: order.side, role: 'T', fee: takerFee },
            { ...base, wallet: maker.wallet, side: order.side === 'BUY' ? 'SELL' : 'BUY', role: 'M', fee: makerFee },
          ],
        }, changes);
        if (order.side === 'BUY') {
          making += cashAmount + takerFee;
          taking += size;
        } else {
          making += size;
          taking += cashAmount - takerFee;
        }
      }
      if (changes) wallets.keep(changes);
    });
    if (changes) wallets.merge(changes);

    // Committed: now the books and reservations follow.
    for (const m of plan.expired) resting.unrest(m);
    for (const m of plan.selfCancelled) resting.unrest(m);
    for (const { maker, size } of plan.fills) resting.fill(maker, size, token, order.side, now);
    if (rests) {
      const open = toRestingNew(order, seq, now);
      open.remaining = order.size - plan.filled;
      reservations.reserve(open, token, 1);
      resting.rest(open, token.tokenId);
    }
    const reported = status === 'live' && plan.filled > 0 ? 'matched' : status;
    return { ok: true, status: reported as 'live' | 'matched' | 'unmatched', making, taking };
  }
}
