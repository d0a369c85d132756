// The venue's exchange (venue-profile D): one in-memory book per token, rebuilt from the
// orders table on start. Every placement is planned against the books without touching them,
// written to SQLite in one transaction (order rows, fills, positions, cash), and only then
// applied to the books — so a failed write or a crash never leaves books and ledger apart.
import type { Statement } from 'better-sqlite3';
import type { OrderType } from '@shared/spec/index.js';
import type { Db } from '../db/open.js';
import { hashId } from '../ids.js';
import { Changes, Ledger } from '../ledger.js';
import { catalogChanged, catalogVersion, type MarketStatus } from '../market-index.js';
import { feeMicro, MICRO, notional } from '../money.js';
import { OrderBook, type BookSide, type RestingOrder } from './book.js';
import { afterFills, planMatch, refusal, type MatchPlan } from './matching.js';
import { OrderIds } from './order-ids.js';

export type OrderStatus = 'live' | 'delayed' | 'matched' | 'unmatched' | 'cancelled' | 'expired';

export interface TokenInfo {
  tokenId: string;
  conditionId: string;
  outcomeIndex: number;
  outcome: string;
  status: MarketStatus;
  negRisk: boolean;
  tick: number; // micro
  minSize: number; // micro tokens
  takerBps: number;
  makerBps: number;
  takerOnly: boolean;
  delaySeconds: number; // > 0 when itode
  minAgeSeconds: number; // oas
  screening: boolean; // ibce
}

export interface NewOrder {
  id: string;
  owner: string;
  wallet: string;
  token: TokenInfo;
  side: BookSide;
  price: number; // micro
  size: number; // micro tokens
  type: OrderType;
  postOnly: boolean;
  expiration: number; // epoch s, 0 = none
  body: string;
}

export type Placement =
  | { ok: true; status: 'live' | 'matched' | 'delayed' | 'unmatched'; making: number; taking: number }
  | { ok: false; code: string; message: string };

/** A price level of a book after a change: `size` is its new total, 0 when it is gone. */
export interface LevelChange {
  tokenId: string;
  side: BookSide;
  price: number; // micro
  size: number; // micro tokens
  bestBid: number | undefined;
  bestAsk: number | undefined;
}

/** A fill, at the maker's price, on the taker's side. */
export interface TradeEvent {
  tokenId: string;
  price: number; // micro
  size: number; // micro tokens
  side: BookSide;
  ts: number; // epoch ms
}

/**
 * Told of the changes of the books it watches, once each is committed (the live market
 * channel). Books of tokens it does not watch are not even described, so a venue nobody
 * watches pays one lookup per change.
 */
export interface BookObserver {
  watches(tokenId: string): boolean;
  level(change: LevelChange): void;
  trade(trade: TradeEvent): void;
  /** Every book was rebuilt from the database (a batch failed): what was told may be wrong. */
  reset(): void;
}

export interface CancelOutcome {
  canceled: string[];
  not_canceled: Record<string, string>;
}

interface OrderRow {
  id: string;
  seq: number;
  owner: string;
  wallet: string;
  token_id: string;
  side: BookSide;
  price: number;
  size: number;
  filled: number;
  order_type: OrderType;
  post_only: number;
  expiration: number;
  release_at: number;
  status: OrderStatus;
  created_at: number;
  body: string;
}

/** The columns of an order a resting one is made of. */
type RestingRow = Pick<OrderRow, 'id' | 'seq' | 'wallet' | 'owner' | 'side' | 'price' | 'size' | 'filled' | 'created_at' | 'expiration'>;

const STATUS_ORDER: Record<MarketStatus, number> = { active: 0, paused: 0, closed: 1, resolved: 2, archived: 3 };

