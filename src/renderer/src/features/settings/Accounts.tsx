// Settings → Accounts and key vault: the vault's state (unlock, the first passphrase, the move to
// the system keychain), the active venue's accounts, creating one on the venue and importing a
// wallet key. Secrets are typed here and go straight to the main process's vault.
import { useState } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import type { IpcCallError } from '../../api/transport';
import { Failure } from '../../ui/states';
import { useUi } from '../../state/ui';
import { useToasts } from '../../ui/Toasts';
import { useRouteState } from '../../ui/useVenue';
import { CreatePassphrase, MoveToKeychain, UnlockVault } from './Vault';
import './vault.css';

type Next = 'create' | 'import';

export function Accounts(): React.JSX.Element {
  const accounts = useCall('accounts.list', {});
  const lock = useMutate('accounts.lock');
  const startByKeychain = useMutate('accounts.unlock');
  const create = useMutate('accounts.createLocal');
  const importKey = useMutate('accounts.import');
  const remove = useMutate('accounts.remove');
  const renew = useMutate('accounts.renewKeys');
  const setAccount = useUi((s) => s.setAccount);
  const push = useToasts((s) => s.push);
  const [label, setLabel] = useState('');
  const [showImport, setShowImport] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string | undefined>();
  // The account action waiting for the vault to be made ("Create a passphrase" shown meanwhile).
  const [pending, setPending] = useState<Next | undefined>();
  // The keychain offer, put off for this visit of Settings.
  const [notNow, setNotNow] = useState(false);
  // Creating needs the venue's key endpoint (venue-profile C), which a deployment may not have.
  const keyEndpoint = useRouteState('apiKeys');
  const canCreate = keyEndpoint !== 'lacking';
  const vault = accounts.data?.vault;
  const locked = accounts.data?.locked ?? true;
  const list = accounts.data?.accounts ?? [];
  // A vault not made yet is made by the first account's action; an existing one must be unlocked.
  const fresh = vault?.exists === false;
  const blocked = locked && !fresh;

  const createAccount = (): void =>
    create.mutate(label ? { label } : {}, {
      onSuccess: (a) => {
        setLabel('');
        setAccount(a.id);
        push('good', `Account ${a.label ?? a.address} created with its venue API key`);
      },
    });
  const proceed = (next: Next): void => {
    setPending(undefined);
    if (next === 'create') createAccount();
    else setShowImport(true);
  };
  /** An account action: on a vault not made yet, the vault comes first. */
  const start = (next: Next): void => {
    if (!fresh) return next === 'create' ? createAccount() : setShowImport((v) => !v);
    if (vault?.protection === 'keychain') startByKeychain.mutate({}, { onSuccess: () => proceed(next) });
    else setPending(next);
  };

  return (
    <section className="section" aria-label="Accounts">
      <h2>Accounts and key vault</h2>
      {!vault ? null : pending ? (
        <CreatePassphrase then={pending === 'create' ? 'the account' : 'import the key'} onCreated={() => proceed(pending)} onCancel={() => setPending(undefined)} />
      ) : fresh ? (
        <p className="muted" data-testid="vault-none">
          No key vault yet: Kairos makes it when you create or import your first account
          {vault.protection === 'keychain' ? ', protected by the system keychain.' : ', with a passphrase you choose then.'}
        </p>
      ) : locked ? (
        <UnlockVault vault={vault} />
      ) : (
        <>
          <div className="inline">
            <span className="yes">Vault unlocked</span>
            <span className="muted" data-testid="vault-protection">{vault.protection === 'keychain' ? 'protected by the system keychain' : 'protected by your passphrase'}</span>
            <button onClick={() => lock.mutate({})}>Lock now</button>
          </div>
          {vault.protection === 'passphrase' && vault.keychain && !notNow ? <MoveToKeychain onDismiss={() => setNotNow(true)} /> : null}
        </>
      )}
      <Failure error={startByKeychain.error} />
      <table>
        <thead>
          <tr><th>Label</th><th>Address</th><th>API key</th><th>Added</th><th /></tr>
        </thead>
        <tbody>
          {list.map((a) => (
            <tr key={a.id} data-testid="account-row">
              <td>{a.label ?? '—'}</td>
              <td className="mono">{a.address}</td>
              <td className="mono muted">{a.apiKey}</td>
              <td className="muted">{new Date(a.createdAt).toLocaleString()}</td>
              <td>
                {confirmDelete === a.id ? (
                  <span className="inline">
                    <span className="no">Delete the key for good?</span>
                    <button onClick={() => remove.mutate({ id: a.id }, { onSuccess: () => setConfirmDelete(undefined) })}>Delete</button>
                    <button onClick={() => setConfirmDelete(undefined)}>Keep</button>
                  </span>
                ) : (
                  <span className="inline">
                    {canCreate ? (
                      <button
                        disabled={locked || renew.isPending}
                        title={locked ? 'Unlock the vault first' : 'Ask the venue for a new API key for this wallet (a new local world refuses the old one)'}
                        onClick={() => renew.mutate({ id: a.id }, { onSuccess: (r) => push('good', `Account ${r.label ?? r.address} has a new API key from the venue`) })}
                      >
                        Renew API key
                      </button>
                    ) : null}
                    <button onClick={() => setConfirmDelete(a.id)}>Delete…</button>
                  </span>
                )}
              </td>
            </tr>
          ))}
          {list.length === 0 ? (
            <tr><td colSpan={5} className="muted">No account on this venue yet.</td></tr>
          ) : null}
        </tbody>
      </table>
      <Failure error={remove.error} />
      <Failure error={renew.error} />
      <div className="inline" style={{ marginTop: 8 }}>
        {canCreate ? (
          <>
            <input aria-label="New account label" placeholder="Label (optional)" value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
            <button
              disabled={blocked || create.isPending || pending !== undefined}
              title={blocked ? 'Unlock the vault first' : 'A new wallet key, with an API key the venue creates for it'}
              onClick={() => start('create')}
            >
              {create.isPending ? 'Creating…' : 'Create account on this venue'}
            </button>
          </>
        ) : (
          <span className="warn" data-testid="no-key-endpoint">
            This venue has no key endpoint, so Kairos cannot create an account on it: import a wallet key with the API key, secret and passphrase the venue gave you.
          </span>
        )}
        <button disabled={blocked || pending !== undefined} title={blocked ? 'Unlock the vault first' : undefined} onClick={() => start('import')} aria-expanded={showImport}>
          Import a wallet key…
        </button>
      </div>
      <Failure error={create.error} />
      {showImport ? <ImportForm credentialsRequired={!canCreate} pending={importKey.isPending} error={importKey.error} onSubmit={(input) => importKey.mutate(input, { onSuccess: (a) => (setShowImport(false), setAccount(a.id)) })} /> : null}
    </section>
  );
}

