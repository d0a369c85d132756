// The step before a batch is signed: its money in one line and, for lines the core could not
// check in full, each line with what was not checked and an explicit yes to send them anyway.
import { useState } from 'react';
import type { UncheckedLine } from './checks';

export function ConfirmBatch(props: {
  count: number;
  summary: string;
  accountId: string | undefined;
  /** The confirmation setting is on (else the step shows only for the unchecked lines). */
  askedFor: boolean;
  unchecked: readonly UncheckedLine[];
  sending: boolean;
  onSend(): void;
  onBack(): void;
}): React.JSX.Element {
  const [accepted, setAccepted] = useState(false);
  const needYes = props.unchecked.length > 0;
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-label="Confirm batch">
      <div className="modal-body">
        <h2>Send {props.count} order{props.count === 1 ? '' : 's'}?</h2>
        <p>{props.summary}</p>
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
        <p className="muted">
          Signed with account {props.accountId}.{' '}
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
