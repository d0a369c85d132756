// Market detail: question, outcomes with best bid / ask / last, the price chart beside the order
// book and the order entry panel, recent trades, top holders and the market's trading rules. The
// parts below the fold that read the venue (event, trades, holders, comments) mount as they are
// scrolled near (ui/Deferred), keyed by market so that each market opened starts without them.
import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { tickText } from '@shared/domain/money';
import { PRICE_RULE } from '@shared/domain/price';
import { useCall } from '../../api/hooks';
import { useLive } from '../../api/live';
import { useReadPrices } from '../../api/prices';
import { cents, shortDate, usd } from '../../ui/format';
import { ErrorState, Filtered, Skeleton, Stamp } from '../../ui/states';
import { TokenPriceCell } from '../../ui/Price';
import { Deferred } from '../../ui/Deferred';
import { TradesTable } from '../../ui/TradesTable';
import { Holders } from './Holders';
import { Comments } from '../comments/Comments';
import { EventContext } from '../events/EventContext';
import type { EntryHandle, EntryOutcome } from './OrderEntry';
import { Trade } from './Trade';
import { MarketActions } from '../watchlist/MarketActions';
import { endedWords, Resolution } from './Resolution';

// The chart library loads with the first market page, not with the app.
const PriceChart = lazy(() => import('./PriceChart').then((m) => ({ default: m.PriceChart })));

