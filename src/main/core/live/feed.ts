// The live feed of one Session: the tokens screens (and the account's open orders) watch,
// streamed from the venue's market channel where it has one (venue-profile I), each kept as a
// book from its snapshot and changes in `seq` order. A gap, a 4008 or a dropped connection is
// followed by a fresh subscription, so a book served from here is the venue's, or is not served.
// Changes go to the renderer as `market.live`, at most one per token per `throttleMs`.
import type { EventPayload } from '@shared/ipc/contract.js';
import { LIVE_MAX_TOKENS, type LiveMessage } from '@shared/spec/live.js';
import type { Book } from '@shared/spec/index.js';
import type { Clock, Logger } from '../ports.js';
import { TokenBook, type LastTrade } from './book.js';
import { abortableSleep, defaultOpen, Link, type LinkTiming, type OpenSocket } from './link.js';

export type LiveStatus = EventPayload<'live.status'>;

export interface LiveOptions extends Partial<LinkTiming> {
  /** Opens a socket to the channel (tests put a relay in between). */
  open?: OpenSocket;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Least time between two `market.live` pushes of one token (default 250 ms). */
  throttleMs?: number;
  /** A screen's watch lapses unless renewed within this (default 60 s): a closed window leaves nothing behind. */
  leaseMs?: number;
  /** Tokens per connection (the venue's limit, 500). */
  perConnection?: number;
  /**
   * How long a token nobody watches any more stays followed (default 3 s): going from one screen
   * to another showing the same market unwatches it a moment before the next watches it, and a
   * follow begun anew has seen none of the token's earlier trades.
   */
  lingerMs?: number;
}

export interface FeedDeps {
  clock: Clock;
  log: Logger;
  /** The screens' poll interval while the feed is not live, in seconds (said in the status). */
  pollSeconds: number;
  push(payload: EventPayload<'market.live'>): void;
  status(payload: LiveStatus): void;
  /** The channel's address from the venue, or NOT_OFFERED. */
  discover(again: boolean): Promise<string>;
  /** The venue was found to have no channel. */
  lacking(): void;
}

type TradeListener = (tokenId: string, trade: LastTrade, market: string | undefined) => void;

interface Push {
  last: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  book: boolean;
  trade: LastTrade | undefined;
}

/** At most this many connections: tokens past them are polled, as on a venue without a channel. */
const MAX_LINKS = 4;
/** Failures in a row after which the feed is said to be down (screens poll), while it keeps trying. */
const DOWN_AFTER = 4;

export class LiveFeed {
  private readonly watches = new Map<string, { tokens: Set<string>; until: number }>();
  private readonly books = new Map<string, TokenBook>();
  private readonly linkOf = new Map<string, Link>();
  /** When each token's current subscription began (its book and trades count from then). */
  private readonly since = new Map<string, number>();
  private readonly refused = new Set<string>();
  private readonly pushes = new Map<string, Push>();
  private readonly listeners = new Set<TradeListener>();
  private links: Link[] = [];
  private offered: 'unknown' | 'yes' | 'no' = 'unknown';
  private closed = false;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  /** When each followed token stopped being watched (it lingers: see `lingerMs`). */
  private readonly unwatchedAt = new Map<string, number>();
  private lingering: ReturnType<typeof setTimeout> | undefined;
  private told: LiveStatus | undefined;
  private readonly opts: Required<Omit<LiveOptions, keyof LinkTiming>> & { timing: LinkTiming };

  constructor(
    private readonly deps: FeedDeps,
    options: LiveOptions = {},
  ) {
    this.opts = {
      open: options.open ?? defaultOpen,
      sleep: options.sleep ?? abortableSleep,
      random: options.random ?? Math.random,
      throttleMs: options.throttleMs ?? 250,
      leaseMs: options.leaseMs ?? 60_000,
      perConnection: Math.min(LIVE_MAX_TOKENS, options.perConnection ?? LIVE_MAX_TOKENS),
      lingerMs: options.lingerMs ?? 3_000,
      timing: { baseDelayMs: options.baseDelayMs ?? 500, maxDelayMs: options.maxDelayMs ?? 30_000, silenceMs: options.silenceMs ?? 35_000, stableMs: options.stableMs ?? 10_000 },
    };
  }

