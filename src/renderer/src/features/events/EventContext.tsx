// On a market page: the event the market belongs to (a link to its page) and the event's other
// markets with their prices, each one click away. Read from the markets list by event.
import { memo } from 'react';
import { useCall } from '../../api/hooks';
import { useReadPrices } from '../../api/prices';
import { TokenPriceCell } from '../../ui/Price';
import { useUi } from '../../state/ui';
import { cents, usdCompact } from '../../ui/format';
import { StatusBadge } from './StatusBadge';
import './events.css';

/** The other markets shown at most; the event's page lists them all. */
const SHOWN = 8;

/** Memoised, and each price cell follows its own token: the market page around it re-renders as its market moves, this as its own rows do. */
export const EventContext = memo(function EventContext({ eventId, title, marketId }: { eventId: string; title: string | undefined; marketId: string }): React.JSX.Element {
  const openEvent = useUi((s) => s.openEvent);
  const select = useUi((s) => s.select);
  const list = useCall('markets.list', { eventId, status: 'all', sort: 'lastPrice', limit: 100 });
  const rows = list.data?.data.rows ?? [];
  const others = rows.filter((m) => m.id !== marketId);
  const shown = others.slice(0, SHOWN);
  useReadPrices(shown.filter((m) => !m.closed).map((m) => m.clobTokenIds[0] ?? ''));
  return (
    <div className="section ev-context" data-testid="event-context">
      <h2>
        Event{' '}
        <button className="link ev-link" data-testid="event-link" onClick={() => openEvent(eventId)}>
          {title ?? `event ${eventId}`} →
        </button>
        {list.data ? <span className="muted ev-context-count"> · {rows.length} market{rows.length === 1 ? '' : 's'}</span> : null}
      </h2>
      {others.length ? (
        <table className="ev-table ev-others" data-testid="event-others">
          <tbody>
            {shown.map((m) => (
              <tr key={m.id} className="ev-outcome" onClick={() => select(m.id)} data-market={m.id}>
                <td title={m.question}>
                  <button className="link" onClick={(e) => (e.stopPropagation(), select(m.id))}>{m.question}</button>
                  <StatusBadge status={m.archived ? 'archived' : m.closed ? 'closed' : m.active ? (m.acceptingOrders === false ? 'paused' : 'open') : 'inactive'} />
                </td>
                {/* A market that ended keeps its catalog's final price: there is nothing to trade at. */}
                {m.closed ? <td className="num yes">{cents(m.outcomePrices[0])}</td> : <TokenPriceCell as="td" tokenId={m.clobTokenIds[0]} listed={m.outcomePrices[0]} short className="yes" />}
                <td className="num muted">{usdCompact(m.volume24hr)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {others.length > SHOWN ? (
        <button className="link action" onClick={() => openEvent(eventId)}>
          {others.length - SHOWN} more in this event
        </button>
      ) : null}
    </div>
  );
});
