// The markets list's paged call, as the screen reads it and as the page asks for it at start:
// the first page goes out with the page's first calls, before React has rendered anything.
import type { QueryClient } from '@tanstack/react-query';
import type { CallInput, CallOutput } from '@shared/ipc/contract';
import { prefetchPages } from '../../api/hooks';
import type { UiState } from '../../state/ui';

/** Rows per page while scrolling. */
export const PAGE = 200;
/** Rows of the first page: a screen and a half, so the first rows wait for a quarter of the work. */
export const FIRST_PAGE = 50;

export const pageRows = (p: CallOutput<'markets.list'>): number => p.data.rows.length;

/** The list's call for these filters. */
export function listInput(filters: UiState['filters']): CallInput<'markets.list'> {
  return {
    status: filters.status,
    sort: filters.sort,
    ascending: filters.sort === 'endDate' || filters.sort === 'question',
    mirror: filters.mirror,
    ...(filters.tagId ? { tagId: filters.tagId } : {}),
    ...(filters.eventId ? { eventId: filters.eventId } : {}),
    ...(filters.seriesId ? { seriesId: filters.seriesId } : {}),
    ...(filters.creator ? { creator: filters.creator } : {}),
    ...(filters.watchlist ? { watchlist: true } : {}),
  };
}

/** Asks for the list's first page under these filters now. */
export function prefetchList(client: QueryClient, filters: UiState['filters']): void {
  prefetchPages(client, 'markets.list', listInput(filters), PAGE, pageRows, FIRST_PAGE);
}
