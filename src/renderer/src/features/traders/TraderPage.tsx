// A trader: their positions and trades (data surface) and comments (catalog surface).
import { useCall } from '../../api/hooks';
import { cents, usd } from '../../ui/format';
import { Skeleton, Stamp } from '../../ui/states';
import { TradesTable } from '../../ui/TradesTable';

export function TraderPage({ address, onBack }: { address: string; onBack: () => void }): React.JSX.Element {
  // Reached from the leaderboard or from any comment author.
  const positions = useCall('portfolio.positions', { address, limit: 50 });
  const trades = useCall('portfolio.trades', { address, limit: 20 });
  const comments = useCall('comments.byUser', { address, limit: 20 });
  return (
    <div className="page" data-testid="trader">
      <button onClick={onBack}>← Back</button>
      <h1 className="mono" style={{ fontSize: 14 }}>{address}</h1>
      <div className="section">
        <h2>Positions {positions.data ? <Stamp fetchedAt={positions.data.fetchedAt} stale={positions.data.stale} /> : null}</h2>
        {positions.isPending ? <Skeleton rows={4} /> : (
          <table>
            <thead><tr><th>Market</th><th>Outcome</th><th className="num">Shares</th><th className="num">Avg</th><th className="num">Now</th><th className="num">P&amp;L</th></tr></thead>
            <tbody>
              {(positions.data?.data ?? []).map((p) => (
                <tr key={`${String(p.conditionId)}-${String(p.outcomeIndex)}`}>
                  <td>{p.title}</td>
                  <td>{p.outcome}</td>
                  <td className="num">{Number(p.size).toLocaleString()}</td>
                  <td className="num">{cents(p.avgPrice)}</td>
                  <td className="num">{cents(p.curPrice)}</td>
                  <td className={`num ${Number(p.cashPnl) >= 0 ? 'yes' : 'no'}`}>{usd(Number(p.cashPnl))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="section">
        <h2>Recent trades</h2>
        <TradesTable trades={trades.data?.data ?? []} withMarket />
      </div>
      <div className="section">
        <h2>Comments</h2>
        {(comments.data?.data ?? []).length === 0 ? <p className="muted">No comments.</p> : null}
        {(comments.data?.data ?? []).map((c) => (
          <p key={String(c.id)}>{c.body}</p>
        ))}
      </div>
    </div>
  );
}
