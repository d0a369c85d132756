// Liquidity simulator: market makers keep two-sided quotes around a drifting fair price on the
// active binary markets, and seeded wallets send a trickle of taker orders, so prices, trades
// and the leaderboard move while the app is open. Every order is signed by its wallet's key and
// goes through the same checks and matching as an order sent over HTTP.
import { getMeta } from './db/open.js';
import type { VenueContext } from './http.js';
import { hashId } from './ids.js';
import { markPrices, marketsByCondition } from './market-index.js';
import { MICRO } from './money.js';
import { inTurn, orderDomain, placeOrders } from './trading/orders.js';
import { privateKeyToAddress, signOrder, toWireOrder, type SignableOrder } from '@shared/crypto/index.js';
import { ensureApiKey } from './auth/keys.js';
import { Rng } from './world/random.js';
import { walletPrivateKey } from './world/trading.js';

export interface SimulatorOptions {
  /** Milliseconds between ticks. */
  tickMs?: number;
  /** Markets re-quoted per tick (they are visited in turn). */
  marketsPerTick?: number;
  /** Taker orders per tick. */
  takersPerTick?: number;
  makers?: number;
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
}

const MAKER_CASH = 5_000_000 * MICRO;
const TAKER_CASH = 10_000 * MICRO;

export class Simulator {
  private readonly rng: Rng;
  private readonly fair = new Map<string, number>();
  private readonly makers: Wallet[];
  private readonly takers: Wallet[];
  private markets: SimMarket[] = [];
  private cursor = 0;
  private salt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly opts: Required<SimulatorOptions>;

  constructor(
    private readonly ctx: VenueContext,
    opts: SimulatorOptions = {},
  ) {
    this.opts = { tickMs: 1000, marketsPerTick: 12, takersPerTick: 2, makers: 4, takers: 24, ...opts };
    const seed = Number(getMeta(ctx.db, 'seed') ?? '0');
    this.rng = new Rng(seed, 'simulator');
    const wallet = (key: string): Wallet => {
      const address = privateKeyToAddress(key).toLowerCase();
      return { key, address, apiKey: ensureApiKey(ctx, address, '0').apiKey };
    };
    this.makers = Array.from({ length: this.opts.makers }, (_, i) => wallet(hashId(`kairos-sim:${seed}:maker:${i}`)));
    this.takers = Array.from({ length: this.opts.takers }, (_, i) => wallet(walletPrivateKey(seed, i)));
    for (const m of this.makers) if (ctx.exchange.cash(m.address) < MAKER_CASH / 2) ctx.exchange.fund(m.address, MAKER_CASH);
    for (const t of this.takers) if (ctx.exchange.cash(t.address) < TAKER_CASH / 10) ctx.exchange.fund(t.address, TAKER_CASH);
  }

  start(): void {
    if (this.timer) return;
    const tick = (): void => {
      try {
        this.tick();
      } catch {
        // A failed tick must not stop the venue; the next one starts afresh.
      }
    };
    // In its turn, like a batch over HTTP: never ahead of batches that arrived before it.
    this.timer = setInterval(() => void inTurn(this.ctx, tick), this.opts.tickMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One step: re-quote the next few markets, then send a few taker orders. */
  tick(): void {
    this.refreshMarkets();
    if (this.markets.length === 0) return;
    for (let i = 0; i < Math.min(this.opts.marketsPerTick, this.markets.length); i++) {
      this.requote(this.markets[this.cursor % this.markets.length] as SimMarket);
      this.cursor++;
    }
    const quoted = this.markets.filter((m) => this.fair.has(m.conditionId));
    for (let i = 0; i < this.opts.takersPerTick && quoted.length > 0; i++) this.take(this.rng.pick(quoted));
  }

  private refreshMarkets(): void {
    const tokens = new Map<string, string[]>();
    for (const r of this.ctx.db.prepare('SELECT condition_id, token_id FROM tokens ORDER BY condition_id, outcome_index').all() as Array<{ condition_id: string; token_id: string }>) {
      const list = tokens.get(r.condition_id) ?? [];
      list.push(r.token_id);
      tokens.set(r.condition_id, list);
    }
    this.markets = [];
    for (const m of marketsByCondition(this.ctx.db).values()) {
      const ids = tokens.get(m.conditionId);
      if (m.status !== 'active' || m.outcomes.length !== 2 || ids?.length !== 2) continue;
      const info = this.ctx.exchange.token(ids[0] as string);
      if (!info || info.delaySeconds > 0) continue;
      this.markets.push({ conditionId: m.conditionId, tokens: [ids[0] as string, ids[1] as string], tick: info.tick, minSize: info.minSize });
    }
  }

  private requote(m: SimMarket): void {
    const marks = markPrices(this.ctx.db);
    const start = this.fair.get(m.conditionId) ?? marks.get(`${m.conditionId}:0`) ?? MICRO / 2;
    const fair = Math.min(0.95 * MICRO, Math.max(0.05 * MICRO, start + this.rng.normal() * 0.004 * MICRO));
    this.fair.set(m.conditionId, fair);
    const maker = this.makers[parseInt(m.conditionId.slice(2, 10), 16) % this.makers.length] as Wallet;

    const stale = this.ctx.exchange.openOrderIds(maker.apiKey, m.conditionId);
    if (stale.length) this.ctx.exchange.cancel(maker.apiKey, stale);

    const half = Math.max(m.tick, Math.round((0.01 * MICRO) / m.tick) * m.tick);
    const size = Math.max(m.minSize, Math.round(this.rng.range(50, 400)) * MICRO);
    for (const [i, token] of m.tokens.entries()) {
      if (this.ctx.exchange.freeTokens(maker.address, token) < size) {
        this.ctx.exchange.mint(maker.address, m.conditionId, size * 4, snap(fair, 100));
      }
      const p = i === 0 ? fair : MICRO - fair;
      const bid = snap(p - half, m.tick);
      const ask = snap(p + half, m.tick) + (snap(p + half, m.tick) <= bid ? m.tick : 0);
      const orders = [];
      if (bid >= m.tick) orders.push(this.order(maker, token, 'BUY', bid, size, 'GTC'));
      if (ask <= MICRO - m.tick) orders.push(this.order(maker, token, 'SELL', ask, size, 'GTC'));
      if (orders.length) placeOrders(this.ctx, maker, orders);
    }
  }

  private take(m: SimMarket): void {
    const taker = this.rng.pick(this.takers);
    const outcome = this.rng.int(0, 1);
    const token = m.tokens[outcome] as string;
    const book = this.ctx.exchange.book(token);
    const size = Math.max(m.minSize, Math.round(this.rng.range(5, 60)) * MICRO);
    const wantsSell = this.rng.chance(0.45) && this.ctx.exchange.freeTokens(taker.address, token) >= size;
    const price = wantsSell ? book.bestBid() : book.bestAsk();
    if (price === undefined) return;
    placeOrders(this.ctx, taker, [this.order(taker, token, wantsSell ? 'SELL' : 'BUY', price, size, 'FAK')]);
  }

  private order(w: Wallet, tokenId: string, side: 'BUY' | 'SELL', price: number, size: number, orderType: 'GTC' | 'FAK'): unknown {
    const token = this.ctx.exchange.token(tokenId);
    const cash = String((BigInt(size) * BigInt(price)) / 1_000_000n);
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

function snap(value: number, tick: number): number {
  return Math.round(value / tick) * tick;
}
