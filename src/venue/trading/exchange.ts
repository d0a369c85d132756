// The venue's exchange (venue-profile D), as the routes, the simulator and the admin commands
// use it: one in-memory book per token, rebuilt from the orders table on start, and the parts
// that move orders, cash and tokens (src/venue/exchange/), built here in dependency order.
import type { Db } from '../db/open.js';
import { Ledger } from '../ledger.js';
import type { MarketStatus } from '../market-index.js';
import type { OrderBook } from '../exchange/book.js';
import { Books } from '../exchange/books.js';
import { cancelOrders } from '../exchange/cancels.js';
import { BookFeed, type BookObserver } from '../exchange/feed.js';
import { setMarketStatus } from '../exchange/market-status.js';
import { OrdersTable } from '../exchange/orders-table.js';
import { Placements } from '../exchange/placement.js';
import { Reservations } from '../exchange/reservations.js';
import { Resting } from '../exchange/resting.js';
import { Settlement, type Redemption } from '../exchange/settlement.js';
import { Statements } from '../exchange/statements.js';
import { Delays } from '../exchange/delays.js';
import { Expiry } from '../exchange/expiry.js';
import { Tokens } from '../exchange/tokens.js';
import { toResting, type CancelOutcome, type NewOrder, type Placement, type TokenInfo } from '../exchange/types.js';
import { Wallets } from '../exchange/wallets.js';
import { touchToken } from '../catalog/stamps.js';

export { LifecycleError } from '../exchange/market-status.js';

export interface ExchangeOptions {
  now?: () => number;
  /** Wallets refused on markets with address screening (ibce). */
  blocked?: ReadonlySet<string>;
  /** The catalog's tokens and the books, when a watcher of the books is built on them first. */
  tokens?: Tokens;
  books?: Books;
  /** Told of every committed change of a book it watches (the live market channel). */
  observer?: BookObserver;
}

export class Exchange {
  private readonly tokens: Tokens;
  private readonly books: Books;
  private readonly feed: BookFeed;
  private readonly table: OrdersTable;
  private readonly reservations: Reservations;
  private readonly wallets: Wallets;
  private readonly delays: Delays;
  private readonly resting: Resting;
  private readonly expiry: Expiry;
  private readonly placements: Placements;
  private readonly settlement: Settlement;
  /** What cancels and lifecycle moves work with. */
  private readonly orders: { sql: Statements; table: OrdersTable; tokens: Tokens; resting: Resting; now: () => number };

  constructor(
    readonly db: Db,
    opts: ExchangeOptions = {},
  ) {
    const now = opts.now ?? Date.now;
    const sql = new Statements(db);
    const tokens = (this.tokens = opts.tokens ?? new Tokens(db));
    const books = (this.books = opts.books ?? new Books());
    const feed = (this.feed = new BookFeed(books, opts.observer, (tokenId, traded) => touchToken(db, tokenId, now(), traded)));
    const table = (this.table = new OrdersTable(sql, now));
    const reservations = (this.reservations = new Reservations());
    const wallets = (this.wallets = new Wallets(sql, new Ledger(db), feed, now));
    const delays = (this.delays = new Delays(now));
    const resting = (this.resting = new Resting(books, tokens, reservations, feed, delays));
    this.expiry = new Expiry(sql, table, books, resting, now);
    this.placements = new Placements({ sql, table, tokens, books, reservations, wallets, resting, delays, now, blocked: opts.blocked ?? new Set() });
    this.settlement = new Settlement(sql, wallets, table, now);
    this.orders = { sql, table, tokens, resting, now };
    this.reload();
  }

  /** Who is told of the books' changes; replaceable only so that a test can listen in. */
  get observer(): BookObserver | undefined {
    return this.feed.observer;
  }

  set observer(observer: BookObserver | undefined) {
    this.feed.observer = observer;
  }

  /** Starts the timers: delayed orders and GTD expiry. Tests may drive both by hand instead. */
  start(): void {
    this.expiry.start();
    for (const row of this.table.delayed()) this.delays.schedule(row.id, row.release_at, (id) => this.placements.release(id));
  }