export class Exchange {
  private readonly books = new Map<string, OrderBook>();
  private readonly restingById = new Map<string, { order: RestingOrder; tokenId: string }>();
  /** The resting orders that expire (GTD): the sweep looks at these alone, not at every book's
   *  orders (62,000 on `large`, 4 ms a second for nothing). */
  private readonly expiring = new Map<string, RestingOrder>();
  /** Every order's id → its sequence (the orders table's key). */
  private readonly ids = new OrderIds();
  /** Cash and tokens promised to open orders, so a wallet cannot spend the same money twice. */
  private readonly reservedCash = new Map<string, number>();
  private readonly reservedTokens = new Map<string, number>();
  private readonly delayed = new Map<string, ReturnType<typeof setTimeout>>();
  private tokenCache: { version: number; byId: Map<string, TokenInfo> } | undefined;
  private readonly ledger: Ledger;
  private readonly statements = new Map<string, Statement>();
  private seq = 0;
  /** While a batch settles: the ledger rows and balances it will write at its end. */
  private pending: Changes | undefined;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  /** Called after anything that changes books, orders or fills (the simulator listens). */
  onChange: (() => void) | undefined;
  observer: BookObserver | undefined;
  /** While a batch settles: what the observer is to be told once it commits. */
  private untold: Array<() => void> | undefined;

  /** Runs a function in a transaction, or a savepoint inside one; built once, as building one
   *  per order cost as much as the savepoint itself. */
  private readonly atomic: <T>(fn: () => T) => T;

  constructor(
    readonly db: Db,
    private readonly now: () => number = Date.now,
    /** Wallets refused on markets with address screening (ibce). */
    private readonly blocked: ReadonlySet<string> = new Set(),
  ) {
    this.ledger = new Ledger(db);
    this.atomic = db.transaction(<T>(fn: () => T): T => fn()) as <T>(fn: () => T) => T;
    this.reload();
  }

