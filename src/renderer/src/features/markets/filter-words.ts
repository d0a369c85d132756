// The markets list's filters in words, for the empty state: "No market matches ‘creator: x’".
export interface ListFilters {
  status: 'active' | 'closed' | 'archived' | 'all';
  mirror: 'any' | 'only' | 'none';
  tagId?: string | undefined;
  eventId?: string | undefined;
  seriesId?: string | undefined;
  creator?: string | undefined;
  watchlist?: boolean | undefined;
}

/** Labels the filter menus know (a tag's, an event's or a series' title), when they do. */
export interface FilterLabels {
  tag?(id: string): string | undefined;
  event?(id: string): string | undefined;
  series?(id: string): string | undefined;
}

const STATUS: Record<ListFilters['status'], string> = { active: 'open', closed: 'closed', archived: 'archived', all: 'any status' };

/** Each filter that narrows the list, in words; none for the defaults (open markets, any mirror). */
export function filterWords(f: ListFilters, labels: FilterLabels = {}): string[] {
  const out: string[] = [];
  if (f.watchlist) out.push('watchlist only');
  if (f.status !== 'active') out.push(`status: ${STATUS[f.status]}`);
  if (f.tagId) out.push(`tag: ${labels.tag?.(f.tagId) ?? f.tagId}`);
  if (f.eventId) out.push(`event: ${labels.event?.(f.eventId) ?? f.eventId}`);
  if (f.seriesId) out.push(`series: ${labels.series?.(f.seriesId) ?? f.seriesId}`);
  if (f.mirror !== 'any') out.push(f.mirror === 'only' ? 'mirrors only' : 'no mirrors');
  if (f.creator) out.push(`creator: ${f.creator}`);
  return out;
}

/** The filters back to their defaults: every open market. */
export const NO_FILTERS = { status: 'active', mirror: 'any', tagId: undefined, eventId: undefined, seriesId: undefined, creator: undefined, watchlist: false } as const;
