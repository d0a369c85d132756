// A market order as data: "buy $X" or "sell N shares" walked through the book the page shows (or,
// where the venue publishes no book, its best price with the depth unknown) into the FAK or FOK
// line to send, capped at a worst price the trader sees and may change. The walk is
// shared/domain/book-walk's; the market's own rules (minimum size, cash) are the core's checks.
import type { OrderLine } from '@shared/ipc/contract';
import { capOnTick, walkBook, type Walk, type WalkLevel } from '@shared/domain/book-walk';
import { centsText, dollarsText, formatMicros, groupedText, parseMicros } from '@shared/domain/money';
import { DEFAULT_TICK, onTick } from '@shared/domain/grid';
import { parsePriceInput } from '../../ui/cents';
import { readNumber } from '../../ui/money';

/** Shares for a person, exactly, with separators. */
const sharesText = groupedText;

export type MarketType = 'FAK' | 'FOK';

export interface MarketForm {
  side: 'BUY' | 'SELL';
  /** Dollars to spend (BUY) or shares to sell (SELL), as typed. */
  amount: string;
  /** The worst price as typed in cents; empty for the walk's own worst price. */
  cap: string;
  type: MarketType;
}

/** Both sides of a book (any order) and its mid: the market page's ladder is one. */
export interface BookSides {
  bids: readonly WalkLevel[];
  asks: readonly WalkLevel[];
  mid?: bigint | undefined;
}

/** The book the walk uses: the page's ladder with its age, or only the best price (depth unknown). */
export interface MarketBook {
  ladder?: BookSides | undefined;
  /** The best opposite price where no book is published (decimal text), and the quotes' mid. */
  best?: string | undefined;
  mid?: bigint | undefined;
  at: number;
  stale: boolean;
}

export interface MarketEntry {
  walk?: Walk;
  line?: OrderLine;
  /** The cap the order carries (micros), and whether it is the walk's own or typed. */
  cap?: bigint;
  capTyped: boolean;
  /** How a typed cap or size was put on the grid, in words. */
  notes: string[];
  /** What stops the order, in words naming the field. */
  problems: string[];
}

const SIZE_NOTE = 'market orders carry whole hundredths of a share';

export function readMarketEntry(
  f: MarketForm,
  market: { conditionId: string; tokenId: string; tick: string | undefined; takerFeeBps: number | undefined; bookLoading?: boolean },
  book: MarketBook | undefined,
  now: number,
): MarketEntry {
  const out: MarketEntry = { capTyped: false, notes: [], problems: [] };
  const buy = f.side === 'BUY';
  const tick = (market.tick ? parseMicros(market.tick) : null) ?? DEFAULT_TICK;

  const typed = f.amount.trim();
  let amount: bigint | undefined;
  if (typed === '') out.problems.push(buy ? 'enter the dollars to spend' : 'enter the shares to sell');
  else {
    amount = readNumber(typed, buy);
    if (amount === undefined) out.problems.push(buy ? `“${typed}” is not an amount in dollars, such as 20 or 12.50` : `“${typed}” is not a number of shares, such as 10 or 12.5`);
    else if (amount <= 0n) out.problems.push(buy ? 'the amount to spend must be above $0' : 'the shares to sell must be above 0');
  }

  let typedCap: bigint | undefined;
  if (f.cap.trim() !== '') {
    const p = parsePriceInput(f.cap);
    const m = p.ok ? parseMicros(p.price) : null;
    if (!p.ok || m === null) out.problems.push(`worst price: ${p.ok ? `“${f.cap}” is not a price` : p.reason}`);
    else {
      typedCap = capOnTick(f.side, m, tick);
      out.capTyped = true;
      if (typedCap !== m) out.notes.push(`worst price ${centsText(m)} ${buy ? 'rounded down' : 'rounded up'} to ${centsText(typedCap)} on the ${centsText(tick)} tick: never worse than typed`);
    }
  }

  const levels: readonly WalkLevel[] | undefined = book?.ladder ? (buy ? book.ladder.asks : book.ladder.bids) : undefined;
  const best = book?.best !== undefined ? parseMicros(book.best) : null;
  if (!book && market.bookLoading) out.problems.push('reading the book…');
  else if (!book || (!levels && best === null)) out.problems.push(`no ${buy ? 'ask' : 'bid'} is known for this outcome: a market order cannot be priced`);
  else if (levels && levels.length === 0) out.problems.push(`the book has no ${buy ? 'asks to buy from' : 'bids to sell to'}`);
  if (market.takerFeeBps === undefined) out.problems.push('reading the market’s fee…');
  if (amount === undefined || amount <= 0n || !book || market.takerFeeBps === undefined || (levels ? levels.length === 0 : best === null)) return out;

  const walkOn = {
    levels: levels ?? [{ price: best as bigint, size: 1n }],
    at: book.at,
    now,
    stale: book.stale,
    depthKnown: levels !== undefined,
    mid: book.ladder?.mid ?? book.mid,
  };
  const order = buy ? { side: 'BUY' as const, spend: amount } : { side: 'SELL' as const, shares: amount };
  // The cap: as typed, else the worst level the whole order reaches (outward onto the tick, so it is taken).
  let cap = typedCap;
  if (cap === undefined) {
    const free = walkBook(order, walkOn, { takerFeeBps: market.takerFeeBps });
    if (free.worstPrice !== undefined) cap = onTick(free.worstPrice, tick) ? free.worstPrice : capOnTick(buy ? 'SELL' : 'BUY', free.worstPrice, tick);
  }
  const walk = walkBook(order, walkOn, { takerFeeBps: market.takerFeeBps, cap });
  out.walk = walk;
  if (cap !== undefined) out.cap = cap;
  if (walk.sizeRounded) out.notes.push(`${sharesText(amount)} shares rounded down to ${sharesText(walk.orderShares)}: ${SIZE_NOTE}`);
  if (walk.orderShares === 0n) {
    out.problems.push(buy ? `${dollarsText(amount)} buys less than 0.01 shares ${walk.capped || typedCap !== undefined ? `at ${centsText(cap)} or better` : 'at these prices'}` : 'the shares to sell must be at least 0.01');
    return out;
  }
  if (cap === undefined) return out;
  out.line = { conditionId: market.conditionId, tokenId: market.tokenId, side: f.side, price: formatMicros(cap), size: formatMicros(walk.orderShares), type: f.type, postOnly: false };
  return out;
}

