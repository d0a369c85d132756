// Top holders per outcome and the market's comment threads.
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { Skeleton } from '../../ui/states';

export function Holders({ conditionId, outcomes }: { conditionId: string; outcomes: string[] }): React.JSX.Element {
  const holders = useCall('markets.holders', { conditionId, limit: 5 });
  if (holders.isPending) return <Skeleton rows={3} />;
  const groups = holders.data?.data ?? [];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, groups.length)}, 1fr)`, gap: 16 }}>
      {groups.map((g, i) => (
        <table key={String(g.token)}>
          <thead><tr><th>{outcomes[g.holders?.[0]?.outcomeIndex ?? i] ?? `Outcome ${i + 1}`}</th><th className="num">Shares</th></tr></thead>
          <tbody>
            {(g.holders ?? []).map((h) => (
              <tr key={String(h.proxyWallet)}>
                <td>{h.name || h.pseudonym || <span className="mono">{String(h.proxyWallet).slice(0, 10)}…</span>}</td>
                <td className="num">{Number(h.amount).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

export function Comments({ eventId }: { eventId: string }): React.JSX.Element {
  const [holdersOnly, setHoldersOnly] = useState(false);
  const comments = useCall('comments.list', { parentType: 'Event', parentId: eventId, holdersOnly, limit: 20 });
  const openTrader = useUi((s) => s.openTrader);
  const author = (name: string, address: string | undefined) => (
    <button className="link" data-testid="comment-author" onClick={(e) => { e.preventDefault(); if (address) openTrader(address); }}>{name}</button>
  );
  return (
    <div>
      <label className="muted">
        <input type="checkbox" checked={holdersOnly} onChange={(e) => setHoldersOnly(e.target.checked)} /> Holders only
      </label>
      {comments.isPending ? <Skeleton rows={3} /> : null}
      {comments.data?.data.length === 0 ? <p className="muted">No comments yet.</p> : null}
      {(comments.data?.data ?? []).map((c) => (
        <details key={String(c.id)} className="comment" data-testid="comment">
          <summary>
            {author(c.profile?.name || c.profile?.pseudonym || String(c.userAddress).slice(0, 10), c.userAddress)} <span className="muted">{c.reactionCount ?? 0} reactions · {c.replyCount ?? 0} replies</span>
            <div>{c.body}</div>
          </summary>
          {(c.replies ?? []).map((raw) => {
            const r = raw as { id?: string; body?: string; userAddress?: string; profile?: { name?: string; pseudonym?: string } };
            return (
              <div key={String(r.id)} style={{ marginLeft: 16, marginTop: 6 }}>
                <strong>{r.profile?.name || r.profile?.pseudonym || String(r.userAddress).slice(0, 10)}</strong> {r.body}
              </div>
            );
          })}
        </details>
      ))}
    </div>
  );
}
