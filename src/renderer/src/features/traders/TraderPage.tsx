// A trader, reached from the leaderboard, a comment's author or a market's holders: who they
// are, where they stand in each leaderboard window, what they hold (each position opens its
// market), what they traded and what they wrote. Each part loads, fails and goes stale alone.
import { toMicros } from '@shared/domain/money';
import type { CallOutput } from '@shared/ipc/contract';
import type { Position } from '@shared/spec/index';
import { useCall } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { cents, size } from '../../ui/format';
import { sign, usdMicros } from '../../ui/money';
import { ErrorState, Filtered, Skeleton, Stamp } from '../../ui/states';
import { TradesTable } from '../../ui/TradesTable';
import { When } from '../comments/Comments';
import { useNow } from '../../ui/timing';
import { FollowButton } from './FollowButton';
import './traders.css';

const WINDOWS: Record<string, string> = { DAY: '24 hours', WEEK: '7 days', MONTH: '30 days', ALL: 'All time' };
const tone = (m: bigint | undefined): string => ['no', '', 'yes'][sign(m) + 1] as string;
const short = (a: string): string => `${a.slice(0, 6)}…${a.slice(-4)}`;

type Part = { fetchedAt: number; stale: boolean } | undefined;
const stamp = (p: Part): React.JSX.Element | null => (p ? <Stamp fetchedAt={p.fetchedAt} stale={p.stale} /> : null);

export function TraderPage({ address, onBack }: { address: string; onBack: () => void }): React.JSX.Element {
  const who = useCall('traders.get', { address });
  const t = who.data?.data;
  return (
    <div className="page trader" data-testid="trader">
      <button onClick={onBack}>← Back</button>
      <header className="tr-head">
        <div className="tr-title">
          <h1 data-testid="trader-name">{t?.name || t?.pseudonym || short(address)}</h1>
          <FollowButton address={address} who={t?.name || t?.pseudonym} />
        </div>
        <div className="muted">
          {t?.pseudonym && t.pseudonym !== t.name ? <span data-testid="trader-pseudonym">{t.pseudonym} · </span> : null}
          <span className="mono" title="Wallet address">{address}</span>
        </div>
      </header>
      <section className="section">
        <h2>Leaderboard standing {stamp(who.data)}</h2>
        <Standing summary={who} />
      </section>
      <Positions address={address} />
      <Trades address={address} />
      <TraderComments address={address} />
    </div>
  );
}

function Standing({ summary }: { summary: ReturnType<typeof useCall<'traders.get'>> }): React.JSX.Element {
  if (summary.isPending) return <Skeleton rows={4} />;
  if (summary.isError) return <ErrorState error={summary.error} retry={() => void summary.refetch()} />;
  const periods = summary.data.data.periods;
  return (
    <>
      <table className={`tr-standing ${summary.data.stale ? 'stale' : ''}`} data-testid="standing">
        <thead>
          <tr><th>Window</th><th className="num">Rank</th><th className="num">P&amp;L</th><th className="num">Volume</th></tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <StandingRow key={p.period} row={p} />
          ))}
        </tbody>
      </table>
      {periods.every((p) => p.rank === undefined) ? (
        <p className="muted">Not on the leaderboard in any window: the venue ranks wallets by what they traded in it.</p>
      ) : null}
    </>
  );
}

function StandingRow({ row }: { row: CallOutput<'traders.get'>['data']['periods'][number] }): React.JSX.Element {
  const pnl = toMicros(row.pnl);
  return (
    <tr data-period={row.period}>
      <td>{WINDOWS[row.period]}</td>
      {row.rank === undefined ? (
        <>
          <td className="num muted" data-field="rank" title="No trades the venue counts in this window">not ranked</td>
          <td className="num muted" data-field="pnl">—</td>
          <td className="num muted" data-field="vol">—</td>
        </>
      ) : (
        <>
          <td className="num" data-field="rank">#{row.rank}</td>
          <td className={`num ${tone(pnl)}`} data-field="pnl">{usdMicros(pnl)}</td>
          <td className="num" data-field="vol">{usdMicros(toMicros(row.vol))}</td>
        </>
      )}
    </tr>
  );
}