  // ---------------------------------------------------------------- what callers ask

  /**
   * Sets the tokens watched under `key` (replacing what it watched); `lease` false for the
   * core's own watches, which do not lapse. Starts the feed on first use.
   */
  watch(key: string, tokenIds: readonly string[], lease = true): LiveStatus {
    if (this.closed) return this.status();
    if (tokenIds.length === 0) this.watches.delete(key);
    else this.watches.set(key, { tokens: new Set(tokenIds), until: lease ? this.deps.clock.now() + this.opts.leaseMs : Infinity });
    this.start();
    this.sweep(false);
    this.sync();
    return this.status();
  }

  /** Whether a watch under a key starting with `prefix` holds now: e.g. a screen showing markets is open and in sight. */
  watching(prefix: string): boolean {
    const now = this.deps.clock.now();
    for (const [key, w] of this.watches) if (key.startsWith(prefix) && w.until > now) return true;
    return false;
  }

  unwatch(key: string): LiveStatus {
    if (this.watches.delete(key)) this.sync();
    return this.status();
  }

  /** Where the feed stands; the first ask starts it (finding out whether the venue has a channel). */
  status(): LiveStatus {
    this.start();
    return this.current();
  }

  /** The token's book when it is current: subscribed on an open connection, from a snapshot, no change missed. */
  book(tokenId: string): Book | undefined {
    return this.live(tokenId)?.toBook();
  }

  best(tokenId: string): { bid: string | null; ask: string | null } | undefined {
    return this.live(tokenId)?.best();
  }

  /** The last fill of the token seen on its current subscription. */
  lastTrade(tokenId: string): LastTrade | undefined {
    return this.live(tokenId)?.lastTrade;
  }

  /** When the token's current subscription began (epoch ms), while its book is current. */
  subscribedAt(tokenId: string): number | undefined {
    return this.live(tokenId) ? this.since.get(tokenId) : undefined;
  }

  /** Whether any current book is of this market (cheap: screens ask for quotes often). */
  hasMarket(conditionId: string): boolean {
    for (const b of this.books.values()) if (b.market === conditionId && this.live(b.tokenId)) return true;
    return false;
  }

  /** Calls back on every fill of a watched token; returns the unsubscribe. */
  onTrade(listener: TradeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    clearTimeout(this.lingering);
    for (const l of this.links) l.stop();
    this.links = [];
    for (const p of this.pushes.values()) if (p.timer) clearTimeout(p.timer);
    this.pushes.clear();
    this.listeners.clear();
  }

  // ---------------------------------------------------------------- connections

