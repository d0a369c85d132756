// The simulator's orders: a maker's quotes put where its market's fair value says (only the
// levels that changed are cancelled and placed again), and a taker's order at a maker's best
// quote. Every order is signed by its wallet's key and goes through the same checks and matching
// as an order sent over HTTP, but for recovering its signer, which the simulator knows.
import { cashFor } from '@shared/domain/units.js';
import { privateKeyToAddress, signOrder, toWireOrder, type SignableOrder } from '@shared/crypto/index.js';
import { ensureApiKey } from '../auth/keys.js';
import type { VenueContext } from '../context.js';
import { prepared } from '../db/prepared.js';
import { MICRO } from '../money.js';
import { orderDomain, placeOrders } from '../trading/orders.js';
import type { Rng } from '../world/random.js';
import { centreOf, innerQuotes, MAKER_CASH } from '../world/quotes.js';
import { keepsTrades, type LastTrades, type SimMarket, type Wallet } from './moves.js';

interface OpenOrder {
  id: string;
  owner: string;
  token_id: string;
  side: 'BUY' | 'SELL';
  price: number;
  open: number;
  created_at: number;
}

interface Level {
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: number;
  size: number;
}

export const TAKER_CASH = 10_000 * MICRO;
/** Orders a held maker adds, at most, before its next re-quote (per outcome: one on each book). */
const MAX_ADDED = 6;
/** How long past a taker's delay its maker still holds its quotes: the release timer may run late. */
const HELD_SLACK_MS = 1_000;
const CENT = 10_000;
/** How far beyond the best quote a maker's further levels rest, in cents: two levels a side, or five where someone watches. */
const LEVELS = [0, 2];
const WATCHED_LEVELS = [0, 1, 2, 3, 5];

const key = (tokenId: string, side: string, price: number): string => `${tokenId}|${side}|${price}`;

export function walletOf(ctx: VenueContext, key: string): Wallet {
  const address = privateKeyToAddress(key).toLowerCase();
  return { key, address, apiKey: ensureApiKey(ctx, address, '0').apiKey };
}

export class Quoting {
  private salt = 0;

  constructor(
    private readonly ctx: VenueContext,
    private readonly rng: Rng,
  ) {}

  openOrders(m: SimMarket): OpenOrder[] {
    // Prepared once: preparing it for every market visited was a tenth of a tick.
    return prepared(this.ctx.db, OPEN_ORDERS).all(m.tokens[0], m.tokens[1], m.maker.address) as OpenOrder[];
  }

  /** Some of the maker's orders are younger than the market's minimum age: they cannot be replaced yet. */
  young(m: SimMarket, open: readonly OpenOrder[]): boolean {
    const now = this.ctx.now();
    return m.minAgeMs > 0 && open.some((o) => now - o.created_at < m.minAgeMs);
  }

