// The positions table: each position with its size, prices, cost, value and P&L, exact totals,
// sortable by the venue's own sorts. A position in a resolved market is worth its settlement —
// winning tokens × $1, losing × $0 — says so, and offers to redeem where the venue can. Realised
// and unrealised P&L are the account's own (portfolio.pnl) where known, so the table and the
// account's P&L line add up: a settled position's gain or loss is realised, not unrealised.
import { toMicros } from '@shared/domain/money';
import type { MarketResolution } from '@shared/ipc/resolution';
import type { Position } from '@shared/spec/data';
import { useUi } from '../../state/ui';
import { cents, shortDate, size } from '../../ui/format';
import { sign, sumMicros, usdMicros } from '../../ui/money';
import { Redeem } from './Redeem';
import { isRedeemable, payoutOf, settlesAt, worthOf } from './settled';
import { usePortfolioView, type SortBy } from './view';

const tone = (m: bigint | undefined): string => ['no', '', 'yes'][sign(m) + 1] as string;
const percent = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '—' : `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(1)}%`);
/** Yes and No read as the two sides; other outcome labels stay neutral. */
export const outcomeTone = (o: string | undefined): string => (/^yes$/i.test(o ?? '') ? 'yes' : /^no$/i.test(o ?? '') ? 'no' : 'muted');

const COLUMNS: ReadonlyArray<[string, SortBy | undefined, string?]> = [
  ['Market', 'TITLE'],
  ['Size', 'TOKENS', 'num'],
  ['Avg', 'AVGPRICE', 'num'],
  ['Price', 'PRICE', 'num'],
  ['Cost', 'INITIAL', 'num'],
  ['Value', 'CURRENT', 'num'],
  ['Unrealised', 'CASHPNL', 'num'],
  ['P&L %', 'PERCENTPNL', 'num'],
  ['Realised', undefined, 'num'],
  ['Ends', 'RESOLVING', 'num'],
];

/** A settled position's P&L: its worth less its cost; otherwise the venue's figures. */
function pnlOf(p: Position, r: MarketResolution | undefined): { cash: bigint | undefined; pct: number | undefined } {
  if (settlesAt(p, r) === undefined) return { cash: toMicros(p.cashPnl), pct: p.percentPnl };
  const cost = toMicros(p.initialValue) ?? 0n;
  const cash = (worthOf(p, r) ?? 0n) - cost;
  return { cash, pct: cost > 0n ? (Number(cash) / Number(cost)) * 100 : undefined };
}

/** How the market of a position stands, as a badge: won / lost / resolved with no winner / trading ended. */
function StandingBadge({ p, r }: { p: Position; r: MarketResolution | undefined }): React.JSX.Element | null {
  if (r?.state === 'closed') return <span className="badge" data-badge="ended" title={r.words}>trading ended</span>;
  if (r?.state !== 'resolved') return null;
  const s = settlesAt(p, r);
  if (s === undefined) return <span className="badge" data-badge="resolved" title={r.words}>resolved — winner not reported</span>;
  return (
    <span className={`badge ${s === '1' ? 'rd-won' : 'rd-lost'}`} data-badge={s === '1' ? 'won' : 'lost'} title={r.words}>
      {s === '1' ? 'won · $1' : 'lost · $0'}
    </span>
  );
}

