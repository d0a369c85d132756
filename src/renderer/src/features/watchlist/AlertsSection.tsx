// Every price alert in one place: what each watches, where it stands (armed, met, paused), the
// value last seen and when it last fired — and pausing, editing and deleting each.
import { useState } from 'react';
import type { Alert } from '@shared/ipc/watchlist';
import { useCall, useMutate } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { cents, dateTime, usd } from '../../ui/format';
import { ErrorState, Skeleton } from '../../ui/states';
import { useToasts } from '../../ui/Toasts';
import { AlertForm } from './AlertForm';
import { draftOf } from './alert-form';

function valueText(a: Alert, v: string | undefined): string {
  if (v === undefined) return '—';
  return a.condition.kind === 'volume24h' ? usd(Number(v)) : cents(v);
}

function stateText(a: Alert): string {
  if (a.paused) return 'Paused';
  return a.state === 'met' ? 'Met — fires on the next crossing' : 'Armed';
}

function Row({ a }: { a: Alert }): React.JSX.Element {
  const [editing, setEditing] = useState(false);
  const update = useMutate('alerts.update');
  const remove = useMutate('alerts.remove');
  const select = useUi((s) => s.select);
  const go = useUi((s) => s.go);
  const market = useCall('markets.get', { idOrSlug: a.ref }, { enabled: editing });
  const outcomes = (market.data?.data.outcomes ?? (a.outcome ? [a.outcome] : ['Yes', 'No'])).map(String);
  const fail = (err: Error): void => useToasts.getState().push('bad', `The alert could not be changed: ${err.message}`);
  const last = a.fired[0];
  return (
    <>
      <tr data-testid="alert-row" data-state={a.paused ? 'paused' : a.state}>
        <td>
          <button type="button" className="link" title={a.question} onClick={() => { select(a.ref); go('markets'); }}>{a.question}</button>
        </td>
        <td data-field="condition">{a.words}</td>
        <td className={a.paused ? 'muted' : a.state === 'met' ? 'yes' : ''}>{stateText(a)}</td>
        <td className="num" title={a.checkedAt ? `Seen ${dateTime(a.checkedAt, true)}` : 'Not seen yet'}>{valueText(a, a.value)}</td>
        <td className="num" data-field="fired" title={a.fireCount ? `Fired ${a.fireCount} time${a.fireCount === 1 ? '' : 's'}` : undefined}>
          {last ? `${dateTime(last.at)} · ${valueText(a, last.value)}` : <span className="muted">never</span>}
        </td>
        <td className="alert-row-actions">
          <button type="button" disabled={update.isPending} onClick={() => update.mutate({ id: a.id, paused: !a.paused }, { onError: fail })}>{a.paused ? 'Resume' : 'Pause'}</button>
          <button type="button" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>Edit</button>
          <button type="button" className="danger" disabled={remove.isPending} aria-label={`Delete the alert ${a.words} on ${a.question}`} onClick={() => remove.mutate({ id: a.id }, { onError: fail })}>Delete</button>
        </td>
      </tr>
      {editing ? (
        <tr className="alert-edit">
          <td colSpan={6}>
            <AlertForm
              outcomes={outcomes}
              initial={draftOf(a.condition)}
              submitLabel="Save"
              busy={update.isPending}
              error={update.error?.message}
              onCancel={() => setEditing(false)}
              onSubmit={(condition) => update.mutate({ id: a.id, condition }, { onSuccess: () => setEditing(false) })}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function AlertsSection(): React.JSX.Element {
  const alerts = useCall('alerts.list', {}, { refetchInterval: 15_000 });
  return (
    <section className="section wl-section" aria-labelledby="wl-alerts">
      <h2 id="wl-alerts">Alerts{alerts.data?.length ? <span className="muted"> · {alerts.data.length}</span> : null}</h2>
      {alerts.isPending ? (
        <Skeleton rows={3} />
      ) : alerts.isError ? (
        <ErrorState error={alerts.error} retry={() => void alerts.refetch()} />
      ) : alerts.data.length === 0 ? (
        <p className="muted empty" data-testid="alerts-empty">No alerts yet. Open a market and use its “Alert” button to be told when a price crosses a level, the spread tightens, or the day’s volume grows.</p>
      ) : (
        <table className="wl-table" data-testid="alerts">
          <thead>
            <tr><th>Market</th><th>Condition</th><th>State</th><th className="num">Last seen</th><th className="num">Last fired</th><th /></tr>
          </thead>
          <tbody>
            {alerts.data.map((a) => <Row key={a.id} a={a} />)}
          </tbody>
        </table>
      )}
    </section>
  );
}
