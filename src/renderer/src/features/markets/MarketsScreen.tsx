// Markets: the catalog list (virtualized) or local search results on the left, the selected
// market's detail on the right. Arrow keys move the selection. The list keeps its order while the
// user is on it (frozen-order.ts), shows the end of long questions, and says why it is empty.
import { useVirtualizer } from '@tanstack/react-virtual';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { PRICE_RULE } from '@shared/domain/price';
import { resolutionOf } from '@shared/domain/resolution';
import { useCall, useCallPages } from '../../api/hooks';
import { RowPrices } from '../../ui/RowPrices';
import { useUi } from '../../state/ui';
import { usdCompact } from '../../ui/format';
import { ErrorState, Skeleton, Stamp } from '../../ui/states';
import { ChangeCell } from '../../ui/Change';
import { EndedPrice, TokenPriceCell } from '../../ui/Price';
import { isNotOffered } from '../../ui/venue';
import { ListEmpty } from './ListEmpty';
import { useFrozenOrder } from './frozen-order';
import { endText } from '../watchlist/alert-form';
import { fitMiddle, useCharsPerLines } from '../../ui/titles';
import { Star, useStarred } from '../watchlist/Star';
import '../watchlist/watchlist.css';
import { EventPicker } from '../events/EventPicker';
import { listKeys } from '../../ui/list-keys';
import { listSearchInput } from '../search/hits';
import { FIRST_PAGE, listInput, PAGE, pageRows } from './list-query';

interface Row {
  id: string;
  conditionId: string;
  question: string;
  price?: string;
  volume24hr?: number;
  volume?: number;
  liquidity?: number;
  /** Its outcome tokens, which stream while the row shows. */
  tokens?: string[];
  endDate?: string;
  closed?: boolean;
  archived?: boolean;
  mirror?: boolean;
  paused?: boolean;
  /** Resolved, read from its final prices: the winner, and what Yes settled at. */
  won?: string;
  yesSettles?: '1' | '0';
}

/** A closed market's winner where its final prices are exactly 1 and 0. */
function settled(m: { closed: boolean; outcomes: string[]; outcomePrices: string[] }): Pick<Row, 'won' | 'yesSettles'> {
  if (!m.closed) return {};
  const r = resolutionOf({ catalog: { closed: true, outcomes: m.outcomes, outcomePrices: m.outcomePrices } });
  const won = r.winner !== undefined ? r.outcomes[r.winner]?.outcome : undefined;
  const yes = r.outcomes[0]?.settles;
  return won && yes ? { won, yesSettles: yes } : {};
}


// A market's page loads when one is first picked: the list paints without it.
const MarketDetail = lazy(() => import('./MarketDetail').then((m) => ({ default: m.MarketDetail })));

/** A `markets.changes` answer's row as the change cell takes it. */
const changeOf = (c: { change24h?: string | undefined; price24hAgo?: string | undefined; hint?: string | undefined } | undefined) => ({ change: c?.change24h, from: c?.price24hAgo, hint: c?.hint });

/** A row's Yes token while its market trades: what its price cell shows, and so what it follows. */
const liveYes = (r: Row | undefined): string => (r && !r.closed && !r.yesSettles ? (r.tokens?.[0] ?? '') : '');

