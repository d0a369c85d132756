// The active account's portfolio: cash, the account's value (cash + positions) and P&L (realised +
// unrealised) now and over time, positions open (with the data surface's sorts, filters and exact
// totals) and closed (with what they realised), trades, and CSV exports. Every part opens from the
// core's cache when the venue is unreachable, with its "as of" time.
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { AccountSummary, CallInput } from '@shared/ipc/contract';
import { toMicros } from '@shared/domain/money';
import type { Trade } from '@shared/spec/data';
import { useCall, useCallPages } from '../../api/hooks';
import { PORTFOLIO_CALLS, useRefresh } from '../../api/stale';
import { useUi } from '../../state/ui';
import { useAccount } from '../../ui/AccountPicker';
import { asOf, cents, dateTime, size } from '../../ui/format';
import { ErrorState, Skeleton, Stamp } from '../../ui/states';
import { CLOSED_COLUMNS, csvName, HISTORY_COLUMNS, positionColumns, toCsv, tradeColumns, type Column } from './csv';
import { usdMicros } from '../../ui/money';
import { SORTS, usePortfolioView, type Range, type SortBy } from './view';
import { CashTiles } from './Cash';
import { outcomeTone, PositionsTable } from './Positions';
import { RedeemNote } from './Redeem';
import { byMarket, endedMarkets } from './settled';
import { ClosedTable } from './Closed';
import { PnlSummary } from './PnlSummary';
import { isNotOffered } from '../../ui/venue';
import './pnl.css';

// lightweight-charts is large; load it only when the portfolio is opened.
const ValueChart = lazy(() => import('./ValueChart').then((m) => ({ default: m.ValueChart })));

/** The venue's page maximum: one request holds a whole ordinary portfolio. */
const POSITIONS_LIMIT = 500;
const TRADES_PAGE = 100;
const REFRESH_MS = 15_000;
const RANGES: ReadonlyArray<[Range, number | undefined]> = [['1D', 86_400_000], ['1W', 7 * 86_400_000], ['1M', 30 * 86_400_000], ['ALL', undefined]];

/** Where a chart range starts, in whole minutes so the query key holds still between renders. */
function rangeStart(range: Range): number | undefined {
  const span = RANGES.find(([r]) => r === range)?.[1];
  return span === undefined ? undefined : Math.floor((Date.now() - span) / 60_000) * 60_000;
}

