// Events and series: every event of the synced catalog in one virtualized list on the left
// (words, status, tag, series and multi-outcome filters; sorts by volume, liquidity, end date,
// newest), the selected event on the right. The Series screen is the same list with its series
// chosen first. Arrow keys move the selection.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CallInput } from '@shared/ipc/contract';
import { useCall, useCallPages } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { shortDate, usdCompact } from '../../ui/format';
import { ErrorState, Skeleton, Stamp } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';
import { EventDetail } from './EventDetail';
import { StatusBadge } from './StatusBadge';
import './events.css';
import { Star } from '../watchlist/Star';
import { listKeys } from '../../ui/list-keys';
import { fitMiddle, useCharsPerLines } from '../../ui/titles';

const PAGE = 200;
type Filters = Required<Pick<CallInput<'events.browse'>, 'status' | 'sort'>> & { query: string; tagId?: string | undefined; seriesId?: string | undefined; negRisk?: boolean | undefined };

const SORTS: ReadonlyArray<readonly [Filters['sort'], string]> = [
  ['volume', 'Total volume'],
  ['volume24hr', '24h volume'],
  ['liquidity', 'Liquidity'],
  ['endDate', 'Ending soonest'],
  ['createdAt', 'Newest'],
  ['title', 'A–Z'],
];

export function EventsScreen({ series }: { series?: boolean }): React.JSX.Element {
  const [filters, setFilters] = useState<Filters>({ query: '', status: 'active', sort: 'volume' });
  const patch = (p: Partial<Filters>): void => setFilters((f) => ({ ...f, ...p }));
  const chosenSeries = useUi((s) => s.selectedSeries);
  const openSeries = useUi((s) => s.openSeries);
  const openEvent = useUi((s) => s.openEvent);
  const opened = useUi((s) => s.selectedEvent);
  // The Series screen keeps its own event open, so the Events screen's stays as it was.
  const [seriesEvent, setSeriesEvent] = useState<string | undefined>();
  const selected = series ? seriesEvent : opened;
  const select = (id: string): void => (series ? setSeriesEvent(id) : openEvent(id));
  const seriesId = series ? chosenSeries : filters.seriesId;

  const seriesList = useCall('series.browse', { limit: 1000 });
  const tags = useCall('tags.browse', { sort: 'label', limit: 1000 });
  const input: CallInput<'events.browse'> = {
    status: filters.status,
    sort: filters.sort,
    ascending: filters.sort === 'endDate' || filters.sort === 'title',
    ...(filters.query.trim() ? { query: filters.query.trim() } : {}),
    ...(filters.tagId ? { tagId: filters.tagId } : {}),
    ...(filters.negRisk ? { negRisk: true } : {}),
    ...(seriesId ? { seriesId } : {}),
  };
  const seriesRows = seriesList.data?.data.rows ?? [];
  const chosen = seriesRows.find((s) => s.id === seriesId);

  const top = (
    <div className="filters">
      {series ? (
        // Values are slugs where the series has one: a series is named by its slug in links.
        <select aria-label="Series" value={chosen ? (chosen.slug ?? chosen.id) : ''} onChange={(e) => openSeries(seriesRows.find((s) => (s.slug ?? s.id) === e.target.value)?.id)} style={{ maxWidth: 260 }}>
          <option value="">Pick a series…</option>
          {seriesRows.map((s) => (
            <option key={s.id} value={s.slug ?? s.id}>{s.title} · {s.openEvents} open of {s.events}</option>
          ))}
        </select>
      ) : null}
      <input type="search" aria-label="Find an event" placeholder="Find an event…" value={filters.query} onChange={(e) => patch({ query: e.target.value })} style={{ width: 170 }} />
      <select aria-label="Event status" value={filters.status} onChange={(e) => patch({ status: e.target.value as Filters['status'] })}>
        <option value="active">Open</option>
        <option value="closed">Closed</option>
        <option value="archived">Archived</option>
        <option value="all">All</option>
      </select>
      <select aria-label="Event sort" value={filters.sort} onChange={(e) => patch({ sort: e.target.value as Filters['sort'] })}>
        {SORTS.map(([v, label]) => (
          <option key={v} value={v}>{label}</option>
        ))}
      </select>
      {isNotOffered(tags.error) ? (
        <select aria-label="Event tag" value="" disabled title="Tags not offered by this venue.">
          <option value="">Tags not offered</option>
        </select>
      ) : (
        <select aria-label="Event tag" value={filters.tagId ?? ''} onChange={(e) => patch({ tagId: e.target.value || undefined })} style={{ maxWidth: 140 }}>
          <option value="">Any tag</option>
          {(tags.data?.data.rows ?? []).map((t) => (
            <option key={t.id} value={t.id}>{t.label}</option>
          ))}
        </select>
      )}
      {series ? null : (
        <select aria-label="Event series" value={filters.seriesId ?? ''} onChange={(e) => patch({ seriesId: e.target.value || undefined })} style={{ maxWidth: 140 }}>
          <option value="">Any series</option>
          {seriesRows.map((s) => (
            <option key={s.id} value={s.id}>{s.title}</option>
          ))}
        </select>
      )}
      <label className="check ev-check">
        <input type="checkbox" checked={filters.negRisk === true} onChange={(e) => patch({ negRisk: e.target.checked || undefined })} /> Multi-outcome only
      </label>
    </div>
  );
  const label = series ? 'Series' : 'Events';
  return (
    <div className="split">
      {series && !seriesId ? (
        <div className="list" role="listbox" aria-label={label}>
          <div className="list-top">{top}</div>
          <p className="muted ev-empty">Pick a series above to see its events.</p>
        </div>
      ) : (
        <EventList key={seriesId ?? ''} label={label} heading={series ? (chosen?.title ?? 'Series') : 'Event'} input={input} top={top} selected={selected} select={select} words={filters.query.trim()} />
      )}
      <div className="detail">
        {selected ? <EventDetail idOrSlug={selected} /> : <p className="muted">Pick {series ? 'a series, then ' : ''}an event on the left (↑ ↓ to move).</p>}
      </div>
    </div>
  );
}