  private start(): void {
    if (this.closed || this.links.length > 0 || this.offered === 'no') return;
    this.links.push(this.newLink());
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, this.opts.leaseMs / 2));
    this.sweeper.unref?.();
  }

  private newLink(): Link {
    const link = new Link({
      url: async (again) => {
        const url = await this.deps.discover(again);
        this.offered = 'yes';
        return url;
      },
      open: this.opts.open,
      sleep: this.opts.sleep,
      random: this.opts.random,
      now: () => this.deps.clock.now(),
      timing: this.opts.timing,
      log: this.deps.log,
      opened: (l) => this.opened(l),
      message: (l, msg) => this.receive(l, msg),
      down: (l) => this.down(l),
      lacking: (why) => this.lack(why),
      changed: () => this.tell(),
    });
    link.start();
    return link;
  }

  private lack(why: string): void {
    if (this.offered === 'no') return;
    this.offered = 'no';
    this.deps.log.info('no live prices from this venue; screens poll', { why });
    this.deps.lacking();
    for (const l of this.links) l.stop();
    this.links = [];
    this.linkOf.clear();
    this.tell();
  }

  /** Drops lapsed screen watches (and brings the subscriptions in line, unless the caller will). */
  private sweep(sync = true): void {
    const now = this.deps.clock.now();
    let changed = false;
    for (const [key, w] of this.watches) {
      if (w.until < now) {
        this.watches.delete(key);
        changed = true;
      }
    }
    if (changed && sync) this.sync();
  }

  /** Brings the connections' subscriptions in line with what is watched. */
  private sync(): void {
    if (this.closed || this.offered === 'no' || this.links.length === 0) return;
    const wanted = new Set<string>();
    for (const w of this.watches.values()) for (const t of w.tokens) if (!this.refused.has(t)) wanted.add(t);
    const leave = new Map<Link, string[]>();
    const now = this.deps.clock.now();
    let lingerFor = Infinity;
    for (const [t, link] of this.linkOf) {
      if (wanted.has(t) || this.refused.has(t)) {
        this.unwatchedAt.delete(t);
        if (wanted.has(t)) continue;
      } else {
        const since = this.unwatchedAt.get(t) ?? now;
        if (now - since < this.opts.lingerMs) {
          this.unwatchedAt.set(t, since);
          lingerFor = Math.min(lingerFor, since + this.opts.lingerMs - now);
          continue;
        }
        this.unwatchedAt.delete(t);
      }
      this.forget(t);
      leave.set(link, [...(leave.get(link) ?? []), t]);
    }
    if (lingerFor !== Infinity && !this.lingering) {
      this.lingering = setTimeout(() => {
        this.lingering = undefined;
        this.sync();
      }, lingerFor);
      this.lingering.unref?.();
    }
    for (const [link, ids] of leave) link.send({ type: 'unsubscribe', assets_ids: ids });
    const join = new Map<Link, string[]>();
    for (const t of wanted) {
      if (this.linkOf.has(t)) continue;
      const link = this.roomFor();
      if (!link) break;
      link.tokens.add(t);
      this.linkOf.set(t, link);
      this.books.set(t, new TokenBook(t));
      this.since.set(t, this.deps.clock.now());
      join.set(link, [...(join.get(link) ?? []), t]);
    }
    for (const [link, ids] of join) if (link.open) link.send({ type: 'subscribe', assets_ids: ids });
    // Extra connections close once empty; the first stays, so "live" means connected.
    for (const link of this.links.slice(1)) if (link.tokens.size === 0) link.stop();
    this.links = this.links.filter((l, i) => i === 0 || l.state !== 'stopped');
    this.tell();
  }

  private roomFor(): Link | undefined {
    const open = this.links.find((l) => l.tokens.size < this.opts.perConnection);
    if (open) return open;
    if (this.links.length >= MAX_LINKS) return undefined;
    const link = this.newLink();
    this.links.push(link);
    return link;
  }

  private forget(tokenId: string): void {
    this.unwatchedAt.delete(tokenId);
    this.linkOf.get(tokenId)?.tokens.delete(tokenId);
    this.linkOf.delete(tokenId);
    this.books.delete(tokenId);
    this.since.delete(tokenId);
    const p = this.pushes.get(tokenId);
    if (p?.timer) clearTimeout(p.timer);
    this.pushes.delete(tokenId);
  }

  private opened(link: Link): void {
    const now = this.deps.clock.now();
    for (const t of link.tokens) {
      this.books.get(t)?.reset();
      this.since.set(t, now);
    }
    if (link.tokens.size > 0) link.send({ type: 'subscribe', assets_ids: [...link.tokens] });
    this.tell();
  }

  private down(link: Link): void {
    for (const t of link.tokens) this.books.get(t)?.reset();
    this.tell();
  }

  // ---------------------------------------------------------------- messages

  private receive(link: Link, msg: LiveMessage): void {
    if (msg.type === 'ping' || msg.type === 'pong') return;
    if (msg.type === 'error') {
      if (msg.code === 'UNKNOWN_TOKEN' && msg.assets_ids?.length) {
        // Not the venue's tokens: polled (and failing there with words), never asked again here.
        for (const t of msg.assets_ids) {
          this.refused.add(t);
          if (this.linkOf.get(t) === link) this.forget(t);
        }
        this.tell();
      } else this.deps.log.warn('the live price feed refused a request', { code: msg.code, error: msg.error });
      return;
    }
    if (this.linkOf.get(msg.asset_id) !== link) return;
    const book = this.books.get(msg.asset_id);
    if (!book) return;
    const now = this.deps.clock.now();
    if (msg.type === 'book') {
      book.snapshot(msg, now);
      this.push(msg.asset_id, true);
    } else if (msg.type === 'price_change') {
      const r = book.change(msg, now);
      if (r === 'applied') this.push(msg.asset_id, true);
      else if (r === 'gap') {
        // Lost messages: this copy is not the venue's book until it is sent again.
        book.reset();
        this.since.set(msg.asset_id, now);
        // A venue sends nothing for a token already followed: leave it and follow it anew.
        link.send({ type: 'unsubscribe', assets_ids: [msg.asset_id] });
        link.send({ type: 'subscribe', assets_ids: [msg.asset_id] });
        this.tell();
      }
    } else if (msg.type === 'last_trade_price') {
      book.trade(msg);
      const trade = book.lastTrade as LastTrade;
      this.push(msg.asset_id, false, trade);
      for (const l of this.listeners) {
        try {
          l(msg.asset_id, trade, book.market);
        } catch (err) {
          this.deps.log.warn('acting on a live trade failed', { error: err instanceof Error ? err.message : String(err) });
        }
      }
    }
  }

  private live(tokenId: string): TokenBook | undefined {
    const link = this.linkOf.get(tokenId);
    const book = this.books.get(tokenId);
    return link?.open && book?.ready ? book : undefined;
  }

  // ---------------------------------------------------------------- pushes

  private push(tokenId: string, bookChanged: boolean, trade?: LastTrade): void {
    let p = this.pushes.get(tokenId);
    if (!p) this.pushes.set(tokenId, (p = { last: -Infinity, timer: undefined, book: false, trade: undefined }));
    p.book ||= bookChanged;
    if (trade) p.trade = trade;
    if (p.timer) return;
    const wait = p.last + this.opts.throttleMs - this.deps.clock.now();
    if (wait <= 0) this.flush(tokenId);
    else {
      p.timer = setTimeout(() => this.flush(tokenId), wait);
      p.timer.unref?.();
    }
  }

  private flush(tokenId: string): void {
    const p = this.pushes.get(tokenId);
    if (!p || this.closed) return;
    p.timer = undefined;
    const book = this.live(tokenId);
    if (!book) return;
    const best = book.best();
    const market = book.market;
    this.deps.push({ tokenId, ...(market ? { conditionId: market } : {}), bestBid: best.bid, bestAsk: best.ask, bookChanged: p.book, ...(p.trade ? { lastTrade: p.trade } : {}) });
    p.last = this.deps.clock.now();
    p.book = false;
    p.trade = undefined;
  }

  // ---------------------------------------------------------------- status

  private current(): LiveStatus {
    // What screens watch: a token lingering after its last watch still streams, but is not counted.
    let watching = 0;
    let live = 0;
    for (const t of this.linkOf.keys()) {
      if (this.unwatchedAt.has(t)) continue;
      watching++;
      if (this.live(t)) live++;
    }
    const base = { pollSeconds: this.deps.pollSeconds, watching, live };
    const since = this.told?.since ?? this.deps.clock.now();
    const links = this.links.filter((l) => l.state !== 'stopped');
    let state: LiveStatus['state'];
    let reason: string | undefined;
    if (this.offered === 'no') [state, reason] = ['polling', 'this venue offers no live prices'];
    else if (this.closed || links.length === 0) [state, reason] = ['polling', 'live prices are not started'];
    else if (this.offered === 'unknown' && !links.some((l) => l.everOpen)) {
      const failing = links.some((l) => l.failures >= DOWN_AFTER);
      [state, reason] = ['polling', failing ? 'the venue cannot be reached for live prices; trying again' : 'finding out whether this venue streams prices'];
    } else if (links.every((l) => l.open)) state = 'live';
    else if (links.some((l) => l.failures >= DOWN_AFTER)) [state, reason] = ['polling', 'the live price feed cannot be reached; trying again'];
    else state = links.some((l) => l.everOpen) ? 'reconnecting' : 'connecting';
    const same = this.told && this.told.state === state && this.told.reason === reason;
    return { state, ...base, since: same ? since : this.deps.clock.now(), ...(reason ? { reason } : {}) };
  }

  /** Pushes `live.status` when the state (or its reason) changed. */
  private tell(): void {
    if (this.closed) return;
    const now = this.current();
    const changed = !this.told || this.told.state !== now.state || this.told.reason !== now.reason;
    this.told = now;
    if (changed) this.deps.status(now);
  }
}
