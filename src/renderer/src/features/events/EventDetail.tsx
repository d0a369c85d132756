// One event: its sums (volume, 24h volume, liquidity), every outcome with its Yes price, 24h
// change, best bid and ask and volume; a multi-outcome event reads as one bracket, ranked by
// price, with the book's sums across its open outcomes — flagged when buying every outcome costs
// less than 100¢ or selling every one pays more. A market that ended shows its winner.
import { lazy, Suspense } from 'react';
import { canStillWin } from '@shared/domain/event-basket';
import { centsText } from '@shared/domain/money';
import { PRICE_RULE } from '@shared/domain/price';
import { resolutionOf } from '@shared/domain/resolution';
import type { BracketSums, EventOutcome, EventOutcomes } from '@shared/ipc/find';
import { useCall } from '../../api/hooks';
import { useLive } from '../../api/live';
import { priceOf, usePrices } from '../../api/prices';
import { ChangeCell } from '../../ui/Change';
import { EndedPrice, PriceCell } from '../../ui/Price';
import { useUi } from '../../state/ui';
import { shortDate, usdCompact } from '../../ui/format';
import { ErrorState, Filtered, Skeleton, Stamp } from '../../ui/states';
import { shortLabels } from './labels';
import { diffText } from './prices';
import { StatusBadge } from './StatusBadge';
import { Star } from '../watchlist/Star';
import { BasketButton, PayoffTable, QuoteCell } from './EventTrade';
import { useBasket } from './useBasket';
import { MAX_SERIES } from './chart-lines';

// The chart library loads with the first chart shown, not with the app.
const EventChart = lazy(() => import('./EventChart').then((m) => ({ default: m.EventChart })));

const ended = (o: EventOutcome): boolean => o.status === 'closed' || o.status === 'archived';

/** The winner of an outcome's market that ended, where its final prices make it clear. */
function winnerOf(o: EventOutcome): { won: string; settles: string } | undefined {
  if (!ended(o) || !o.outcomes || !o.outcomePrices) return undefined;
  const r = resolutionOf({ catalog: { closed: true, outcomes: o.outcomes, outcomePrices: o.outcomePrices } });
  const won = r.winner !== undefined ? r.outcomes[r.winner]?.outcome : undefined;
  const settles = r.outcomes[0]?.settles;
  return won && settles ? { won, settles } : undefined;
}

// Ranked by the price shown beside each (api/prices.ts), so the order and the figures agree.
const shownPrice = (o: EventOutcome): number => Number(priceOf(o.tokenId)?.price ?? o.price ?? 0);

/**
 * The outcomes as shown: those the venue names only by their market's question read by what sets
 * them apart; a bracket ranks them by price, the ones that ended last.
 */
function labelled(e: EventOutcomes | undefined): Array<EventOutcome & { label: string }> {
  if (!e) return [];
  const short = shortLabels(e.outcomes.map((o) => o.label));
  const outcomes = e.outcomes.map((o, i) => ({ ...o, label: o.label === o.question ? (short[i] ?? o.label) : o.label }));
  if (e.negRisk) outcomes.sort((a, b) => Number(ended(a)) - Number(ended(b)) || shownPrice(b) - shownPrice(a));
  return outcomes;
}

