// Settings: venues (profiles) with a connection test, the key vault and its accounts, trading
// switches, theme, and where things are kept. Secrets are typed here and go straight to the main
// process's vault; nothing secret is ever read back.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { keyOf, staleCalls } from '../../api/keys';
import type { IpcCallError } from '../../api/transport';
import { Failure } from '../../ui/states';
import { useUi } from '../../state/ui';
import { useToasts } from '../../ui/Toasts';
import { useRouteState } from '../../ui/useVenue';
import { Venues } from './Venues';

export function SettingsScreen(): React.JSX.Element {
  return (
    <div className="page settings">
      <h1>Settings</h1>
      <Trading />
      <Accounts />
      <Venues />
      <Appearance />
      <Storage />
    </div>
  );
}

function Trading(): React.JSX.Element {
  const settings = useCall('settings.get', {});
  const set = useMutate('settings.set');
  const client = useQueryClient();
  // The switch moves at once; the core's answer replaces it (or it springs back on failure).
  const [optimistic, setOptimistic] = useState<{ tradingOff?: boolean; confirm?: boolean }>({});
  const shown = settings.data ? { ...settings.data, ...optimistic } : undefined;
  const change = (patch: { tradingOff?: boolean; confirm?: boolean }): void => {
    setOptimistic((o) => ({ ...o, ...patch }));
    set.mutate(patch, {
      onSuccess: (data) => {
        client.setQueryData(keyOf('settings.get', {}), data);
        setOptimistic({});
      },
      onError: () => setOptimistic({}),
    });
  };
  return (
    <section className="section">
      <h2>Trading</h2>
      <label className="check">
        <input type="checkbox" checked={shown ? !shown.tradingOff : false} disabled={!shown} onChange={(e) => change({ tradingOff: !e.target.checked })} />
        Trading on <span className="muted">— when off, nothing is signed or sent from any screen</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={shown?.confirm ?? true} disabled={!shown} onChange={(e) => change({ confirm: e.target.checked })} />
        Ask for confirmation before sending a batch <span className="muted">(this venue profile)</span>
      </label>
      <Failure error={set.error} />
    </section>
  );
}

