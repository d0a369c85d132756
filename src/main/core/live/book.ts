// One token's order book as the live channel tells it (venue-profile I): a `book` snapshot, then
// each `price_change` in `seq` order. Prices and sizes stay the venue's decimal strings and are
// compared as integer micros, so what is served from here is exactly what GET /book would say.
import { parseMicros } from '@shared/domain/money.js';
import type { LiveBook, LiveLastTradePrice, LivePriceChange } from '@shared/spec/live.js';
import type { Book } from '@shared/spec/index.js';

interface Level {
  price: string;
  size: string;
  micros: bigint;
}

export interface LastTrade {
  price: string;
  size: string;
  side: 'BUY' | 'SELL';
  /** Epoch ms, as the venue stamped the fill. */
  at: number;
}

/** What applying a change did: `gap` means messages were lost (or the copy disagrees) and the book must be asked again. */
export type Applied = 'applied' | 'old' | 'gap';

const micros = (d: string): bigint | null => parseMicros(d);

export class TokenBook {
  private readonly bids = new Map<bigint, Level>();
  private readonly asks = new Map<bigint, Level>();
  private seq = -1;
  private snapshotOf: LiveBook | undefined;
  private updatedAt = 0;
  /** The last fill seen on this subscription; unknown (undefined) until one comes. */
  lastTrade: LastTrade | undefined;

  constructor(readonly tokenId: string) {}

  /** Has a snapshot to build on. */
  get ready(): boolean {
    return this.snapshotOf !== undefined;
  }

  get market(): string | undefined {
    return this.snapshotOf?.market || undefined;
  }

  /** Replaces the copy with the venue's whole book (asked for, or sent after the venue rebuilt its books). */
  snapshot(msg: LiveBook, now: number): void {
    this.bids.clear();
    this.asks.clear();
    for (const l of msg.bids) this.put(this.bids, l.price, l.size);
    for (const l of msg.asks) this.put(this.asks, l.price, l.size);
    this.seq = msg.seq;
    this.snapshotOf = msg;
    this.updatedAt = now;
  }

  /** Forgets the copy: the next change cannot be applied until a new snapshot comes. */
  reset(): void {
    this.snapshotOf = undefined;
    this.seq = -1;
    this.lastTrade = undefined;
  }

  change(msg: LivePriceChange, now: number): Applied {
    if (!this.snapshotOf) return 'old';
    if (msg.seq <= this.seq) return 'old';
    if (msg.seq !== this.seq + 1) return 'gap';
    this.seq = msg.seq;
    this.put(msg.side === 'BUY' ? this.bids : this.asks, msg.price, msg.size);
    this.updatedAt = now;
    // The venue says the best prices after the change: a copy that disagrees has lost something.
    const best = this.best();
    if (!samePrice(best.bid, msg.best_bid) || !samePrice(best.ask, msg.best_ask)) return 'gap';
    return 'applied';
  }

  trade(msg: LiveLastTradePrice): void {
    const at = Number(msg.timestamp);
    this.lastTrade = { price: msg.price, size: msg.size, side: msg.side, at: Number.isFinite(at) ? at : 0 };
  }

  /** Best bid and ask, null for an empty side. */
  best(): { bid: string | null; ask: string | null } {
    let bid: Level | undefined;
    let ask: Level | undefined;
    for (const l of this.bids.values()) if (!bid || l.micros > bid.micros) bid = l;
    for (const l of this.asks.values()) if (!ask || l.micros < ask.micros) ask = l;
    return { bid: bid?.price ?? null, ask: ask?.price ?? null };
  }

  /** The book in the shape of GET /book (as the shared schema parses it), best levels first. */
  toBook(): Book | undefined {
    const s = this.snapshotOf;
    if (!s) return undefined;
    const levels = (side: Map<bigint, Level>, desc: boolean) =>
      [...side.values()].sort((a, b) => (a.micros === b.micros ? 0 : (a.micros > b.micros) === desc ? -1 : 1)).map((l) => ({ price: l.price, size: l.size }));
    return {
      ...(s.market ? { market: s.market } : {}),
      asset_id: this.tokenId,
      // When the copy last changed, as the shared schema gives GET /book's timestamp.
      timestamp: new Date(this.updatedAt).toISOString(),
      bids: levels(this.bids, true),
      asks: levels(this.asks, false),
      ...(s.tick_size !== undefined ? { tick_size: s.tick_size } : {}),
      ...(s.min_order_size !== undefined ? { min_order_size: s.min_order_size } : {}),
    };
  }

  private put(side: Map<bigint, Level>, price: string, size: string): void {
    const p = micros(price);
    const q = micros(size);
    if (p === null || q === null) return;
    if (q === 0n) side.delete(p);
    else side.set(p, { price, size, micros: p });
  }
}

function samePrice(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return micros(a) === micros(b);
}