export function MarketsScreen(): React.JSX.Element {
  const search = useUi((s) => s.search);
  const selected = useUi((s) => s.selectedMarket);
  const select = useUi((s) => s.select);
  const filters = useUi((s) => s.filters);
  const setFilters = useUi((s) => s.setFilters);
  const setSearch = useUi((s) => s.setSearch);
  const pages = useCallPages('markets.list', listInput(filters), PAGE, pageRows, FIRST_PAGE);
  // The filter menus' lists wait for the first rows: the core answers one call at a time.
  const listed = pages.isSuccess;
  const tags = useCall('tags.list', { limit: 100 }, { enabled: listed });
  const seriesList = useCall('series.list', { limit: 100 }, { enabled: listed });
  // Rebuilt when a page arrives, not on every keystroke or scroll frame.
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.data.rows) ?? [], [pages.data]);
  const head = pages.data?.pages[0];
  const total = pages.data?.pages.at(-1)?.data.total ?? 0;
  // The previous results stay on screen while the next keystroke's arrive: no flash of empty.
  // Hits carry their own price, volume, end date and status, and honour the list's filters.
  // The search box's panel asks the same (one call for both): its markets are these.
  const hits = useCall('markets.search', listSearchInput(search, filters), { enabled: search.trim().length > 0, placeholderData: (prev) => prev });

  const searching = search.trim().length > 0;
  const fresh: Row[] = useMemo(() => {
    if (searching) {
      return (hits.data ?? []).map((h) => ({
        id: h.id,
        conditionId: '',
        question: h.title,
        ...(h.price !== undefined ? { price: h.price } : {}),
        ...(h.tokenId ? { tokens: [h.tokenId] } : {}),
        ...(h.volume24hr !== undefined ? { volume24hr: h.volume24hr } : {}),
        ...(h.endDate ? { endDate: h.endDate } : {}),
        closed: h.status === 'closed',
        archived: h.status === 'archived',
        paused: h.status === 'paused',
      }));
    }
    return loaded.map((m) => ({
      id: m.id,
      conditionId: m.conditionId,
      question: m.question,
      ...(m.outcomePrices[0] ? { price: m.outcomePrices[0] } : {}),
      ...(m.volume24hr !== undefined ? { volume24hr: m.volume24hr } : {}),
      ...(m.volume !== undefined ? { volume: m.volume } : {}),
      ...(m.liquidity !== undefined ? { liquidity: m.liquidity } : {}),
      tokens: m.clobTokenIds,
      ...(m.endDate ? { endDate: m.endDate } : {}),
      closed: m.closed,
      archived: m.archived,
      mirror: m.mirror,
      // Open but not taking orders: paused by the venue.
      paused: m.active && !m.closed && m.acceptingOrders === false,
      ...settled(m),
    }));
  }, [searching, hits.data, loaded]);

  // The order holds while the user is on the list; new filters or a search start a new list.
  const order = useFrozenOrder(fresh, JSON.stringify([filters, searching ? search : '']));
  const rows = order.rows;
  const starred = useStarred();

  const parent = useRef<HTMLDivElement>(null);
  // How much of a question two lines of its column hold.
  const questionColumn = useRef<HTMLSpanElement>(null);
  const room = useCharsPerLines(questionColumn, 2);
  const virtual = useVirtualizer({ count: searching ? rows.length : Math.max(rows.length, total), getScrollElement: () => parent.current, estimateSize: () => 30, overscan: 12 });
  const lastVisible = virtual.getVirtualItems().at(-1)?.index ?? 0;
  // The 24h change of the rows on screen, asked per block of rows so scrolling does not ask at every frame.
  const block = Math.floor((virtual.getVirtualItems()[0]?.index ?? 0) / 50) * 50;
  const changeIds = [...new Set(rows.slice(block, block + 100).map((r) => r.conditionId).filter((c) => c !== ''))];
  const changes = useCall('markets.changes', { conditionIds: changeIds }, { enabled: changeIds.length > 0, staleTime: 15_000, refetchInterval: 30_000, placeholderData: (p) => p });
  const change = useMemo(() => new Map((changes.data?.data ?? []).map((c) => [c.conditionId.toLowerCase(), c])), [changes.data]);
  const byVolume = filters.sort === 'volume' && !searching;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    // Load the next page before the user scrolls into rows that are not here yet.
    if (!searching && hasNextPage && !isFetchingNextPage && lastVisible >= rows.length - 100) void fetchNextPage();
  }, [searching, hasNextPage, isFetchingNextPage, lastVisible, rows.length, fetchNextPage]);
  const onKey = listKeys(rows, selected, select, (i) => virtual.scrollToIndex(i));

  return (
    <div className="split markets-split">
      <div className="list" ref={parent} tabIndex={0} onKeyDown={onKey} {...order.bind} aria-label="Markets" role="listbox" data-results-for={search.trim() && hits.data && !hits.isPlaceholderData ? search : ''}>
        <div className="list-top">
        <div className="filters">
          <select aria-label="Status" value={filters.status} onChange={(e) => setFilters({ status: e.target.value as typeof filters.status })}>
            <option value="active">Open</option>
            <option value="closed">Closed</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </select>
          <select aria-label="Sort" value={filters.sort} onChange={(e) => setFilters({ sort: e.target.value as typeof filters.sort })}>
            <option value="volume24hr">24h volume</option>
            <option value="volume">Total volume</option>
            <option value="endDate">Ending soonest</option>
            <option value="question">A–Z</option>
            <option value="lastPrice">Yes price</option>
          </select>
          {/* A venue without a tag list says so in the menu, instead of offering only "Any tag". */}
          {isNotOffered(tags.error) ? (
            <select aria-label="Tag" value="" disabled title="Tags not offered by this venue." data-testid="tags-not-offered">
              <option value="">Tags not offered</option>
            </select>
          ) : (
            <select aria-label="Tag" value={filters.tagId ?? ''} onChange={(e) => setFilters({ tagId: e.target.value || undefined })}>
              <option value="">Any tag</option>
              {(tags.data?.data ?? []).map((t) => (
                <option key={String(t.id)} value={String(t.id)}>{t.label}</option>
              ))}
            </select>
          )}
          <select aria-label="Mirror" value={filters.mirror} onChange={(e) => setFilters({ mirror: e.target.value as typeof filters.mirror })}>
            <option value="any">All markets</option>
            <option value="only">Mirrors only</option>
            <option value="none">No mirrors</option>
          </select>
          <EventPicker value={filters.eventId} onChange={(eventId) => setFilters({ eventId })} />
          <select aria-label="Series" value={filters.seriesId ?? ''} onChange={(e) => setFilters({ seriesId: e.target.value || undefined })} style={{ maxWidth: 140 }}>
            <option value="">Any series</option>
            {(seriesList.data?.data ?? []).map((x) => (
              <option key={String(x.id)} value={String(x.id)}>{x.title}</option>
            ))}
          </select>
          <input key={filters.creator ?? ''} aria-label="Creator" placeholder="Creator or site" defaultValue={filters.creator ?? ''} style={{ width: 120 }} onKeyDown={(e) => e.key === 'Enter' && setFilters({ creator: e.currentTarget.value.trim() || undefined })} />
          <label className="toggle" title="Only the markets you starred">
            <input type="checkbox" checked={filters.watchlist === true} onChange={(e) => setFilters({ watchlist: e.target.checked })} /> Watchlist only
          </label>
        </div>
        <div className={`row head mrow${byVolume ? ' with-volume' : ''}`} data-testid="list-head">
          <span aria-hidden="true" />
          <span ref={questionColumn}>
            Market{total && !searching ? <span className="muted" data-testid="market-count"> · {total.toLocaleString()}</span> : null} {head ? <Stamp fetchedAt={head.fetchedAt} stale={head.stale} /> : null}
            {/* In the header, never over a row's price: saying it moves nothing. */}
            {order.changed ? (
              <button type="button" className="refresh-pill" data-testid="refresh-order" title="The list kept its order while you were on it" onClick={order.refresh}>
                New data — refresh order
              </button>
            ) : null}
          </span>
          <span className="num" title={`Yes price: ${PRICE_RULE}`}>Yes</span>
          <span className="num" title="Change of the Yes price over 24 hours">24h</span>
          <span className="num">24h vol</span>
          {byVolume ? <span className="num">Volume</span> : null}
          <span className="num">Liquidity</span>
          <span className="num">Ends</span>
        </div>
        </div>
        {pages.isPending ? <Skeleton rows={14} /> : pages.isError ? <ErrorState error={pages.error} retry={() => void pages.refetch()} /> : null}
        {!pages.isPending && !pages.isError && rows.length === 0 && (!searching || (hits.isSuccess && !hits.isPlaceholderData)) ? (
          <ListEmpty
            search={search}
            filters={filters}
            labels={{ tag: (id) => tags.data?.data.find((t) => String(t.id) === id)?.label, series: (id) => seriesList.data?.data.find((x) => String(x.id) === id)?.title }}
            watchlistEmpty={starred.ready && starred.markets.size === 0}
            setFilters={setFilters}
            setSearch={setSearch}
          />
        ) : null}
        {/* The rows on screen follow the venue; the block's Yes prices are read (and polled where nothing streams). */}
        <RowPrices shown={virtual.getVirtualItems().map((v) => liveYes(rows[v.index]))} block={rows.slice(block, block + 100).map(liveYes)} />
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((v) => {
            const r = rows[v.index];
            if (!r) return <div key={`wait-${v.index}`} className="row skeleton-row" style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }} aria-hidden="true" />;
            return (
              <div
                key={r.id}
                ref={virtual.measureElement}
                data-index={v.index}
                className={`row mrow${byVolume ? ' with-volume' : ''}`}
                role="option"
                aria-selected={r.id === selected}
                data-testid="market-row"
                onClick={() => select(r.id)}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}
              >
                {r.conditionId ? <Star kind="market" id={r.conditionId} openRef={r.id} title={r.question} starred={starred.markets.has(r.conditionId.toLowerCase())} /> : <span />}
                <span className="q" title={r.question}>
                  <QuestionText text={r.question} room={room} badges={[r.won || r.closed, r.archived, r.paused, r.mirror].filter(Boolean).length}>
                    {r.won ? <span className="badge" data-badge="resolved" title={`Resolved: ${r.won} won`}>{r.won} won</span> : r.closed ? <span className="badge" data-badge="closed">closed</span> : null}
                    {r.archived ? <span className="badge" data-badge="archived">archived</span> : null}
                    {r.paused ? <span className="badge" data-badge="paused">paused</span> : null}
                    {r.mirror ? <span className="badge" data-badge="mirror">mirror</span> : null}
                  </QuestionText>
                </span>
                {r.yesSettles ? (
                  <span className="num yes" data-field="settled" title={`Settled at $${r.yesSettles}`}>${r.yesSettles}</span>
                ) : r.closed ? (
                  <EndedPrice price={r.price} />
                ) : (
                  <TokenPriceCell tokenId={r.tokens?.[0]} listed={r.price} short className="yes stack" />
                )}
                <ChangeCell tokenId={liveYes(r) || undefined} {...changeOf(change.get(r.conditionId.toLowerCase()))} />
                <span className="num">{usdCompact(r.volume24hr)}</span>
                {byVolume ? <span className="num">{usdCompact(r.volume)}</span> : null}
                <span className="num">{usdCompact(r.liquidity)}</span>
                <span className="num muted" title={r.endDate}>{endText(r.endDate)}</span>
              </div>
            );
          })}
        </div>
      </div>
      <div className="detail">{selected ? <Suspense fallback={<Skeleton />}><MarketDetail id={selected} /></Suspense> : <p className="muted">Pick a market on the left (↑ ↓ to move, / to search).</p>}</div>
    </div>
  );
}

/**
 * A question on up to two lines after its badges: one too long for them loses its middle, never
 * its start or its end, so questions that differ in either stay apart. The row's tooltip holds it whole.
 */
function QuestionText({ text, room, badges, children }: { text: string; room: number; badges: number; children?: React.ReactNode }): React.JSX.Element {
  // A badge takes about as much room as 10 characters.
  const shown = room > 0 ? fitMiddle(text, room - badges * 10) : text;
  return (
    <span className="q-text two-lines">
      {children}
      {shown}
    </span>
  );
}
