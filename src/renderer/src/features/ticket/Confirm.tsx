// The step before a batch is signed: its money — cost, the best case if right, the worst case if
// everything goes against it, fees — the account that signs it by name, and, for lines the core
// could not check in full, each line with what was not checked and an explicit yes to send them.
import { useState } from 'react';
import type { AccountSummary } from '@shared/ipc/contract';
import { accountName } from '../../ui/AccountPicker';
import type { UncheckedLine } from './checks';

/** The batch's money as shown: each already in words ("$4.50", "none (gains $0.50)"). */
export interface ConfirmCases {
  cost: string;
  best: string;
  worst: string;
  fees: string;
}

export function ConfirmBatch(props: {
  count: number;
  /** The batch's money in one line, where `cases` is not given. */
  summary?: string;
  cases?: ConfirmCases;
  accountId: string | undefined;
  /** The signing account, named by its label (with its address). */
  account?: Pick<AccountSummary, 'label' | 'address'>;
  /** The confirmation setting is on (else the step shows only for the unchecked lines). */
  askedFor: boolean;
  unchecked: readonly UncheckedLine[];
  sending: boolean;
  onSend(): void;
  onBack(): void;
}): React.JSX.Element {
  const [accepted, setAccepted] = useState(false);
  const needYes = props.unchecked.length > 0;
  const c = props.cases;
  const short = props.account ? `${props.account.address.slice(0, 6)}…${props.account.address.slice(-4)}` : undefined;
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-label="Confirm batch">
      <div className="modal-body">
        <h2>Send {props.count} order{props.count === 1 ? '' : 's'}?</h2>
        {c ? (
          <dl className="confirm-cases" data-testid="confirm-cases">
            <dt>Cost</dt>
            <dd data-testid="confirm-cost">{c.cost}</dd>
            <dt>Pays if right (best case)</dt>
            <dd data-testid="confirm-best">{c.best}</dd>
            <dt>Worst case (everything goes against it)</dt>
            <dd data-testid="confirm-worst">{c.worst}</dd>
            <dt>Fees</dt>
            <dd>{c.fees}</dd>
          </dl>
        ) : null}
        {props.summary ? <p>{props.summary}</p> : null}
        {needYes ? (
          <div className="unchecked" data-testid="confirm-unchecked">
            <p className="warn">
              {props.unchecked.length === 1 ? 'One line was' : `${props.unchecked.length} lines were`} not checked in full; the venue may refuse {props.unchecked.length === 1 ? 'it' : 'them'} when sent:
            </p>
            <ul>
              {props.unchecked.map((u) => (
                <li key={u.key} data-testid="confirm-unchecked-line">
                  <b>Line {u.number}</b> {u.what}
                  {u.notes.map((n) => (
                    <div key={n} className="warn">{n}</div>
                  ))}
                </li>
              ))}
            </ul>
            <label className="check">
              <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
              Send these lines without those checks
            </label>
          </div>
        ) : null}
        <p className="muted" data-testid="confirm-account">
          Signed with {props.account ? <><b>{accountName(props.account)}</b>{props.account.label ? <span className="mono"> ({short})</span> : null}</> : `account ${props.accountId ?? '—'}`}.{' '}
          {props.askedFor ? 'Turn this step off in Settings.' : 'This step shows because some checks could not be made, even with confirmation off in Settings.'}
        </p>
        <div className="inline">
          <button className="primary" autoFocus={!needYes} onClick={props.onSend} disabled={props.sending || (needYes && !accepted)} title={needYes && !accepted ? 'Tick “Send these lines without those checks” first' : undefined}>
            Send
          </button>
          <button onClick={props.onBack}>Back</button>
        </div>
      </div>
    </div>
  );
}
