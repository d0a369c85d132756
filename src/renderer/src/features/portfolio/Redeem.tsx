// Redeeming a resolved market's winning tokens into cash: a "Redeem $12.34" button with a
// confirmation and the result in words, where the venue offers it (venue-profile E). Where it
// does not, words say to redeem on the venue itself — never a button that cannot work.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';
import type { MarketResolution } from '@shared/ipc/resolution';
import { useMutate } from '../../api/hooks';
import { usdMicros } from '../../ui/money';
import { useToasts } from '../../ui/Toasts';
import { isNotOffered } from '../../ui/venue';
import './redeem.css';

/** The last redemption's outcome in words, kept while the user moves between screens (UI state). */
export const useRedeemNote = create<{ note?: { conditionId: string; ok: boolean; text: string }; set(note: { conditionId: string; ok: boolean; text: string }): void }>((set) => ({
  set: (note) => set({ note }),
}));

const ELSEWHERE = 'This venue does not offer redeeming resolved positions through its API: redeem them on the venue itself. Their worth is shown here.';

export function Redeem(props: {
  accountId: string;
  conditionId: string;
  question: string;
  /** What redeeming pays, in micros: the winning tokens held. */
  payout: bigint;
  /** Whether the venue redeems, as the core last learned it. */
  offered: MarketResolution['redeem'];
  /** Why it cannot be sent now (a locked vault), if so. */
  blocked?: string | undefined;
}): React.JSX.Element {
  const redeem = useMutate('portfolio.redeem');
  const push = useToasts((s) => s.push);
  const note = useRedeemNote((s) => s.set);
  const [asking, setAsking] = useState(false);
  const amount = usdMicros(props.payout);

  if (props.offered === 'lacking' || isNotOffered(redeem.error)) {
    return <span className="rd-elsewhere" data-testid="redeem-on-venue" title={ELSEWHERE}>Redeem on the venue</span>;
  }
  const send = (): void => {
    redeem.mutate(
      { accountId: props.accountId, conditionId: props.conditionId },
      {
        onSuccess: (r) => {
          note({ conditionId: props.conditionId, ok: true, text: r.words });
          push('good', r.words);
        },
        onError: (err) => {
          if (isNotOffered(err)) return;
          const text = `Not redeemed: ${err.message}`;
          note({ conditionId: props.conditionId, ok: false, text });
          push('bad', text);
        },
        onSettled: () => {
          setAsking(false);
        },
      },
    );
  };
  return (
    <>
      <button
        className="rd-button"
        data-testid="redeem"
        disabled={props.blocked !== undefined || redeem.isPending}
        title={props.blocked ?? `Turn the winning tokens of this market into ${amount} of cash`}
        onClick={() => setAsking(true)}
      >
        {redeem.isPending ? 'Redeeming…' : `Redeem ${amount}`}
      </button>
      {/* Above everything, not inside the table cell or section it was opened from. */}
      {asking ? createPortal(
        <div className="modal" role="dialog" aria-modal="true" aria-label="Confirm redeem" onKeyDown={(e) => e.key === 'Escape' && setAsking(false)}>
          <div className="modal-body rd-confirm">
            <h2>Redeem {amount}?</h2>
            <p>{props.question}</p>
            <p className="muted">
              The winning tokens pay $1 each, {amount} in all, into this account’s cash. Losing tokens of this market are cleared at $0. This cannot be undone.
            </p>
            <div className="inline">
              <button className="primary" autoFocus disabled={redeem.isPending} onClick={send}>
                Redeem {amount}
              </button>
              <button onClick={() => setAsking(false)}>Back</button>
            </div>
          </div>
        </div>,
        document.body,
      ) : null}
    </>
  );
}

/** The last redemption's words, where it concerns one of `conditionIds` (or any, when not given). */
export function RedeemNote({ conditionIds }: { conditionIds?: readonly string[] }): React.JSX.Element | null {
  const note = useRedeemNote((s) => s.note);
  if (!note || (conditionIds && !conditionIds.includes(note.conditionId))) return null;
  return (
    <p className={`rd-note ${note.ok ? 'yes' : 'no'}`} data-testid="redeem-result" role="status">
      {note.text}
    </p>
  );
}