interface ListProps {
  label: string;
  heading: string;
  input: CallInput<'events.browse'>;
  top: React.ReactNode;
  selected: string | undefined;
  select(id: string): void;
  words: string;
}

function EventList({ label, heading, input, top, selected, select, words }: ListProps): React.JSX.Element {
  const pages = useCallPages('events.browse', input, PAGE, (p) => p.data.rows.length);
  // The first sync brings every event: the list is asked again when it completes.
  const synced = useCall('sync.status', {}).data?.lastSyncAt;
  const { refetch } = pages;
  useEffect(() => {
    if (synced) void refetch();
  }, [synced, refetch]);
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.data.rows) ?? [], [pages.data]);
  const head = pages.data?.pages[0];
  const total = pages.data?.pages.at(-1)?.data.total ?? 0;
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: Math.max(rows.length, total), getScrollElement: () => parent.current, estimateSize: () => 30, overscan: 12 });
  // How much of a title two lines of its column hold (the star takes about 3 characters).
  const titleColumn = useRef<HTMLSpanElement>(null);
  const room = useCharsPerLines(titleColumn, 2);
  const lastVisible = virtual.getVirtualItems().at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    // Load the next page before the user scrolls into rows that are not here yet.
    if (hasNextPage && !isFetchingNextPage && lastVisible >= rows.length - 100) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastVisible, rows.length, fetchNextPage]);
  const onKey = listKeys(rows, selected, select, (i) => virtual.scrollToIndex(i));
  return (
    <div className="list" ref={parent} tabIndex={0} onKeyDown={onKey} role="listbox" aria-label={label}>
      <div className="list-top">
        {top}
        <div className="row head ev-row">
          <span ref={titleColumn}>
            {heading}
            {total ? <span className="muted" data-testid="event-count"> · {total.toLocaleString()}</span> : null} {head ? <Stamp fetchedAt={head.fetchedAt} stale={head.stale} /> : null}
          </span>
          <span className="num">Mkts</span>
          <span className="num">Volume</span>
          <span className="num">Ends</span>
        </div>
      </div>
      {pages.isPending ? <Skeleton rows={14} /> : pages.isError ? <ErrorState error={pages.error} retry={() => void pages.refetch()} /> : null}
      {pages.isSuccess && rows.length === 0 ? <p className="muted ev-empty">No event matches{words ? ` “${words}”` : ''}. Try another word, or All for status.</p> : null}
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((v) => {
          const e = rows[v.index];
          const at = { position: 'absolute' as const, top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` };
          if (!e) return <div key={`wait-${v.index}`} className="row skeleton-row" style={at} aria-hidden="true" />;
          return (
            <div key={e.id} ref={virtual.measureElement} data-index={v.index} className="row ev-row" role="option" data-testid="event-row" data-event={e.id} aria-selected={e.id === selected} onClick={() => select(e.id)} style={at}>
              <span title={e.title} className="two-lines">
                <Star kind="event" id={e.id} openRef={e.slug} title={e.title} />
                {e.negRisk ? <span className="badge" data-badge="bracket" title="Multi-outcome: one of its markets wins">bracket</span> : null}
                <StatusBadge status={e.status} />
                {room > 0 ? fitMiddle(e.title, room - 3 - (e.negRisk ? 10 : 0) - (e.status && e.status !== 'open' ? 10 : 0)) : e.title}
              </span>
              <span className="num muted">{e.markets}</span>
              <span className="num">{usdCompact(e.volume)}</span>
              <span className="num muted">{shortDate(e.endDate)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
