// Settings: venues (profiles) with a connection test, the key vault and its accounts, trading
// switches, theme, quiet hours for notifications, and where things are kept. Secrets are typed here and go straight to the main
// process's vault; nothing secret is ever read back.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { keyOf } from '../../api/keys';
import { Failure } from '../../ui/states';
import { THEMES, useUi } from '../../state/ui';
import { QuietHoursSetting } from '../inbox/QuietHours';
import { Accounts } from './Accounts';
import { Venues } from './Venues';

export function SettingsScreen(): React.JSX.Element {
  return (
    <div className="page settings">
      <h1>Settings</h1>
      <Trading />
      <Accounts />
      <Venues />
      <Appearance />
      <QuietHoursSetting />
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

function Appearance(): React.JSX.Element {
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  return (
    <section className="section">
      <h2>Appearance</h2>
      <div className="tabs" role="radiogroup" aria-label="Theme">
        {THEMES.map((t) => (
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
          <b>Your own data</b> — the order journal (every order sent from this app and what became of it), portfolio value history,
          the ticket draft and the inbox — is in <span className="mono">user-&lt;venue&gt;.sqlite</span>, one per venue. Resetting the cache
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
