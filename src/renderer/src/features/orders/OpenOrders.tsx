// The account's open orders with cancel one, cancel selected and cancel all, and what the venue
// answered for each order. Listed by the venue when it can; otherwise from the journal's orders
// that are still resting, with the reason said.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutate } from '../../api/hooks';
import type { IpcCallError } from '../../api/transport';
import { useUi } from '../../state/ui';
import { cents } from '../../ui/format';
import { ErrorState, Skeleton, Stamp } from '../../ui/states';
import { useRouteState } from '../../ui/useVenue';
import { isNotOffered } from '../../ui/venue';
import { age, describe, fromJournal, fromVenue, RESTING, shortId, type JournalEntry, type OpenOrderRow, type OrderRow } from './rows';
import { OrderCells, OrderHeads } from './OrderHeads';
import { useNow } from '../../ui/timing';

interface Query<T> {
  data: T | undefined;
  error: IpcCallError | null;
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
}

type Outcome = { error: string } | { canceled: string[]; notCanceled: Record<string, string>; rows: ReadonlyMap<string, OrderRow> };

/** Said on every cancel button where the venue has no cancel route. */
export const NO_CANCEL = 'Cancelling is not offered by this venue';

/** Why the venue's list is not shown, said once above the journal's rows. */
export function journalReason(error: Pick<IpcCallError, 'code' | 'message'> | null): string {
  switch (error?.code) {
    case 'NOT_OFFERED':
      return 'This venue does not list open orders; these are the orders Kairos sent that its journal still holds open.';
    case 'VAULT_LOCKED':
      return 'The vault is locked, so Kairos cannot ask the venue for this account’s open orders. Showing the orders Kairos sent that its journal still holds open; unlock the vault in Settings for the venue’s list.';
    case 'NOT_FOUND':
      return 'This venue does not list open orders. Showing the orders Kairos sent that its journal still holds open.';
    case 'OFFLINE':
    case 'TIMEOUT':
      return 'The venue cannot be reached and no list of open orders was saved yet. Showing the orders Kairos sent that its journal still holds open.';
    default:
      return `The venue’s list of open orders could not be read (${error?.message ?? 'unknown error'}). Showing the orders Kairos sent that its journal still holds open.`;
  }
}

