// The words of the exchange (venue-profile D): a token as the books see it, an order on its
// way in, what became of it, and the rows of the orders table it is kept in.
import type { OrderType } from '@shared/spec/index.js';
import type { MarketStatus } from '../market-index.js';
import type { BookSide, RestingOrder } from './book.js';

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

export interface CancelOutcome {
  canceled: string[];
  not_canceled: Record<string, string>;
}

export interface OrderRow {
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
export type RestingRow = Pick<OrderRow, 'id' | 'seq' | 'wallet' | 'owner' | 'side' | 'price' | 'size' | 'filled' | 'created_at' | 'expiration'>;

export function fail(code: string, message: string): Placement {
  return { ok: false, code, message };
}

export function toResting(r: RestingRow): RestingOrder {
  return { id: r.id, seq: r.seq, wallet: r.wallet, owner: r.owner, side: r.side, price: r.price, size: r.size, remaining: r.size - r.filled, createdAt: r.created_at, expiration: r.expiration };
}

export function toRestingNew(o: NewOrder, seq: number, now: number): RestingOrder {
  return { id: o.id, seq, wallet: o.wallet, owner: o.owner, side: o.side, price: o.price, size: o.size, remaining: o.size, createdAt: now, expiration: o.expiration };
}

export function fromRow(r: OrderRow, token: TokenInfo | undefined): NewOrder | undefined {
  if (!token) return undefined;
  return {
    id: r.id, owner: r.owner, wallet: r.wallet, token, side: r.side, price: r.price, size: r.size, type: r.order_type,
    postOnly: r.post_only === 1, expiration: r.expiration, body: r.body,
  };
}
