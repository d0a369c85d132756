// One row shape for open orders, whether the venue listed them or the journal remembers them.
import type { CallOutput } from '@shared/ipc/contract';
import { size } from '../../ui/format';

export type OpenOrderRow = CallOutput<'orders.open'>['data'][number];
export type JournalEntry = CallOutput<'orders.journal'>[number];
export type JournalState = JournalEntry['state'];

export interface OrderRow {
  id: string;
  conditionId?: string | undefined;
  question?: string | undefined;
  outcome?: string | undefined;
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  filled: string;
  type: string;
  /** Epoch ms. */
  createdAt: number;
}

export function fromVenue(o: OpenOrderRow): OrderRow {
  return {
    id: o.id,
    conditionId: o.market,
    question: o.question,
    outcome: o.outcome,
    tokenId: o.asset_id,
    side: o.side === 'SELL' ? 'SELL' : 'BUY',
    price: o.price,
    size: o.original_size,
    filled: o.size_matched,
    type: o.order_type,
    createdAt: o.created_at * 1000,
  };
}

export function fromJournal(e: JournalEntry): OrderRow {
  return {
    id: e.orderId,
    conditionId: e.conditionId,
    question: e.question,
    outcome: e.outcome,
    tokenId: e.tokenId,
    side: e.side,
    price: e.price,
    size: e.size,
    filled: e.sizeMatched,
    type: e.type,
    createdAt: e.sentAt,
  };
}

/** Still on the book, as far as the journal knows. */
export const RESTING: ReadonlySet<JournalState> = new Set(['open', 'partly_filled']);

export const STATE_LABEL: Record<JournalState, string> = {
  sending: 'sending',
  open: 'open',
  partly_filled: 'partly filled',
  filled: 'filled',
  closed: 'closed by the venue',
  cancelled: 'cancelled',
  expired: 'expired',
  rejected: 'rejected',
  unknown: 'unknown',
};

/** "12s", "5m", "3h", "2d": how long ago. */
export function age(fromMs: number, nowMs: number): string {
  const s = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

export function shortId(id: string): string {
  return id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
}

/** "Buy 10 Yes at 30¢ · Will …", for results and confirmations. */
export function describe(r: Pick<OrderRow, 'side' | 'size' | 'outcome' | 'price' | 'question' | 'id'>, cents: (p: string) => string): string {
  const what = `${r.side === 'BUY' ? 'Buy' : 'Sell'} ${size(r.size)}${r.outcome ? ` ${r.outcome}` : ''} at ${cents(r.price)}`;
  return r.question ? `${what} · ${r.question}` : `${what} · order ${shortId(r.id)}`;
}
