// The account the money screens act for, picked from the active profile's vault.
import { useEffect } from 'react';
import { useCall } from '../api/hooks';
import { useUi } from '../state/ui';
import type { AccountSummary } from '@shared/ipc/contract';

/** The account's label, or its address shortened. */
export function accountName(a: Pick<AccountSummary, 'label' | 'address'>): string {
  return a.label ?? `${a.address.slice(0, 6)}…${a.address.slice(-4)}`;
}

/**
 * The account the money screens act for: undefined while the list loads or the picker settles
 * on one, null when the profile has none.
 */
export function useAccount() {
  const accounts = useCall('accounts.list', {});
  const accountId = useUi((s) => s.accountId);
  const list = accounts.data?.accounts;
  const account: AccountSummary | null | undefined = list === undefined ? undefined : list.length === 0 ? null : list.find((a) => a.id === accountId);
  return { accounts, account };
}

export function AccountPicker(): React.JSX.Element | null {
  const accounts = useCall('accounts.list', {});
  const accountId = useUi((s) => s.accountId);
  const setAccount = useUi((s) => s.setAccount);
  const go = useUi((s) => s.go);
  const list = accounts.data?.accounts ?? [];
  useEffect(() => {
    // A remembered account that is gone (deleted, other profile) falls back to the first one.
    if (accounts.data && !list.some((a) => a.id === accountId)) setAccount(list[0]?.id);
  }, [accounts.data, list, accountId, setAccount]);
  if (!accounts.data) return null;
  if (list.length === 0) {
    return (
      <button style={{ marginLeft: 'auto' }} onClick={() => go('settings')}>
        Set up an account
      </button>
    );
  }
  return (
    <label style={{ marginLeft: 'auto' }} className="muted">
      Account{' '}
      <select aria-label="Account" value={accountId ?? ''} onChange={(e) => setAccount(e.target.value)}>
        {list.map((a) => (
          <option key={a.id} value={a.id}>
            {accountName(a)}
          </option>
        ))}
      </select>
      {accounts.data.locked ? <span className="badge">locked</span> : null}
    </label>
  );
}
