// The palette's command row and the step each command opens. Nothing here sends an order: order
// lines go to the ticket, where they are previewed and sent only with its Send; an alert opens its
// form filled in; "cancel all" asks first, with the safe answer focused; "follow" asks first too.
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import { useMutate } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { useAccount } from '../../ui/AccountPicker';
import { useToasts } from '../../ui/Toasts';
import { useTicket } from '../ticket/store';
import { AlertForm } from '../watchlist/AlertForm';
import type { Action } from './resolve';
import type { CommandRow } from './useCommand';
import './palette.css';

/**
 * The command's row: Enter opens what it says; a problem or a reading row does nothing, so the text
 * stays. One value for every state, so the row keeps the highlight while the market is read.
 */
export function CommandItem({ row, onRun }: { row: CommandRow; onRun(action: Action): void }): React.JSX.Element {
  if (row.state === 'ready') {
    return (
      <Command.Item value="command" onSelect={() => onRun(row.action)} data-testid="palette-command">
        {row.action.label}
      </Command.Item>
    );
  }
  if (row.state === 'reading') {
    return (
      <Command.Item value="command" onSelect={() => undefined} data-testid="palette-command-reading" className="muted">
        {row.text}
      </Command.Item>
    );
  }
  return (
    <Command.Item value="command" onSelect={() => undefined} data-testid="palette-problem" className="palette-problem">
      <span className="no" role="alert">{row.text}</span>
      <span className="muted palette-usage">{row.usage}</span>
    </Command.Item>
  );
}

/** Runs a ready command: the steps that need no question at once, the others staged. */
export function useRunCommand(stage: (a: Action) => void, close: () => void): (a: Action) => void {
  const go = useUi((s) => s.go);
  const push = useToasts((s) => s.push);
  return (a) => {
    if (a.kind === 'lines') {
      const added = useTicket.getState().add(a.lines);
      go('ticket');
      push(added === a.lines.length ? 'info' : 'bad', added === a.lines.length ? `${added === 1 ? 'One line' : `${added} lines`} added to the ticket: nothing is sent until you press Send` : `Only ${added} of ${a.lines.length} lines fit in the ticket`);
      close();
    } else stage(a);
  };
}

/** The step a staged command opens in the palette's place; Back returns to the typed command. */
export function Staged({ action, onBack, onDone }: { action: Extract<Action, { kind: 'alert' | 'cancel' | 'follow' }>; onBack(): void; onDone(): void }): React.JSX.Element {
  // Escape goes back wherever the focus is (a button disabled while it works drops it).
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') back.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="palette-stage" onClick={(e) => e.stopPropagation()} role="presentation">
      {action.kind === 'alert' ? (
        <AlertStage action={action} onBack={onBack} onDone={onDone} />
      ) : action.kind === 'follow' ? (
        <FollowStage action={action} onBack={onBack} onDone={onDone} />
      ) : (
        <CancelStage action={action} onBack={onBack} />
      )}
    </div>
  );
}

function AlertStage({ action, onBack, onDone }: { action: Extract<Action, { kind: 'alert' }>; onBack(): void; onDone(): void }): React.JSX.Element {
  const create = useMutate('alerts.create');
  return (
    <section role="dialog" aria-label="Price alert" data-testid="palette-alert">
      <h3>New alert</h3>
      <p className="muted palette-about">{action.question}</p>
      <AlertForm
        outcomes={action.outcomes}
        initial={action.draft}
        submitLabel="Create alert"
        busy={create.isPending}
        error={create.error?.message}
        onCancel={onBack}
        onSubmit={(condition) =>
          create.mutate(
            { conditionId: action.conditionId, ref: action.ref, condition },
            {
              onSuccess: (a) => {
                useToasts.getState().push('info', a.state === 'met' ? `Alert set: ${a.words}. It holds already, so it fires the next time it crosses.` : `Alert set: ${a.words}.`);
                onDone();
              },
            },
          )
        }
      />
    </section>
  );
}

/** Follows the wallet once asked (a label and a notice size can be set later on the Following screen), then opens its page. */
function FollowStage({ action, onBack, onDone }: { action: Extract<Action, { kind: 'follow' }>; onBack(): void; onDone(): void }): React.JSX.Element {
  const follow = useMutate('traders.follow');
  const openTrader = useUi((s) => s.openTrader);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  const go = (): void =>
    follow.mutate(
      { address: action.address },
      {
        onSuccess: () => {
          useToasts.getState().push('info', `Following ${action.address.slice(0, 6)}…${action.address.slice(-4)}: its changes are on the Following screen`);
          openTrader(action.address);
          onDone();
        },
      },
    );
  return (
    <section role="alertdialog" aria-label="Follow a trader" data-testid="palette-follow">
      <h3>Follow {action.address}?</h3>
      <p>Its positions are read now and kept, so the Following screen shows what changes from here on. Nothing is traded.</p>
      {follow.error ? <p className="no" role="alert">Not followed: {follow.error.message}</p> : null}
      <div className="inline">
        <button ref={yes} onClick={go} disabled={follow.isPending}>
          {follow.isPending ? 'Following…' : 'Follow'}
        </button>
        <button onClick={onBack}>Back</button>
      </div>
    </section>
  );
}

function CancelStage({ action, onBack }: { action: Extract<Action, { kind: 'cancel' }>; onBack(): void }): React.JSX.Element {
  const { account } = useAccount();
  const cancel = useMutate('orders.cancel');
  const keep = useRef<HTMLButtonElement>(null);
  const [done, setDone] = useState<{ canceled: number; refused: Array<[string, string]> } | undefined>();
  // The safe answer has the focus; Escape keeps the orders.
  useEffect(() => keep.current?.focus(), []);
  const all = 'all' in action.input;
  const n = action.count;
  const yes = (): void => {
    if (!account) return;
    cancel.mutate({ accountId: account.id, ...action.input }, { onSuccess: (r) => setDone({ canceled: r.canceled.length, refused: Object.entries(r.notCanceled) }) });
  };
  return (
    <section role="alertdialog" aria-label="Cancel orders" data-testid="palette-cancel">
      <h3>{all ? 'Cancel all open orders?' : `Cancel ${n === 1 ? 'the open order' : `${n} open orders`} of “${action.question ?? ''}”?`}</h3>
      <p>
        {all
          ? `The venue is asked to cancel every open order of this account — ${n} listed, and any it holds that are not listed yet.`
          : `Only ${n === 1 ? 'this order is' : `these ${n} orders are`} cancelled; orders on other markets stay.`}{' '}
        Orders already filled stay filled.
      </p>
      {done ? (
        <p role="status" data-testid="palette-cancel-result" className={done.refused.length ? 'warn' : 'yes'}>
          {done.canceled} cancelled{done.refused.length ? `, ${done.refused.length} not cancelled: ${done.refused.map(([id, why]) => `${id.slice(0, 10)}… ${why}`).join('; ')}` : ''}
        </p>
      ) : null}
      {cancel.error ? <p className="no" role="alert">Nothing was cancelled: {cancel.error.message}</p> : null}
      <div className="inline">
        {done ? null : (
          <button className="danger" onClick={yes} disabled={cancel.isPending || !account}>
            {cancel.isPending ? 'Cancelling…' : all ? 'Cancel all orders' : `Cancel ${n === 1 ? 'it' : `these ${n}`}`}
          </button>
        )}
        <button ref={keep} onClick={onBack}>{done ? 'Back' : 'Keep them'}</button>
      </div>
    </section>
  );
}
