// Liquidity simulator: the world's designated market makers keep two-sided quotes on every
// market accepting orders, around one fair value per market that drifts, and seeded wallets
// send a trickle of taker orders, so prices, trades and the leaderboard move while the app is
// open. Fair values move by event (one logit shift for a ladder or an independent event, a
// reweighting that keeps the sum for a neg-risk group), so ladders stay monotone and groups sum
// to 1; a move that would leave a market's last trades outside its new quotes waits for trades.
// Every order is signed by its wallet's key and goes through the same checks and matching as
// an order sent over HTTP, but for recovering its signer, which the simulator knows.
// It runs at full pace only while someone watches (see audience.ts): with nobody watching it
// ticks once every `idleTickMs`, so prices still move a little, for a fraction of the CPU. A
// tick runs one event per turn of the event loop, so reads are never held up by a whole tick.
import { getMeta } from './db/open.js';
import { prepared } from './db/prepared.js';
import type { VenueContext } from './http.js';
import { catalogVersion, lastTradePrices, marketsByCondition } from './market-index.js';
import { cashFor } from '@shared/domain/units.js';
import { MICRO } from './money.js';
import { inTurn, orderDomain, placeOrders } from './trading/orders.js';
import { privateKeyToAddress, signOrder, toWireOrder, type SignableOrder } from '@shared/crypto/index.js';
import { ensureApiKey } from './auth/keys.js';
import { Rng } from './world/random.js';
import { walletPrivateKey } from './world/trading.js';
import { centreOf, innerQuotes, MAKER_CASH, makerCount, quoteBooks, quoteMaker, type Quote } from './world/quotes.js';

export interface SimulatorOptions {
  /**
   * Milliseconds between ticks while someone watches market data (or always, without an
   * audience). 1.5 s: a tick's work (re-quotes, two taker orders, the checkpoint after) was most
   * of the 3% of a core the whole app may spend with a market page open; a tick a second took
   * the venue to 1.3-1.6% of it.
   */
  tickMs?: number;
  /**
   * Milliseconds between ticks while nobody watches (never fewer than `tickMs`). 20 s: a tick
   * costs ~10 ms of CPU on the default world (signing, matching, signature checks, the
   * checkpoint after), so well under 0.1% of a core, and 6 trades a minute still reach the
   * trades feed and the leaderboard.
   */
  idleTickMs?: number;
  /**
   * Markets re-quoted per tick, a whole event at a time (events are visited in turn). 4: on
   * default (~800 markets accepting orders) each is re-quoted every three minutes or so. Re-quoting
   * is most of a tick's CPU (signing, matching, the writes) and each re-quote of a market on
   * screen is a live update the app handles: 12 a tick cost the venue 2.0% of a core with a page
   * watching, 6 cost 1.1-1.5% (half the whole app's budget for an open page), 4 cost 0.8-1.0%.
   */
  marketsPerTick?: number;
  /** Taker orders per tick. */
  takersPerTick?: number;
  /** Seeded wallets that send taker orders. */
  takers?: number;
}

interface Wallet {
  key: string;
  address: string;
  apiKey: string;
}

interface SimMarket {
  conditionId: string;
  tokens: [string, string];
  tick: number;
  minSize: number;
  /** Accepting orders (else paused: its price holds still and bounds its neighbours). */
  active: boolean;
  delayed: boolean;
  minAgeMs: number;
  maker: Wallet;
  /** Fair probability of outcome 0. */
  fair: number;
}

interface SimEvent {
  negRisk: boolean;
  markets: SimMarket[];
}

interface OpenOrder {
  id: string;
  owner: string;
  token_id: string;
  side: 'BUY' | 'SELL';
  price: number;
  open: number;
  created_at: number;
}

const TAKER_CASH = 10_000 * MICRO;
/** Standard deviation of an event's move per visit, in log-odds. */
const DRIFT = 0.05;
const logit = (p: number): number => Math.log(p / (1 - p));
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const clampP = (p: number): number => Math.min(1 - 1e-4, Math.max(1e-4, p));

export class Simulator {
  private readonly rng: Rng;
  private readonly makers: Wallet[];
  private readonly takers: Wallet[];
  private events: SimEvent[] = [];
  private seenCatalog = -1;
  private cursor = 0;
  private salt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The timer waits out the idle interval (a watcher arriving cuts it short). */
  private idle = false;
  private unlisten: (() => void) | undefined;
  private ticked = 0;
  /** A tick's slices are still running: a timer firing meanwhile skips its turn. */
  private running = false;
  private readonly opts: Required<SimulatorOptions>;