  /**
   * Puts the maker's quotes where the fair value says: two levels a side (five where a page
   * shows the book: `deep`), and perhaps a step inside the spread where someone watches
   * (`resize`: one level gets a new size too).
   * Orders already where they should be stay. Says whether the book changed, or was held: an
   * order it would cancel is younger than the market's minimum age, or a taker's order waits out
   * the market's delay against these quotes, or the caller says so (`hold`). Held, a watched
   * market's maker cancels nothing: it puts back a quote takers took, steps inside its spread,
   * or adds to a level that has one order.
   */
  requote(m: SimMarket, open: readonly OpenOrder[], last: LastTrades, watched: boolean, resize = false, hold = false, deep = watched): 'changed' | 'same' | 'held' {
    const centre = centreOf(m.fair, m.tick);
    const base = innerQuotes(centre, m.tick);
    const step = Math.max(m.tick, CENT);
    const yes: Array<{ side: 'BUY' | 'SELL'; price: number; depth: number }> = [];
    for (const [depth, cents] of (deep ? WATCHED_LEVELS : LEVELS).entries()) {
      if (base.bid - cents * step >= m.tick) yes.push({ side: 'BUY', price: base.bid - cents * step, depth });
      if (base.ask + cents * step <= MICRO - m.tick) yes.push({ side: 'SELL', price: base.ask + cents * step, depth });
    }
    let best = base;
    const inside = watched ? m.inside : undefined;
    if (inside === 'bid' && base.bid + m.tick < base.ask && keepsTrades(m, base.bid + m.tick, base.ask, last)) best = { ...base, bid: base.bid + m.tick };
    if (inside === 'ask' && base.ask - m.tick > base.bid && keepsTrades(m, base.bid, base.ask - m.tick, last)) best = { ...base, ask: base.ask - m.tick };
    if (best.bid !== base.bid) yes.push({ side: 'BUY', price: best.bid, depth: -1 });
    if (best.ask !== base.ask) yes.push({ side: 'SELL', price: best.ask, depth: -1 });

    // Both outcomes: the No book mirrors the Yes book (No bid = 1 − Yes ask), level for level.
    const inner = Math.max(m.minSize, Math.round(this.rng.range(50, 400)) * MICRO);
    const sizeAt = (depth: number): number =>
      depth < 0 ? Math.max(m.minSize, Math.round(this.rng.range(10, 80)) * MICRO) : depth === 0 ? inner : Math.round((inner / MICRO) * this.rng.range(1.5, 4) * (1 + depth / 3)) * MICRO;
    const renewed = resize && yes.length > 0 ? this.rng.pick(yes) : undefined;
    const wanted = new Map<string, Level & { pair: string }>();
    for (const q of yes) {
      const size = sizeAt(q.depth);
      const pair = key(m.tokens[0], q.side, q.price);
      wanted.set(pair, { tokenId: m.tokens[0], side: q.side, price: q.price, size, pair });
      const no = { tokenId: m.tokens[1], side: q.side === 'BUY' ? 'SELL' : 'BUY', price: MICRO - q.price, size, pair } as const;
      wanted.set(key(no.tokenId, no.side, no.price), no);
    }
    const renew = renewed && key(m.tokens[0], renewed.side, renewed.price);
    // One order a level: what was added to a level while the maker was held goes with the next re-quote.
    const kept = new Set<string>();
    const orders = new Map<string, number>();
    const cancel: OpenOrder[] = [];
    for (const o of open) {
      const k = key(o.token_id, o.side, o.price);
      orders.set(k, (orders.get(k) ?? 0) + 1);
      const w = wanted.get(k);
      if (w && w.pair !== renew && o.open >= m.minSize && !kept.has(k)) kept.add(k);
      else cancel.push(o);
    }
    const place = [...wanted].filter(([k]) => !kept.has(k)).map(([, l]) => l);
    const now = this.ctx.now();
    if (hold || now < (m.heldUntil ?? 0) || (m.minAgeMs > 0 && cancel.some((o) => now - o.created_at < m.minAgeMs))) {
      // Nothing is cancelled. The maker puts back a quote of its own that takers took whole, or
      // steps inside the spread it quotes now (either way the best moves); else one more order
      // goes to a level that has one. A few at most: each is one more young order for the next
      // re-quote to wait out.
      if (!watched) return 'held';
      if (this.putBack(m, base, last, centre)) return 'held';
      const added = [...orders.values()].reduce((n, c) => n + c - 1, 0);
      if (added >= MAX_ADDED) return 'held';
      if (m.stepped === undefined && this.rng.chance(0.7) && this.stepIn(m, base, last, centre)) return 'held';
      const single = [...wanted.values()].filter((l) => l.tokenId === m.tokens[0] && kept.has(l.pair) && orders.get(l.pair) === 1);
      if (single.length > 0) {
        const l = this.rng.pick(single);
        const size = Math.max(m.minSize, Math.round(this.rng.range(10, 100)) * MICRO);
        const no = wanted.get(key(m.tokens[1], l.side === 'BUY' ? 'SELL' : 'BUY', MICRO - l.price));
        this.apply(m, [], [{ ...l, size }, ...(no ? [{ ...no, size }] : [])], centre);
      }
      return 'held';
    }
    m.quoted = best;
    m.stepped = best.bid !== base.bid ? 'bid' : best.ask !== base.ask ? 'ask' : undefined;
    if (cancel.length === 0 && place.length === 0) return 'same';
    this.apply(m, cancel, place, centre);
    return 'changed';
  }