  stop(): void {
    this.expiry.stop();
    this.delays.stop();
  }

  /** The book of a token; empty if nothing rests on it. */
  book(tokenId: string): OrderBook {
    return this.books.book(tokenId);
  }

  /** Rebuilds books and reservations from the orders table. */
  reload(): void {
    // Books rebuilt as they were change nothing the catalog shows.
    const touched = this.feed.touched;
    this.feed.touched = undefined;
    try {
      this.rebuild();
    } finally {
      this.feed.touched = touched;
    }
  }

  private rebuild(): void {
    this.books.clear();
    this.reservations.clear();
    // Fills the token cache now: no other statement may run while the scan below is open.
    this.tokens.get('');
    // One copy of each wallet and owner: on `large` the 63k live orders otherwise held ~15 MB of
    // duplicate strings and their load left ~60 MB of rows to collect.
    const shared = new Map<string, string>();
    const one = (s: string): string => {
      const hit = shared.get(s);
      if (hit !== undefined) return hit;
      shared.set(s, s);
      return s;
    };
    this.table.reload((r) => {
      const token = this.tokens.get(r.token_id);
      if (!token) return;
      const order = toResting({ ...r, wallet: one(r.wallet), owner: one(r.owner) });
      this.reservations.reserve(order, token, 1);
      if (r.status === 'live') this.resting.rest(order, token.tokenId);
    });
    this.feed.reset();
  }

  token(tokenId: string): TokenInfo | undefined {
    return this.tokens.get(tokenId);
  }

  cash(wallet: string): number {
    return this.wallets.cash(wallet);
  }

  /** Cash (micro) a wallet's open BUY orders hold back. */
  reserved(wallet: string): number {
    return this.reservations.cashOf(wallet);
  }

  /** Micro tokens of one outcome a wallet holds and has not promised to open sell orders. */
  freeTokens(wallet: string, tokenId: string): number {
    return this.placements.freeTokens(wallet, tokenId);
  }

  /** Sets a wallet's paper cash (the simulator funds its wallets this way). */
  fund(wallet: string, cashMicro: number): void {
    this.wallets.fund(wallet, cashMicro);
  }

  /** Runs a batch of placements in one transaction, its ledger changes written once at its end. */
  settle<T>(fn: () => T): T {
    return this.wallets.settle(fn);
  }

  /** Places one checked, signed order: the money checks, matching and settlement. */
  place(order: NewOrder): Placement {
    return this.placements.place(order);
  }

  /** Executes a delayed order whose taker delay is over (tests may call it before the timer). */
  release(id: string): void {
    this.delays.cancel(id);
    this.placements.release(id);
  }

  /** Expires resting GTD orders whose time has passed. */
  sweepExpired(): number {
    return this.expiry.sweep();
  }

  /** Cancels orders of one API key; each id gets a verdict. */
  cancel(owner: string, ids: readonly string[]): CancelOutcome {
    return cancelOrders(this.orders, owner, ids);
  }

  /** Ids of the open (live or delayed) orders of an API key, of one market when given. */
  openOrderIds(owner: string, conditionId?: string): string[] {
    return this.table.openIds(owner, conditionId);
  }

  /** Moves a market along its lifecycle; closing, resolving or archiving cancels its open orders. */
  setMarketStatus(conditionId: string, status: MarketStatus, winnerIndex?: number): { cancelled: number } {
    return setMarketStatus(this.orders, conditionId, status, winnerIndex);
  }

  /** Splits cash into a full set of a binary market's outcome tokens (1 cash per pair). */
  mint(wallet: string, conditionId: string, size: number, price0: number): void {
    this.settlement.mint(wallet, conditionId, size, price0);
  }

  /** Pays out a wallet's tokens of a resolved market. */
  redeem(wallet: string, conditionId: string): Redemption {
    return this.settlement.redeem(wallet, conditionId);
  }
}
