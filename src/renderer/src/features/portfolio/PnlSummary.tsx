// The account in one line that adds up: value = cash + positions, P&L = realised + unrealised,
// realised split into closed and still-held positions, and the notes on any figure that is not
// the venue's own (or not known).
import type { CallOutput } from '@shared/ipc/contract';
import { toMicros } from '@shared/domain/money';
import { sign, usdMicros } from '../../ui/money';

type AccountPnl = CallOutput<'portfolio.pnl'>['data'];

const tone = (m: bigint | undefined): string => ['no', '', 'yes'][sign(m) + 1] as string;

function Item({ label, field, micros, toned, title }: { label: string; field: string; micros: bigint | undefined; toned?: boolean; title?: string }): React.JSX.Element {
  return (
    <span className="pf-sum-item" title={title}>
      <span className="pf-sum-label">{label}</span>
      <span className={`pf-sum-value ${toned ? tone(micros) : ''}`} data-field={field}>{usdMicros(micros)}</span>
    </span>
  );
}

export function PnlSummary({ pnl }: { pnl: AccountPnl | undefined }): React.JSX.Element {
  if (!pnl) return <div className="pf-sum skeleton-row">&nbsp;</div>;
  const closed = pnl.closed.reduce((t, p) => t + (toMicros(p.realised) ?? 0n), 0n);
  const realised = toMicros(pnl.realised) ?? 0n;
  return (
    <>
      <div className="pf-sum" data-testid="pnl-summary">
        {pnl.value !== undefined ? (
          <>
            <Item label="Value" field="value" micros={toMicros(pnl.value)} title="Cash balance + positions at their marks" />
            <span className="pf-sum-eq">=</span>
            <Item label="Cash" field="cash" micros={toMicros(pnl.cash)} />
            <span className="pf-sum-eq">+</span>
            <Item label="Positions" field="positions" micros={toMicros(pnl.positionsValue)} />
          </>
        ) : (
          <Item label="Positions value" field="positions" micros={toMicros(pnl.positionsValue)} title="This venue reports no cash balance: the positions alone" />
        )}
        <span className="pf-sep" />
        <Item label="P&L" field="pnl" micros={toMicros(pnl.pnl)} toned title="Realised + unrealised, since the account's first trade" />
        <span className="pf-sum-eq">=</span>
        <Item label="Realised" field="realised" micros={realised} toned title={`Closed positions ${usdMicros(closed)}, positions still held (sold in part, or settled at resolution) ${usdMicros(realised - closed)}`} />
        <span className="pf-sum-eq">+</span>
        <Item label="Unrealised" field="unrealised" micros={toMicros(pnl.unrealised)} toned title="Held positions at their marks, less what they cost" />
      </div>
      {pnl.notes.length ? (
        <ul className="pf-notes muted" data-testid="pnl-notes">
          {pnl.notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      ) : null}
    </>
  );
}
