// The ticket's lines walked through their books: a market line's order (its shares and worst
// price) comes from the walk, and a limit line whose price crosses the book shows what the walk
// gives at that price. Each line's outcome book and market reading are read once per token and
// market however many lines share them.
import { useQueries } from '@tanstack/react-query';
import type { DraftLine } from '@shared/ipc/contract';
import { levelsOf, midOf, type Walk } from '@shared/domain/book-walk';
import { parseMicros } from '@shared/domain/money';
import { keyOf } from '../../api/keys';
import { call } from '../../api/transport';
import { isNotOffered } from '../../ui/venue';
import { useNow } from '../../ui/timing';
import { limitWalk, readMarketEntry, type BookSides, type MarketBook, type MarketEntry, type MarketType } from './market-entry';

export interface LineWalk {
  walk: Walk;
  /** The worst price the walk stops at: the market line's cap, or the limit price. */
  cap: bigint | undefined;
}

function sidesOf(book: { bids: ReadonlyArray<{ price: string; size: string }>; asks: ReadonlyArray<{ price: string; size: string }> }): BookSides {
  const bids = levelsOf(book.bids);
  const asks = levelsOf(book.asks);
  return { bids, asks, mid: midOf(bids, asks) };
}

export const isMarketLine = (l: DraftLine): boolean => l.kind === 'market';

/** Per line key: the market entry of a market line, and the walk of any line that takes from the book. */
export function useWalks(lines: readonly DraftLine[]): { market: Map<string, MarketEntry>; walks: Map<string, LineWalk> } {
  const now = useNow(1000);
  const tokens = [...new Set(lines.flatMap((l) => (l.tokenId ? [l.tokenId] : [])))];
  const markets = [...new Set(lines.flatMap((l) => (l.conditionId && l.tokenId ? [l.conditionId] : [])))];
  const books = useQueries({
    queries: tokens.map((tokenId) => ({ queryKey: keyOf('markets.book', { tokenId }), queryFn: () => call('markets.book', { tokenId }), refetchInterval: 5000, retry: false })),
  });
  const readings = useQueries({
    queries: markets.map((conditionId) => ({ queryKey: keyOf('markets.reading', { conditionId }), queryFn: () => call('markets.reading', { conditionId }), staleTime: 30_000 })),
  });
  // Where a venue publishes no book, a market line is priced from its outcome's best price.
  const quotes = useQueries({
    queries: markets.map((conditionId) => ({
      queryKey: keyOf('markets.quotes', { conditionId }),
      queryFn: () => call('markets.quotes', { conditionId }),
      refetchInterval: 5000,
      enabled: lines.some((l) => isMarketLine(l) && l.conditionId === conditionId && isNotOffered(books[tokens.indexOf(l.tokenId)]?.error)),
    })),
  });
  const market = new Map<string, MarketEntry>();
  const walks = new Map<string, LineWalk>();
  for (const l of lines) {
    if (!l.tokenId) continue;
    const b = books[tokens.indexOf(l.tokenId)];
    const rd = readings[markets.indexOf(l.conditionId)]?.data?.data;
    const lad: BookSides | undefined = b?.data ? sidesOf(b.data.data) : undefined;
    const q = quotes[markets.indexOf(l.conditionId)]?.data;
    const quote = q?.data.find((o) => o.tokenId === l.tokenId);
    const best = l.side === 'BUY' ? quote?.bestAsk : quote?.bestBid;
    const bid = parseMicros(quote?.bestBid ?? '');
    const ask = parseMicros(quote?.bestAsk ?? '');
    const book: MarketBook | undefined = lad && b?.data
      ? { ladder: lad, at: b.data.fetchedAt, stale: b.data.stale }
      : q && best !== undefined ? { best, at: q.fetchedAt, stale: q.stale, ...(bid !== null && ask !== null ? { mid: (bid + ask) / 2n } : {}) } : undefined;
    const ctx = { conditionId: l.conditionId, tokenId: l.tokenId, tick: rd?.tick, takerFeeBps: rd?.takerFeeBps, bookLoading: !b?.data && !b?.isError };
    if (isMarketLine(l)) {
      const type: MarketType = l.type === 'FOK' ? 'FOK' : 'FAK';
      const e = readMarketEntry({ side: l.side, amount: l.side === 'BUY' ? (l.spend ?? '') : l.size, cap: l.price, type }, ctx, book, now);
      market.set(l.key, e);
      if (e.walk) walks.set(l.key, { walk: e.walk, cap: e.cap });
      continue;
    }
    // A limit line that crosses the book: the same walk, up to its price.
    const walk = book?.ladder ? limitWalk({ side: l.side, price: l.price, size: l.size, postOnly: l.postOnly }, book.ladder, book, now, rd?.takerFeeBps) : undefined;
    if (walk) walks.set(l.key, walk);
  }
  return { market, walks };
}
