// The cash tiles: balance, what open orders reserve, what is available, positions value and the
// total; a venue that reports no balances says so in the cash tiles and still shows the positions,
// and the cash open buys hold as Kairos's own journal of the orders it sent counts it.
import { toMicros } from '@shared/domain/money';
import type { CallOutput } from '@shared/ipc/contract';
import type { IpcCallError } from '../../api/transport';
import { useUi } from '../../state/ui';
import { usdMicros } from '../../ui/money';
import { ErrorState, Stamp } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';

type Balance = CallOutput<'portfolio.balance'>;
type Reserved = NonNullable<CallOutput<'portfolio.pnl'>['data']['reserved']>;
const LABELS = ['Cash balance', 'Reserved by orders', 'Available', 'Positions value', 'Total'];

export function CashTiles(props: {
  balance: { data: Balance | undefined; error: IpcCallError | null; isPending: boolean; refetch(): unknown };
  locked: boolean;
  /** The positions' value in micros, when known. */
  value: bigint | undefined;
  /** Cash held by open buys as the core counts it (the journal's, where the venue reports none). */
  reserved?: Reserved | undefined;
}): React.JSX.Element {
  const { balance, value, reserved } = props;
  if (balance.isPending && !balance.data) return <div className="pf-tiles">{LABELS.map((l) => <Tile key={l} label={l} />)}</div>;
  if (!balance.data && isNotOffered(balance.error)) {
    const words = 'cash balance not reported by this venue';
    return (
      <div className="pf-tiles" data-testid="cash-not-offered" title={balance.error?.message}>
        <Tile label="Cash balance" field="balance" value={words} note />
        {reserved?.source === 'journal' ? (
          <Tile
            label="Reserved by orders"
            field="reserved"
            value={usdMicros(toMicros(reserved.amount))}
            hint={`from Kairos’s journal · ${reserved.orders} open buy${reserved.orders === 1 ? '' : 's'}`}
            title="This venue reports no reserved cash: this is what the buy orders Kairos sent and that may still rest on the book hold (price × size left, fees not counted). Orders placed elsewhere are not in it."
          />
        ) : (
          <Tile label="Reserved by orders" field="reserved" value="not reported by this venue" note />
        )}
        <Tile label="Available" field="available" value="not reported by this venue" note />
        <Tile label="Positions value" field="positions-value" value={usdMicros(value)} />
        <Tile label="Total" field="equity" value="— (no cash balance)" note />
      </div>
    );
  }
  if (!balance.data) {
    return balance.error?.code === 'VAULT_LOCKED' || props.locked ? (
      <div className="pf-empty">
        <p>The vault is locked: unlock it in Settings to read this account’s cash balance.</p>
        <button onClick={() => useUi.getState().go('settings')}>Open Settings</button>
      </div>
    ) : (
      <ErrorState error={balance.error} retry={() => void balance.refetch()} />
    );
  }
  const b = balance.data;
  const cash = toMicros(b.data.balance);
  return (
    <div className={`pf-tiles ${b.stale ? 'stale' : ''}`}>
      <Tile label="Cash balance" field="balance" value={usdMicros(cash)} />
      <Tile label="Reserved by orders" field="reserved" value={usdMicros(toMicros(b.data.reserved))} />
      <Tile label="Available" field="available" value={usdMicros(toMicros(b.data.available))} />
      <Tile label="Positions value" field="positions-value" value={usdMicros(value)} />
      <Tile label="Total" field="equity" value={cash !== undefined && value !== undefined ? usdMicros(cash + value) : '—'} />
      <Stamp fetchedAt={b.fetchedAt} stale={b.stale} />
    </div>
  );
}

/** A figure, a skeleton while it loads, or (note) words in its place; `hint` says where a figure comes from. */
function Tile({ label, value, field, note, hint, title }: { label: string; value?: string; field?: string; note?: boolean; hint?: string; title?: string }): React.JSX.Element {
  return (
    <div className="pf-tile" title={title}>
      <div className="pf-tile-label">{label}</div>
      {value === undefined ? (
        <div className="pf-tile-value skeleton-row">&nbsp;</div>
      ) : note ? (
        <div className="pf-tile-note muted" data-field={field}>{value}</div>
      ) : (
        <div className="pf-tile-value num" data-field={field}>{value}</div>
      )}
      {hint ? <div className="pf-tile-hint muted" data-hint={field}>{hint}</div> : null}
    </div>
  );
}
