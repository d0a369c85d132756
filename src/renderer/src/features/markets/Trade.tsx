// The market page's trading block: the chosen outcome's book beside the order entry panel. One
// outcome choice drives both; a click on a book level fills the entry; the account's resting
// orders are marked in the book with a cancel. A closed market shows its book and no entry.
import { centsText } from '@shared/domain/money';
import { memo, useMemo, useState } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { useAccount } from '../../ui/AccountPicker';
import { useRouteState } from '../../ui/useVenue';
import { isNotOffered } from '../../ui/venue';
import { ownByLevel, sizeThrough, type OwnOrder } from './book';
import { Book, type BookSide } from './Book';
import { OrderEntry, type EntryHandle, type EntryOutcome } from './OrderEntry';
import { useBook } from './useBook';

/** Memoised: it re-renders with its book, its quotes and the account's orders, not with every poll of the page around it. */
export const Trade = memo(function Trade(props: {
  conditionId: string;
  question: string;
  outcomes: readonly EntryOutcome[];
  index: number;
  onOutcome(index: number): void;
  entry: React.RefObject<EntryHandle | null>;
  /** Why no order can be placed any more ("Trading ended"), if so. */
  ended: string | undefined;
  tick: string | undefined;
  minSize: number | undefined;
  takerFeeBps: number | undefined;
  /** When the outcomes' quotes were read: a market order's price where the venue has no book. */
  quotesAt: number | undefined;
  quotesStale: boolean;
}): React.JSX.Element {
  const { outcomes, index } = props;
  const tokenId = outcomes[index]?.tokenId ?? '';
  const feed = useBook(tokenId);
  const { accounts, account } = useAccount();
  const accountId = account?.id;
  const open = useCall('orders.open', { accountId: accountId ?? '' }, { enabled: Boolean(accountId), refetchInterval: (q) => (isNotOffered(q.state.error) ? false : 10_000) });
  const own = useMemo(() => ownByLevel(open.data?.data ?? [], tokenId), [open.data, tokenId]);

  const cancel = useMutate('orders.cancel');
  const tradingDown = useUi((s) => s.offline.trading);
  const noCancel = useRouteState('cancel') === 'lacking' || isNotOffered(cancel.error);
  const [cancelNote, setCancelNote] = useState<{ ok: boolean; text: string } | undefined>();
  const cancelBlocked = noCancel
    ? 'Cancelling is not offered by this venue'
    : accounts.data?.locked
      ? 'Unlock the vault in Settings to cancel orders'
      : tradingDown
        ? 'The venue cannot be reached; cancelling needs it'
        : cancel.isPending
          ? 'Cancelling…'
          : undefined;
  const onCancel = (orders: OwnOrder[]): void => {
    if (!accountId) return;
    const at = centsText((orders[0] as OwnOrder).price);
    setCancelNote(undefined);
    cancel.mutate(
      { accountId, orderIds: orders.map((o) => o.id) },
      {
        onSuccess: (r) => {
          const refused = Object.values(r.notCanceled);
          setCancelNote(
            refused.length === 0
              ? { ok: true, text: `Cancelled your ${r.canceled.length === 1 ? 'order' : `${r.canceled.length} orders`} at ${at}` }
              : { ok: false, text: `Not cancelled at ${at}: ${[...new Set(refused)].join('; ')}` },
          );
        },
        onError: (err) => setCancelNote({ ok: false, text: `Not cancelled at ${at}: ${err.message}` }),
        onSettled: () => {
          feed.refreshSoon();
        },
      },
    );
  };

  const onPick = (side: BookSide, i: number, withSize: boolean): void => {
    const levels = feed.book?.[side] ?? [];
    const level = levels[i];
    if (!level) return;
    const size = withSize ? sizeThrough(levels, i) : '';
    props.entry.current?.fill(level.key, size || undefined);
  };

  return (
    <div className="mk-trade">
      <Book outcomes={outcomes} index={index} onOutcome={props.onOutcome} feed={feed} own={own} cancelBlocked={cancelBlocked} onCancel={onCancel} cancelNote={cancelNote} onPick={onPick} />
      {props.ended ? (
        <section className="mk-entry mk-ended" data-testid="trading-ended" aria-label="Order entry">
          <h3>Trading ended</h3>
          <p className="muted">{props.ended}</p>
        </section>
      ) : (
        <OrderEntry
          ref={props.entry}
          conditionId={props.conditionId}
          question={props.question}
          outcomes={outcomes}
          index={index}
          onOutcome={props.onOutcome}
          tick={props.tick}
          minSize={props.minSize}
          book={{ ladder: feed.book, fetchedAt: feed.fetchedAt, stale: feed.stale, notOffered: feed.notOffered, failed: feed.error !== null, quotesAt: props.quotesAt, quotesStale: props.quotesStale }}
          takerFeeBps={props.takerFeeBps}
          onSent={feed.refreshSoon}
        />
      )}
    </div>
  );
});