export function MarketDetail({ id }: { id: string }): React.JSX.Element {
  const market = useCall('markets.get', { idOrSlug: id });
  const m = market.data?.data;
  const conditionId = m?.conditionId ? String(m.conditionId) : '';
  useLive((m?.clobTokenIds ?? []).map(String));
  // The price the header and the chart's last point show: the same one the list shows. Each follows
  // its own token, so a new price repaints those cells and the chart's end, not the page.
  useReadPrices((m?.clobTokenIds ?? []).map(String));
  const quotes = useCall('markets.quotes', { conditionId }, { enabled: conditionId !== '', refetchInterval: 5000 });
  const settings = useCall('markets.settings', { conditionId }, { enabled: conditionId !== '' });
  // Tick, minimum size and status where the venue's sources may disagree: the reading that risks less.
  const reading = useCall('markets.reading', { conditionId }, { enabled: conditionId !== '', refetchInterval: 30_000 });
  // Whether trading ended or the market resolved, as the venue says it now (the catalog copy may be a minute old).
  const standing = useCall('markets.resolution', { conditionIds: [conditionId] }, { enabled: conditionId !== '', refetchInterval: 10_000 });
  // The outcome the book and the entry are on, for this market only: another market starts on its first.
  const [pick, setPick] = useState({ id, index: 0 });
  const outcome = pick.id === id ? pick.index : 0;
  const setOutcome = useCallback((index: number): void => setPick({ id, index }), [id]);
  const entry = useRef<EntryHandle>(null);
  const labels = useMemo(() => (m?.outcomes ?? []).map(String), [m?.outcomes]);
  // The venue's quotes where it answered; the catalog's tokens until then, so the entry works without them.
  const outcomes: EntryOutcome[] = quotes.data?.data.length
    ? quotes.data.data
    : (m?.clobTokenIds ?? []).map((t, i) => ({ tokenId: String(t), outcome: labels[i] ?? `Outcome ${i + 1}` }));
  // The chart's outcomes keep their identity while only the quotes move: the chart is not re-rendered for them.
  const chartKey = JSON.stringify(outcomes.map((o) => [o.tokenId, o.outcome]));
  const chartOutcomes = useMemo(() => (JSON.parse(chartKey) as Array<[string, string]>).map(([tokenId, label]) => ({ tokenId, label })), [chartKey]);

  if (market.isPending) return <Skeleton rows={6} />;
  if (market.isError || !m) return <ErrorState error={market.error} retry={() => void market.refetch()} />;
  const s = settings.data?.data;
  const rd = reading.data?.data;
  const index = Math.min(outcome, Math.max(0, outcomes.length - 1));
  const r = standing.data?.data[0];
  const ended = endedWords(r, m.closed === true);
  return (
    <article className="mk">
      <h1 data-testid="market-question">{m.question}</h1>
      {conditionId ? <MarketActions conditionId={conditionId} marketRef={String(m.id ?? id)} question={String(m.question ?? '')} outcomes={outcomes.map((o) => o.outcome)} lastPrices={outcomes.map((o) => quotes.data?.data.find((q) => q.tokenId === o.tokenId)?.lastPrice)} /> : null}
      {outcomes.length && !ended ? (
        <div className="mk-price" data-testid="market-price" title={`Price: ${PRICE_RULE}`}>
          {outcomes.map((o, i) => (
            <span key={o.tokenId} className="mk-price-item" data-token={o.tokenId}>
              <span className="muted">{o.outcome}</span> <TokenPriceCell tokenId={o.tokenId} listed={m.outcomePrices?.[i] !== undefined ? String(m.outcomePrices[i]) : undefined} className={i === 0 ? 'yes' : 'no'} basis />
            </span>
          ))}
        </div>
      ) : null}
      <div className="muted">
        {r?.state === 'resolved' ? 'Resolved' : ended ? 'Trading ended' : r?.state === 'paused' ? 'Paused' : m.active ? 'Open' : 'Inactive'} · ends {shortDate(m.endDate ? String(m.endDate) : undefined)}
        {m.mirrorConditionId ? <span className="badge">mirror</span> : null}
        {market.data?.stale ? <> · <Stamp fetchedAt={market.data.fetchedAt} stale /></> : null}
      </div>

      {rd?.disagreements.length ? (
        <div className="venue-note" role="note" data-testid="market-disagreements">
          The venue contradicts itself about this market; Kairos uses the reading that risks less.
          <ul>
            {rd.disagreements.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {r && (r.state === 'resolved' || r.state === 'closed') ? <Resolution resolution={r} question={String(m.question ?? '')} /> : null}

      {/* The chart, and the book with the order entry: side by side where the pane is wide, else one above the other. */}
      <div className="mk-top">
        {outcomes[0] ? (
          <div className="section mk-chart">
            <h2>Price · {outcomes[0].outcome}</h2>
            <Suspense fallback={<div style={{ height: 214 }} />}>
              <PriceChart outcomes={chartOutcomes} conditionId={conditionId} follow={!ended} />
            </Suspense>
          </div>
        ) : null}
        {conditionId && outcomes.length ? (
          <Trade
            key={conditionId}
            conditionId={conditionId}
            question={String(m.question ?? '')}
            outcomes={outcomes}
            index={index}
            onOutcome={setOutcome}
            entry={entry}
            ended={ended}
            tick={rd?.tick ?? (s ? tickText(s.mts) : undefined)}
            minSize={rd?.minSize !== undefined ? Number(rd.minSize) : s?.mos}
            takerFeeBps={rd?.takerFeeBps}
            quotesAt={quotes.data?.fetchedAt}
            quotesStale={quotes.data?.stale ?? false}
          />
        ) : null}
      </div>

      <div className="section">
        <h2>Outcomes</h2>
        <table data-testid="quotes">
          <thead>
            <tr><th>Outcome</th><th className="num">Best bid</th><th className="num">Best ask</th><th className="num">Last</th><th /></tr>
          </thead>
          <tbody>
            {(quotes.data?.data ?? []).map((q, i) => (
              <tr key={q.tokenId} data-token={q.tokenId}>
                <td className={i === 0 ? 'yes' : 'no'}>{q.outcome}</td>
                <td className="num" data-field="bid">{cents(q.bestBid)}</td>
                <td className="num" data-field="ask">{cents(q.bestAsk)}</td>
                <td className="num">{cents(q.lastPrice)}</td>
                <td className="num">
                  {/* Into the order entry at the price that would trade now: the ask to buy, the bid to sell. */}
                  {ended ? null : (
                    <>
                      <button onClick={() => { setOutcome(i); entry.current?.start('BUY', q.bestAsk, q.tokenId); }}>Buy {q.outcome}</button>{' '}
                      <button onClick={() => { setOutcome(i); entry.current?.start('SELL', q.bestBid, q.tokenId); }}>Sell {q.outcome}</button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* The market's event, and the event's other markets. */}
      {m.events?.[0]?.id ? (
        <Deferred key={id} minHeight={120}>
          <EventContext eventId={String(m.events[0].id)} title={m.events[0].title} marketId={String(m.id)} />
        </Deferred>
      ) : null}

      <div className="section">
        <h2>Recent trades</h2>
        <Deferred key={id} minHeight={160}>
          <RecentTrades conditionId={conditionId} />
        </Deferred>
      </div>

      {conditionId ? (
        <div className="section">
          <h2>Top holders</h2>
          <Deferred key={id} minHeight={160}>
            <Holders conditionId={conditionId} outcomes={labels} />
          </Deferred>
        </div>
      ) : null}

      {m.events?.[0]?.id ? (
        <div className="section">
          <h2>Comments</h2>
          <Deferred key={id} minHeight={160}>
            <Comments eventId={String(m.events[0].id)} />
          </Deferred>
        </div>
      ) : null}

      {m.mirrorConditionId ? (
        <div className="section" data-testid="mirror">
          <h2>Mirror of an external market</h2>
          <p className="muted">
            External condition id <span className="mono">{String(m.mirrorConditionId)}</span>
          </p>
          <table>
            <thead><tr><th>Outcome</th><th>Token here</th><th>External token</th></tr></thead>
            <tbody>
              {(m.outcomes ?? []).map((o, i) => (
                <tr key={String(o)}>
                  <td>{String(o)}</td>
                  <td className="mono">{String(m.clobTokenIds?.[i] ?? '').slice(0, 18)}…</td>
                  <td className="mono">{String(m.mirrorClobTokenIds?.[i] ?? '—').slice(0, 18)}…</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {s ? (
        <div className="section">
          <h2>Trading rules</h2>
          <p>
            Prices move in steps of {s.mts}; the smallest order is {s.mos} shares. Takers pay {s.tbf} bps, makers {s.mbf} bps
            {s.fd.to ? ' (taker-only fees)' : ''}. {s.nr ? 'Negative-risk market. ' : ''}
            {s.itode ? 'Marketable orders wait a short delay before they execute. ' : ''}
            {s.oas > 0 ? `Resting orders must live ${s.oas} s before they can be cancelled. ` : ''}
            {s.rfqe ? 'Request-for-quote is on. ' : ''}
          </p>
          {m.description ? <p className="muted">{String(m.description)}</p> : null}
          <p className="muted">Volume {usd(typeof m.volumeNum === 'number' ? m.volumeNum : undefined)}</p>
        </div>
      ) : null}
    </article>
  );
}

/** The market's latest trades, read again every 10 s while shown (not with every move of the page's quotes). */
const RecentTrades = memo(function RecentTrades({ conditionId }: { conditionId: string }): React.JSX.Element {
  const trades = useCall('markets.trades', { conditionId, limit: 15 }, { enabled: conditionId !== '', refetchInterval: 10_000 });
  return (
    <>
      <Filtered dropped={trades.data?.filtered} testId="trades-filtered" />
      <TradesTable trades={trades.data?.data ?? []} />
    </>
  );
});