  constructor(
    private readonly ctx: VenueContext,
    opts: SimulatorOptions = {},
  ) {
    this.opts = { tickMs: 1500, idleTickMs: 20_000, marketsPerTick: 4, takersPerTick: 2, takers: 24, ...opts };
    const seed = Number(getMeta(ctx.db, 'seed') ?? '0');
    this.rng = new Rng(seed, 'simulator');
    const wallet = (key: string): Wallet => {
      const address = privateKeyToAddress(key).toLowerCase();
      return { key, address, apiKey: ensureApiKey(ctx, address, '0').apiKey };
    };
    // The world's designated makers quote; the wallets after them take.
    const seeded = (ctx.db.prepare('SELECT COUNT(*) AS n FROM wallets').get() as { n: number }).n;
    const makers = makerCount(seeded);
    // One commit for all of them: one per wallet cost ~190 ms between listening and the start line.
    [this.makers, this.takers] = ctx.db.transaction((): [Wallet[], Wallet[]] => {
      const quoting = Array.from({ length: makers }, (_, i) => wallet(walletPrivateKey(seed, i)));
      const taking = Array.from({ length: Math.max(1, Math.min(this.opts.takers, seeded - makers)) }, (_, i) => wallet(walletPrivateKey(seed, makers + i)));
      for (const m of quoting) if (ctx.exchange.cash(m.address) < MAKER_CASH / 2) ctx.exchange.fund(m.address, MAKER_CASH);
      for (const t of taking) if (ctx.exchange.cash(t.address) < TAKER_CASH / 10) ctx.exchange.fund(t.address, TAKER_CASH);
      return [quoting, taking];
    })();
  }

  /** Ticks completed, by its timer or by hand. */
  get ticks(): number {
    return this.ticked;
  }

  /** The pace its timer is set at now: full while someone watches, idle otherwise. */
  get pace(): 'full' | 'idle' {
    return this.idle ? 'idle' : 'full';
  }

  /** Waiting out the idle interval with no tick still running: nothing moves until someone watches. */
  get resting(): boolean {
    return this.idle && !this.running;
  }

  start(): void {
    if (this.timer) return;
    this.unlisten = this.ctx.audience?.onArrival(() => this.wake());
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unlisten?.();
    this.unlisten = undefined;
  }

  /** Sets the timer for the next tick, at full pace while someone watches. */
  private schedule(delay?: number): void {
    const watching = this.ctx.audience?.watching() ?? true;
    this.idle = !watching;
    const fire = (): void => {
      // The next one is set before this one runs, so that the pace does not depend on how long ticks take.
      this.schedule();
      if (this.running) return;
      this.running = true;
      const steps = this.steps();
      // One event at a time, each in its turn like a batch over HTTP (never ahead of batches that
      // arrived before it), with the event loop free between them: a read that comes during a
      // tick (~10 ms of work on default) waits for one event's re-quote, not for the whole tick.
      const slice = (): void => {
        let more = false;
        try {
          // Stopped meanwhile (the venue is closing): the rest of the tick is dropped.
          more = this.timer !== undefined && steps.next().done !== true;
        } catch {
          // A failed tick must not stop the venue; the next one starts afresh.
        }
        if (more) setImmediate(() => void inTurn(this.ctx, slice));
        else this.running = false;
      };
      void inTurn(this.ctx, slice);
    };
    this.timer = setTimeout(fire, delay ?? (watching ? this.opts.tickMs : Math.max(this.opts.tickMs, this.opts.idleTickMs)));
    this.timer.unref?.();
  }

  /** A watcher arrived: the next tick comes at full pace rather than at the end of the idle wait. */
  private wake(): void {
    if (!this.timer || !this.idle) return;
    clearTimeout(this.timer);
    this.schedule(this.opts.tickMs);
  }

  /** One step at once: move and re-quote the next events, then send a few taker orders. */
  tick(): void {
    const steps = this.steps();
    while (steps.next().done !== true) {
      // Every step at once.
    }
  }