  /**
   * A held maker's quotes as they stand: a step inside its spread that takers took is forgotten,
   * and a quote of its own they took whole on either outcome is placed again at its price (the
   * best moves back). Only orders added: nothing young is cancelled. Says whether it placed any.
   */
  private putBack(m: SimMarket, base: { bid: number; ask: number }, last: LastTrades, centre: number): boolean {
    const [yes, no] = [this.ctx.exchange.book(m.tokens[0]), this.ctx.exchange.book(m.tokens[1])];
    this.forgetTakenStep(m);
    const q = m.quoted ?? base;
    if (!keepsTrades(m, q.bid, q.ask, last)) return false;
    const [yesBid, yesAsk, noBid, noAsk] = [yes.bestBid() ?? 0, yes.bestAsk() ?? MICRO, no.bestBid() ?? 0, no.bestAsk() ?? MICRO];
    // Each where it rests: between the token's best bid and best ask.
    const legs: Level[] = [
      ...(yesBid < q.bid && q.bid < yesAsk ? [{ tokenId: m.tokens[0], side: 'BUY' as const, price: q.bid }] : []),
      ...(yesAsk > q.ask && q.ask > yesBid ? [{ tokenId: m.tokens[0], side: 'SELL' as const, price: q.ask }] : []),
      ...(noAsk > MICRO - q.bid && MICRO - q.bid > noBid ? [{ tokenId: m.tokens[1], side: 'SELL' as const, price: MICRO - q.bid }] : []),
      ...(noBid < MICRO - q.ask && MICRO - q.ask < noAsk ? [{ tokenId: m.tokens[1], side: 'BUY' as const, price: MICRO - q.ask }] : []),
    ].map((l) => ({ ...l, size: Math.max(m.minSize, Math.round(this.rng.range(50, 400)) * MICRO) }));
    if (legs.length === 0) return false;
    this.apply(m, [], legs, centre);
    return true;
  }

  /** A step inside the spread that is no longer the Yes book's best was taken: the maker quotes a tick further out again. */
  private forgetTakenStep(m: SimMarket): void {
    const q = m.quoted;
    if (m.stepped === undefined || q === undefined) return;
    const yes = this.ctx.exchange.book(m.tokens[0]);
    if ((m.stepped === 'bid' ? yes.bestBid() : yes.bestAsk()) === (m.stepped === 'bid' ? q.bid : q.ask)) return;
    m.quoted = m.stepped === 'bid' ? { ...q, bid: q.bid - m.tick } : { ...q, ask: q.ask + m.tick };
    m.inside = m.stepped = undefined;
  }

  /**
   * A held maker's step one tick inside the spread it quotes now (not the one its fair value
   * would give: its book may lag that by a minimum order age), on the side the fair value lies
   * toward (else the other), on both outcomes. Only an order added: nothing young is cancelled.
   * Says whether it stepped; it does not where it would meet an order of the book or leave a
   * last trade outside.
   */
  private stepIn(m: SimMarket, base: { bid: number; ask: number }, last: LastTrades, centre: number): boolean {
    const q = m.quoted ?? base;
    const mid = (q.bid + q.ask) / 2;
    const first = centre > mid ? 'bid' : centre < mid ? 'ask' : this.rng.chance(0.5) ? 'bid' : 'ask';
    const [yes, no] = [this.ctx.exchange.book(m.tokens[0]), this.ctx.exchange.book(m.tokens[1])];
    for (const side of [first, first === 'bid' ? 'ask' : 'bid'] as const) {
      const price = side === 'bid' ? q.bid + m.tick : q.ask - m.tick;
      const [bid, ask] = side === 'bid' ? [price, q.ask] : [q.bid, price];
      if (bid >= ask || !keepsTrades(m, bid, ask, last)) continue;
      // Yes bid p and No ask 1 − p (or Yes ask and No bid) must rest, not trade.
      const rests = side === 'bid' ? price < (yes.bestAsk() ?? MICRO) && MICRO - price > (no.bestBid() ?? 0) : price > (yes.bestBid() ?? 0) && MICRO - price < (no.bestAsk() ?? MICRO);
      if (!rests) continue;
      const size = Math.max(m.minSize, Math.round(this.rng.range(10, 80)) * MICRO);
      const yesSide = side === 'bid' ? 'BUY' : 'SELL';
      m.inside = side;
      m.stepped = side;
      m.quoted = { bid, ask };
      this.apply(m, [], [{ tokenId: m.tokens[0], side: yesSide, price, size }, { tokenId: m.tokens[1], side: yesSide === 'BUY' ? 'SELL' : 'BUY', price: MICRO - price, size }], centre);
      return true;
    }
    return false;
  }

