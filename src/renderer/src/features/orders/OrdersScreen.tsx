// Orders of the active account: what rests on the book (with cancels), and the history of every
// order sent from Kairos. Refreshed on `orders.updated` (api/stale.ts) and every few seconds while open.
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { useLive } from '../../api/live';
import { useUi } from '../../state/ui';
import { accountName, useAccount } from '../../ui/AccountPicker';
import { Skeleton } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';
import { OpenOrders } from './OpenOrders';
import { OrderHistory } from './OrderHistory';
import { RESTING } from './rows';

const REFRESH_MS = 5_000;

export function OrdersScreen(): React.JSX.Element {
  const { accounts, account } = useAccount();
  const go = useUi((s) => s.go);
  // The picker settles on an account right after the list arrives.
  if (!accounts.data || account === undefined) {
    return (
      <div className="page ord">
        <Skeleton rows={6} />
      </div>
    );
  }
  if (account === null) {
    return (
      <div className="page ord">
        <h1>Orders</h1>
        <div className="ord-empty">
          <p>No account yet. Create a paper account or import a key in Settings; its open orders and the orders sent from Kairos show here.</p>
          <button onClick={() => go('settings')}>Set up an account</button>
        </div>
      </div>
    );
  }
  return <Orders key={account.id} accountId={account.id} name={accountName(account)} locked={accounts.data.locked} />;
}

function Orders({ accountId, name, locked }: { accountId: string; name: string; locked: boolean }): React.JSX.Element {
  const [tab, setTab] = useState<'open' | 'history'>('open');
  // A venue that does not list open orders is not asked again; the journal's list stands in.
  const open = useCall('orders.open', { accountId }, { refetchInterval: (q) => (isNotOffered(q.state.error) ? false : REFRESH_MS), retry: false });
  const journal = useCall('orders.journal', { accountId, limit: 1000 }, { refetchInterval: REFRESH_MS });
  useLive((open.data?.data ?? []).map((o) => o.asset_id));
  const openCount = open.data ? open.data.data.length : journal.data?.filter((e) => RESTING.has(e.state)).length;
  return (
    <div className="page ord">
      <div className="ord-head">
        <h1>Orders</h1>
        <span className="muted">{name}</span>
        {locked ? <span className="badge">vault locked</span> : null}
        <div className="tabs ord-tabs" role="tablist">
          <button role="tab" aria-selected={tab === 'open'} aria-pressed={tab === 'open'} onClick={() => setTab('open')}>
            Open orders{openCount !== undefined ? ` (${openCount})` : ''}
          </button>
          <button role="tab" aria-selected={tab === 'history'} aria-pressed={tab === 'history'} onClick={() => setTab('history')}>
            History{journal.data ? ` (${journal.data.length})` : ''}
          </button>
        </div>
      </div>
      {tab === 'open' ? <OpenOrders accountId={accountId} locked={locked} open={open} journal={journal} /> : <OrderHistory journal={journal} />}
    </div>
  );
}
