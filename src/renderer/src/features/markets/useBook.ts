// The one source of an outcome's order book on the market page. It polls `markets.book` today;
// a live channel can feed the same shape later without the book or the entry panel changing.
import { useEffect, useMemo, useRef } from 'react';
import { useCall } from '../../api/hooks';
import type { IpcCallError } from '../../api/transport';
import { isNotOffered } from '../../ui/venue';
import { ladder, type Ladder } from './book';

/** Levels kept per side: deeper than a trader scrolls, so the depth chart has the book's shape. */
export const BOOK_LEVELS = 50;
const POLL_MS = 5000;
/** The core keeps a book read for a second: asked this long after an order, the venue answers. */
const AFTER_ORDER_MS = 1200;

export interface BookFeed {
  /** Undefined until the first answer for this token (never the last token's book). */
  book: Ladder | undefined;
  /** The venue has no book route: said in place of the book. */
  notOffered: boolean;
  /** A failure with nothing to show. */
  error: IpcCallError | null;
  fetchedAt?: number;
  stale: boolean;
  refetch(): void;
  /** After the user's own order or cancel: read again now, and once the core's kept read has surely expired. */
  refreshSoon(): void;
}

export function useBook(tokenId: string): BookFeed {
  const q = useCall('markets.book', { tokenId }, { enabled: tokenId !== '', refetchInterval: (s) => (isNotOffered(s.state.error) ? false : POLL_MS) });
  const data = q.data?.data;
  // react-query keeps an unchanged answer's identity, so an unchanged book is not rebuilt.
  const book = useMemo(() => (data ? ladder(data, BOOK_LEVELS) : undefined), [data]);
  const soon = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(soon.current), []);
  const { refetch } = q;
  return {
    book,
    notOffered: !q.data && isNotOffered(q.error),
    error: !q.data && q.isError && !isNotOffered(q.error) ? q.error : null,
    ...(q.data ? { fetchedAt: q.data.fetchedAt } : {}),
    stale: q.data?.stale ?? false,
    refetch: () => void refetch(),
    refreshSoon: () => {
      // Now (the last poll's read is usually older than the core keeps it), and once more for certain.
      void refetch();
      clearTimeout(soon.current);
      soon.current = setTimeout(() => void refetch(), AFTER_ORDER_MS);
    },
  };
}
