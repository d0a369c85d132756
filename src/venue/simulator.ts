// Liquidity simulator: the world's designated market makers keep two-sided quotes on every
// market accepting orders, around one fair value per market that drifts, and seeded wallets
// send taker orders, so prices, trades and the leaderboard move while the app is open.
// The activity goes where someone looks (see audience.ts): each tick re-quotes the markets
// watched now (a page's market first, then the rows of lists and live followers, in turn) with
// books five levels deep, a maker now and then stepping inside its spread and resizing a level,
// and sends takers to them; the rest of the world is visited a few markets a tick, as a trickle.
// Fair values move as sim/moves.ts says, so ladders stay monotone and neg-risk groups sum to 1.
// It runs at full pace only while someone watches: with nobody watching it ticks once every
// `idleTickMs`, so prices still move a little, for a fraction of the CPU. A tick runs one market
// or event per turn of the event loop, so reads are never held up by a whole tick.
import { getMeta } from './db/open.js';
import type { VenueContext } from './http.js';
import { catalogVersion, lastTradePrices, marketsByCondition } from './market-index.js';
import { MICRO } from './money.js';
import { inTurn } from './trading/orders.js';
import { Rng } from './world/random.js';
import { walletPrivateKey } from './world/trading.js';
import { MAKER_CASH, makerCount, quoteMaker } from './world/quotes.js';
import { clampP, moveEvent, moveWatched, type SimEvent, type SimMarket, type Wallet } from './sim/moves.js';
import { Quoting, TAKER_CASH, walletOf } from './sim/quoting.js';

export interface SimulatorOptions {
  /**
   * Milliseconds between ticks while someone watches market data (or always, without an
   * audience). 2 s: a tick's work (re-quotes, taker orders, the checkpoint after) is most of the
   * venue's CPU with a market page open; at 1.5 s the venue spent 1.5-1.6% of a core (a tick a
   * second: 1.3-1.6% before watched markets took their share), while a watched market moved
   * more than twice as often as it needs to (33 book changes and 22 best moves a minute).
   */
  tickMs?: number;
  /**
   * Milliseconds between ticks while nobody watches (never fewer than `tickMs`). 20 s: a tick
   * costs ~10 ms of CPU on the default world (signing, matching, signature checks, the
   * checkpoint after), so well under 0.1% of a core, and trades still reach the trades feed and
   * the leaderboard.
   */
  idleTickMs?: number;
  /**
   * Markets nobody watches re-quoted per tick, a whole event at a time (events are visited in
   * turn). 2: on default (~800 markets accepting orders) each moves every ten minutes or so at
   * full pace. Re-quoting is most of a tick's CPU (signing, matching, the writes): 4 a tick cost
   * the venue 0.8-1.0% of a core with a page watching, before watched markets took their share.
   */
  marketsPerTick?: number;
  /** Taker orders per tick on markets at random (watched markets get theirs besides). */
  takersPerTick?: number;
  /** Seeded wallets that send taker orders. */
  takers?: number;
  /**
   * Watched markets stepped per tick (2): those in focus (a page's reads) first, at most
   * `focusPerTick` (1) of them, then followed ones (live followers, list rows) in turn, at least
   * one. With one market page open, its market is stepped every tick and the list's rows one a
   * tick; 3 a tick with thirty rows followed took the venue to 1.1-1.8% of a core.
   */
  watchedPerTick?: number;
  focusPerTick?: number;
  /** Chance that a watched market's step sends a taker to it too. */
  watchedTakeChance?: number;
}

/** Followed markets with none in focus that are still a page's (its market, an event's few), not a list's rows. */
const FEW_FOLLOWED = 4;
/** Chance a watched market's maker moves in or out of its spread by a tick on a step. */
const STEP_INSIDE = 0.35;
/** Chance a taker in a watched market trades the way its price wants to go (else either way). */
const INFORMED = 0.75;
/**
 * Chance that takers take a held maker's step inside its spread on a watched market's step, and
 * its best quote when it has no step: held by a minimum order age, its maker steps in or puts a
 * taken quote back and takers take them, so that its best still moves a few times a minute.
 */
const TAKE_STEP = 0.25;
const TAKE_TOP = 0.08;
/** Chance a watched market's step gives one of its levels a new size. */
const RESIZE = 0.5;