/** What, whose and as of when are in the file's name; the file starts with its header. */
function download<R>(what: string, address: string, at: number, columns: ReadonlyArray<Column<R>>, rows: readonly R[]): void {
  const text = toCsv(columns, rows);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = csvName(what, address, at);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function PortfolioScreen(): React.JSX.Element {
  const { accounts, account } = useAccount();
  const go = useUi((s) => s.go);
  if (accounts.isPending) return <div className="page"><Skeleton rows={10} /></div>;
  if (accounts.isError) return <div className="page"><ErrorState error={accounts.error} retry={() => void accounts.refetch()} /></div>;
  if (account === null) {
    return (
      <div className="page" data-testid="portfolio-empty">
        <h1 className="pf-title">Portfolio</h1>
        <div className="pf-empty">
          <p>No account yet. A portfolio belongs to an account of this venue: import a wallet key with its API credentials, or create one where the venue issues keys, in Settings.</p>
          <button onClick={() => go('settings')}>Open Settings</button>
        </div>
      </div>
    );
  }
  // The account picker settles on an account right after the list arrives.
  if (!account) return <div className="page"><Skeleton rows={10} /></div>;
  return <Portfolio key={account.id} account={account} locked={accounts.data.locked} />;
}

function Portfolio({ account, locked }: { account: AccountSummary; locked: boolean }): React.JSX.Element {
  const view = usePortfolioView();
  const address = account.address;

  // The title search goes out once typing pauses.
  const [title, setTitle] = useState(view.title);
  const setView = view.set;
  useEffect(() => {
    const t = setTimeout(() => setView({ title: title.trim() }), 250);
    return () => clearTimeout(t);
  }, [title, setView]);

  const clearFilters = (): void => {
    setTitle('');
    view.clear();
  };

  const minSize = view.minSize.trim() === '' ? undefined : Number(view.minSize);
  const positionsInput: CallInput<'portfolio.positions'> = {
    address,
    limit: POSITIONS_LIMIT,
    sortBy: view.sortBy,
    sortDirection: view.sortDirection,
    ...(view.title ? { title: view.title } : {}),
    ...(view.market ? { market: [view.market] } : {}),
    ...(view.redeemable ? { redeemable: true } : {}),
    ...(view.mergeable ? { mergeable: true } : {}),
    ...(minSize !== undefined && Number.isFinite(minSize) && minSize >= 0 ? { sizeThreshold: minSize } : {}),
  };
  const filtered = Object.keys(positionsInput).some((k) => ['title', 'market', 'redeemable', 'mergeable', 'sizeThreshold'].includes(k));
  const positions = useCall('portfolio.positions', positionsInput, { refetchInterval: REFRESH_MS, placeholderData: keepPreviousData });
  const balance = useCall('portfolio.balance', { accountId: account.id }, { refetchInterval: (q) => (isNotOffered(q.state.error) ? false : REFRESH_MS), retry: false });
  // The whole account, whatever the filters: its value, P&L, closed positions; each answer is a snapshot.
  const pnl = useCall('portfolio.pnl', { accountId: account.id }, { refetchInterval: REFRESH_MS, placeholderData: keepPreviousData });
  const [shown, setShown] = useState<'open' | 'closed'>('open');

  const from = useMemo(() => rangeStart(view.range), [view.range]);
  const history = useCall('portfolio.history', { accountId: account.id, ...(from !== undefined ? { from } : {}) }, { placeholderData: keepPreviousData });
  // A newer P&L answer took a snapshot: the core makes the chart (and the trades) stale.

  const tradesInput: CallInput<'portfolio.trades'> = {
    address,
    ...(view.tradeSide ? { side: view.tradeSide } : {}),
    ...(view.tradeMarket ? { market: [view.tradeMarket] } : {}),
  };
  const trades = useCallPages('portfolio.trades', tradesInput, TRADES_PAGE, (p) => p.data.length);
  const tradeRows = useMemo(() => trades.data?.pages.flatMap((p) => p.data) ?? [], [trades.data]);

  // Markets the account has touched, for the market filters; kept while filters narrow the lists.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const seen = [...(positions.data?.data ?? []), ...tradeRows].filter((x) => x.conditionId && !known.has(x.conditionId));
    if (seen.length) setKnown((k) => new Map([...k, ...seen.map((x) => [String(x.conditionId), String(x.title ?? x.conditionId)] as const)]));
  }, [positions.data, tradeRows, known]);
  const marketOptions = [...known].sort((a, b) => a[1].localeCompare(b[1]));

  // The page's own stamp: the oldest answer that came from the cache because the venue was away.
  const staleAt = [positions.data, balance.data, pnl.data, ...(trades.data?.pages ?? [])].filter((d) => d?.stale).map((d) => d?.fetchedAt as number);
  const refresh = useRefresh(PORTFOLIO_CALLS);

  const rows = useMemo(() => positions.data?.data ?? [], [positions.data]);
  // Markets the positions hint have ended: whether they resolved, and to what (winning tokens are worth $1).
  const ended = useMemo(() => endedMarkets(rows, Date.now()), [rows]);
  const settled = useCall('markets.resolution', { conditionIds: ended }, { enabled: ended.length > 0, refetchInterval: REFRESH_MS, placeholderData: keepPreviousData });
  const resolutions = useMemo(() => byMarket(ended.length ? settled.data?.data : []), [ended.length, settled.data]);
  const points = history.data ?? [];
  const account$ = pnl.data?.data;
  // The trading token id of each data-surface asset, as the core learnt them: what the CSVs carry.
  const tokenIds = useMemo(() => new Map([...(account$?.open ?? []), ...(account$?.closed ?? [])].flatMap((p) => (p.tokenId ? [[p.asset, p.tokenId] as const] : []))), [account$]);
  const tokenIdOf = (asset: string | undefined): string | undefined => (asset ? tokenIds.get(asset) : undefined);
  const figures = useMemo(() => new Map((account$?.open ?? []).map((p) => [p.asset, p] as const)), [account$]);

  return (
    <div className="page pf" data-testid="portfolio">
      <div className="pf-head">
        <h1 className="pf-title">Portfolio</h1>
        <span className="mono muted" title="Account address">{address}</span>
        {account.label ? <span className="badge">{account.label}</span> : null}
        <span className="pf-grow" />
        {staleAt.length ? (
          <span data-testid="as-of"><Stamp fetchedAt={Math.min(...staleAt)} stale /></span>
        ) : positions.data ? (
          <span className="stamp" title="Refreshed every 15 seconds">updated {asOf(positions.data.fetchedAt)}</span>
        ) : null}
        <button onClick={refresh} title="Ask the venue again now">Refresh</button>
      </div>

      <section className="pf-cash" data-testid="cash" aria-label="Cash">
        <CashTiles balance={balance} locked={locked} value={toMicros(account$?.positionsValue)} reserved={account$?.reserved} />
      </section>

      <section className="section" aria-label="Value and P&L">
        <div className="pf-bar">
          <h2>Value and P&amp;L</h2>
          <div className="tabs pf-tabs">
            {RANGES.map(([r]) => (
              <button key={r} aria-pressed={r === view.range} onClick={() => view.set({ range: r })}>{r}</button>
            ))}
          </div>
          <span className="muted pf-legend" title="Value on the right scale, P&L on the left: with no money paid in or out, every change of value is P&L, so the two lines move together">
            {account$ && account$.value === undefined ? null : <><span className="pf-key pf-key-value" />value</>}
            <span className="pf-key pf-key-pnl" />P&amp;L
          </span>
          <span className="pf-grow" />
          <button disabled={!history.data?.length} title={history.data?.length ? 'Save the snapshots in this range as CSV' : 'No snapshots in this range'} onClick={() => download('value-history', address, history.dataUpdatedAt, HISTORY_COLUMNS, points)}>
            Export CSV
          </button>
        </div>
        {pnl.isError && !pnl.data ? <ErrorState error={pnl.error} retry={() => void pnl.refetch()} /> : <PnlSummary pnl={account$} />}
        {history.isError ? (
          <ErrorState error={history.error} retry={() => void history.refetch()} />
        ) : (
          <Suspense fallback={<div className="pf-chart-wait" />}>
            {history.isPending ? <div className="pf-chart-wait" /> : <ValueChart points={points} />}
          </Suspense>
        )}
      </section>

      <section className="section" aria-label="Positions">
        <div className="pf-bar">
          <h2>Positions</h2>
          <div className="tabs pf-tabs" role="tablist" aria-label="Open or closed positions">
            <button role="tab" aria-selected={shown === 'open'} aria-pressed={shown === 'open'} onClick={() => setShown('open')}>Open</button>
            <button role="tab" aria-selected={shown === 'closed'} aria-pressed={shown === 'closed'} onClick={() => setShown('closed')}>
              Closed{account$ ? ` (${account$.closed.length})` : ''}
            </button>
          </div>
          <span className="pf-grow" />
          {shown === 'open' && positions.data ? <Stamp fetchedAt={positions.data.fetchedAt} stale={positions.data.stale} /> : null}
          {shown === 'closed' && pnl.data ? <Stamp fetchedAt={pnl.data.fetchedAt} stale={pnl.data.stale} /> : null}
          {shown === 'open' ? (
            <button disabled={!rows.length} title="Save the listed positions as CSV" onClick={() => positions.data && download('positions', address, positions.data.fetchedAt, positionColumns(tokenIdOf), rows)}>
              Export CSV
            </button>
          ) : (
            <button disabled={!account$?.closed.length} title="Save the closed positions as CSV" onClick={() => pnl.data && download('closed-positions', address, pnl.data.fetchedAt, CLOSED_COLUMNS, pnl.data.data.closed)}>
              Export CSV
            </button>
          )}
        </div>
        {shown === 'closed' ? (
          pnl.isPending ? <Skeleton rows={4} /> : <ClosedTable rows={account$?.closed ?? []} dim={pnl.isPlaceholderData || pnl.data?.stale === true} />
        ) : (
        <>
        <div className="pf-bar pf-filters">
          <input type="search" aria-label="Search positions" placeholder="Title contains…" maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
          <select aria-label="Position market" value={view.market} onChange={(e) => view.set({ market: e.target.value })}>
            <option value="">All markets</option>
            {marketOptions.map(([id, t]) => <option key={id} value={id}>{t}</option>)}
          </select>
          <label className="pf-check"><input type="checkbox" checked={view.redeemable} onChange={(e) => view.set({ redeemable: e.target.checked })} />Redeemable</label>
          <label className="pf-check"><input type="checkbox" checked={view.mergeable} onChange={(e) => view.set({ mergeable: e.target.checked })} />Mergeable</label>
          <label className="pf-check" title="Hide positions smaller than this many tokens (the venue hides under 1 unless told)">
            Min size <input className="pf-min" type="number" min={0} step="any" aria-label="Minimum size" placeholder="1" value={view.minSize} onChange={(e) => view.set({ minSize: e.target.value })} />
          </label>
          <span className="pf-sep" />
          <label className="pf-check">
            Sort
            <select aria-label="Sort positions" value={view.sortBy} onChange={(e) => view.set({ sortBy: e.target.value as SortBy })}>
              {SORTS.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
            </select>
          </label>
          <button aria-label="Sort direction" title="Flip the sort direction" onClick={() => view.set({ sortDirection: view.sortDirection === 'ASC' ? 'DESC' : 'ASC' })}>
            {view.sortDirection === 'ASC' ? '↑ Asc' : '↓ Desc'}
          </button>
          {filtered ? <button className="link action" onClick={clearFilters}>Clear filters</button> : null}
        </div>
        <RedeemNote />
        {positions.isPending ? (
          <Skeleton rows={6} />
        ) : positions.isError && !positions.data ? (
          <ErrorState error={positions.error} retry={() => void positions.refetch()} />
        ) : (
          <PositionsTable
            rows={rows}
            resolutions={resolutions}
            accountId={account.id}
            redeemBlocked={locked ? 'Unlock the vault in Settings to redeem' : undefined}
            dim={positions.isPlaceholderData || positions.data?.stale === true}
            filtered={filtered}
            full={rows.length >= POSITIONS_LIMIT}
            onClear={clearFilters}
            closed={account$ ? { count: account$.closed.length, show: () => setShown('closed') } : undefined}
            figures={figures}
          />
        )}
        </>
        )}
      </section>

      <section className="section" aria-label="Trades">
        <div className="pf-bar">
          <h2>Trades</h2>
          <select aria-label="Trade side" value={view.tradeSide} onChange={(e) => view.set({ tradeSide: e.target.value as '' | 'BUY' | 'SELL' })}>
            <option value="">Buys and sells</option>
            <option value="BUY">Buys</option>
            <option value="SELL">Sells</option>
          </select>
          <select aria-label="Trade market" value={view.tradeMarket} onChange={(e) => view.set({ tradeMarket: e.target.value })}>
            <option value="">All markets</option>
            {marketOptions.map(([id, t]) => <option key={id} value={id}>{t}</option>)}
          </select>
          <span className="pf-grow" />
          {trades.data?.pages[0] ? <Stamp fetchedAt={trades.data.pages[0].fetchedAt} stale={trades.data.pages.some((p) => p.stale)} /> : null}
          <button
            disabled={!tradeRows.length}
            title="Save the loaded trades as CSV"
            onClick={() => trades.data && download('trades', address, Math.min(...trades.data.pages.map((p) => p.fetchedAt)), tradeColumns(tokenIdOf), tradeRows)}
          >
            Export CSV
          </button>
        </div>
        {trades.isPending ? (
          <Skeleton rows={6} />
        ) : trades.isError && !trades.data ? (
          <ErrorState error={trades.error} retry={() => void trades.refetch()} />
        ) : (
          <>
            <TradesList rows={tradeRows} filtered={Boolean(view.tradeSide || view.tradeMarket)} />
            {trades.hasNextPage ? (
              <button className="pf-more" disabled={trades.isFetchingNextPage} onClick={() => void trades.fetchNextPage()}>
                {trades.isFetchingNextPage ? 'Loading…' : 'Load more trades'}
              </button>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

function TradesList({ rows, filtered }: { rows: readonly Trade[]; filtered: boolean }): React.JSX.Element {
  return (
    <table className="pf-table" data-testid="trades">
      <thead>
        <tr>
          <th>Time</th>
          <th>Side</th>
          <th>Market</th>
          <th>Outcome</th>
          <th className="num">Price</th>
          <th className="num">Size</th>
          <th className="num">Cash</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={7} className="pf-none">{filtered ? 'No trades match these filters.' : 'No trades yet.'}</td>
          </tr>
        ) : null}
        {rows.map((t, i) => (
          <tr key={`${String(t.transactionHash)}-${String(t.asset)}-${i}`} data-side={t.side}>
            <td className="muted pf-time">{dateTime(t.timestamp ? t.timestamp * 1000 : undefined)}</td>
            <td className={t.side === 'BUY' ? 'yes' : 'no'} data-field="side">{t.side}</td>
            <td className="pf-market"><span className="pf-name">{t.title}</span></td>
            <td className={outcomeTone(t.outcome)}>{t.outcome}</td>
            <td className="num" data-field="price">{cents(t.price)}</td>
            <td className="num" data-field="size">{size(t.size)}</td>
            <td className="num" data-field="cash">{usdMicros(toMicros(t.usdcSize))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
