// Events and series: lists on the left, the selected event on the right. A negative-risk event
// reads as one bracket: its markets are the outcomes, ranked by the price of Yes.
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { cents, shortDate, usdCompact } from '../../ui/format';
import { ErrorState, Skeleton, Stamp } from '../../ui/states';

export function EventsScreen({ series }: { series?: boolean }): React.JSX.Element {
  // The venue filters events by series slug (spec §4.2); a series without one cannot be asked for.
  const [seriesSlug, setSeriesSlug] = useState<string | undefined>(undefined);
  const [eventRef, setEventRef] = useState<string | undefined>(undefined);
  const seriesList = useCall('series.list', { limit: 100 }, { enabled: series === true });
  const events = useCall('events.list', { active: true, limit: 100, ...(seriesSlug ? { seriesSlug } : {}) }, { enabled: !series || seriesSlug !== undefined });
  return (
    <div className="split">
      <div className="list" role="listbox" aria-label={series ? 'Series' : 'Events'}>
        {series ? (
          <div className="filters">
            <select aria-label="Series" value={seriesSlug ?? ''} onChange={(e) => (setSeriesSlug(e.target.value || undefined), setEventRef(undefined))}>
              <option value="">Pick a series…</option>
              {(seriesList.data?.data ?? []).filter((s) => s.slug).map((s) => (
                <option key={String(s.id)} value={String(s.slug)}>{s.title ?? s.slug}</option>
              ))}
            </select>
          </div>
        ) : null}
        {events.isPending && (!series || seriesSlug) ? <Skeleton rows={12} /> : events.isError ? <ErrorState error={events.error} retry={() => void events.refetch()} /> : null}
        {(events.data?.data ?? []).map((e) => (
          <div key={String(e.id)} className="row" role="option" data-testid="event-row" aria-selected={eventRef === e.slug} onClick={() => setEventRef(String(e.slug))} style={{ gridTemplateColumns: '1fr 80px 90px' }}>
            <span title={e.title}>{e.title}{e.negRisk ? <span className="badge">bracket</span> : null}</span>
            <span className="num">{usdCompact(typeof e.volume === 'number' ? e.volume : undefined)}</span>
            <span className="num muted">{shortDate(e.endDate ? String(e.endDate) : undefined)}</span>
          </div>
        ))}
      </div>
      <div className="detail">{eventRef ? <EventDetail slug={eventRef} /> : <p className="muted">Pick {series ? 'a series, then ' : ''}an event on the left.</p>}</div>
    </div>
  );
}

function EventDetail({ slug }: { slug: string }): React.JSX.Element {
  const event = useCall('events.get', { idOrSlug: slug });
  const go = useUi((s) => s.go);
  const select = useUi((s) => s.select);
  if (event.isPending) return <Skeleton rows={6} />;
  if (event.isError) return <ErrorState error={event.error} retry={() => void event.refetch()} />;
  const e = event.data.data;
  const markets = [...(e.markets ?? [])];
  if (e.negRisk) markets.sort((a, b) => Number(b.outcomePrices?.[0] ?? 0) - Number(a.outcomePrices?.[0] ?? 0));
  return (
    <article>
      <h1>{e.title}</h1>
      <div className="muted">
        ends {shortDate(e.endDate ? String(e.endDate) : undefined)} <Stamp fetchedAt={event.data.fetchedAt} stale={event.data.stale} />
      </div>
      <div className="section">
        <h2>{e.negRisk ? 'Outcomes (one wins)' : 'Markets'}</h2>
        <table data-testid={e.negRisk ? 'bracket' : 'event-markets'}>
          <tbody>
            {markets.map((m) => (
              <tr key={String(m.id)} onClick={() => { go('markets'); select(String(m.id)); }} style={{ cursor: 'pointer' }}>
                <td>{m.question}</td>
                <td className="num yes">{cents(m.outcomePrices?.[0])}</td>
                {e.negRisk ? (
                  <td style={{ width: 160 }}>
                    <div style={{ height: 6, background: 'var(--hair)', borderRadius: 3 }}>
                      <div style={{ height: 6, width: `${Math.round(Number(m.outcomePrices?.[0] ?? 0) * 100)}%`, background: 'var(--yes)', borderRadius: 3 }} />
                    </div>
                  </td>
                ) : (
                  <td className="num no">{cents(m.outcomePrices?.[1])}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {e.description ? <p className="muted">{String(e.description)}</p> : null}
    </article>
  );
}
