// The Watchlist: the starred markets with the figures a trader scans, the starred events, and
// every price alert. A market opens on the Markets screen, an event on the Events screen.
import { PRICE_RULE } from '@shared/domain/price';
import type { WatchItem } from '@shared/ipc/watchlist';
import { useCall } from '../../api/hooks';
import { ChangeCell } from '../../ui/Change';
import { EndedPrice, TokenPriceCell } from '../../ui/Price';
import { RowPrices } from '../../ui/RowPrices';
import { useUi } from '../../state/ui';
import { usdCompact } from '../../ui/format';
import { ErrorState, Skeleton } from '../../ui/states';
import { AlertsSection } from './AlertsSection';
import { endText } from './alert-form';
import { Star } from './Star';
import './watchlist.css';

const STATUS_WORDS: Record<WatchItem['status'], string> = { open: '', paused: 'paused', closed: 'closed', archived: 'archived', unknown: 'not in the catalog yet' };

function Markets({ items }: { items: WatchItem[] }): React.JSX.Element {
  const select = useUi((s) => s.select);
  const go = useUi((s) => s.go);
  const setFilters = useUi((s) => s.setFilters);
  const ids = items.map((w) => w.id);
  const changes = useCall('markets.changes', { conditionIds: ids.slice(0, 100) }, { enabled: ids.length > 0, staleTime: 15_000, refetchInterval: 30_000, placeholderData: (p) => p });
  const change = new Map((changes.data?.data ?? []).map((c) => [c.conditionId.toLowerCase(), c]));
  const yes = items.filter((w) => w.status === 'open' || w.status === 'paused').slice(0, 100).map((w) => w.clobTokenIds?.[0] ?? '');
  const alerts = useCall('alerts.list', {});
  const count = new Map<string, number>();
  for (const a of alerts.data ?? []) count.set(a.conditionId.toLowerCase(), (count.get(a.conditionId.toLowerCase()) ?? 0) + 1);
  return (
    <section className="section wl-section" aria-labelledby="wl-markets">
      {/* Open markets' Yes prices follow the venue while the watchlist shows them; each cell reads its own. */}
      <RowPrices shown={yes} />
      <h2 id="wl-markets">
        Markets{items.length ? <span className="muted"> · {items.length}</span> : null}
        {items.length ? (
          <button type="button" className="link wl-more" onClick={() => { setFilters({ watchlist: true }); go('markets'); }}>Show in the markets list</button>
        ) : null}
      </h2>
      {items.length === 0 ? (
        <p className="muted empty" data-testid="watchlist-markets-empty">No starred markets. Star one with ☆ in the markets list or on its page to follow it here.</p>
      ) : (
        <table className="wl-table" data-testid="watchlist-markets">
          <thead>
            <tr><th aria-label="Star" /><th>Market</th><th className="num" title={`Yes price: ${PRICE_RULE}`}>Yes</th><th className="num">24h</th><th className="num">24h vol</th><th className="num">Liquidity</th><th className="num">Ends</th><th className="num">Alerts</th></tr>
          </thead>
          <tbody>
            {items.map((w) => {
              const c = change.get(w.id);
              const trading = w.status === 'open' || w.status === 'paused';
              return (
                <tr key={w.id} data-testid="watchlist-market">
                  <td><Star kind="market" id={w.id} starred /></td>
                  <td className="wl-title">
                    <button type="button" className="link" title={w.title} onClick={() => { select(w.ref); go('markets'); }}>{w.title || w.id}</button>
                    {STATUS_WORDS[w.status] ? <span className="badge">{STATUS_WORDS[w.status]}</span> : null}
                  </td>
                  {trading ? <TokenPriceCell as="td" tokenId={w.clobTokenIds?.[0]} listed={w.outcomePrices?.[0]} short className="yes" /> : <EndedPrice as="td" price={w.outcomePrices?.[0]} />}
                  <ChangeCell as="td" tokenId={trading ? w.clobTokenIds?.[0] : undefined} change={c?.change24h} from={c?.price24hAgo} hint={c?.hint} />
                  <td className="num">{usdCompact(w.volume24hr)}</td>
                  <td className="num">{usdCompact(w.liquidity)}</td>
                  <td className="num muted">{endText(w.endDate)}</td>
                  <td className="num">{count.get(w.id) ?? <span className="muted">—</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Events({ items }: { items: WatchItem[] }): React.JSX.Element {
  const openEvent = useUi((s) => s.openEvent);
  return (
    <section className="section wl-section" aria-labelledby="wl-events">
      <h2 id="wl-events">Events{items.length ? <span className="muted"> · {items.length}</span> : null}</h2>
      {items.length === 0 ? (
        <p className="muted empty" data-testid="watchlist-events-empty">No starred events. Star one with ☆ in the Events list or on its page.</p>
      ) : (
        <table className="wl-table" data-testid="watchlist-events">
          <thead>
            <tr><th aria-label="Star" /><th>Event</th><th className="num">Markets</th><th className="num">24h vol</th><th className="num">Volume</th><th className="num">Ends</th></tr>
          </thead>
          <tbody>
            {items.map((w) => (
              <tr key={w.id} data-testid="watchlist-event">
                <td><Star kind="event" id={w.id} starred /></td>
                <td className="wl-title">
                  <button type="button" className="link" title={w.title} onClick={() => openEvent(w.id)}>{w.title || `Event ${w.id}`}</button>
                  {STATUS_WORDS[w.status] ? <span className="badge">{STATUS_WORDS[w.status]}</span> : null}
                </td>
                <td className="num">{w.markets ?? '—'}</td>
                <td className="num">{usdCompact(w.volume24hr)}</td>
                <td className="num">{usdCompact(w.volume)}</td>
                <td className="num muted">{endText(w.endDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function WatchlistScreen(): React.JSX.Element {
  const list = useCall('watchlist.list', {}, { refetchInterval: 30_000 });
  const items = list.data ?? [];
  const markets = items.filter((w) => w.kind === 'market');
  return (
    <div className="watchlist" data-testid="watchlist">
      <h1>Watchlist</h1>
      {list.isPending ? (
        <Skeleton rows={6} />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          <Markets items={markets} />
          <Events items={items.filter((w) => w.kind === 'event')} />
        </>
      )}
      <AlertsSection />
    </div>
  );
}