  /**
   * Takers take a held maker's step inside its spread whole, on both outcomes, so the best moves
   * back out without a young order being cancelled (and the re-quote it held up may come); with
   * no step, its best quote on the side its fair value lies toward, which it puts back later
   * (`putBack`). Says whether they did: not behind a taker delay, nor where the quote is no
   * longer the best or is the last level of its side.
   */
  takeStep(m: SimMarket, takers: readonly Wallet[]): boolean {
    this.forgetTakenStep(m);
    const q = m.quoted;
    if (q === undefined || m.delayMs > 0) return false;
    const step = m.stepped;
    const side = step ?? (centreOf(m.fair, m.tick) >= (q.bid + q.ask) / 2 ? 'ask' : 'bid');
    const { exchange } = this.ctx;
    const price = side === 'bid' ? q.bid : q.ask;
    // The maker's Yes bid p is met by a Yes sell at p, its No ask 1 − p by a No buy; the other way round for its ask.
    const legs = [
      { token: m.tokens[0], side: side === 'bid' ? ('SELL' as const) : ('BUY' as const), price },
      { token: m.tokens[1], side: side === 'bid' ? ('BUY' as const) : ('SELL' as const), price: MICRO - price },
    ].map((l) => {
      const book = exchange.book(l.token);
      const levels = book.depth(l.side === 'SELL' ? 'BUY' : 'SELL', 2);
      return { ...l, size: levels.length === 2 && levels[0]?.price === l.price ? (levels[0]?.size ?? 0) : 0 };
    });
    if (legs.some((l) => l.size < m.minSize)) return false;
    const taker = this.rng.pick(takers);
    const sold = legs.reduce((s, l) => s + (l.side === 'SELL' ? l.size : 0), 0);
    const cash = legs.reduce((s, l) => s + (l.side === 'BUY' ? (l.size * l.price) / MICRO : 0), 0);
    if (exchange.cash(taker.address) - exchange.reserved(taker.address) < (cash + sold) * 2) exchange.fund(taker.address, exchange.cash(taker.address) + TAKER_CASH + cash + sold);
    for (const l of legs) if (l.side === 'SELL' && exchange.freeTokens(taker.address, l.token) < l.size) exchange.mint(taker.address, m.conditionId, l.size * 2, centreOf(m.fair, m.tick));
    placeOrders(this.ctx, taker, legs.map((l) => this.order(taker, l.token, l.side, l.price, l.size, 'FAK')));
    if (step === undefined) return true;
    m.inside = m.stepped = undefined;
    m.quoted = step === 'bid' ? { ...q, bid: q.bid - m.tick } : { ...q, ask: q.ask + m.tick };
    return true;
  }

  private apply(m: SimMarket, cancel: readonly OpenOrder[], place: readonly Level[], centre: number): void {
    const { exchange } = this.ctx;
    const byOwner = new Map<string, string[]>();
    for (const o of cancel) byOwner.set(o.owner, [...(byOwner.get(o.owner) ?? []), o.id]);
    for (const [owner, ids] of byOwner) exchange.cancel(owner, ids);
    const maker = m.maker;
    for (const tokenId of m.tokens) {
      const need = place.reduce((s, l) => s + (l.side === 'SELL' && l.tokenId === tokenId ? l.size : 0), 0);
      if (need > 0 && exchange.freeTokens(maker.address, tokenId) < need) exchange.mint(maker.address, m.conditionId, need * 4, centre);
    }
    const cash = place.reduce((s, l) => s + (l.side === 'BUY' ? (l.size * l.price) / MICRO : 0), 0);
    const free = exchange.cash(maker.address) - exchange.reserved(maker.address);
    if (free < cash * 2) exchange.fund(maker.address, exchange.cash(maker.address) + MAKER_CASH);
    if (place.length > 0) placeOrders(this.ctx, maker, place.map((l) => this.order(maker, l.tokenId, l.side, l.price, l.size, 'GTC')));
  }

