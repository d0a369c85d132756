// What changed in the catalog since it was last read, asked the way every venue answers (spec
// §4.2, venue-profile F): markets and events listed newest update first (`order=updatedAt`),
// page by page, down to the newest `updatedAt` seen by the pass before. A pass costs what changed
// (a request per kind when little did), never the whole catalog; more changes than a few pages
// hold make a full sync cheaper and surer, and the pass says so.
import { toIsoDate } from '@shared/domain/dates.js';

export type ChangeKind = 'events' | 'markets';
/** Events first: a new market's tags and event title come from its event's row. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['events', 'markets'];

/** The first page of a pass: what changes in a few seconds usually fits. */
export const FIRST_PAGE = 20;
export const NEXT_PAGE = 100;
/** Pages a pass reads of a kind before it hands over to a full sync. */
export const MAX_PAGES = 4;
/**
 * Items stamped this close below the newest seen are read again: a venue that sends whole
 * seconds cannot tell them apart from ones changed just after. Read again, they change nothing.
 */
export const SLACK_MS = 1_000;

/** Per kind, the newest `updatedAt` seen (epoch ms); absent until the first look. */
export type Marks = Partial<Record<ChangeKind, number>>;

export type ReadPage = (kind: ChangeKind, page: { limit: number; offset: number }) => Promise<unknown[]>;

export interface Changes {
  /** Items stamped since the marks, newest first, as the venue sent them. */
  items: Record<ChangeKind, unknown[]>;
  /** Where the next pass starts. */
  marks: Marks;
  requests: number;
  /** More changed than a pass reads: a full sync is due (the marks were not moved). */
  overflow: boolean;
}

/** The venue lists a kind in a way a pass cannot trust (no stamps, not newest first). */
export class UnorderedListing extends Error {
  override readonly name = 'UnorderedListing';
}

/** An item's `updatedAt` in epoch ms, whatever style the venue writes dates in. */
export function stampOf(item: unknown): number | undefined {
  const v = typeof item === 'object' && item !== null ? (item as { updatedAt?: unknown }).updatedAt : undefined;
  const iso = v === undefined || v === null ? null : toIsoDate(v);
  return iso === null ? undefined : Date.parse(iso);
}

/**
 * One pass over each kind. A kind without a mark is only looked at: its newest stamp becomes the
 * mark (taken before a full sync, so the passes after it miss nothing the sync did not read).
 */
export async function readChanges(read: ReadPage, marks: Marks, pages: { first?: number; next?: number; max?: number } = {}): Promise<Changes> {
  const { first = FIRST_PAGE, next = NEXT_PAGE, max = MAX_PAGES } = pages;
  const out: Changes = { items: { events: [], markets: [] }, marks: { ...marks }, requests: 0, overflow: false };
  // The kinds side by side: a pass takes one round trip where little changed, and a sync stopped
  // meanwhile has nothing of this pass left to ask for.
  const pass = async (kind: ChangeKind): Promise<void> => {
    const mark = marks[kind];
    if (mark === undefined) {
      const [top] = await read(kind, { limit: 1, offset: 0 });
      out.requests++;
      out.marks[kind] = top === undefined ? 0 : requireStamp(kind, top);
      return;
    }
    let newest = mark;
    let previous = Infinity;
    let offset = 0;
    let pagesRead = 0;
    for (;;) {
      if (pagesRead === max) {
        out.overflow = true;
        out.marks[kind] = mark;
        break;
      }
      const limit = pagesRead === 0 ? first : next;
      const page = await read(kind, { limit, offset });
      out.requests++;
      pagesRead++;
      let reached = false;
      for (const item of page) {
        const at = requireStamp(kind, item);
        // A venue that ignored the order would have a pass stop early and miss changes.
        if (at > previous + SLACK_MS) throw new UnorderedListing(`the venue does not list ${kind} newest update first (order=updatedAt)`);
        previous = Math.min(previous, at);
        if (at < mark - SLACK_MS) {
          reached = true;
          break;
        }
        out.items[kind].push(item);
        newest = Math.max(newest, at);
      }
      if (reached || page.length < limit) {
        out.marks[kind] = newest;
        break;
      }
      offset += page.length;
    }
  };
  await Promise.all(CHANGE_KINDS.map(pass));
  return out;
}

function requireStamp(kind: ChangeKind, item: unknown): number {
  const at = stampOf(item);
  if (at === undefined) throw new UnorderedListing(`the venue lists ${kind} without an updatedAt`);
  return at;
}
