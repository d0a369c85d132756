// Every order sent from Kairos for the account, newest first, with what became of it.
import { useMemo, useState } from 'react';
import type { IpcCallError } from '../../api/transport';
import { ErrorState, Skeleton } from '../../ui/states';
import { dateTime } from '../../ui/format';
import { answerOf, fromJournal, STATE_LABEL, type JournalEntry, type JournalState } from './rows';
import { OrderCells, OrderHeads } from './OrderHeads';
import './orders.css';

const STATES = Object.keys(STATE_LABEL) as JournalState[];

export function OrderHistory({ journal }: { journal: { data: JournalEntry[] | undefined; error: IpcCallError | null; isPending: boolean; isError: boolean; refetch(): unknown } }): React.JSX.Element {
  const [state, setState] = useState<JournalState | 'all'>('all');
  const counts = useMemo(() => {
    const c = new Map<JournalState, number>();
    for (const e of journal.data ?? []) c.set(e.state, (c.get(e.state) ?? 0) + 1);
    return c;
  }, [journal.data]);
  if (journal.isPending) return <Skeleton rows={6} />;
  if (journal.isError) return <ErrorState error={journal.error} retry={() => void journal.refetch()} />;
  const all = journal.data ?? [];
  const shown = state === 'all' ? all : all.filter((e) => e.state === state);
  return (
    <>
      <div className="ord-bar">
        <label className="muted">
          State{' '}
          <select aria-label="State" value={state} onChange={(e) => setState(e.target.value as JournalState | 'all')}>
            <option value="all">all ({all.length})</option>
            {STATES.filter((s) => counts.has(s) || s === state).map((s) => (
              <option key={s} value={s}>
                {STATE_LABEL[s]} ({counts.get(s) ?? 0})
              </option>
            ))}
          </select>
        </label>
        <span className="muted">Every order sent from Kairos for this account, newest first.</span>
      </div>
      {shown.length === 0 ? (
        <div className="ord-empty" data-testid="no-history">
          <p>{all.length === 0 ? 'No orders sent from Kairos for this account yet.' : `No order is ${STATE_LABEL[state as JournalState]}.`}</p>
        </div>
      ) : (
        <table className="ord-table" data-testid="order-history">
          <thead>
            <tr>
              <th>Sent</th>
              <OrderHeads history />
              <th>State</th>
              <th>Venue’s answer</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => {
              const answer = answerOf(e);
              return (
                <tr key={e.orderId} data-testid="history-row" data-order-id={e.orderId} data-state={e.state}>
                  <td className="muted ord-when">{dateTime(e.sentAt, true)}</td>
                  <OrderCells row={fromJournal(e)} history avgPrice={e.avgPrice} />
                  <td>
                    <span className={`ord-state ${e.state}`} title={e.state === 'closed' ? 'Left the book without a cancel from Kairos while its market stopped trading' : undefined}>
                      {STATE_LABEL[e.state]}
                    </span>
                  </td>
                  <td className="ord-answer" data-testid="history-answer" title={[e.code, e.message].filter(Boolean).join(': ') || undefined}>
                    <span className={answer.tone}>{answer.text}</span>
                    {answer.detail ? <span className="muted ord-answer-detail">{answer.detail}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
