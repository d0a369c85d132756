// Settings: venues (profiles) with a connection test, the key vault and its accounts, trading
// switches, theme, and where things are kept. Secrets are typed here and go straight to the main
// process's vault; nothing secret is ever read back.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { keyOf, staleCalls } from '../../api/keys';
import type { IpcCallError } from '../../api/transport';
import { useUi } from '../../state/ui';
import { useToasts } from '../../ui/Toasts';

function Failure({ error }: { error: IpcCallError | null }): React.JSX.Element | null {
  if (!error) return null;
  return (
    <p className="no" role="alert">
      {error.message}
    </p>
  );
}

export function SettingsScreen(): React.JSX.Element {
  return (
    <div className="page settings">
      <h1>Settings</h1>
      <Trading />
      <Accounts />
      <Profiles />
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
        <input aria-label="New account label" placeholder="Label (optional)" value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
        <button
          disabled={locked || create.isPending}
          title={locked ? 'Unlock the vault first' : undefined}
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
        <button disabled={locked} onClick={() => setShowImport((v) => !v)} aria-expanded={showImport}>Import a wallet key…</button>
      </div>
      <Failure error={create.error} />
      {showImport ? <ImportForm pending={importKey.isPending} error={importKey.error} onSubmit={(input) => importKey.mutate(input, { onSuccess: (a) => (setShowImport(false), setAccount(a.id), refresh()) })} /> : null}
    </section>
  );
}

function ImportForm(props: {
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
  return (
    <form
      className="grid-form"
      onSubmit={(e) => {
        e.preventDefault();
        const creds = f.apiKey && f.secret && f.passphrase ? { apiKey: f.apiKey, secret: f.secret, passphrase: f.passphrase } : {};
        props.onSubmit({ privateKey: f.privateKey.trim(), ...creds, ...(f.label ? { label: f.label } : {}) });
        setF({ privateKey: '', apiKey: '', secret: '', passphrase: '', label: '' });
      }}
    >
      {field('privateKey', 'Wallet private key (hex)', true)}
      {field('label', 'Label')}
      {field('apiKey', 'API key (optional)')}
      {field('secret', 'API secret (optional)', true)}
      {field('passphrase', 'API passphrase (optional)', true)}
      <p className="muted">Without API credentials Kairos asks the venue for them with a wallet signature. The key goes into the vault and is never shown again.</p>
      <button type="submit" disabled={!f.privateKey || props.pending}>Import</button>
      <Failure error={props.error} />
    </form>
  );
}

const EMPTY_PROFILE = { name: '', catalogUrl: '', tradingUrl: '', dataUrl: '', headerPrefix: 'SERVICE' };

function Profiles(): React.JSX.Element {
  const profiles = useCall('profiles.list', {});
  const client = useQueryClient();
  const test = useMutate('profiles.test');
  const add = useMutate('profiles.add');
  const switchTo = useMutate('profiles.switch');
  const [draft, setDraft] = useState(EMPTY_PROFILE);
  const [adding, setAdding] = useState(false);
  const urls = { catalogUrl: draft.catalogUrl, tradingUrl: draft.tradingUrl, dataUrl: draft.dataUrl };
  return (
    <section className="section" aria-label="Venues">
      <h2>Venues</h2>
      <table>
        <thead>
          <tr><th>Name</th><th>Catalog</th><th>Trading</th><th>Data</th><th /></tr>
        </thead>
        <tbody>
          {(profiles.data?.profiles ?? []).map((p) => (
            <tr key={p.id}>
              <td>{p.name} {p.kind === 'local' ? <span className="badge">embedded</span> : null}</td>
              <td className="mono muted">{p.catalogUrl}</td>
              <td className="mono muted">{p.tradingUrl}</td>
              <td className="mono muted">{p.dataUrl}</td>
              <td>
                {p.id === profiles.data?.active ? (
                  <span className="yes">active</span>
                ) : (
                  // Everything on screen belongs to the old venue: drop it all.
                  <button onClick={() => switchTo.mutate({ id: p.id }, { onSuccess: () => void client.resetQueries() })}>Use</button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Failure error={switchTo.error} />
      <div className="inline" style={{ marginTop: 8 }}>
        <button onClick={() => test.mutate({})}>Test connection (active venue)</button>
        <button onClick={() => setAdding((v) => !v)} aria-expanded={adding}>Add a remote venue…</button>
      </div>
      {adding ? (
        <form
          className="grid-form"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(draft, { onSuccess: () => (setDraft(EMPTY_PROFILE), setAdding(false), void staleCalls(client, ['profiles.list'])) });
          }}
        >
          {(
            [
              ['name', 'Name'],
              ['catalogUrl', 'Catalog URL'],
              ['tradingUrl', 'Trading URL'],
              ['dataUrl', 'Data URL'],
              ['headerPrefix', 'Auth header prefix'],
            ] as const
          ).map(([k, label]) => (
            <label key={k}>
              {label}
              <input aria-label={label} value={draft[k]} spellCheck={false} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
            </label>
          ))}
          <div className="inline">
            <button type="button" disabled={!draft.catalogUrl || !draft.tradingUrl || !draft.dataUrl} onClick={() => test.mutate(urls)}>Test connection</button>
            <button type="submit" disabled={!draft.name || !draft.catalogUrl || !draft.tradingUrl || !draft.dataUrl || !/^[A-Z][A-Z0-9_]*$/.test(draft.headerPrefix)}>Add venue</button>
          </div>
          <Failure error={add.error} />
        </form>
      ) : null}
      {test.isPending ? <p className="muted">Testing…</p> : null}
      <Failure error={test.error} />
      {test.data ? (
        <table data-testid="connection-test" style={{ maxWidth: 640 }}>
          <tbody>
            {test.data.surfaces.map((s) => (
              <tr key={s.surface}>
                <td>{s.surface}</td>
                <td className={s.ok ? 'yes' : 'no'}>{s.ok ? 'reachable' : 'unreachable'}</td>
                <td className="num">{s.ms} ms</td>
                <td className="muted">{s.message ?? ''}</td>
              </tr>
            ))}
            <tr>
              <td>clock</td>
              <td colSpan={3}>
                {test.data.clockSkewMs === undefined
                  ? 'unknown (the trading surface did not answer /time)'
                  : Math.abs(test.data.clockSkewMs) < 1500
                    ? 'in step with this computer'
                    : `venue is ${(Math.abs(test.data.clockSkewMs) / 1000).toFixed(1)} s ${test.data.clockSkewMs > 0 ? 'ahead' : 'behind'}; Kairos signs on the venue's clock`}
              </td>
            </tr>
          </tbody>
        </table>
      ) : null}
    </section>
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
          <b>Order journal</b> (every order sent from this app and what became of it) is in <span className="mono">journal-&lt;venue&gt;.sqlite</span>.
        </li>
        <li>
          <b>Settings and ticket drafts</b> are small JSON files beside them. The embedded paper venue keeps its own data in
          <span className="mono"> venue/</span>.
        </li>
      </ul>
    </section>
  );
}