  /** Starts the timers: delayed orders and GTD expiry. Tests may drive both by hand instead. */
  start(): void {
    this.sweeper ??= setInterval(() => this.sweepExpired(), 1000);
    this.sweeper.unref?.();
    for (const row of this.rows("SELECT * FROM orders WHERE status = 'delayed' ORDER BY seq")) this.schedule(row);
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const t of this.delayed.values()) clearTimeout(t);
    this.delayed.clear();
  }

  /** The book of a token; empty if nothing rests on it. */
  book(tokenId: string): OrderBook {
    let book = this.books.get(tokenId);
    if (!book) {
      book = new OrderBook(tokenId);
      this.books.set(tokenId, book);
    }
    return book;
  }

  /** Rebuilds books and reservations from the orders table. */
  reload(): void {
    this.books.clear();
    this.restingById.clear();
    this.expiring.clear();
    this.reservedCash.clear();
    this.reservedTokens.clear();
    this.ids.clear();
    this.seq = 0;
    // Fills the token cache now: no other statement may run while the scan below is open.
    this.token('');
    // One pass in seq order (the table's key, so no sort), without the signed bodies, and with
    // one copy of each wallet, owner and token id: on `large` the 63k live orders otherwise
    // held ~15 MB of duplicate strings and their load left ~60 MB of rows to collect.
    const shared = new Map<string, string>();
    const one = (s: string): string => {
      const hit = shared.get(s);
      if (hit !== undefined) return hit;
      shared.set(s, s);
      return s;
    };
    const scan = this.sql('SELECT id, seq, status, owner, wallet, token_id, side, price, size, filled, created_at, expiration FROM orders ORDER BY seq');
    for (const r of scan.iterate() as IterableIterator<RestingRow & Pick<OrderRow, 'status' | 'token_id'>>) {
      this.ids.add(r.id, r.seq);
      this.seq = Math.max(this.seq, r.seq);
      if (r.status !== 'live' && r.status !== 'delayed') continue;
      const token = this.token(r.token_id);
      if (!token) continue;
      const order = toResting({ ...r, wallet: one(r.wallet), owner: one(r.owner) });
      this.reserve(order, token, 1);
      if (r.status === 'live') this.rest(order, token.tokenId);
    }
    this.observer?.reset();
  }

  token(tokenId: string): TokenInfo | undefined {
    const version = catalogVersion(this.db);
    if (this.tokenCache?.version !== version) {
      const byId = new Map<string, TokenInfo>();
      const rows = this.sql(
          `SELECT t.token_id, t.condition_id, t.outcome_index, t.outcome, m.status, m.neg_risk, m.tick_size, m.min_size, m.taker_base_fee,
                  m.maker_base_fee, m.fee_taker_only, m.taker_delay, m.seconds_delay, m.min_order_age, m.screening
           FROM tokens t JOIN markets m ON m.condition_id = t.condition_id`,
        )
        .all() as Array<Record<string, number | string>>;
      for (const r of rows) {
        byId.set(r['token_id'] as string, {
          tokenId: r['token_id'] as string,
          conditionId: r['condition_id'] as string,
          outcomeIndex: r['outcome_index'] as number,
          outcome: r['outcome'] as string,
          status: r['status'] as MarketStatus,
          negRisk: r['neg_risk'] === 1,
          tick: r['tick_size'] as number,
          minSize: (r['min_size'] as number) * MICRO,
          takerBps: r['taker_base_fee'] as number,
          makerBps: r['maker_base_fee'] as number,
          takerOnly: r['fee_taker_only'] === 1,
          delaySeconds: r['taker_delay'] === 1 ? Math.max(1, r['seconds_delay'] as number) : 0,
          minAgeSeconds: r['min_order_age'] as number,
          screening: r['screening'] === 1,
        });
      }
      this.tokenCache = { version, byId };
    }
    return this.tokenCache.byId.get(tokenId);
  }

  cash(wallet: string, changes = this.pending): number {
    const pending = changes?.cashOf(wallet);
    if (pending !== undefined) return pending;
    const row = this.sql('SELECT cash FROM balances WHERE address = ?').get(wallet) as { cash: number } | undefined;
    changes?.root().known.cash.set(wallet, row?.cash ?? 0);
    return row?.cash ?? 0;
  }

  /**
   * Runs a batch of placements in one transaction, whose positions, last trades, market totals
   * and balances are written once each at its end rather than once per fill.
   */
  settle<T>(fn: () => T): T {
    if (this.pending) return fn();
    const changes = (this.pending = new Changes());
    const untold: Array<() => void> = (this.untold = []);
    let out: T;
    try {
      out = this.atomic(() => {
        const result = fn();
        this.ledger.flush(changes);
        return result;
      });
    } finally {
      this.pending = undefined;
      this.untold = undefined;
    }
    // Committed: only now may watchers hear of it (a failed batch is followed by a reload).
    for (const tell of untold) tell();
    return out;
  }

  reserved(wallet: string): number {
    return this.reservedCash.get(wallet) ?? 0;
  }

  /** Sets a wallet's paper cash (the simulator funds its wallets this way). */
  fund(wallet: string, cashMicro: number): void {
    const changes = new Changes(this.pending);
    changes.cash.set(wallet, { cash: cashMicro, at: this.now() });
    this.keep(changes);
    this.merge(changes);
  }

  isDuplicate(id: string): boolean {
    return this.seqOf(id) !== undefined;
  }

  /** The sequence of the order with this id, if there is one. */
  seqOf(id: string): number | undefined {
    const idAt = this.sql('SELECT id FROM orders WHERE seq = ?').pluck();
    return this.ids.find(id, (seq) => idAt.get(seq) === id);
  }

  private orderRow(id: string): OrderRow | undefined {
    const seq = this.seqOf(id);
    return seq === undefined ? undefined : this.rows('SELECT * FROM orders WHERE seq = ?', seq)[0];
  }

  /** Places one checked, signed order: the money checks, matching and settlement. */
  place(order: NewOrder): Placement {
    const { token } = order;
    if (token.status !== 'active') return fail('MARKET_NOT_ACCEPTING_ORDERS', `market ${token.conditionId} is ${token.status} and not accepting orders`);
    if (token.screening && this.blocked.has(order.wallet)) return fail('ADDRESS_BLOCKED', `address ${order.wallet} may not trade this market`);
    if (this.isDuplicate(order.id)) return fail('DUPLICATE_ORDER', `order ${order.id} was already placed`);
    const money = this.checkCollateral(order);
    if (money) return money;

    const now = this.now();
    const plan = this.plan(order, now);
    const refused = refusal(order, plan);
    if (refused === 'POST_ONLY_CROSSES') {
      const best = order.side === 'BUY' ? this.book(token.tokenId).bestAsk() : this.book(token.tokenId).bestBid();
      return fail('INVALID_ORDER', `post-only order at ${order.price / MICRO} would cross the resting ${order.side === 'BUY' ? 'ask' : 'bid'} at ${(best ?? 0) / MICRO}`);
    }
    if (refused === 'FOK_NOT_FILLED') {
      return fail('FOK_NOT_FILLED', `fill-or-kill order for ${order.size / MICRO} could fill only ${plan.filled / MICRO} at ${order.price / MICRO} or better`);
    }
    const seq = ++this.seq;
    if (token.delaySeconds > 0 && plan.fills.length > 0) {
      // Marketable orders on itode markets wait out the taker delay before they execute.
      const releaseAt = now + token.delaySeconds * 1000;
      this.atomic(() => this.insertOrder(order, seq, 'delayed', 0, now, releaseAt));
      const resting = { ...toRestingNew(order, seq, now) };
      this.reserve(resting, token, 1);
      this.schedule({ id: order.id, release_at: releaseAt });
      this.onChange?.();
      return { ok: true, status: 'delayed', making: 0, taking: 0 };
    }
    const out = this.execute(order, seq, now, plan, false);
    this.onChange?.();
    return out;
  }

  /** Executes a delayed order whose taker delay is over. */
  release(id: string): void {
    this.delayed.delete(id);
    const row = this.orderRow(id);
    if (row?.status !== 'delayed') return;
    const token = this.token(row.token_id);
    const order = fromRow(row, token);
    if (!token || !order) return;
    this.reserve(toResting(row), token, -1);
    const now = this.now();
    const plan = this.plan(order, now);
    if (token.status !== 'active' || (order.type === 'FOK' && plan.filled < order.size)) {
      this.setStatus(row.seq, token.status !== 'active' ? 'cancelled' : 'unmatched');
    } else {
      this.execute(order, row.seq, now, plan, true);
    }
    this.onChange?.();
  }

  /** Expires resting GTD orders whose time has passed. */
  sweepExpired(): number {
    const nowS = Math.floor(this.now() / 1000);
    const due: RestingOrder[] = [];
    for (const order of this.expiring.values()) if (order.expiration <= nowS) due.push(order);
    if (due.length === 0) return 0;
    this.atomic(() => {
      for (const o of due) this.setStatus(o.seq, 'expired');
    });
    for (const o of due) this.unrest(o);
    this.onChange?.();
    return due.length;
  }

  /** Cancels orders of one API key; each id gets a verdict. */
  cancel(owner: string, ids: readonly string[]): CancelOutcome {
    const out: CancelOutcome = { canceled: [], not_canceled: {} };
    const now = this.now();
    const done: Array<{ order: RestingOrder; row: OrderRow }> = [];
    this.atomic(() => {
      for (const id of ids) {
        const row = this.orderRow(id);
        if (!row || row.owner !== owner) {
          out.not_canceled[id] = 'order not found';
          continue;
        }
        if (row.status !== 'live' && row.status !== 'delayed') {
          out.not_canceled[id] = `order is already ${row.status}`;
          continue;
        }
        const token = this.token(row.token_id);
        const minAge = token?.minAgeSeconds ?? 0;
        if (minAge > 0 && now - row.created_at < minAge * 1000) {
          out.not_canceled[id] = `order is younger than the market's minimum order age of ${minAge} s`;
          continue;
        }
        this.setStatus(row.seq, 'cancelled');
        done.push({ order: this.restingById.get(id)?.order ?? toResting(row), row });
        out.canceled.push(id);
      }
    });
    for (const { order, row } of done) this.drop(order, row);
    if (done.length) this.onChange?.();
    return out;
  }

  /** Ids of the open (live or delayed) orders of an API key, of one market when given. */
  openOrderIds(owner: string, conditionId?: string): string[] {
    const rows = (
      conditionId === undefined
        ? this.sql("SELECT id FROM orders WHERE owner = ? AND status IN ('live', 'delayed') ORDER BY seq").all(owner)
        : this.sql("SELECT id FROM orders WHERE owner = ? AND status IN ('live', 'delayed') AND condition_id = ? ORDER BY seq").all(owner, conditionId)
    ) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /**
   * Moves a market along its lifecycle (venue-profile D: forward only, paused ↔ active).
   * Closing, resolving or archiving cancels the market's open orders.
   */
  setMarketStatus(conditionId: string, status: MarketStatus, winnerIndex?: number): { cancelled: number } {
    const row = this.sql('SELECT status, outcomes FROM markets WHERE condition_id = ?').get(conditionId) as { status: MarketStatus; outcomes: string } | undefined;
    if (!row) throw new LifecycleError(`no market with condition id ${conditionId}`);
    const from = row.status;
    const allowed = from === status ? false : (from === 'active' && status === 'paused') || (from === 'paused' && status === 'active') || STATUS_ORDER[status] > STATUS_ORDER[from];
    if (!allowed) throw new LifecycleError(`market ${conditionId} cannot go from ${from} to ${status}`);
    if (status === 'resolved') {
      const count = (JSON.parse(row.outcomes) as string[]).length;
      if (winnerIndex === undefined || !Number.isInteger(winnerIndex) || winnerIndex < 0 || winnerIndex >= count) {
        throw new LifecycleError(`resolving needs a winning outcome index from 0 to ${count - 1}`);
      }
    }
    const now = this.now();
    const open = STATUS_ORDER[status] > 0 ? this.rows("SELECT * FROM orders WHERE condition_id = ? AND status IN ('live', 'delayed')", conditionId) : [];
    this.atomic(() => {
      this.sql('UPDATE markets SET status = ?, winner_index = COALESCE(?, winner_index), updated_at = ? WHERE condition_id = ?')
        .run(status, status === 'resolved' ? winnerIndex : null, now, conditionId);
      for (const r of open) this.setStatus(r.seq, 'cancelled');
    });
    catalogChanged(this.db);
    for (const r of open) this.drop(this.restingById.get(r.id)?.order ?? toResting(r), r);
    this.onChange?.();
    return { cancelled: open.length };
  }

  /**
   * Splits cash into a full set of a binary market's outcome tokens (1 cash per pair), as a
   * conditional-token split does; recorded as maker-side buys that sum to 1, so positions stay
   * derived from the fills. Used by the liquidity simulator for its makers' inventory.
   */
  mint(wallet: string, conditionId: string, size: number, price0: number): void {
    const now = this.now();
    const changes = new Changes(this.pending);
    this.atomic(() => {
      this.moveCash(wallet, -notional(size, MICRO), now, changes);
      this.ledger.recordMatch({
        ts: now,
        txHash: hashId(`mint|${wallet}|${conditionId}|${now}|${this.seq}`),
        entries: [
          { wallet, conditionId, outcomeIndex: 0, side: 'BUY', role: 'M', price: price0, size },
          { wallet, conditionId, outcomeIndex: 1, side: 'BUY', role: 'M', price: MICRO - price0, size },
        ],
      }, changes);
      this.keep(changes);
    });
    this.merge(changes);
  }

  /**
   * Pays out a wallet's tokens of a resolved market: 1 cash per winning token, nothing for the
   * others. Recorded as maker-side sells at 1 and 0 — the mirror of `mint` — so positions stay
   * derived from the fills, and the wallet's trades on the data surface show the redemption.
   */
  redeem(wallet: string, conditionId: string): Redemption {
    const market = this.sql('SELECT status, winner_index FROM markets WHERE condition_id = ?').get(conditionId) as { status: MarketStatus; winner_index: number | null } | undefined;
    if (!market) throw new RedeemRefusal('INVALID_PARAMETER', `no market with condition id ${conditionId}`);
    const winner = market.winner_index;
    if (winner === null || STATUS_ORDER[market.status] < STATUS_ORDER.resolved) {
      throw new RedeemRefusal('MARKET_NOT_RESOLVED', `market ${conditionId} is ${market.status} and has no winner yet; only a resolved market can be redeemed`);
    }
    const tokens = this.sql('SELECT token_id, outcome_index FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(conditionId) as Array<{ token_id: string; outcome_index: number }>;
    const redeemed: Redemption['redeemed'] = [];
    for (const t of tokens) {
      const size = this.ledger.position(wallet, conditionId, t.outcome_index, this.pending)?.size ?? 0;
      if (size > 0) redeemed.push({ tokenId: t.token_id, outcomeIndex: t.outcome_index, size, payout: t.outcome_index === winner ? size : 0 });
    }
    if (redeemed.length === 0) throw new RedeemRefusal('NOTHING_TO_REDEEM', `${wallet} holds no tokens of market ${conditionId}: nothing to redeem`);
    const payout = redeemed.reduce((sum, r) => sum + r.payout, 0);
    const now = this.now();
    const changes = new Changes(this.pending);
    this.atomic(() => {
      this.ledger.recordMatch({
        ts: now,
        txHash: hashId(`redeem|${wallet}|${conditionId}|${now}`),
        entries: redeemed.map((r) => ({ wallet, conditionId, outcomeIndex: r.outcomeIndex, side: 'SELL', role: 'M', price: r.payout > 0 ? MICRO : 0, size: r.size })),
      }, changes);
      this.moveCash(wallet, payout, now, changes);
      this.keep(changes);
    });
    this.merge(changes);
    this.onChange?.();
    return { conditionId, redeemed, payout };
  }

  /** Micro tokens of one outcome a wallet holds and has not promised to open sell orders. */
  freeTokens(wallet: string, tokenId: string): number {
    const token = this.token(tokenId);
    if (!token) return 0;
    return this.held(wallet, token) - (this.reservedTokens.get(`${wallet}|${tokenId}`) ?? 0);
  }

  // ------------------------------------------------------------------ internals

  private checkCollateral(order: NewOrder): Placement | undefined {
    const { token } = order;
    if (order.side === 'BUY') {
      const need = buyReserve(order.price, order.size, token);
      const free = this.cash(order.wallet) - this.reserved(order.wallet);
      if (need > free) {
        return fail('INSUFFICIENT_BALANCE', `buying ${order.size / MICRO} at ${order.price / MICRO} needs ${need / MICRO} cash with fees; ${Math.max(0, free) / MICRO} is free`);
      }
    } else {
      const held = this.held(order.wallet, token);
      const free = held - (this.reservedTokens.get(`${order.wallet}|${token.tokenId}`) ?? 0);
      if (order.size > free) {
        return fail('INSUFFICIENT_BALANCE', `selling ${order.size / MICRO} needs that many tokens; ${Math.max(0, free) / MICRO} are free`);
      }
    }
    return undefined;
  }

  private held(wallet: string, token: TokenInfo): number {
    return this.ledger.position(wallet, token.conditionId, token.outcomeIndex, this.pending)?.size ?? 0;
  }

  /** Outside a batch, writes an operation's changes in its own transaction; in one, they wait. */
  private keep(changes: Changes): void {
    if (!this.pending) this.ledger.flush(changes);
  }

  /** After an operation's writes succeeded: its changes join the batch's. */
  private merge(changes: Changes): void {
    if (this.pending) changes.mergeInto(this.pending);
  }

  private plan(order: NewOrder, now: number): MatchPlan {
    return planMatch(this.book(order.token.tokenId), order, Math.floor(now / 1000));
  }

  private execute(order: NewOrder, seq: number, now: number, plan: MatchPlan, existing: boolean): Placement {
    const { token } = order;
    const { rests, status } = afterFills(order, plan.filled);
    let making = 0;
    let taking = 0;
    // Made at the first fill: only fills move cash and positions.
    let changes: Changes | undefined;

    // With nothing to fill or take off the book the order is one INSERT, atomic by itself.
    const write = existing || plan.expired.length > 0 || plan.selfCancelled.length > 0 || plan.fills.length > 0 ? this.atomic : (fn: () => void) => fn();
    write(() => {
      if (existing) {
        this.sql('UPDATE orders SET status = ?, filled = ?, updated_at = ? WHERE seq = ?').run(status, plan.filled, now, seq);
      } else {
        this.insertOrder(order, seq, status, plan.filled, now, 0);
      }
      for (const m of plan.expired) this.setStatus(m.seq, 'expired');
      for (const m of plan.selfCancelled) this.setStatus(m.seq, 'cancelled');
      for (const { maker, size } of plan.fills) {
        changes ??= new Changes(this.pending);
        const price = maker.price;
        const cashAmount = notional(size, price);
        const takerFee = feeMicro(token.takerBps, price, size);
        const makerFee = token.takerOnly ? 0 : feeMicro(token.makerBps, price, size);
        const buyer = order.side === 'BUY' ? { wallet: order.wallet, fee: takerFee } : { wallet: maker.wallet, fee: makerFee };
        const seller = order.side === 'BUY' ? { wallet: maker.wallet, fee: makerFee } : { wallet: order.wallet, fee: takerFee };
        this.moveCash(buyer.wallet, -(cashAmount + buyer.fee), now, changes);
        this.moveCash(seller.wallet, cashAmount - seller.fee, now, changes);
        // The book is only changed after the commit, so `remaining` is still the maker's before this fill.
        const filledNow = maker.size - maker.remaining + size;
        this.sql('UPDATE orders SET filled = ?, status = ?, updated_at = ? WHERE seq = ?').run(filledNow, filledNow >= maker.size ? 'matched' : 'live', now, maker.seq);
        const base = { conditionId: token.conditionId, outcomeIndex: token.outcomeIndex, price, size };
        this.ledger.recordMatch({
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
      if (changes) this.keep(changes);
    });
    if (changes) this.merge(changes);

    // Committed: now the books and reservations follow.
    for (const m of plan.expired) this.unrest(m);
    for (const m of plan.selfCancelled) this.unrest(m);
    for (const { maker, size } of plan.fills) {
      this.reserve({ ...maker, remaining: size }, token, -1);
      this.book(token.tokenId).reduce(maker, size);
      if (maker.remaining <= 0) this.forget(maker.id);
      this.levelChanged(token.tokenId, maker.side, maker.price);
      this.traded(token.tokenId, maker.price, size, order.side, now);
    }
    if (rests) {
      const resting = toRestingNew(order, seq, now);
      resting.remaining = order.size - plan.filled;
      this.reserve(resting, token, 1);
      this.rest(resting, token.tokenId);
    }
    const reported = status === 'live' && plan.filled > 0 ? 'matched' : status;
    return { ok: true, status: reported as 'live' | 'matched' | 'unmatched', making, taking };
  }

  private moveCash(wallet: string, delta: number, now: number, changes: Changes): void {
    const cash = this.cash(wallet, changes) + delta;
    // The balances table refuses a negative balance too, but only when written; failing here
    // fails just this order.
    if (cash < 0) throw new Error(`${wallet} would hold ${cash / MICRO} cash`);
    changes.cash.set(wallet, { cash, at: now });
  }

  private insertOrder(order: NewOrder, seq: number, status: OrderStatus, filled: number, now: number, releaseAt: number): void {
    this.sql(
        `INSERT INTO orders (id, seq, owner, wallet, token_id, condition_id, outcome_index, side, price, size, filled, order_type, post_only,
                             expiration, release_at, status, created_at, updated_at, body)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        order.id, seq, order.owner, order.wallet, order.token.tokenId, order.token.conditionId, order.token.outcomeIndex, order.side, order.price,
        order.size, filled, order.type, order.postOnly ? 1 : 0, order.expiration, releaseAt, status, now, now, order.body,
      );
    this.ids.add(order.id, seq);
  }

  private setStatus(seq: number, status: OrderStatus): void {
    this.sql('UPDATE orders SET status = ?, updated_at = ? WHERE seq = ?').run(status, this.now(), seq);
  }

  private rest(order: RestingOrder, tokenId: string): void {
    this.book(tokenId).add(order);
    this.restingById.set(order.id, { order, tokenId });
    if (order.expiration > 0) this.expiring.set(order.id, order);
    this.levelChanged(tokenId, order.side, order.price);
  }

  private forget(id: string): void {
    this.restingById.delete(id);
    this.expiring.delete(id);
  }

  /** Takes a resting order off its book and frees what it reserved. */
  private unrest(order: RestingOrder): void {
    const entry = this.restingById.get(order.id);
    if (!entry) return;
    const token = this.token(entry.tokenId);
    if (token) this.reserve(order, token, -1);
    this.book(entry.tokenId).remove(entry.order);
    this.forget(order.id);
    this.levelChanged(entry.tokenId, entry.order.side, entry.order.price);
  }

  // Books change in three places only (rest, unrest, a fill), each of which reports here.
  private levelChanged(tokenId: string, side: BookSide, price: number): void {
    const observer = this.observer;
    if (!observer?.watches(tokenId)) return;
    const book = this.book(tokenId);
    const size = book.side(side).find((l) => l.price === price)?.size ?? 0;
    const change: LevelChange = { tokenId, side, price, size, bestBid: book.bestBid(), bestAsk: book.bestAsk() };
    this.tell(() => observer.level(change));
  }

  private traded(tokenId: string, price: number, size: number, side: BookSide, ts: number): void {
    const observer = this.observer;
    if (!observer?.watches(tokenId)) return;
    this.tell(() => observer.trade({ tokenId, price, size, side, ts }));
  }

  private tell(event: () => void): void {
    if (this.untold) this.untold.push(event);
    else event();
  }

  /** Frees a cancelled order, resting or delayed. */
  private drop(order: RestingOrder, row: OrderRow): void {
    if (this.restingById.has(order.id)) {
      this.unrest(order);
      return;
    }
    const timer = this.delayed.get(row.id);
    if (timer) clearTimeout(timer);
    this.delayed.delete(row.id);
    const token = this.token(row.token_id);
    if (token && row.status === 'delayed') this.reserve(toResting(row), token, -1);
  }

  private reserve(order: RestingOrder, token: TokenInfo, sign: 1 | -1): void {
    if (order.side === 'BUY') {
      const v = (this.reservedCash.get(order.wallet) ?? 0) + sign * buyReserve(order.price, order.remaining, token);
      if (v > 0) this.reservedCash.set(order.wallet, v);
      else this.reservedCash.delete(order.wallet);
    } else {
      const key = `${order.wallet}|${token.tokenId}`;
      const v = (this.reservedTokens.get(key) ?? 0) + sign * order.remaining;
      if (v > 0) this.reservedTokens.set(key, v);
      else this.reservedTokens.delete(key);
    }
  }

  private schedule(row: Pick<OrderRow, 'id' | 'release_at'>): void {
    const wait = Math.max(0, row.release_at - this.now());
    const timer = setTimeout(() => this.release(row.id), wait);
    timer.unref?.();
    this.delayed.set(row.id, timer);
  }

  /** Prepared statements are cached: preparing dominated the cost of a small order otherwise. */
  private sql(text: string): Statement {
    let stmt = this.statements.get(text);
    if (!stmt) this.statements.set(text, (stmt = this.db.prepare(text)));
    return stmt;
  }

  private rows(sql: string, ...args: unknown[]): OrderRow[] {
    return this.sql(sql).all(...args) as OrderRow[];
  }
}

export class LifecycleError extends Error {}

/** What a redemption paid, in micro units. */
export interface Redemption {
  conditionId: string;
  redeemed: Array<{ tokenId: string; outcomeIndex: number; size: number; payout: number }>;
  payout: number;
}

/** A redemption refused, with the venue's error code for it. */
export class RedeemRefusal extends Error {
  constructor(
    readonly code: 'INVALID_PARAMETER' | 'MARKET_NOT_RESOLVED' | 'NOTHING_TO_REDEEM',
    message: string,
  ) {
    super(message);
  }
}

/** Cash a BUY must hold back: its cost plus the larger of the two fees it could pay. */
export function buyReserve(price: number, size: number, token: TokenInfo): number {
  return notional(size, price) + feeMicro(Math.max(token.takerBps, token.takerOnly ? 0 : token.makerBps), price, size);
}

function fail(code: string, message: string): Placement {
  return { ok: false, code, message };
}

function toResting(r: RestingRow): RestingOrder {
  return { id: r.id, seq: r.seq, wallet: r.wallet, owner: r.owner, side: r.side, price: r.price, size: r.size, remaining: r.size - r.filled, createdAt: r.created_at, expiration: r.expiration };
}

function toRestingNew(o: NewOrder, seq: number, now: number): RestingOrder {
  return { id: o.id, seq, wallet: o.wallet, owner: o.owner, side: o.side, price: o.price, size: o.size, remaining: o.size, createdAt: now, expiration: o.expiration };
}

function fromRow(r: OrderRow, token: TokenInfo | undefined): NewOrder | undefined {
  if (!token) return undefined;
  return {
    id: r.id, owner: r.owner, wallet: r.wallet, token, side: r.side, price: r.price, size: r.size, type: r.order_type,
    postOnly: r.post_only === 1, expiration: r.expiration, body: r.body,
  };
}
