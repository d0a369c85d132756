// Which of the account's trades belong to which of its orders. Trades carry no order id, so this
// is a best match on token, side and price; each trade goes to at most one order, the earliest
// placed with room for it (the venue's time priority), and only to one placed at or before it.
import { toMicros } from '@shared/domain/money.js';

/** What the data surface tells of a trade of the account (spec §2.1). */
export interface AccountTrade {
  side?: string | undefined;
  asset?: string | undefined;
  conditionId?: string | undefined;
  outcomeIndex?: number | undefined;
  size?: number | undefined;
  price?: number | undefined;
  timestamp?: number | undefined;
  transactionHash?: string | undefined;
}

/** A trade that can be matched: its key, token, side, price and size in micros, second. */
export interface KeyedTrade {
  key: string;
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: bigint;
  size: bigint;
  /** Epoch seconds, as the data surface gives them. */
  at: number;
}

/** An order that may take trades: what it may still take, and when its trades can have happened. */
export interface Claimant {
  orderId: string;
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: bigint;
  /** Micros it may still take; a trade bigger than this is not one of its fills. */
  room: bigint;
  /** Epoch ms it was signed: earlier orders come first, and no trade before it is its own. */
  sentAt: number;
  /** Order of writing, for orders signed in the same millisecond (a batch goes in line order). */
  seq: number;
  /** Epoch seconds after which it took nothing more (an order that is over). */
  until?: number;
}

/**
 * Keys each trade of one market by what identifies a fill: its transaction and the token, side,
 * price, size and second (a transaction may hold several fills of the account, and identical
 * fills in one transaction are told apart by their count). Trades lacking any of side, price,
 * size or second cannot be matched and are left out. The token is the trade's asset when the
 * market lists it, else the market's token at its outcome index.
 */
export function keyTrades(trades: readonly AccountTrade[], tokenIds: readonly string[]): KeyedTrade[] {
  const seen = new Map<string, number>();
  const out: KeyedTrade[] = [];
  for (const t of trades) {
    const price = toMicros(t.price);
    const size = toMicros(t.size);
    if ((t.side !== 'BUY' && t.side !== 'SELL') || price === undefined || size === undefined || t.timestamp === undefined) continue;
    const tokenId = t.asset !== undefined && tokenIds.includes(t.asset) ? t.asset : t.outcomeIndex !== undefined && tokenIds[t.outcomeIndex] !== undefined ? tokenIds[t.outcomeIndex] : t.asset;
    if (tokenId === undefined) continue;
    const base = [t.transactionHash ?? '', (t.conditionId ?? '').toLowerCase(), t.asset ?? '', t.outcomeIndex ?? '', t.side, price, size, t.timestamp].join('|');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.push({ key: `${base}#${n}`, tokenId, side: t.side, price, size, at: t.timestamp });
  }
  return out;
}

const before = (a: Claimant, b: Claimant): boolean => a.sentAt < b.sentAt || (a.sentAt === b.sentAt && a.seq < b.seq);

/**
 * Gives each trade not yet `taken` to at most one claimant: oldest trade first, to the earliest
 * placed claimant on its token, side and price that was signed no later than the trade's second,
 * was not over before it, and has room for all of it. Returns the trades each claimant got.
 */
export function assignTrades(claimants: readonly Claimant[], trades: readonly KeyedTrade[], taken: ReadonlySet<string> = new Set()): Map<string, KeyedTrade[]> {
  const room = new Map(claimants.map((c) => [c.orderId, c.room]));
  const got = new Map<string, KeyedTrade[]>();
  // The data surface lists newest first; within one second, the later listed is the earlier fill.
  const oldestFirst = [...trades].reverse().sort((a, b) => a.at - b.at);
  for (const t of oldestFirst) {
    if (taken.has(t.key)) continue;
    let best: Claimant | undefined;
    for (const c of claimants) {
      if (c.tokenId !== t.tokenId || c.side !== t.side || c.price !== t.price) continue;
      if (Math.floor(c.sentAt / 1000) > t.at || (c.until !== undefined && t.at > c.until)) continue;
      if ((room.get(c.orderId) ?? 0n) < t.size) continue;
      if (!best || before(c, best)) best = c;
    }
    if (!best) continue;
    room.set(best.orderId, (room.get(best.orderId) ?? 0n) - t.size);
    got.set(best.orderId, [...(got.get(best.orderId) ?? []), t]);
  }
  return got;
}