export class Simulator {
  private readonly rng: Rng;
  private readonly makers: Wallet[];
  private readonly takers: Wallet[];
  private readonly quoting: Quoting;
  private events: SimEvent[] = [];
  /** Each market and its event, by condition id. */
  private markets = new Map<string, { market: SimMarket; event: SimEvent }>();
  private seenCatalog = -1;
  private cursor = 0;
  private focusCursor = 0;
  private followCursor = 0;
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
    this.opts = { tickMs: 2000, idleTickMs: 20_000, marketsPerTick: 2, takersPerTick: 1, takers: 24, watchedPerTick: 2, focusPerTick: 1, watchedTakeChance: 0.25, ...opts };
    const seed = Number(getMeta(ctx.db, 'seed') ?? '0');
    this.rng = new Rng(seed, 'simulator');
    this.quoting = new Quoting(ctx, this.rng);
    // The world's designated makers quote; the wallets after them take.
    const seeded = (ctx.db.prepare('SELECT COUNT(*) AS n FROM wallets').get() as { n: number }).n;
    const makers = makerCount(seeded);
    // One commit for all of them: one per wallet cost ~190 ms between listening and the start line.
    [this.makers, this.takers] = ctx.db.transaction((): [Wallet[], Wallet[]] => {
      const quoting = Array.from({ length: makers }, (_, i) => walletOf(ctx, walletPrivateKey(seed, i)));
      const taking = Array.from({ length: Math.max(1, Math.min(this.opts.takers, seeded - makers)) }, (_, i) => walletOf(ctx, walletPrivateKey(seed, makers + i)));
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
      // One market or event at a time, each in its turn like a batch over HTTP (never ahead of
      // batches that arrived before it), with the event loop free between them: a read that comes
      // during a tick waits for one market's re-quote, not for the whole tick.
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

  /** One tick at once: the watched markets, the next events in turn, then a few taker orders. */
  tick(): void {
    const steps = this.steps();
    while (steps.next().done !== true) {
      // Every step at once.
    }
  }

  /** A tick's work, pausing after each market or event it visits; the takers' orders end it. */
  private *steps(): Generator<void, void, undefined> {
    this.refresh();
    const watched = this.watchedNow();
    const deep = new Set(watched.deep);
    for (const { market, event } of watched.stepped) {
      this.stepWatched(event, market, deep);
      if (market.active && this.rng.chance(this.opts.watchedTakeChance)) {
        this.quoting.take(market, this.takers, lastTradePrices(this.ctx.db), this.rng.chance(INFORMED));
      }
      yield;
    }
    let budget = this.opts.marketsPerTick;
    for (let visited = 0; budget > 0 && visited < this.events.length; visited++) {
      budget -= this.step(this.events[this.cursor++ % this.events.length] as SimEvent, deep);
      yield;
    }
    // Not behind a taker delay: the maker there holds its quotes while a taker's order waits, for watched markets only.
    const takeable = this.events.flatMap((e) => e.markets.filter((m) => m.active && m.delayMs === 0));
    for (let i = 0; i < this.opts.takersPerTick && takeable.length > 0; i++) this.quoting.take(this.rng.pick(takeable), this.takers, lastTradePrices(this.ctx.db));
    this.ticked++;
  }

  /**
   * The watched markets this tick steps: in focus first (at most `focusPerTick`, in turn when
   * more are), then followed ones in turn, `watchedPerTick` in all; and the markets whose books
   * are shown, which are quoted deep.
   */
  private watchedNow(): { stepped: Array<{ market: SimMarket; event: SimEvent }>; deep: string[] } {
    const audience = this.ctx.audience;
    if (!audience) return { stepped: [], deep: [] };
    const known = (ids: string[]) => ids.filter((c) => this.markets.get(c)?.market.active === true);
    const { focused, followed } = audience.watched();
    const [focus, follow] = [known(focused), known(followed)];
    const turn = (ids: string[], n: number, at: number): string[] => (ids.length <= n ? ids : Array.from({ length: n }, (_, i) => ids[(at + i) % ids.length] as string));
    const inFocus = turn(focus, Math.min(this.opts.focusPerTick, this.opts.watchedPerTick), this.focusCursor);
    this.focusCursor += inFocus.length;
    const others = turn(follow, Math.max(follow.length > 0 ? 1 : 0, this.opts.watchedPerTick - inFocus.length), this.followCursor);
    this.followCursor += others.length;
    const stepped = [...inFocus, ...others].flatMap((c) => {
      const entry = this.markets.get(c);
      return entry ? [entry] : [];
    });
    // Books five levels deep where a page shows them: its market, or a few followed with no page
    // polling (rows of a list show a price, and stay two levels deep: that is half the orders).
    return { stepped, deep: focus.length > 0 || follow.length > FEW_FOLLOWED ? focus : follow };
  }

  /** The markets still trading, by event, whenever the catalog changed; fair values carry over. */
  private refresh(): void {
    const version = catalogVersion(this.ctx.db);
    if (version === this.seenCatalog) return;
    this.seenCatalog = version;
    const known = new Map([...this.markets].map(([c, { market }]) => [c, market] as const));
    const byEvent = new Map<number, SimEvent>();
    const last = lastTradePrices(this.ctx.db);
    this.markets = new Map();
    for (const m of marketsByCondition(this.ctx.db).values()) {
      if ((m.status !== 'active' && m.status !== 'paused') || m.tokenIds.length !== 2) continue;
      const info = this.ctx.exchange.token(m.tokenIds[0] as string);
      if (!info) continue;
      const tokens: [string, string] = [m.tokenIds[0] as string, m.tokenIds[1] as string];
      const event = byEvent.get(m.eventId) ?? { negRisk: m.negRisk, markets: [] };
      byEvent.set(m.eventId, event);
      const before = known.get(m.conditionId);
      const market: SimMarket = {
        conditionId: m.conditionId,
        tokens,
        tick: info.tick,
        minSize: info.minSize,
        active: m.status === 'active',
        delayMs: info.delaySeconds * 1000,
        minAgeMs: info.minAgeSeconds * 1000,
        maker: this.makers[quoteMaker(m.conditionId, this.makers.length)] as Wallet,
        fair: before?.fair ?? this.observedFair(tokens[0], last.get(`${m.conditionId}:0`)),
        ...(before?.inside ? { inside: before.inside } : {}),
        ...(before?.quoted ? { quoted: before.quoted } : {}),
        ...(before?.stepped ? { stepped: before.stepped } : {}),
      };
      event.markets.push(market);
      this.markets.set(m.conditionId, { market, event });
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

  /** Moves one event's fair values and re-quotes its markets (in turn); returns how many it quoted. */
  private step(event: SimEvent, watched: ReadonlySet<string>): number {
    const active = event.markets.filter((m) => m.active);
    if (active.length === 0) return 0;
    const open = new Map(active.map((m) => [m, this.quoting.openOrders(m)]));
    if (active.some((m) => this.quoting.young(m, open.get(m) ?? []))) return 0;
    const last = lastTradePrices(this.ctx.db);
    moveEvent(event, active, this.rng, last);
    for (const m of active) this.quoting.requote(m, open.get(m) ?? [], last, watched.has(m.conditionId));
    return active.length;
  }

  /**
   * A watched market's step: its fair value moves a little (with a sibling's, in a neg-risk
   * group), its maker may step inside its spread or back out, and a level may get a new size.
   */
  private stepWatched(event: SimEvent, m: SimMarket, deep: ReadonlySet<string>): void {
    if (!m.active) return;
    const open = this.quoting.openOrders(m);
    const last = lastTradePrices(this.ctx.db);
    // While some of its orders are too young to replace, its maker only adds to its book (a step
    // inside its spread, moving the best) and takers may take that step whole (moving it back);
    // its value moves on (and takers lean its way), and the quotes follow once they may.
    const young = this.quoting.young(m, open);
    const took = young && this.rng.chance(m.stepped ? TAKE_STEP : TAKE_TOP) && this.quoting.takeStep(m, this.takers);
    const moved = moveWatched(event, m, this.rng, last);
    if (!young && this.rng.chance(STEP_INSIDE)) m.inside = m.inside ? undefined : this.rng.chance(0.5) ? 'bid' : 'ask';
    // Taken, the best stays where the take left it until the next step.
    if (!took) this.quoting.requote(m, open, last, true, !young && this.rng.chance(RESIZE), young, deep.has(m.conditionId));
    for (const other of moved) {
      // A neg-risk sibling whose orders are too young keeps its quotes a little longer.
      if (other !== m) this.quoting.requote(other, this.quoting.openOrders(other), last, deep.has(other.conditionId));
    }
  }
}