/** What a walk leaves unsaid in figures, in words: a partial fill, a FOK that would die, the book's depth and age. */
export function walkWarnings(w: Walk, type: string, cap: bigint | undefined): string[] {
  const out: string[] = [];
  const within = cap !== undefined ? ` at ${centsText(cap)} or better` : '';
  if (w.partial && w.shares === 0n) out.push(`nothing rests${within}: the order would fill nothing`);
  else if (w.partial && type === 'FOK') out.push(`the book holds only ${sharesText(w.shares)} shares${within}: a FOK order would be cancelled whole`);
  else if (w.partial && (type === 'GTC' || type === 'GTD')) out.push(`${sharesText(w.shares)} of ${sharesText(w.orderShares)} shares would fill at once${within}; the rest rests on the book`);
  else if (w.partial) out.push(`the book is thinner than the order: ${sharesText(w.shares)}${w.side === 'SELL' ? ` of ${sharesText(w.orderShares)}` : ''} shares would fill${within}, the rest is cancelled (FAK)`);
  if (!w.depthKnown) out.push('this venue publishes only its best price, not how much rests there: the fill is figured at that price, and a higher worst price takes more if less rests there');
  return out;
}

/**
 * A limit order that crosses the book, walked up to its price: what it takes at once (the rest
 * rests, or is cancelled for FAK/FOK). Undefined when it does not cross, or cannot be read yet.
 */
export function limitWalk(
  l: { side: 'BUY' | 'SELL'; price: string; size: string; postOnly?: boolean | undefined },
  sides: BookSides,
  book: { at: number; stale: boolean },
  now: number,
  takerFeeBps: number | undefined,
): { walk: Walk; cap: bigint } | undefined {
  const price = parseMicros(l.price);
  const size = parseMicros(l.size);
  if (price === null || size === null || size <= 0n || takerFeeBps === undefined || l.postOnly) return undefined;
  const opposite = l.side === 'BUY' ? sides.asks : sides.bids;
  if (!opposite.some((x) => x.size > 0n && (l.side === 'BUY' ? price >= x.price : price <= x.price))) return undefined;
  const walk = walkBook({ side: l.side, shares: size }, { levels: opposite, at: book.at, now, stale: book.stale, mid: sides.mid }, { takerFeeBps, cap: price });
  return { walk, cap: price };
}
