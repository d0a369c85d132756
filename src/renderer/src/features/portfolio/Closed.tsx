// Positions the account no longer holds: sold, redeemed or lost at resolution, each with the
// P&L it realised, newest first, and where that figure comes from when it is not the venue's.
import type { CallOutput } from '@shared/ipc/contract';
import { toMicros } from '@shared/domain/money';
import { useUi } from '../../state/ui';
import { dateTime } from '../../ui/format';
import { sign, usdMicros } from '../../ui/money';
import { outcomeTone } from './Positions';

type Row = CallOutput<'portfolio.pnl'>['data']['closed'][number];

const tone = (m: bigint | undefined): string => ['no', '', 'yes'][sign(m) + 1] as string;

/** Where a realised figure comes from, in words. */
export const SOURCE_WORDS = { venue: 'venue', trades: 'Kairos, from trades' } as const;
const SOURCE_TITLE = {
  venue: 'The venue’s own realised P&L for this position',
  trades: 'The venue gives no realised P&L here: Kairos computed it from the venue’s trades of this account, by average cost (fees not counted)',
} as const;

export function ClosedTable({ rows, dim }: { rows: readonly Row[]; dim: boolean }): React.JSX.Element {
  const select = useUi((s) => s.select);
  const go = useUi((s) => s.go);
  const total = rows.reduce((t, r) => t + (toMicros(r.realised) ?? 0n), 0n);
  return (
    <table className={`pf-table ${dim ? 'stale' : ''}`} data-testid="closed-positions">
      <thead>
        <tr>
          <th>Market</th>
          <th>Last activity</th>
          <th className="num">Realised P&amp;L</th>
          <th>Source</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={4} className="pf-none">No closed positions yet: a position sold, redeemed or lost at resolution is kept here with what it realised.</td>
          </tr>
        ) : null}
        {rows.map((p) => {
          const real = toMicros(p.realised);
          return (
            <tr key={p.asset} data-asset={p.asset}>
              <td className="pf-market">
                <div className="pf-mk">
                  {p.slug ? (
                    <button className="link pf-name" title={`${p.title}: open the market`} onClick={() => { select(String(p.slug)); go('markets'); }}>{p.title}</button>
                  ) : (
                    <span className="pf-name">{p.title}</span>
                  )}
                  {p.outcome ? <span className={`pf-outcome ${outcomeTone(p.outcome)}`}>{p.outcome}</span> : null}
                </div>
              </td>
              <td className="muted pf-time">{dateTime(p.at ? p.at * 1000 : undefined)}</td>
              <td className={`num ${tone(real)}`} data-field="realized">{usdMicros(real)}</td>
              <td className={p.source === 'venue' ? 'muted' : ''} data-field="source" title={SOURCE_TITLE[p.source]}>{SOURCE_WORDS[p.source]}</td>
            </tr>
          );
        })}
      </tbody>
      {rows.length ? (
        <tfoot>
          <tr data-testid="closed-total">
            <td colSpan={2}>Total · {rows.length} closed position{rows.length === 1 ? '' : 's'}</td>
            <td className={`num ${tone(total)}`} data-field="realized">{usdMicros(total)}</td>
            <td />
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