export function PositionsTable(props: {
  rows: readonly Position[];
  resolutions: ReadonlyMap<string, MarketResolution>;
  accountId: string;
  /** Why a redemption cannot be sent now (a locked vault), if so. */
  redeemBlocked: string | undefined;
  dim: boolean;
  filtered: boolean;
  full: boolean;
  onClear: () => void;
  /** The account's realised and unrealised P&L by data-surface asset, where known. */
  figures?: ReadonlyMap<string, { realised: string; unrealised: string; source: 'venue' | 'trades' }> | undefined;
  /** Positions no longer held, kept in the closed view. */
  closed?: { count: number; show: () => void } | undefined;
}): React.JSX.Element {
  const { rows, resolutions } = props;
  const view = usePortfolioView();
  const select = useUi((s) => s.select);
  const go = useUi((s) => s.go);
  const of = (p: Position) => (p.conditionId ? resolutions.get(p.conditionId) : undefined);
  const cost = sumMicros(rows.map((p) => p.initialValue));
  const fig = (p: Position) => (p.asset ? props.figures?.get(p.asset) : undefined);
  const unrealisedOf = (p: Position): bigint | undefined => (fig(p) ? toMicros(fig(p)?.unrealised) : pnlOf(p, of(p)).cash);
  const realisedOf = (p: Position): bigint | undefined => (fig(p) ? toMicros(fig(p)?.realised) : toMicros(p.realizedPnl));
  const pnl = rows.reduce((t, p) => t + (unrealisedOf(p) ?? 0n), 0n);
  const realised = rows.reduce((t, p) => t + (realisedOf(p) ?? 0n), 0n);
  const value = rows.reduce((t, p) => t + (worthOf(p, of(p)) ?? 0n), 0n);
  // Percent of the summed cost: display only, the money itself stays exact.
  const pct = cost > 0n ? (Number(pnl) / Number(cost)) * 100 : undefined;
  return (
    <table className={`pf-table ${props.dim ? 'stale' : ''}`} data-testid="positions">
      <thead>
        <tr>
          {COLUMNS.map(([label, key, cls]) => (
            <th key={label} className={cls} aria-sort={key && key === view.sortBy ? (view.sortDirection === 'ASC' ? 'ascending' : 'descending') : undefined}>
              {key ? (
                <button className="pf-sort" onClick={() => view.sortOn(key)} title={`Sort by ${label}`}>
                  {label}
                  {key === view.sortBy ? (view.sortDirection === 'ASC' ? ' ↑' : ' ↓') : ''}
                </button>
              ) : (
                label
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={COLUMNS.length} className="pf-none">
              {props.filtered ? (
                <>No positions match these filters. <button className="link action" onClick={props.onClear}>Clear filters</button></>
              ) : props.closed?.count ? (
                <>No open positions. {props.closed.count} closed position{props.closed.count === 1 ? ' is' : 's are'} kept with what they realised. <button className="link action" onClick={props.closed.show}>Show closed</button></>
              ) : (
                <>No positions yet: they appear here once an order fills. <button className="link action" onClick={() => go('markets')}>Browse markets</button></>
              )}
            </td>
          </tr>
        ) : null}
        {rows.map((p) => {
          const r = of(p);
          const settles = settlesAt(p, r);
          const { pct } = pnlOf(p, r);
          const cash = unrealisedOf(p);
          // Settled: its whole gain or loss is realised; no unrealised percent to show.
          const rowPct = settles !== undefined && fig(p) ? undefined : pct;
          const real = realisedOf(p);
          const computed = fig(p)?.source === 'trades';
          return (
            <tr key={String(p.asset)} data-asset={p.asset} data-settles={settles}>
              <td className="pf-market">
                <div className="pf-mk">
                  {p.slug ? (
                    <button className="link pf-name" title={`${p.title ?? ''}: open the market`} onClick={() => { select(String(p.slug)); go('markets'); }}>{p.title}</button>
                  ) : (
                    <span className="pf-name">{p.title}</span>
                  )}
                  <span className={`pf-outcome ${outcomeTone(p.outcome)}`}>{p.outcome}</span>
                  <StandingBadge p={p} r={r} />
                  {p.redeemable && settles === undefined ? <span className="badge">redeemable</span> : null}
                  {p.mergeable ? <span className="badge">mergeable</span> : null}
                  {p.conditionId && isRedeemable(p, r) ? (
                    <Redeem
                      accountId={props.accountId}
                      conditionId={p.conditionId}
                      question={String(p.title ?? p.conditionId)}
                      payout={payoutOf(rows, p.conditionId, r)}
                      offered={r?.redeem ?? 'unknown'}
                      blocked={props.redeemBlocked}
                    />
                  ) : null}
                </div>
              </td>
              <td className="num" data-field="size">{size(p.size)}</td>
              <td className="num" data-field="avg" title={p.avgPrice !== undefined ? `probability ${(p.avgPrice * 100).toFixed(1)}%` : undefined}>{cents(p.avgPrice)}</td>
              <td className="num" data-field="price" title={settles ? `settled at $${settles} a token` : undefined}>{settles ? `$${settles}` : cents(p.curPrice)}</td>
              <td className="num" data-field="cost">{usdMicros(toMicros(p.initialValue))}</td>
              <td className="num" data-field="value">{usdMicros(worthOf(p, r))}</td>
              <td className={`num ${tone(cash)}`} data-field="pnl">{usdMicros(cash)}</td>
              <td className={`num ${tone(cash)}`} data-field="pct">{percent(rowPct)}</td>
              <td
                className={`num ${tone(real)}`}
                data-field="realized"
                title={settles !== undefined ? 'Settled at resolution: the gain or loss is final, redeemed or not' : computed ? 'Computed by Kairos from the venue’s trades (fees not counted): the venue gives none' : undefined}
              >
                {usdMicros(real)}
                {computed ? '*' : ''}
              </td>
              <td className="num muted" data-field="ends">{shortDate(p.endDate)}</td>
            </tr>
          );
        })}
      </tbody>
      {rows.length ? (
        <tfoot>
          <tr data-testid="positions-total">
            <td>
              Total · {rows.length} position{rows.length === 1 ? '' : 's'}
              {props.full ? <span className="muted"> (first {rows.length}; narrow the filters to see the rest)</span> : null}
            </td>
            <td />
            <td />
            <td />
            <td className="num" data-field="cost">{usdMicros(cost)}</td>
            <td className="num" data-field="value">{usdMicros(value)}</td>
            <td className={`num ${tone(pnl)}`} data-field="pnl">{usdMicros(pnl)}</td>
            <td className={`num ${tone(pnl)}`} data-field="pct">{percent(pct)}</td>
            <td className={`num ${tone(realised)}`} data-field="realized">{usdMicros(realised)}</td>
            <td />
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