function Positions({ address }: { address: string }): React.JSX.Element {
  const positions = useCall('portfolio.positions', { address, limit: 100, sortBy: 'CURRENT', sortDirection: 'DESC' });
  const select = useUi((s) => s.select);
  const go = useUi((s) => s.go);
  const open = (p: Position): void => {
    select(String(p.slug));
    go('markets');
  };
  return (
    <section className="section">
      <h2>Positions {stamp(positions.data)}</h2>
      <Filtered dropped={positions.data?.filtered} testId="trader-positions-filtered" />
      {positions.isPending ? (
        <Skeleton rows={4} />
      ) : positions.isError ? (
        <ErrorState error={positions.error} retry={() => void positions.refetch()} />
      ) : positions.data.data.length === 0 ? (
        <p className="muted" data-testid="trader-positions-empty">No open positions.</p>
      ) : (
        <table className={`tr-table ${positions.data.stale ? 'stale' : ''}`} data-testid="trader-positions">
          <thead>
            <tr><th>Market</th><th className="num">Shares</th><th className="num">Avg</th><th className="num">Now</th><th className="num">Value</th><th className="num">P&amp;L</th></tr>
          </thead>
          <tbody>
            {positions.data.data.map((p) => {
              const pnl = toMicros(p.cashPnl);
              return (
                <tr key={`${String(p.asset ?? p.conditionId)}-${String(p.outcomeIndex)}`} data-testid="trader-position" data-slug={p.slug}>
                  <td className="tr-market">
                    {p.slug ? (
                      <button className="link tr-name" title={`${p.title ?? ''}: open the market`} onClick={() => open(p)}>{p.title}</button>
                    ) : (
                      <span className="tr-name">{p.title}</span>
                    )}
                    <span className={`tr-outcome ${/^yes$/i.test(p.outcome ?? '') ? 'yes' : /^no$/i.test(p.outcome ?? '') ? 'no' : 'muted'}`}>{p.outcome}</span>
                  </td>
                  <td className="num">{size(p.size)}</td>
                  <td className="num">{cents(p.avgPrice)}</td>
                  <td className="num">{cents(p.curPrice)}</td>
                  <td className="num">{usdMicros(toMicros(p.currentValue))}</td>
                  <td className={`num ${tone(pnl)}`}>{usdMicros(pnl)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Trades({ address }: { address: string }): React.JSX.Element {
  const trades = useCall('portfolio.trades', { address, limit: 25 });
  return (
    <section className="section" data-testid="trader-trades">
      <h2>Recent trades {stamp(trades.data)}</h2>
      <Filtered dropped={trades.data?.filtered} testId="trader-trades-filtered" />
      {trades.isPending ? (
        <Skeleton rows={4} />
      ) : trades.isError ? (
        <ErrorState error={trades.error} retry={() => void trades.refetch()} />
      ) : trades.data.data.length === 0 ? (
        <p className="muted">No trades yet.</p>
      ) : (
        <div className={trades.data.stale ? 'stale' : ''}>
          <TradesTable trades={trades.data.data} withMarket />
        </div>
      )}
    </section>
  );
}

function TraderComments({ address }: { address: string }): React.JSX.Element {
  // The same page the trader summary reads for the name: one cached answer for both.
  const comments = useCall('comments.byUser', { address, limit: 20 });
  const now = useNow();
  return (
    <section className="section" data-testid="trader-comments">
      <h2>Comments {stamp(comments.data)}</h2>
      <Filtered dropped={comments.data?.filtered} testId="trader-comments-filtered" />
      {comments.isPending ? (
        <Skeleton rows={3} />
      ) : comments.isError ? (
        <ErrorState error={comments.error} retry={() => void comments.refetch()} />
      ) : comments.data.data.length === 0 ? (
        <p className="muted">No comments.</p>
      ) : (
        comments.data.data.map((c) => (
          <div key={String(c.id)} className="cm-item" data-testid="trader-comment">
            <div className="cm-head">
              {c.parentCommentID ? <span className="muted">↳ reply</span> : null}
              <When iso={c.createdAt} now={now} />
              {c.reactionCount ? <span className="muted cm-reactions">{c.reactionCount} {c.reactionCount === 1 ? 'reaction' : 'reactions'}</span> : null}
            </div>
            <div className="cm-body">{c.body}</div>
          </div>
        ))
      )}
    </section>
  );
}
