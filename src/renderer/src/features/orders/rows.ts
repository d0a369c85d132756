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

/** The venue's refusal codes in words (venue-profile D). */
const REFUSED: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'not enough balance',
  INVALID_ORDER: 'invalid order',
  INVALID_ORDER_SIGNATURE: 'bad signature',
  INVALID_TICK_SIZE: 'price not on the tick',
  INVALID_AMOUNTS: 'amounts do not match price and size',
  ORDER_SIZE_BELOW_MINIMUM: 'size below the minimum',
  MARKET_NOT_ACCEPTING_ORDERS: 'market not accepting orders',
  DUPLICATE_ORDER: 'duplicate order',
  FOK_NOT_FILLED: 'fill-or-kill could not fill',
  ADDRESS_BLOCKED: 'address blocked',
  UNSUPPORTED_SIGNATURE_TYPE: 'signature type not supported',
  RATE_LIMITED: 'throttled',
};

const STATUS_WORDS: Record<string, string> = {
  matched: 'matched',
  live: 'live',
  delayed: 'delayed (the market holds takers back a moment)',
  unmatched: 'unmatched: nothing to fill against',
};

export interface Answer {
  text: string;
  tone: 'yes' | 'no' | 'warn' | 'muted';
  /** The venue's or Kairos's own words beside the short answer, when they add to it. */
  detail?: string;
}

/** What the venue answered when the order was sent, in words: "matched", "live", "refused: not enough balance". */
export function answerOf(e: Pick<JournalEntry, 'state' | 'status' | 'code' | 'message'>): Answer {
  const detail = (words: string | undefined, shown: string): Partial<Answer> => (words && words !== shown ? { detail: words } : {});
  if (e.code === 'ANSWER_LOST' || e.code === 'NOT_FOUND' || e.code === 'SEND_FAILED') {
    const text = e.code === 'NOT_FOUND' ? 'no answer; not found on the venue' : e.code === 'SEND_FAILED' ? 'no answer: sending did not finish' : 'no answer: lost on the way';
    return { text, tone: 'warn', ...detail(e.message, text) };
  }
  if (e.state === 'rejected' || (e.code && !e.status)) {
    const why = (e.code && REFUSED[e.code]) ?? e.message ?? e.code ?? 'no reason given';
    const text = `refused: ${why}`;
    return { text, tone: 'no', ...detail(e.message, why) };
  }
  if (e.status) {
    const text = STATUS_WORDS[e.status] ?? e.status;
    return { text, tone: e.status === 'unmatched' ? 'warn' : 'yes', ...detail(e.message, text) };
  }
  if (e.message) return { text: e.message, tone: 'muted' };
  return e.state === 'sending' ? { text: 'waiting for the answer…', tone: 'muted' } : { text: 'accepted', tone: 'muted' };
}

/** "10 / 10": what matched of the order's size. */
export function filledOf(e: Pick<JournalEntry, 'size' | 'sizeMatched'>): string {
  return `${size(e.sizeMatched || '0')} / ${size(e.size)}`;
}
