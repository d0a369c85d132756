// Leaderboard: period × order, ranked traders with P&L and volume.
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { usd } from '../../ui/format';
import { ErrorState, Skeleton, Stamp } from '../../ui/states';
import { useUi } from '../../state/ui';
import { FollowButton } from '../traders/FollowButton';

const PERIODS = ['DAY', 'WEEK', 'MONTH', 'ALL'] as const;

export function LeaderboardScreen(): React.JSX.Element {
  const [timePeriod, setPeriod] = useState<(typeof PERIODS)[number]>('WEEK');
  const [orderBy, setOrder] = useState<'PNL' | 'VOL'>('PNL');
  const board = useCall('leaderboard.list', { timePeriod, orderBy, limit: 50 });
  const openTrader = useUi((s) => s.openTrader);
  return (
    <div className="page">
      <div className="tabs" role="tablist">
        {PERIODS.map((p) => (
          <button key={p} aria-pressed={p === timePeriod} onClick={() => setPeriod(p)}>{p}</button>
        ))}
        <span style={{ width: 16 }} />
        {(['PNL', 'VOL'] as const).map((o) => (
          <button key={o} aria-pressed={o === orderBy} onClick={() => setOrder(o)}>{o === 'PNL' ? 'Profit' : 'Volume'}</button>
        ))}
        {board.data ? <Stamp fetchedAt={board.data.fetchedAt} stale={board.data.stale} /> : null}
      </div>
      {board.isPending ? <Skeleton /> : board.isError ? <ErrorState error={board.error} retry={() => void board.refetch()} /> : (
        <table data-testid="leaderboard">
          <thead><tr><th className="num">#</th><th>Trader</th><th className="num">Profit</th><th className="num">Volume</th><th aria-label="Follow" /></tr></thead>
          <tbody>
            {board.data.data.map((e) => (
              <tr key={String(e.proxyWallet)} onClick={() => openTrader(String(e.proxyWallet))} style={{ cursor: 'pointer' }} data-testid="trader-row" data-wallet={e.proxyWallet}>
                <td className="num">{e.rank}</td>
                <td>
                  {/* The row opens the trader too; the button is the keyboard's way in. */}
                  <button className="link" data-testid="trader-link" onClick={(ev) => (ev.stopPropagation(), openTrader(String(e.proxyWallet)))}>
                    {e.userName ? String(e.userName) : <span className="mono muted">{String(e.proxyWallet)}</span>}
                  </button>
                </td>
                <td className={`num ${Number(e.pnl) >= 0 ? 'yes' : 'no'}`}>{usd(Number(e.pnl))}</td>
                <td className="num">{usd(Number(e.vol))}</td>
                <td>{e.proxyWallet ? <FollowButton address={String(e.proxyWallet)} who={e.userName ? String(e.userName) : undefined} small /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
