// Paging that knows each endpoint's caps: offset lists stop at their offset cap, cursor lists at
// `LTE=`, and a page or cursor seen before stops the walk — reported as incomplete, never a loop.

export interface PageResult<T> {
  items: T[];
  complete: boolean;
  /** Why the walk stopped early when `complete` is false. */
  reason?: string;
}

export interface OffsetCaps {
  pageSize: number;
  /** Largest offset the endpoint accepts (spec §4 and §8.4), or Infinity. */
  maxOffset: number;
  /** Stop after this many items even if more exist. */
  maxItems?: number;
}

/** Known caps of the offset-paged endpoints. */
export const CAPS = {
  catalog: { pageSize: 100, maxOffset: Number.POSITIVE_INFINITY },
  trades: { pageSize: 10_000, maxOffset: 10_000 },
  positions: { pageSize: 500, maxOffset: 10_000 },
  holders: { pageSize: 500, maxOffset: 0 },
  leaderboard: { pageSize: 50, maxOffset: 1000 },
} as const satisfies Record<string, OffsetCaps>;

export async function pageByOffset<T>(fetchPage: (limit: number, offset: number) => Promise<T[]>, caps: OffsetCaps, key: (item: T) => string = (x) => JSON.stringify(x)): Promise<PageResult<T>> {
  const items: T[] = [];
  const seenPages = new Set<string>();
  for (let offset = 0; ; offset += caps.pageSize) {
    if (offset > caps.maxOffset) return { items, complete: false, reason: `the endpoint pages no further than offset ${caps.maxOffset}` };
    const page = await fetchPage(caps.pageSize, offset);
    if (page.length === 0) return { items, complete: true };
    const signature = `${key(page[0] as T)}|${key(page[page.length - 1] as T)}|${page.length}`;
    if (seenPages.has(signature)) return { items, complete: false, reason: `offset ${offset} returned a page already seen; the endpoint ignores paging` };
    seenPages.add(signature);
    items.push(...page);
    if (caps.maxItems !== undefined && items.length >= caps.maxItems) return { items: items.slice(0, caps.maxItems), complete: false, reason: `stopped at ${caps.maxItems} items` };
    if (page.length < caps.pageSize) return { items, complete: true };
  }
}

export const FIRST_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';

export async function pageByCursor<T>(fetchPage: (cursor: string) => Promise<{ data: T[]; next_cursor: string }>, maxPages = 10_000): Promise<PageResult<T>> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor = FIRST_CURSOR;
  for (let pages = 0; pages < maxPages; pages++) {
    if (seen.has(cursor)) return { items, complete: false, reason: `cursor ${cursor} came back a second time` };
    seen.add(cursor);
    const page = await fetchPage(cursor);
    items.push(...page.data);
    if (page.next_cursor === END_CURSOR || page.next_cursor === '') return { items, complete: true };
    cursor = page.next_cursor;
  }
  return { items, complete: false, reason: `stopped after ${maxPages} pages` };
}