  /** A tick's work, pausing after each event it visits; the takers' orders end it. */
  private *steps(): Generator<void, void, undefined> {
    this.refresh();
    let budget = this.opts.marketsPerTick;
    for (let visited = 0; budget > 0 && visited < this.events.length; visited++) {
      budget -= this.step(this.events[this.cursor++ % this.events.length] as SimEvent);
      yield;
    }
    const takeable = this.events.flatMap((e) => e.markets.filter((m) => m.active && !m.delayed));
    for (let i = 0; i < this.opts.takersPerTick && takeable.length > 0; i++) this.take(this.rng.pick(takeable));
    this.ticked++;
  }

  /** The markets still trading, by event, whenever the catalog changed; fair values carry over. */
  private refresh(): void {
    const version = catalogVersion(this.ctx.db);
    if (version === this.seenCatalog) return;
    this.seenCatalog = version;
    const known = new Map(this.events.flatMap((e) => e.markets.map((m) => [m.conditionId, m.fair] as const)));
    const byEvent = new Map<number, SimEvent>();
    const last = lastTradePrices(this.ctx.db);
    for (const m of marketsByCondition(this.ctx.db).values()) {
      if ((m.status !== 'active' && m.status !== 'paused') || m.tokenIds.length !== 2) continue;
      const info = this.ctx.exchange.token(m.tokenIds[0] as string);
      if (!info) continue;
      const tokens: [string, string] = [m.tokenIds[0] as string, m.tokenIds[1] as string];
      const event = byEvent.get(m.eventId) ?? { negRisk: m.negRisk, markets: [] };
      byEvent.set(m.eventId, event);
      event.markets.push({
        conditionId: m.conditionId,
        tokens,
        tick: info.tick,
        minSize: info.minSize,
        active: m.status === 'active',
        delayed: info.delaySeconds > 0,
        minAgeMs: info.minAgeSeconds * 1000,
        maker: this.makers[quoteMaker(m.conditionId, this.makers.length)] as Wallet,
        fair: known.get(m.conditionId) ?? this.observedFair(tokens[0], last.get(`${m.conditionId}:0`)),
      });
    }
    this.events = [...byEvent.values()];
  }

  /** Where a market trades now: its last trade when inside the book, else the book's mid. */
  private observedFair(yes: string, last: number | undefined): number {
    const book = this.ctx.exchange.book(yes);
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (last !== undefined && (bid === undefined || last >= bid) && (ask === undefined || last <= ask)) return clampP(last / MICRO);
    if (bid !== undefined && ask !== undefined) return clampP((bid + ask) / 2 / MICRO);
    return clampP((last ?? MICRO / 2) / MICRO);
  }

  /** Moves one event's fair values and re-quotes its markets; returns how many it quoted. */
  private step(event: SimEvent): number {
    const active = event.markets.filter((m) => m.active);
    if (active.length === 0) return 0;
    const now = this.ctx.now();
    const open = new Map(active.map((m) => [m, this.openOrders(m)]));
    // A maker's orders younger than the market's minimum age cannot be replaced yet.
    if (active.some((m) => (open.get(m) ?? []).some((o) => now - o.created_at < m.minAgeMs))) return 0;

    const shocks = event.negRisk ? active.map(() => this.rng.normal() * DRIFT) : [this.rng.normal() * DRIFT];
    for (const scale of [1, 0.5, 0.25]) {
      const fairs = this.moved(event, active, shocks.map((s) => s * scale));
      if (!this.fits(event, active, fairs)) continue;
      active.forEach((m, i) => (m.fair = fairs[i] ?? m.fair));
      break;
    }
    for (const m of active) this.requote(m, open.get(m) ?? []);
    return active.length;
  }

  /** New fair values of the active markets: one logit shift, or a neg-risk reweighting that
   *  keeps what the active markets sum to. */
  private moved(event: SimEvent, active: SimMarket[], shocks: number[]): number[] {
    if (!event.negRisk) return active.map((m) => clampP(sigmoid(logit(m.fair) + (shocks[0] ?? 0))));
    const weights = active.map((m, i) => m.fair * Math.exp(shocks[i] ?? 0));
    const mass = active.reduce((s, m) => s + m.fair, 0);
    const total = weights.reduce((s, w) => s + w, 0);
    return weights.map((w) => clampP((w * mass) / total));
  }