function Accounts(): React.JSX.Element {
  const accounts = useCall('accounts.list', {});
  const client = useQueryClient();
  const refresh = (): void => void staleCalls(client, ['accounts.list']);
  const unlock = useMutate('accounts.unlock');
  const lock = useMutate('accounts.lock');
  const create = useMutate('accounts.createLocal');
  const importKey = useMutate('accounts.import');
  const remove = useMutate('accounts.remove');
  const setAccount = useUi((s) => s.setAccount);
  const push = useToasts((s) => s.push);
  const [passphrase, setPassphrase] = useState('');
  const [label, setLabel] = useState('');
  const [showImport, setShowImport] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string | undefined>();
  // Creating needs the venue's key endpoint (venue-profile C), which a deployment may not have.
  const keyEndpoint = useRouteState('apiKeys');
  const canCreate = keyEndpoint !== 'lacking';
  const locked = accounts.data?.locked ?? true;
  const list = accounts.data?.accounts ?? [];

  return (
    <section className="section" aria-label="Accounts">
      <h2>Accounts and key vault</h2>
      {locked ? (
        <form
          className="inline"
          onSubmit={(e) => {
            e.preventDefault();
            unlock.mutate({ passphrase }, { onSuccess: () => (setPassphrase(''), refresh()) });
          }}
        >
          <span>The vault is locked.{list.length === 0 ? ' Choose a passphrase to start it; you will need it to sign orders after each start.' : ''}</span>
          <input type="password" aria-label="Vault passphrase" placeholder="Passphrase" autoComplete="current-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
          <button type="submit" disabled={!passphrase || unlock.isPending}>Unlock</button>
          <Failure error={unlock.error} />
        </form>
      ) : (
        <div className="inline">
          <span className="yes">Vault unlocked</span>
          <button onClick={() => lock.mutate({}, { onSuccess: refresh })}>Lock now</button>
        </div>
      )}
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
                    <button onClick={() => remove.mutate({ id: a.id }, { onSuccess: () => (setConfirmDelete(undefined), refresh()) })}>Delete</button>
                    <button onClick={() => setConfirmDelete(undefined)}>Keep</button>
                  </span>
                ) : (
                  <button onClick={() => setConfirmDelete(a.id)}>Delete…</button>
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
      <div className="inline" style={{ marginTop: 8 }}>
        {canCreate ? (
          <>
            <input aria-label="New account label" placeholder="Label (optional)" value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
            <button
              disabled={locked || create.isPending}
              title={locked ? 'Unlock the vault first' : 'A new wallet key, with an API key the venue creates for it'}
              onClick={() =>
                create.mutate(label ? { label } : {}, {
                  onSuccess: (a) => {
                    setLabel('');
                    setAccount(a.id);
                    refresh();
                    push('good', `Account ${a.label ?? a.address} created with its venue API key`);
                  },
                })
              }
            >
              {create.isPending ? 'Creating…' : 'Create account on this venue'}
            </button>
          </>
        ) : (
          <span className="warn" data-testid="no-key-endpoint">
            This venue has no key endpoint, so Kairos cannot create an account on it: import a wallet key with the API key, secret and passphrase the venue gave you.
          </span>
        )}
        <button disabled={locked} title={locked ? 'Unlock the vault first' : undefined} onClick={() => setShowImport((v) => !v)} aria-expanded={showImport}>
          Import a wallet key…
        </button>
      </div>
      <Failure error={create.error} />
      {showImport ? <ImportForm credentialsRequired={!canCreate} pending={importKey.isPending} error={importKey.error} onSubmit={(input) => importKey.mutate(input, { onSuccess: (a) => (setShowImport(false), setAccount(a.id), refresh()) })} /> : null}
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
      <input type={secret ? 'password' : 'text'} autoComplete="off" spellCheck={false} aria-label={label} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
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
        props.onSubmit({ privateKey: f.privateKey.trim(), ...(typeof creds === 'object' ? creds : {}), ...(f.label ? { label: f.label } : {}) });
        setF({ privateKey: '', apiKey: '', secret: '', passphrase: '', label: '' });
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

function Appearance(): React.JSX.Element {
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  return (
    <section className="section">
      <h2>Appearance</h2>
      <div className="tabs" role="radiogroup" aria-label="Theme">
        {(['system', 'light', 'dark'] as const).map((t) => (
          <button key={t} role="radio" aria-checked={theme === t} aria-pressed={theme === t} onClick={() => setTheme(t)}>
            {t === 'system' ? 'Follow the system' : t === 'light' ? 'Light' : 'Dark'}
          </button>
        ))}
      </div>
    </section>
  );
}

function Storage(): React.JSX.Element {
  const info = useCall('app.info', {});
  const dir = info.data?.dataDir ?? '…';
  return (
    <section className="section">
      <h2>What is stored where</h2>
      <ul className="plain">
        <li>
          Everything lives in <span className="mono">{dir}</span> on this computer.
        </li>
        <li>
          <b>Keys</b> (wallet private keys and venue API secrets) are in <span className="mono">vault.json</span>, encrypted with a key
          that is itself protected by your passphrase (or the operating system's keychain in the desktop app). They are decrypted
          only in the main process, only while the vault is unlocked, and never sent to this window.
        </li>
        <li>
          <b>Cache</b> (markets, prices, positions you have looked at) is in <span className="mono">cache/</span>, one SQLite file per
          venue. It holds nothing secret and can be deleted at any time; it fills again from the venue.
        </li>
        <li>
          <b>Your own data</b> — the order journal (every order sent from this app and what became of it), portfolio value history
          and the ticket draft — is in <span className="mono">user-&lt;venue&gt;.sqlite</span>, one per venue. Resetting the cache
          never touches it.
        </li>
        <li>
          <b>Settings</b> and the list of venues are small JSON files beside them. The embedded paper venue keeps its own data in
          <span className="mono"> venue/</span>.
        </li>
      </ul>
    </section>
  );
}