export function OpenOrders({
  accountId,
  locked,
  open,
  journal,
}: {
  accountId: string;
  locked: boolean;
  open: Query<{ data: OpenOrderRow[]; fetchedAt: number; stale: boolean }>;
  journal: Query<JournalEntry[]>;
}): React.JSX.Element {
  const tradingDown = useUi((s) => s.offline.trading);
  const go = useUi((s) => s.go);
  const cancel = useMutate('orders.cancel');
  const now = useNow(1000);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [confirming, setConfirming] = useState(false);

  const fromList = open.data !== undefined;
  const rows = useMemo<OrderRow[]>(
    () => (open.data ? open.data.data.map(fromVenue) : (journal.data ?? []).filter((e) => RESTING.has(e.state)).map(fromJournal)),
    [open.data, journal.data],
  );
  // What is selected stays selected only while it is still listed.
  useEffect(() => {
    setSelected((s) => {
      const ids = new Set(rows.map((r) => r.id));
      const kept = [...s].filter((id) => ids.has(id));
      return kept.length === s.size ? s : new Set(kept);
    });
  }, [rows]);

  const stale = open.data?.stale === true;
  // Known from the venue's capabilities, or from its answer to a cancel.
  const noCancel = useRouteState('cancel') === 'lacking' || isNotOffered(cancel.error);
  const blocked = noCancel
    ? NO_CANCEL
    : locked
    ? 'Unlock the vault in Settings to cancel orders'
    : stale || tradingDown
      ? 'The venue cannot be reached; cancelling needs it'
      : cancel.isPending
        ? 'Cancelling…'
        : undefined;

  const run = (input: { orderIds: string[] } | { all: true }): void => {
    const known = new Map(rows.map((r) => [r.id, r]));
    setOutcome(undefined);
    cancel.mutate(
      { accountId, ...input },
      {
        onSuccess: (r) => setOutcome({ canceled: r.canceled, notCanceled: r.notCanceled, rows: known }),
        onError: (err) => setOutcome({ error: err.message }),
      },
    );
  };

  if (!fromList && (open.isPending || (open.isError && journal.isPending))) return <Skeleton rows={6} />;
  if (!fromList && open.isError && journal.isError) return <ErrorState error={open.error} retry={() => void open.refetch()} />;

  const notCanceled = outcome && 'notCanceled' in outcome ? outcome.notCanceled : {};
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <>
      <div className="ord-bar">
        <button onClick={() => run({ orderIds: [...selected] })} disabled={blocked !== undefined || selected.size === 0} title={blocked ?? (selected.size === 0 ? 'Tick the orders to cancel' : undefined)}>
          Cancel selected{selected.size > 0 ? ` (${selected.size})` : ''}
        </button>
        <button className="ord-danger" onClick={() => setConfirming(true)} disabled={blocked !== undefined || rows.length === 0} title={blocked ?? (rows.length === 0 ? 'No open orders' : undefined)}>
          Cancel all…
        </button>
        {blocked && blocked !== 'Cancelling…' ? <span className="muted" data-testid="cancel-blocked">{blocked}</span> : null}
        <span className="ord-grow" />
        {open.data ? <Stamp fetchedAt={open.data.fetchedAt} stale={open.data.stale} /> : null}
        <span className="muted">{!fromList ? 'from the journal' : stale ? 'the venue’s last list' : 'listed by the venue'}</span>
      </div>
      {!fromList ? (
        <p className="ord-note" role="note" data-testid="journal-source">
          {journalReason(open.error)}
        </p>
      ) : null}
      {outcome ? <Results outcome={outcome} onClose={() => setOutcome(undefined)} /> : null}
      {rows.length === 0 ? (
        <div className="ord-empty" data-testid="no-open-orders">
          <p>No open orders for this account. Orders that rest on the book after you send them from the order ticket show here until they fill or you cancel them.</p>
          <button onClick={() => go('ticket')}>Open the order ticket</button>
        </div>
      ) : (
        <table className={`ord-table${stale ? ' stale' : ''}`} data-testid="open-orders">
          <thead>
            <tr>
              <th className="ord-check">
                <input
                  type="checkbox"
                  aria-label="Select all open orders"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                />
              </th>
              <OrderHeads />
              <th className="num">Age</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const reason = notCanceled[r.id];
              return (
                <tr key={r.id} data-testid="open-order" data-order-id={r.id} aria-selected={selected.has(r.id)}>
                  <td className="ord-check">
                    <input
                      type="checkbox"
                      aria-label={`Select order ${shortId(r.id)}`}
                      checked={selected.has(r.id)}
                      onChange={() =>
                        setSelected((s) => {
                          const next = new Set(s);
                          if (!next.delete(r.id)) next.add(r.id);
                          return next;
                        })
                      }
                    />
                  </td>
                  <OrderCells row={r} />
                  <td className="num muted" title={new Date(r.createdAt).toLocaleString()}>{age(r.createdAt, now)}</td>
                  <td className="ord-actions">
                    {reason ? (
                      <span className="no ord-reason" data-testid="cancel-reason" title={reason}>
                        not cancelled: {reason}
                      </span>
                    ) : null}
                    <button onClick={() => run({ orderIds: [r.id] })} disabled={blocked !== undefined} title={blocked} aria-label={`Cancel order ${shortId(r.id)}`}>
                      Cancel
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {confirming ? (
        <ConfirmAll
          count={rows.length}
          onYes={() => {
            setConfirming(false);
            run({ all: true });
          }}
          onNo={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}

function Results({ outcome, onClose }: { outcome: Outcome; onClose: () => void }): React.JSX.Element {
  if ('error' in outcome) {
    return (
      <div className="ord-results" role="alert" data-testid="cancel-results">
        <span className="no">Nothing was cancelled: {outcome.error}</span>
        <button className="ord-close" aria-label="Dismiss" onClick={onClose}>×</button>
      </div>
    );
  }
  const refused = Object.entries(outcome.notCanceled);
  const label = (id: string): string => {
    const r = outcome.rows.get(id);
    return r ? describe(r, cents) : `order ${shortId(id)}`;
  };
  return (
    <div className="ord-results" role="status" data-testid="cancel-results">
      <div>
        <strong>{[outcome.canceled.length || !refused.length ? `${outcome.canceled.length} cancelled` : '', refused.length ? `${refused.length} not cancelled` : ''].filter(Boolean).join(', ')}</strong>
        <ul>
          {outcome.canceled.map((id) => (
            <li key={id} data-testid="cancel-result" data-result="canceled">
              <span className="ord-mark">✓</span> Cancelled — {label(id)}
            </li>
          ))}
          {refused.map(([id, reason]) => (
            <li key={id} data-testid="cancel-result" data-result="not-canceled">
              <span className="ord-mark no">✗</span> Not cancelled — {label(id)}
              <div className="ord-why no">{reason}</div>
            </li>
          ))}
        </ul>
      </div>
      <button className="ord-close" aria-label="Dismiss" onClick={onClose}>×</button>
    </div>
  );
}

function ConfirmAll({ count, onYes, onNo }: { count: number; onYes: () => void; onNo: () => void }): React.JSX.Element {
  const keep = useRef<HTMLButtonElement>(null);
  // The parent redraws every second (order ages): the latest onNo is read through a ref, so the
  // focus is set once, when the dialog opens, and never pulled back while the user tabs away.
  const no = useRef(onNo);
  no.current = onNo;
  useEffect(() => {
    // The safe answer has the focus; Escape keeps the orders.
    keep.current?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') no.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="ord-dialog" role="presentation" onClick={onNo}>
      <div className="ord-dialog-body" role="alertdialog" aria-modal="true" aria-labelledby="ord-confirm-title" onClick={(e) => e.stopPropagation()}>
        <h2 id="ord-confirm-title">Cancel all open orders?</h2>
        <p>
          The venue is asked to cancel every open order of this account — {count} listed here, and any it holds that are not listed yet. Orders already filled stay filled.
        </p>
        <div className="ord-bar">
          <button className="ord-danger" onClick={onYes}>
            Cancel all orders
          </button>
          <button ref={keep} onClick={onNo}>
            Keep them
          </button>
        </div>
      </div>
    </div>
  );
}