/** The three API credentials: all given, or none (then the venue's key endpoint makes them). */
function credentials(f: { apiKey: string; secret: string; passphrase: string }): { apiKey: string; secret: string; passphrase: string } | 'none' | 'partial' {
  const given = [f.apiKey, f.secret, f.passphrase].map((v) => v.trim());
  if (given.every(Boolean)) return { apiKey: given[0] as string, secret: given[1] as string, passphrase: given[2] as string };
  return given.some(Boolean) ? 'partial' : 'none';
}

function ImportForm(props: {
  /** The venue has no key endpoint: the API credentials must come with the key. */
  credentialsRequired: boolean;
  pending: boolean;
  error: IpcCallError | null;
  onSubmit(input: { privateKey: string; apiKey?: string; secret?: string; passphrase?: string; label?: string }): void;
}): React.JSX.Element {
  const [f, setF] = useState({ privateKey: '', apiKey: '', secret: '', passphrase: '', label: '' });
  const field = (k: keyof typeof f, label: string, secret = false): React.JSX.Element => (
    <label>
      {label}
      <input type={secret ? 'password' : 'text'} autoComplete="off" spellCheck={false} aria-label={label} aria-invalid={props.error?.field === k || undefined} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
    </label>
  );
  const creds = credentials(f);
  const missing = creds === 'partial' ? 'Fill in all three of API key, secret and passphrase, or none of them' : creds === 'none' && props.credentialsRequired ? 'This venue has no key endpoint: fill in the API key, secret and passphrase it gave you' : undefined;
  return (
    <form
      className="grid-form"
      aria-label="Import a wallet key"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing) return;
        // Nothing typed is cleared here: on an error it stays to be mended; on success the form closes.
        props.onSubmit({ privateKey: f.privateKey.trim(), ...(typeof creds === 'object' ? creds : {}), ...(f.label ? { label: f.label } : {}) });
      }}
    >
      <p>
        Import a wallet key <b>with the API key, secret and passphrase</b> the venue gave you: this works on every venue.
        {props.credentialsRequired ? '' : ' On a venue with a key endpoint the three may be left empty; Kairos then asks the venue for them with a wallet signature.'}
      </p>
      {field('privateKey', 'Wallet private key (hex)', true)}
      {field('label', 'Label')}
      {field('apiKey', 'API key')}
      {field('secret', 'API secret', true)}
      {field('passphrase', 'API passphrase', true)}
      <p className="muted">The key and secrets go into the vault and are never shown again.</p>
      {missing && f.privateKey ? <p className="warn" data-testid="import-missing">{missing}</p> : null}
      <button type="submit" disabled={!f.privateKey || missing !== undefined || props.pending}>Import</button>
      <Failure error={props.error} />
    </form>
  );
}
