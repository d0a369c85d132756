// The Following screen: every followed wallet with what changed since it was last looked at —
// positions opened, closed and resized, the P&L made over the period — from the latest snapshot
// of its positions (the last one kept, with its time, when the venue is away). Each wallet is
// marked seen, given a trade-notice size or unfollowed here; a wallet is followed by address too.
import { useState } from 'react';
import { groupedText, toMicros } from '@shared/domain/money';
import type { FollowedTrader, PositionChange } from '@shared/ipc/contract';
import { useCall, useMutate } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { centsText } from '@shared/domain/money';
import { dateTime, size } from '../../ui/format';
import { sign, usdMicros } from '../../ui/money';
import { ErrorState, Failure, Skeleton } from '../../ui/states';
import { useNow } from '../../ui/timing';
import { ago } from '../comments/time';
import './following.css';

const tone = (m: bigint | undefined): string => ['no', '', 'yes'][sign(m) + 1] as string;
/** Money with its sign: "+$1.20", "−$0.40", "$0.00". */
const signedUsd = (m: bigint | undefined): string => (m !== undefined && m > 0n ? `+${usdMicros(m)}` : usdMicros(m));
const since = (at: number, now: number): string => ago(new Date(at).toISOString(), now);
const nameOf = (t: FollowedTrader): string => t.label ?? t.name ?? `${t.address.slice(0, 6)}…${t.address.slice(-4)}`;

export function FollowingScreen(): React.JSX.Element {
  const list = useCall('traders.following', {}, { refetchInterval: 30_000 });
  const now = useNow();
  return (
    <div className="page following" data-testid="following">
      <h1>Following</h1>
      <p className="muted fw-lead">What each wallet you follow changed since you last looked, from the venue’s positions; when the venue is away, from the last snapshot kept.</p>
      <AddFollow />
      {list.isPending ? (
        <Skeleton rows={6} />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="not-offered" data-testid="following-empty">
          You follow no one yet. Follow a wallet from the leaderboard, a trader’s page, a market’s holders or a comment’s author — or type its address above.
        </p>
      ) : (
        list.data.map((t) => <Followed key={t.address} t={t} now={now} />)
      )}
    </div>
  );
}

function AddFollow(): React.JSX.Element {
  const [text, setText] = useState('');
  const [label, setLabel] = useState('');
  const follow = useMutate('traders.follow');
  const submit = (e: React.FormEvent): void => {
    e.preventDefault();
    // A failure keeps what was typed, with the reason beside it. A wallet followed already takes the new label.
    follow.mutate({ address: text.trim(), ...(label.trim() ? { label: label.trim() } : {}) }, { onSuccess: () => (setText(''), setLabel('')) });
  };
  return (
    <form className="fw-add" onSubmit={submit} aria-label="Follow a wallet">
      <label>
        <span className="muted">Wallet address</span>
        <input className="mono" value={text} placeholder="0x…" spellCheck={false} aria-invalid={follow.isError} onChange={(e) => (setText(e.target.value), follow.reset())} data-testid="follow-address" />
      </label>
      <label>
        <span className="muted">Label</span>
        <input className="fw-label" value={label} placeholder="optional" maxLength={60} onChange={(e) => (setLabel(e.target.value), follow.reset())} data-testid="follow-label" />
      </label>
      <button type="submit" disabled={follow.isPending || text.trim() === ''}>Follow</button>
      <Failure error={follow.error} />
    </form>
  );
}

function Followed({ t, now }: { t: FollowedTrader; now: number }): React.JSX.Element {
  const openTrader = useUi((s) => s.openTrader);
  const seen = useMutate('traders.seen');
  const unfollow = useMutate('traders.unfollow');
  const c = t.changes;
  const count = c.opened.length + c.closed.length + c.resized.length;
  const pnl = toMicros(c.pnlChange);
  const name = nameOf(t);
  return (
    <section className={`fw-item${t.stale ? ' fw-stale' : ''}`} data-testid="followed" data-address={t.address} aria-label={name}>
      <header className="fw-head">
        <button className="link fw-name" title={`Open ${name}’s trader page`} onClick={() => openTrader(t.address)}>{name}</button>
        {t.label && t.name ? <span className="muted">{t.name}</span> : null}
        <span className="mono muted" title="Wallet address">{t.address}</span>
        <span className="fw-age muted" data-testid="snapshot-age" title={t.snapshotAt ? `Snapshot read ${dateTime(t.snapshotAt, true)}` : undefined}>
          {t.snapshotAt === undefined ? 'no snapshot yet' : t.stale ? `offline · snapshot of ${dateTime(t.snapshotAt)} (${since(t.snapshotAt, now)})` : `snapshot ${since(t.snapshotAt, now)}`}
        </span>
      </header>
      {t.problem ? <p className="fw-problem muted" role="status">{t.problem}</p> : null}
      <div className="fw-summary">
        <span className="muted">{t.seenAt === t.followedAt ? 'Since you followed' : 'Since you looked'} {since(t.seenAt, now)}:</span>
        {pnl !== undefined ? (
          <span data-testid="pnl-change" title="P&L made over the period on the positions compared (realised and unrealised, as the venue reports them)">
            P&amp;L <strong className={`num ${tone(pnl)}`}>{signedUsd(pnl)}</strong>
          </span>
        ) : null}
        <span data-testid="change-count">{count === 0 ? 'no changes' : [[c.opened.length, 'opened'], [c.closed.length, 'closed'], [c.resized.length, 'resized']].filter(([n]) => n).map(([n, w]) => `${n} ${w}`).join(' · ')}</span>
        <span className="muted">{t.openPositions} open {t.openPositions === 1 ? 'position' : 'positions'}{t.complete ? '' : ' (the largest read)'}</span>
        {t.lastTradeAt ? <span className="muted">last trade {since(t.lastTradeAt * 1000, now)}</span> : null}
      </div>
      {c.pnlNote ? <p className="muted fw-note">{c.pnlNote}</p> : null}
      {count > 0 ? <Changes c={c} /> : null}
      <div className="fw-actions">
        <NotifySize t={t} />
        <button onClick={() => seen.mutate({ address: t.address })} disabled={seen.isPending || (count === 0 && (pnl ?? 0n) === 0n)} title="Count changes from now on" data-testid="mark-seen">Mark seen</button>
        <button className="danger" onClick={() => unfollow.mutate({ address: t.address })} disabled={unfollow.isPending}>Unfollow</button>
        <Failure error={seen.error ?? unfollow.error} />
      </div>
    </section>
  );
}