  /** Whether new fair values keep every last trade inside its market's quotes, and keep a
   *  ladder's order with its paused rungs (which cannot move). */
  private fits(event: SimEvent, active: SimMarket[], fairs: number[]): boolean {
    const last = lastTradePrices(this.ctx.db);
    for (const [i, m] of active.entries()) {
      const { bid, ask } = innerQuotes(centreOf(fairs[i] ?? m.fair, m.tick), m.tick);
      const yes = last.get(`${m.conditionId}:0`);
      const no = last.get(`${m.conditionId}:1`);
      if (yes !== undefined && (yes < bid || yes > ask)) return false;
      if (no !== undefined && (no < MICRO - ask || no > MICRO - bid)) return false;
      if (event.negRisk) continue;
      for (const p of event.markets.filter((x) => !x.active)) {
        const [before, after, fixed] = [centreOf(m.fair, m.tick), centreOf(fairs[i] ?? m.fair, m.tick), centreOf(p.fair, p.tick)];
        if (Math.sign(after - fixed) !== Math.sign(before - fixed)) return false;
      }
    }
    return true;
  }

  private openOrders(m: SimMarket): OpenOrder[] {
    // Prepared once: preparing it for every market visited was a tenth of a tick.
    return prepared(this.ctx.db, OPEN_ORDERS).all(m.tokens[0], m.tokens[1], m.maker.address) as OpenOrder[];
  }

  /** Puts the maker's quotes where the fair value says, unless they are there already. */
  private requote(m: SimMarket, open: OpenOrder[]): void {
    const centre = centreOf(m.fair, m.tick);
    const layout = (qs: Quote[][]): string =>
      qs.flatMap((q, i) => q.map((x) => `${m.tokens[i]}|${x.side}|${x.price}`)).sort().join(',');
    const inner = Math.max(m.minSize, Math.round(this.rng.range(50, 400)) * MICRO);
    const books = quoteBooks(centre, m.tick, inner, Math.round((inner / MICRO) * this.rng.range(2, 4)) * MICRO);
    const current = open.map((o) => `${o.token_id}|${o.side}|${o.price}`).sort().join(',');
    if (current === layout(books) && open.every((o) => o.open >= m.minSize)) return;

    const { exchange } = this.ctx;
    const byOwner = new Map<string, string[]>();
    for (const o of open) byOwner.set(o.owner, [...(byOwner.get(o.owner) ?? []), o.id]);
    for (const [owner, ids] of byOwner) exchange.cancel(owner, ids);

    const maker = m.maker;
    books.forEach((quotes, i) => {
      const need = quotes.reduce((s, q) => s + (q.side === 'SELL' ? q.size : 0), 0);
      if (exchange.freeTokens(maker.address, m.tokens[i] as string) < need) exchange.mint(maker.address, m.conditionId, need * 4, centre);
    });
    const cash = books.flat().reduce((s, q) => s + (q.side === 'BUY' ? (q.size * q.price) / MICRO : 0), 0);
    const free = exchange.cash(maker.address) - exchange.reserved(maker.address);
    if (free < cash * 2) exchange.fund(maker.address, exchange.cash(maker.address) + MAKER_CASH);
    placeOrders(this.ctx, maker, books.flatMap((quotes, i) => quotes.map((q) => this.order(maker, m.tokens[i] as string, q.side, q.price, q.size, 'GTC'))));
  }

  private take(m: SimMarket): void {
    const taker = this.rng.pick(this.takers);
    const outcome = this.rng.int(0, 1);
    const token = m.tokens[outcome] as string;
    const book = this.ctx.exchange.book(token);
    const size = Math.max(m.minSize, Math.round(this.rng.range(5, 60)) * MICRO);
    const wantsSell = this.rng.chance(0.45) && this.ctx.exchange.freeTokens(taker.address, token) >= size;
    const price = wantsSell ? book.bestBid() : book.bestAsk();
    // Only at the maker's best quote: a trade deeper in the book would print outside the quotes
    // the maker puts back.
    const { bid, ask } = innerQuotes(centreOf(m.fair, m.tick), m.tick);
    const best = outcome === 0 ? (wantsSell ? bid : ask) : wantsSell ? MICRO - ask : MICRO - bid;
    if (price === undefined || price !== best) return;
    if (!wantsSell && this.ctx.exchange.cash(taker.address) - this.ctx.exchange.reserved(taker.address) < (size * price) / MICRO * 2) {
      this.ctx.exchange.fund(taker.address, this.ctx.exchange.cash(taker.address) + TAKER_CASH);
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
