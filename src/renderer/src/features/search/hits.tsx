// Search hits as the search box and the palette show them: grouped by kind, each with what its
// row shows (a market's price, 24h volume, end date and status; an event's sums; counts; a
// trader's wallet; what a comment is on), and opened where they live.
import type { CallInput, CallOutput } from '@shared/ipc/contract';
import type { SearchHitKind } from '@shared/ipc/find';
import { useCall } from '../../api/hooks';
import { priceOf, usePrices } from '../../api/prices';
import { PriceCell } from '../../ui/Price';
import { useUi } from '../../state/ui';
import { shortDate, usdCompact } from '../../ui/format';
import { StatusBadge } from '../events/StatusBadge';
import './search.css';

export type Hit = CallOutput<'markets.search'>[number];

/** The kinds in the order their groups show, with each group's heading. */
export const KINDS: ReadonlyArray<readonly [SearchHitKind, string]> = [
  ['markets', 'Markets'],
  ['events', 'Events'],
  ['series', 'Series'],
  ['tags', 'Tags'],
  ['traders', 'Traders'],
  ['comments', 'Comments'],
];

type Filters = ReturnType<typeof useUi.getState>['filters'];

/** The markets list's search as it is asked: its best 100 market hits, within the list's filters. */
export function listSearchInput(query: string, filters: Filters): CallInput<'markets.search'> {
  return {
    query,
    limit: 100,
    kinds: ['markets'],
    status: filters.status,
    mirror: filters.mirror,
    ...(filters.tagId ? { tagId: filters.tagId } : {}),
    ...(filters.eventId ? { eventId: filters.eventId } : {}),
    ...(filters.seriesId ? { seriesId: filters.seriesId } : {}),
  };
}

const OTHER_KINDS = KINDS.map(([k]) => k).filter((k) => k !== 'markets');

/**
 * Each kind's best few hits for what was typed, narrowed by the markets list's filters (status
 * for markets, events and series; tag, event, series and mirrors for markets), in group order.
 * With `asList` (the search box, whose typing shows the markets list) the markets are the list's
 * own search, one call for both, and the other kinds are asked once it has answered: the list's
 * rows do not wait behind five more searches, each keystroke.
 */
export function useHits(query: string, perKind: number, enabled = true, asList = false) {
  const filters = useUi((s) => s.filters);
  const typed = query.trim();
  const on = enabled && typed.length > 0;
  const narrowing = {
    status: filters.status,
    mirror: filters.mirror,
    ...(filters.tagId ? { tagId: filters.tagId } : {}),
    ...(filters.eventId ? { eventId: filters.eventId } : {}),
    ...(filters.seriesId ? { seriesId: filters.seriesId } : {}),
  };
  const markets = useCall('markets.search', listSearchInput(query, filters), { enabled: on && asList, placeholderData: (prev) => prev });
  const listed = markets.isSuccess && !markets.isPlaceholderData;
  const hits = useCall(
    'markets.search',
    asList ? { query, perKind, kinds: OTHER_KINDS, ...narrowing } : { query: typed, perKind, ...narrowing },
    { enabled: on && (!asList || listed), placeholderData: (prev) => prev },
  );
  const list = typed ? [...(asList ? (markets.data ?? []).slice(0, perKind) : []), ...(hits.data ?? [])] : [];
  usePrices(list.map((h) => h.tokenId ?? ''));
  const groups = KINDS.map(([kind, heading]) => ({ kind, heading, hits: list.filter((h) => h.kind === kind) })).filter((g) => g.hits.length > 0);
  return { groups, ordered: groups.flatMap((g) => g.hits), query: hits, status: filters.status };
}

/** Opens a hit where it lives: a market's page, an event, a series, a tag's markets, a trader, a comment's thread. */
export function useOpenHit(): (hit: Hit) => void {
  const go = useUi((s) => s.go);
  const select = useUi((s) => s.select);
  const openEvent = useUi((s) => s.openEvent);
  const openSeries = useUi((s) => s.openSeries);
  const openTrader = useUi((s) => s.openTrader);
  const setFilters = useUi((s) => s.setFilters);
  const market = (id: string): void => {
    go('markets');
    select(id);
  };
  return (hit) => {
    if (hit.kind === 'markets') market(hit.id);
    else if (hit.kind === 'events') openEvent(hit.id);
    else if (hit.kind === 'series') openSeries(hit.id);
    else if (hit.kind === 'tags') {
      setFilters({ tagId: hit.id });
      go('markets');
    } else if (hit.kind === 'traders') openTrader(hit.address ?? hit.id);
    else if (hit.parent?.kind === 'markets') market(hit.parent.id);
    else if (hit.parent?.kind === 'events') openEvent(hit.parent.id);
    else if (hit.parent?.kind === 'series') openSeries(hit.parent.id);
  };
}

const OPEN = '\u0002';
const CLOSE = '\u0003';

/** A snippet with its matched words marked (the index wraps them in two control characters). */
function Snippet({ text }: { text: string }): React.JSX.Element {
  const parts = text.split(OPEN);
  return (
    <>
      {parts.map((p, i) => {
        if (i === 0) return <span key={i}>{p}</span>;
        const [hit = '', rest = ''] = p.split(CLOSE);
        return (
          <span key={i}>
            <mark>{hit}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}

const short = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** One hit: its title with badges, and its row's figures on the right. */
export function HitLine({ hit }: { hit: Hit }): React.JSX.Element {
  const figures = ((): React.ReactNode => {
    switch (hit.kind) {
      case 'markets':
        return (
          <>
            <PriceCell price={priceOf(hit.tokenId)} listed={hit.price} short className="yes stack" />
            <span className="num" data-field="volume24hr" title="24h volume">{usdCompact(hit.volume24hr)}</span>
            <span className="num muted" data-field="end" title="Ends">{shortDate(hit.endDate)}</span>
          </>
        );
      case 'events':
        return (
          <>
            <span className="num muted">{hit.count ?? 0} mkts</span>
            <span className="num" title="Volume">{usdCompact(hit.volume)}</span>
            <span className="num muted" title="Ends">{shortDate(hit.endDate)}</span>
          </>
        );
      case 'series':
        return <span className="num muted">{hit.count ?? 0} events</span>;
      case 'tags':
        return <span className="num muted">{hit.count ?? 0} markets</span>;
      case 'traders':
        return <span className="mono muted">{short(hit.address ?? hit.id)}</span>;
      default:
        return hit.parent?.title ? <span className="muted sh-on" title={hit.parent.title}>on {hit.parent.title}</span> : null;
    }
  })();
  return (
    <span className={`sh-line sh-${hit.kind}`} data-kind={hit.kind} data-id={hit.id}>
      <span className="sh-title" title={hit.title}>
        {hit.negRisk && hit.kind === 'events' ? <span className="badge" data-badge="bracket">bracket</span> : null}
        <StatusBadge status={hit.status} />
        {hit.kind === 'comments' ? (
          <>
            <b>{hit.title || 'Someone'}</b>: <Snippet text={hit.snippet} />
          </>
        ) : (
          hit.title
        )}
      </span>
      <span className="sh-figures">{figures}</span>
    </span>
  );
}