function Changes({ c }: { c: FollowedTrader['changes'] }): React.JSX.Element {
  const rows: Array<[string, PositionChange]> = [...c.opened.map((p) => ['Opened', p] as [string, PositionChange]), ...c.closed.map((p) => ['Closed', p] as [string, PositionChange]), ...c.resized.map((p) => ['Resized', p] as [string, PositionChange])];
  const select = useUi((s) => s.select);
  const go = useUi((s) => s.go);
  return (
    <table className="fw-table" data-testid="changes">
      <thead>
        <tr><th>Change</th><th>Market</th><th className="num">Before</th><th className="num">Now</th><th className="num">Shares ±</th><th className="num">Price</th><th className="num">P&amp;L ±</th></tr>
      </thead>
      <tbody>
        {rows.map(([kind, p]) => {
          const delta = (toMicros(p.sizeAfter) ?? 0n) - (toMicros(p.sizeBefore) ?? 0n);
          const pnl = p.pnlAfter === undefined ? undefined : (toMicros(p.pnlAfter) ?? 0n) - (toMicros(p.pnlBefore) ?? 0n);
          return (
            <tr key={`${kind}-${p.asset}`} data-testid="change" data-kind={kind.toLowerCase()}>
              <td><span className={`fw-kind ${kind.toLowerCase()}`}>{kind}</span></td>
              <td className="fw-market">
                {p.slug ? (
                  <button className="link" title={`${p.title}: open the market`} onClick={() => (select(p.slug), go('markets'))}>{p.title}</button>
                ) : (
                  <span>{p.title}</span>
                )}
                <span className={`fw-outcome ${/^yes$/i.test(p.outcome) ? 'yes' : /^no$/i.test(p.outcome) ? 'no' : 'muted'}`}>{p.outcome}</span>
              </td>
              <td className="num">{size(p.sizeBefore)}</td>
              <td className="num">{size(p.sizeAfter)}</td>
              <td className={`num ${tone(delta)}`}>{delta > 0n ? '+' : delta < 0n ? '−' : ''}{groupedText(delta < 0n ? -delta : delta)}</td>
              <td className="num">{centsText(p.price)}</td>
              <td className={`num ${tone(pnl)}`} title={pnl === undefined ? 'The venue no longer lists this position: its P&L since is not known' : undefined}>{pnl === undefined ? '—' : signedUsd(pnl)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function NotifySize({ t }: { t: FollowedTrader }): React.JSX.Element {
  const [text, setText] = useState(t.minTradeUsd ?? '');
  const follow = useMutate('traders.follow');
  const changed = text.trim() !== (t.minTradeUsd ?? '');
  const save = (e: React.FormEvent): void => {
    e.preventDefault();
    const v = text.trim().replace(/^\$/, '');
    // Empty: no trade notices. Anything else is checked by the core, and kept here when refused.
    follow.mutate({ address: t.address, minTradeUsd: v === '' ? null : v });
  };
  return (
    <form className="fw-notify" onSubmit={save} aria-label={`Trade notices for ${nameOf(t)}`}>
      <label title="A notice when this wallet trades at least this much cash in one fill; empty for none">
        <span className="muted">Notify on trades of at least $</span>
        <input value={text} inputMode="decimal" placeholder="none" aria-invalid={follow.isError} onChange={(e) => (setText(e.target.value), follow.reset())} data-testid="notify-size" />
      </label>
      <button type="submit" disabled={!changed || follow.isPending}>Save</button>
      <Failure error={follow.error} />
    </form>
  );
}
