// The key vault's state in Settings: unlocking it (one passphrase field, or a button when the
// system keychain protects it), the "Create a passphrase" step that makes a new one, and the
// offer to move a passphrase vault to the system keychain once one is available.
import { useState } from 'react';
import type { CallOutput } from '@shared/ipc/contract';
import { useMutate } from '../../api/hooks';
import { Failure } from '../../ui/states';
import { useToasts } from '../../ui/Toasts';
import { checkNewPassphrase } from './passphrase';

export type VaultState = CallOutput<'accounts.list'>['vault'];

/** The vault exists and is locked: a passphrase to type, or the keychain to ask. */
export function UnlockVault({ vault, onDone }: { vault: VaultState; onDone?(): void }): React.JSX.Element {
  const unlock = useMutate('accounts.unlock');
  const [passphrase, setPassphrase] = useState('');
  if (vault.protection === 'keychain') {
    return (
      <div className="inline">
        <span>The vault is locked. The system keychain protects it.</span>
        <button disabled={unlock.isPending} onClick={() => unlock.mutate({}, { onSuccess: () => onDone?.() })}>Unlock</button>
        <Failure error={unlock.error} />
      </div>
    );
  }
  return (
    <form
      className="inline"
      onSubmit={(e) => {
        e.preventDefault();
        unlock.mutate({ passphrase }, { onSuccess: () => (setPassphrase(''), onDone?.()) });
      }}
    >
      <span>The vault is locked.</span>
      <input type="password" aria-label="Vault passphrase" placeholder="Passphrase" autoComplete="current-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
      <button type="submit" disabled={!passphrase || unlock.isPending}>Unlock</button>
      <Failure error={unlock.error} />
    </form>
  );
}

/**
 * The first account's step when no vault exists: a passphrase typed twice, the rule shown as it
 * is typed, the button held until both fields agree and meet it. `then` names what follows.
 */
export function CreatePassphrase({ then, onCreated, onCancel }: { then: string; onCreated(): void; onCancel(): void }): React.JSX.Element {
  const unlock = useMutate('accounts.unlock');
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [confirmDone, setConfirmDone] = useState(false);
  const check = checkNewPassphrase(passphrase, confirm, confirmDone);
  return (
    <form
      className="grid-form vault-step"
      aria-label="Create a passphrase"
      onSubmit={(e) => {
        e.preventDefault();
        if (!check.ready) return;
        unlock.mutate({ passphrase }, { onSuccess: () => (setPassphrase(''), setConfirm(''), onCreated()) });
      }}
    >
      <h3>Create a passphrase</h3>
      <p>
        Wallet keys are kept in a vault on this computer, encrypted with this passphrase. You will type it to unlock the vault after
        each start. Kairos cannot recover it: if it is lost, the keys in the vault must be imported again.
      </p>
      <label>
        Passphrase
        <input type="password" aria-label="New passphrase" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} autoFocus />
      </label>
      <label>
        Type it again
        <input type="password" aria-label="Confirm the passphrase" autoComplete="new-password" value={confirm} onChange={(e) => (setConfirm(e.target.value), setConfirmDone(false))} onBlur={() => setConfirmDone(true)} />
      </label>
      <p className={check.strong ? 'yes' : 'muted'} data-testid="passphrase-hint" aria-live="polite">{check.hint}</p>
      {check.mismatch ? <p className="no" role="alert" data-testid="passphrase-mismatch">{check.mismatch}</p> : null}
      <div className="inline">
        <button type="submit" className="primary" disabled={!check.ready || unlock.isPending} title={check.ready ? undefined : 'Type the same passphrase twice, of at least 10 characters or 4 words'}>
          {unlock.isPending ? 'Creating the vault…' : `Create the vault and ${then}`}
        </button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
      <Failure error={unlock.error} />
    </form>
  );
}

/** Offered after a passphrase unlock where a system keychain is available. */
export function MoveToKeychain({ onMoved, onDismiss }: { onMoved?(): void; onDismiss(): void }): React.JSX.Element {
  const move = useMutate('accounts.moveToKeychain');
  const push = useToasts((s) => s.push);
  return (
    <div className="vault-offer" role="region" aria-label="System keychain">
      <p>
        This system has a keychain. Moved there, the vault opens without your passphrase for your user account on this computer;
        the passphrase then no longer opens it.
      </p>
      <div className="inline">
        <button className="primary" disabled={move.isPending} onClick={() => move.mutate({}, { onSuccess: () => (push('good', 'The vault is now protected by the system keychain'), onMoved?.()) })}>
          {move.isPending ? 'Moving…' : 'Move the vault to the system keychain'}
        </button>
        <button onClick={onDismiss}>Not now</button>
      </div>
      <Failure error={move.error} />
    </div>
  );
}