export function EventDetail({ idOrSlug }: { idOrSlug: string }): React.JSX.Element {
  const event = useCall('events.outcomes', { idOrSlug }, { refetchInterval: 5000 });
  const go = useUi((s) => s.go);
  const select = useUi((s) => s.select);
  const openSeries = useUi((s) => s.openSeries);
  const trading = (event.data?.data.outcomes ?? []).filter((o) => !ended(o)).map((o) => o.tokenId ?? '');
  useLive(trading);
  usePrices(trading);
  const outcomes = labelled(event.data?.data);
  // A bracket not yet decided can be bought or sold whole: every outcome that can still win.
  const bracket = event.data?.data.negRisk === true && event.data.data.sums?.decided === undefined;
  const basket = useBasket(bracket ? outcomes.filter((o) => canStillWin(o.status)) : []);
  if (event.isPending) return <Skeleton rows={8} />;
  if (event.isError) return <ErrorState error={event.error} retry={() => void event.refetch()} />;
  const e = event.data.data;
  const open = (marketId: string): void => {
    go('markets');
    select(marketId);
  };
  const charted = outcomes.filter((o) => canStillWin(o.status) && o.tokenId).slice(0, MAX_SERIES);
  return (
    <article className="ev" data-testid="event-detail" data-event={e.id}>
      <h1 data-testid="event-title">{e.title}</h1>
      <div className="mk-actions"><Star kind="event" id={e.id} openRef={e.slug} title={e.title} /></div>
      <div className="muted ev-sub">
        {e.negRisk ? <span className="badge" data-badge="bracket">multi-outcome: one wins</span> : null}
        <StatusBadge status={e.status} /> ends {shortDate(e.endDate)}
        {e.series ? (
          <>
            {' · series '}
            <button className="link" data-testid="event-series" onClick={() => openSeries(e.series?.id)}>{e.series.title}</button>
          </>
        ) : null}{' '}
        <Stamp fetchedAt={event.data.fetchedAt} stale={event.data.stale} />
      </div>
      <Filtered dropped={event.data.filtered} testId="event-filtered" />
      <div className="ev-tiles" data-testid="event-sums">
        <Tile label="Volume" value={usdCompact(e.volume)} field="volume" />
        <Tile label="24h volume" value={usdCompact(e.volume24hr)} field="volume24hr" />
        <Tile label="Liquidity" value={usdCompact(e.liquidity)} field="liquidity" />
        <Tile label={e.negRisk ? 'Outcomes' : 'Markets'} value={String(e.outcomes.length)} field="count" />
      </div>
      {charted.length ? (
        <div className="section">
          <h2>{e.negRisk ? 'Outcomes' : 'Markets'} over time{charted.length < outcomes.filter((o) => canStillWin(o.status)).length ? ` · the ${charted.length} likeliest` : ''}</h2>
          <Suspense fallback={<div style={{ height: 268 }} />}>
            <EventChart lines={charted.map((o) => ({ tokenId: o.tokenId ?? '', conditionId: o.conditionId, label: o.label }))} />
          </Suspense>
        </div>
      ) : null}
      {e.sums ? (
        <Sums
          sums={e.sums}
          decided={outcomes.find((o) => o.marketId === e.sums?.decided)?.label}
          {...(bracket ? { actions: { buy: <BasketButton basket={basket} side={basket.buy} />, sell: <BasketButton basket={basket} side={basket.sell} /> } } : {})}
        />
      ) : null}
      <div className="section">
        <h2>{e.negRisk ? 'Outcomes (one wins)' : 'Markets'}</h2>
        <table data-testid={e.negRisk ? 'bracket' : 'event-markets'} className="ev-table ev-board">
          <colgroup>
            <col />
            <col className="ev-c-yes" />
            <col className="ev-c-change" />
            <col className="ev-c-quote" />
            <col className="ev-c-quote" />
            <col className="ev-c-vol" />
            <col className="ev-c-vol" />
            {e.negRisk ? <col className="ev-c-bar" /> : null}
          </colgroup>
          <thead>
            <tr>
              <th>{e.negRisk ? 'Outcome' : 'Market'}</th>
              <th className="num" title={`Yes price: ${PRICE_RULE}`}>Yes</th>
              <th className="num" title="Price now minus the price 24 hours ago">24h</th>
              <th className="num" title="Best bid for Yes: Sell there">Bid</th>
              <th className="num" title="Best ask for Yes: Buy there">Ask</th>
              <th className="num">24h vol</th>
              <th className="num">Volume</th>
              {e.negRisk ? <th aria-label="Chance" /> : null}
            </tr>
          </thead>
          <tbody>
            {outcomes.map((o) => {
              const w = winnerOf(o);
              return (
                <tr key={o.marketId} data-testid="outcome" data-market={o.marketId} data-settled={w ? 'true' : undefined} onClick={() => open(o.marketId)} className="ev-outcome">
                  <td title={o.question}>
                    <button className="link" onClick={(ev) => (ev.stopPropagation(), open(o.marketId))}>{o.label}</button>
                    {ended(o) ? null : <StatusBadge status={o.status} />}
                  </td>
                  {/* A market that ended shows what Yes settled at, not a price to trade at. */}
                  {w ? (
                    <td className="num" data-field="settled">${w.settles}</td>
                  ) : ended(o) ? (
                    <EndedPrice as="td" price={o.price} />
                  ) : (
                    <PriceCell as="td" price={priceOf(o.tokenId)} listed={o.price} short className="yes" />
                  )}
                  <ChangeCell as="td" tokenId={ended(o) ? undefined : o.tokenId} change={o.change24h} from={o.price24hAgo} hint={o.changeHint} tones={['yes', 'no']} />
                  {/* One that ended cannot be traded: where its book was, what became of it. */}
                  {ended(o) ? (
                    <td colSpan={2} className="num" data-field="status">
                      {w ? <span className="badge" data-badge="resolved" title={`Resolved: ${w.won} won; Yes settles at $${w.settles}`}>Resolved {w.won}</span> : <StatusBadge status={o.status} />}
                    </td>
                  ) : (
                    <>
                      <QuoteCell outcome={o} side="SELL" />
                      <QuoteCell outcome={o} side="BUY" />
                    </>
                  )}
                  <td className="num">{usdCompact(o.volume24hr)}</td>
                  <td className="num">{usdCompact(o.volume)}</td>
                  {e.negRisk ? (
                    <td className="ev-bar-cell">
                      <div className="ev-bar">
                        <div style={{ width: `${Math.min(100, Math.round(Number(priceOf(o.tokenId)?.price ?? o.price ?? 0) * 100))}%` }} />
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
        {e.changeNote ? <p className="muted ev-note">{e.changeNote}</p> : null}
      </div>
      {bracket && basket.outcomes.length ? <PayoffTable basket={basket} /> : null}
      {e.description ? <p className="muted">{e.description}</p> : null}
    </article>
  );
}

function Tile({ label, value, field }: { label: string; value: string; field: string }): React.JSX.Element {
  return (
    <div className="ev-tile">
      <div className="ev-tile-label">{label}</div>
      <div className="ev-tile-value num" data-field={field}>{value}</div>
    </div>
  );
}

/** The bracket's book across the outcomes that can still win: what buying all and selling all come to. */
function Sums({ sums, decided, actions }: { sums: BracketSums; decided: string | undefined; actions?: { buy: React.ReactNode; sell: React.ReactNode } }): React.JSX.Element {
  if (sums.decided !== undefined) {
    return (
      <div className="ev-sums" data-testid="bracket-sums" data-decided="true">
        <div className="ev-sum" data-testid="bracket-decided">
          <div className="ev-tile-label">Decided</div>
          <div className="ev-sum-note">{`${decided ?? 'One outcome'} resolved Yes: no other outcome can win, so there is nothing to buy or sell across the bracket.`}</div>
        </div>
      </div>
    );
  }
  const left = sums.ended ? ` ${sums.ended} ended ${sums.ended === 1 ? 'outcome is' : 'outcomes are'} left out.` : '';
  const buy = sums.asks !== undefined ? centsText(sums.asks) : undefined;
  const sell = sums.bids !== undefined ? centsText(sums.bids) : undefined;
  return (
    <div className="ev-sums" data-testid="bracket-sums">
      <div className={`ev-sum ${sums.underAsk ? 'flag' : ''}`} data-testid="sum-asks" data-flag={sums.underAsk ? 'under' : undefined}>
        <div className="ev-tile-label">Buy every outcome · sum of asks</div>
        <div className="ev-sum-value num" data-field="asks">{buy ?? '—'}</div>
        <div className="ev-sum-note">
          {buy === undefined
            ? `${sums.missingAsks} of ${sums.outcomes} outcomes have no ask: buying all is not possible now.`
            : sums.underAsk
              ? `Costs less than the 100¢ one outcome pays: ${diffText('1', sums.asks ?? '0')} under, before fees.`
              : `Over-round ${diffText(sums.asks ?? '0', '1')}: what buying certainty costs.`}
          {left}
        </div>
        {actions?.buy}
      </div>
      <div className={`ev-sum ${sums.overBid ? 'flag' : ''}`} data-testid="sum-bids" data-flag={sums.overBid ? 'over' : undefined}>
        <div className="ev-tile-label">Sell every outcome · sum of bids</div>
        <div className="ev-sum-value num" data-field="bids">{sell ?? '—'}</div>
        <div className="ev-sum-note">
          {sell === undefined
            ? `${sums.missingBids} of ${sums.outcomes} outcomes have no bid: selling all is not possible now.`
            : sums.overBid
              ? `Pays more than the 100¢ one outcome is worth: ${diffText(sums.bids ?? '0', '1')} over, before fees.`
              : `${diffText('1', sums.bids ?? '0')} under 100¢.`}
          {left}
        </div>
        {actions?.sell}
      </div>
    </div>
  );
}
