// Top holders per outcome; a holder opens their trader page.
import { memo } from 'react';
import { useCall } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { ErrorState, Filtered, Skeleton, Stamp } from '../../ui/states';
import { FollowButton } from '../traders/FollowButton';

export const Holders = memo(function Holders({ conditionId, outcomes }: { conditionId: string; outcomes: readonly string[] }): React.JSX.Element {
  const holders = useCall('markets.holders', { conditionId, limit: 5 });
  const openTrader = useUi((s) => s.openTrader);
  if (holders.isPending) return <Skeleton rows={3} />;
  if (holders.isError) return <ErrorState error={holders.error} retry={() => void holders.refetch()} />;
  const groups = holders.data.data;
  if (groups.every((g) => !g.holders?.length)) {
    return (
      <>
        <Filtered dropped={holders.data.filtered} testId="holders-filtered" />
        <p className="muted">No one holds this market yet.</p>
      </>
    );
  }
  return (
    <>
      {holders.data.stale ? <Stamp fetchedAt={holders.data.fetchedAt} stale /> : null}
      <Filtered dropped={holders.data.filtered} testId="holders-filtered" />
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, groups.length)}, 1fr)`, gap: 16, alignItems: 'start' }}>
        {groups.map((g, i) => (
          <table key={String(g.token)} data-testid="holders">
            <thead><tr><th>{outcomes[g.holders?.[0]?.outcomeIndex ?? i] ?? `Outcome ${i + 1}`}</th><th className="num">Shares</th></tr></thead>
            <tbody>
              {(g.holders ?? []).map((h) => (
                <tr key={String(h.proxyWallet)}>
                  <td>
                    <button className="link" data-testid="holder" disabled={!h.proxyWallet} title="Open this trader’s page" onClick={() => h.proxyWallet && openTrader(h.proxyWallet)}>
                      {h.name || h.pseudonym || <span className="mono">{String(h.proxyWallet).slice(0, 10)}…</span>}
                    </button>
                    {h.proxyWallet ? <FollowButton address={h.proxyWallet} who={h.name || h.pseudonym || undefined} small /> : null}
                  </td>
                  <td className="num">{Number(h.amount).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </>
  );
});
