// Market detail: question, outcomes with best bid / ask / last, order book, recent trades, top
// holders and the market's trading rules in plain words.
import { useCall } from '../../api/hooks';
import { cents, shortDate, usd } from '../../ui/format';
import { ErrorState, NotOffered, Skeleton, Stamp } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';
import { TradesTable } from '../../ui/TradesTable';
import { Comments, Holders } from './Holders';
import { lazy, Suspense } from 'react';
import type { DraftLine } from '@shared/ipc/contract';
import { useToasts } from '../../ui/Toasts';
import { MAX_LINES, useTicket } from '../ticket/store';

// The chart library loads with the first market page, not with the app.
const PriceChart = lazy(() => import('./PriceChart').then((m) => ({ default: m.PriceChart })));

export function MarketDetail({ id }: { id: string }): React.JSX.Element {
  const market = useCall('markets.get', { idOrSlug: id });
  const m = market.data?.data;
  const conditionId = m?.conditionId ? String(m.conditionId) : '';
  const quotes = useCall('markets.quotes', { conditionId }, { enabled: conditionId !== '', refetchInterval: 5000 });
  const settings = useCall('markets.settings', { conditionId }, { enabled: conditionId !== '' });
  const trades = useCall('markets.trades', { conditionId, limit: 15 }, { enabled: conditionId !== '', refetchInterval: 10_000 });
  const firstToken = quotes.data?.data[0]?.tokenId ?? '';
  const book = useCall('markets.book', { tokenId: firstToken }, { enabled: firstToken !== '', refetchInterval: (q) => (isNotOffered(q.state.error) ? false : 5000) });

  const addLines = useTicket((t) => t.add);
  const push = useToasts((t) => t.push);
  const toTicket = (line: Partial<DraftLine>): void => {
    const n = addLines([line]);
    push(n ? 'info' : 'bad', n ? `${line.side === 'BUY' ? 'Buy' : 'Sell'} ${line.outcome} added to the order ticket` : `The ticket already holds ${MAX_LINES} lines`);
  };
  if (market.isPending) return <Skeleton rows={6} />;
  if (market.isError || !m) return <ErrorState error={market.error} retry={() => void market.refetch()} />;
  const s = settings.data?.data;
  return (
    <article>
      <h1 data-testid="market-question">{m.question}</h1>
      <div className="muted">
        {m.closed ? 'Closed' : m.active ? 'Open' : 'Inactive'} · ends {shortDate(m.endDate ? String(m.endDate) : undefined)}
        {m.mirrorConditionId ? <span className="badge">mirror</span> : null}
        {market.data?.stale ? <> · <Stamp fetchedAt={market.data.fetchedAt} stale /></> : null}
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
                  {/* Into the ticket at the price that would trade now: the ask to buy, the bid to sell. */}
                  <button onClick={() => toTicket({ conditionId, tokenId: q.tokenId, label: String(m.question ?? ''), outcome: q.outcome, side: 'BUY', price: q.bestAsk ?? '' })}>Buy {q.outcome}</button>{' '}
                  <button onClick={() => toTicket({ conditionId, tokenId: q.tokenId, label: String(m.question ?? ''), outcome: q.outcome, side: 'SELL', price: q.bestBid ?? '' })}>Sell {q.outcome}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {firstToken ? (
        <div className="section">
          <h2>Price · {quotes.data?.data[0]?.outcome}</h2>
          <Suspense fallback={<div style={{ height: 214 }} />}>
            <PriceChart outcomes={(quotes.data?.data ?? []).map((q) => ({ tokenId: q.tokenId, label: q.outcome }))} conditionId={conditionId} />
          </Suspense>
        </div>
      ) : null}

      {/* The section stays when there is no book to show, and says why. */}
      {firstToken && !book.data && book.isError ? (
        <div className="section" data-testid="book">
          <h2>Order book · {quotes.data?.data[0]?.outcome}</h2>
          {isNotOffered(book.error) ? <NotOffered testId="book-not-offered">Order book not offered by this venue.</NotOffered> : <ErrorState error={book.error} retry={() => void book.refetch()} />}
        </div>
      ) : null}
      {book.data ? (
        <div className="section" data-testid="book">
          <h2>Order book · {quotes.data?.data[0]?.outcome}</h2>
          <table>
            <thead><tr><th className="num">Bid size</th><th className="num">Bid</th><th className="num">Ask</th><th className="num">Ask size</th></tr></thead>
            <tbody>
              {Array.from({ length: Math.min(8, Math.max(book.data.data.bids.length, book.data.data.asks.length)) }, (_, i) => {
                const b = book.data.data.bids[i];
                const a = book.data.data.asks[i];
                return (
                  <tr key={i}>
                    <td className="num">{b?.size ?? ''}</td>
                    <td className="num yes">{b ? cents(b.price) : ''}</td>
                    <td className="num no">{a ? cents(a.price) : ''}</td>
                    <td className="num">{a?.size ?? ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      <div className="section">
        <h2>Recent trades</h2>
        <TradesTable trades={trades.data?.data ?? []} />
      </div>

      {conditionId ? (
        <div className="section">
          <h2>Top holders</h2>
          <Holders conditionId={conditionId} outcomes={(m.outcomes ?? []).map(String)} />
        </div>
      ) : null}

      {m.events?.[0]?.id ? (
        <div className="section">
          <h2>Comments</h2>
          <Comments eventId={String(m.events[0].id)} />
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
