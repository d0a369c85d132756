// A market whose trading ended: its winner and what each outcome settles at ($1 / $0) once it
// resolved, or that no result is reported yet; the account's tokens of it and what they are
// worth, and redeeming them where the venue can.
import { formatMicros, toMicros } from '@shared/domain/money';
import type { MarketResolution } from '@shared/ipc/resolution';
import { useCall } from '../../api/hooks';
import { useAccount } from '../../ui/AccountPicker';
import { size } from '../../ui/format';
import { usdMicros } from '../../ui/money';
import { Redeem, RedeemNote } from '../portfolio/Redeem';
import { isRedeemable, payoutOf, worthOf } from '../portfolio/settled';
import './resolution.css';

const outcomeClass = (i: number): string => (i === 0 ? 'yes' : i === 1 ? 'no' : '');

export function Resolution({ resolution: r, question }: { resolution: MarketResolution; question: string }): React.JSX.Element {
  const { accounts, account } = useAccount();
  const address = account?.address ?? '';
  const held = useCall('portfolio.positions', { address, market: [r.conditionId], sizeThreshold: 0, limit: 50 }, { enabled: address !== '', refetchInterval: 15_000 });
  const positions = (held.data?.data ?? []).filter((p) => (toMicros(p.size) ?? 0n) > 0n);
  const heldOf = (i: number) => positions.filter((p) => (typeof p.outcomeIndex === 'number' ? p.outcomeIndex : Number(/:(\d+)$/.exec(String(p.asset ?? ''))?.[1])) === i);
  const winner = r.winner !== undefined ? r.outcomes[r.winner]?.outcome : undefined;
  const known = r.state === 'resolved' && winner !== undefined;
  const worth = known ? positions.reduce((t, p) => t + (worthOf(p, r) ?? 0n), 0n) : undefined;
  const payout = payoutOf(positions, r.conditionId, r);
  const redeemable = positions.some((p) => isRedeemable(p, r));

  return (
    <section className="section mk-resolution" data-testid="resolution" data-state={r.state} aria-label="Resolution">
      <h2>{r.state === 'resolved' ? 'Resolved' : 'Trading ended'}</h2>
      <p className="mk-verdict" data-testid="resolution-verdict">
        {known ? (
          <>
            <b className={outcomeClass(r.winner as number)}>{winner}</b> won
          </>
        ) : r.state === 'resolved' ? (
          'Resolved — winner not reported'
        ) : (
          'Trading ended — no result reported yet'
        )}
      </p>
      <p className="muted">{r.words}{r.source === 'prices' ? ' (read from the final prices)' : ''}</p>
      <table className="mk-settle" data-testid="settlement">
        <thead>
          <tr>
            <th>Outcome</th>
            <th className="num">Settles at</th>
            {address ? <th className="num">You hold</th> : null}
            {address ? <th className="num">Worth</th> : null}
          </tr>
        </thead>
        <tbody>
          {r.outcomes.map((o, i) => {
            const mine = heldOf(i);
            const tokens = mine.reduce((t, p) => t + (toMicros(p.size) ?? 0n), 0n);
            const value = o.settles === undefined ? undefined : mine.reduce((t, p) => t + (worthOf(p, r) ?? 0n), 0n);
            return (
              <tr key={o.tokenId || o.outcome} data-testid="settlement-row" data-settles={o.settles}>
                <td className={outcomeClass(i)}>
                  {o.outcome}
                  {r.winner === i ? <span className="badge rd-won">winner</span> : null}
                </td>
                <td className="num" data-field="settles">{o.settles === undefined ? '—' : `$${o.settles}.00`}</td>
                {address ? <td className="num" data-field="held">{tokens > 0n ? size(formatMicros(tokens)) : '—'}</td> : null}
                {address ? <td className="num" data-field="worth">{tokens > 0n ? (value === undefined ? '—' : usdMicros(value)) : '—'}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      {address && positions.length ? (
        <div className="inline mk-worth">
          <span data-testid="position-worth">
            {worth !== undefined ? (
              <>Your tokens are worth <b>{usdMicros(worth)}</b>{worth > 0n ? '' : ' — the losing side settles at $0'}.</>
            ) : (
              'What your tokens are worth shows once the venue reports the winner.'
            )}
          </span>
          {redeemable && account ? (
            <Redeem
              accountId={account.id}
              conditionId={r.conditionId}
              question={question}
              payout={payout}
              offered={r.redeem}
              blocked={accounts.data?.locked ? 'Unlock the vault in Settings to redeem' : undefined}
            />
          ) : null}
        </div>
      ) : null}
      <RedeemNote conditionIds={[r.conditionId]} />
    </section>
  );
}

/** Whether the market page offers trading: not once trading ended or the market resolved. */
export function endedWords(r: MarketResolution | undefined, catalogClosed: boolean): string | undefined {
  if (r?.state === 'resolved') return 'This market has resolved: no new orders. Its winner and settlement are shown above.';
  if (r?.state === 'closed' || catalogClosed) return 'Trading ended: no new orders. The result shows here once the venue reports it.';
  return undefined;
}