  /**
   * A taker's order against the maker's best quote, of a varied size (now and then more than the
   * level holds: the rest is killed, and the book's best moves until the maker quotes again).
   * Only at the maker's quote: a trade deeper in the book would print outside the quotes the
   * maker puts back, and a trader's own order inside the spread is theirs to keep. An informed
   * taker trades the way a held-back market wants to go, on the outcome whose last trade holds it
   * back (selling tokens it mints for the purpose), so that the price can follow.
   */
  take(m: SimMarket, takers: readonly Wallet[], last: LastTrades, informed = false): void {
    const taker = this.rng.pick(takers);
    const { exchange } = this.ctx;
    let size = Math.max(m.minSize, Math.round(this.rng.chance(0.2) ? this.rng.range(60, 500) : this.rng.range(5, 60)) * MICRO);
    let outcome = this.rng.int(0, 1);
    let wantsSell = this.rng.chance(0.45);
    if (informed) {
      // Held back, the way it wants to go; else the side of its quotes' centre its value is on.
      const pull = m.pull ?? (m.fair * MICRO >= centreOf(m.fair, m.tick) ? 1 : -1);
      // Both last trades in outcome 0's prices: the one furthest from where the price wants to go is traded.
      const yes = last.get(`${m.conditionId}:0`);
      const noAsYes = MICRO - (last.get(`${m.conditionId}:1`) ?? MICRO - (yes ?? 0));
      const yesFirst = yes === undefined || (pull > 0 ? yes <= noAsYes : yes >= noAsYes);
      outcome = yesFirst ? 0 : 1;
      // Up: buy Yes at its ask, or sell No at its bid; down: the other way round.
      wantsSell = (pull > 0) === (outcome === 1);
      const centre = centreOf(m.fair, m.tick);
      if (wantsSell && exchange.freeTokens(taker.address, m.tokens[outcome] as string) < size) {
        if (exchange.cash(taker.address) - exchange.reserved(taker.address) < size * 2) exchange.fund(taker.address, exchange.cash(taker.address) + TAKER_CASH);
        exchange.mint(taker.address, m.conditionId, size * 2, centre);
      }
    }
    const token = m.tokens[outcome] as string;
    if (wantsSell && exchange.freeTokens(taker.address, token) < size) wantsSell = false;
    const book = exchange.book(token);
    const price = wantsSell ? book.bestBid() : book.bestAsk();
    const { bid, ask } = m.quoted ?? innerQuotes(centreOf(m.fair, m.tick), m.tick);
    const best = outcome === 0 ? (wantsSell ? bid : ask) : wantsSell ? MICRO - ask : MICRO - bid;
    if (price === undefined || price !== best) return;
    // A side's last level is never emptied: a book stays two-sided between the maker's quotes.
    const levels = book.depth(wantsSell ? 'BUY' : 'SELL', 2);
    if (levels.length === 1) size = Math.min(size, Math.floor(((levels[0]?.size ?? 0) - m.minSize) / MICRO) * MICRO);
    // Behind a taker delay the order meets the book seconds later: it takes no more than the
    // level holds, and the maker leaves its quotes be meanwhile, so it prints at this quote.
    if (m.delayMs > 0) {
      size = Math.min(size, Math.floor((levels[0]?.size ?? 0) / MICRO) * MICRO);
      m.heldUntil = this.ctx.now() + m.delayMs + HELD_SLACK_MS;
    }
    if (size < m.minSize) return;
    if (!wantsSell && exchange.cash(taker.address) - exchange.reserved(taker.address) < ((size * price) / MICRO) * 2) {
      exchange.fund(taker.address, exchange.cash(taker.address) + TAKER_CASH);
    }
    placeOrders(this.ctx, taker, [this.order(taker, token, wantsSell ? 'SELL' : 'BUY', price, size, 'FAK')]);
  }

  private order(w: Wallet, tokenId: string, side: 'BUY' | 'SELL', price: number, size: number, orderType: 'GTC' | 'FAK'): unknown {
    const token = this.ctx.exchange.token(tokenId);
    const cash = String(cashFor(BigInt(size), BigInt(price)));
    const order: SignableOrder = {
      salt: String(++this.salt),
      maker: w.address,
      signer: w.address,
      tokenId,
      makerAmount: side === 'BUY' ? cash : String(size),
      takerAmount: side === 'BUY' ? String(size) : cash,
      side: side === 'BUY' ? 0 : 1,
      signatureType: 0,
      timestamp: String(this.ctx.now()),
      metadata: ZERO,
      builder: ZERO,
    };
    const signature = signOrder(order, orderDomain(this.ctx, token?.negRisk ?? false), w.key);
    return toWireOrder(order, signature, { owner: w.apiKey, orderType });
  }
}

const ZERO = `0x${'0'.repeat(64)}`;
const OPEN_ORDERS = `SELECT id, owner, token_id, side, price, size - filled AS open, created_at FROM orders
  WHERE status IN ('live', 'delayed') AND token_id IN (?, ?) AND wallet = ? ORDER BY seq`;
