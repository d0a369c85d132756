// An outcome's order book as a price ladder: asks above, the spread and midpoint, bids below;
// each level with its size, the cumulative size and a depth bar, the user's own resting orders
// marked with a cancel, and a click that fills the order entry (Shift: the size through that
// level). Rows keep their price as key, so a poll moves numbers, never rows or the scroll.
import { centsText } from '@shared/domain/money';
import { useLayoutEffect, useRef } from 'react';
import { ErrorState, NotOffered, Stamp } from '../../ui/states';
import { sharesText, spreadCents, type BookLevel, type Ladder, type OwnOrder } from './book';
import { DepthChart } from './DepthChart';
import type { BookFeed } from './useBook';

export interface Outcome {
  tokenId: string;
  outcome: string;
}

export type BookSide = 'bids' | 'asks';

export function Book(props: {
  outcomes: readonly Outcome[];
  index: number;
  onOutcome(index: number): void;
  feed: BookFeed;
  /** The user's resting orders on this outcome by `BUY:<price>` / `SELL:<price>`. */
  own: ReadonlyMap<string, OwnOrder[]>;
  /** Why the user's orders cannot be cancelled here, if they cannot. */
  cancelBlocked: string | undefined;
  onCancel(orders: OwnOrder[]): void;
  cancelNote: { ok: boolean; text: string } | undefined;
  onPick(side: BookSide, index: number, withSize: boolean): void;
}): React.JSX.Element {
  const { feed, outcomes, index } = props;
  const current = outcomes[index];
  return (
    <section className="mk-book" data-testid="book" aria-label="Order book">
      <div className="mk-head">
        <h2>Order book</h2>
        <div className="tabs mk-outcomes" role="radiogroup" aria-label="Book of outcome">
          {outcomes.map((o, i) => (
            <button key={o.tokenId} role="radio" aria-checked={i === index} aria-pressed={i === index} className={i === 0 ? 'yes' : 'no'} onClick={() => props.onOutcome(i)}>
              {o.outcome}
            </button>
          ))}
        </div>
        {feed.stale && feed.fetchedAt ? <Stamp fetchedAt={feed.fetchedAt} stale /> : null}
      </div>
      {feed.notOffered ? (
        <NotOffered testId="book-not-offered">Order book not offered by this venue.</NotOffered>
      ) : feed.error ? (
        <ErrorState error={feed.error} retry={feed.refetch} />
      ) : (
        <>
          <LadderTable key={current?.tokenId} book={feed.book} {...props} />
          {props.cancelNote ? (
            <p className={`mk-note ${props.cancelNote.ok ? '' : 'no'}`} role="status" data-testid="book-cancel-result">{props.cancelNote.text}</p>
          ) : null}
          <DepthChart book={feed.book} />
        </>
      )}
    </section>
  );
}

/** One token's ladder; remounted only when the outcome changes, so it centres once per outcome. */
function LadderTable(props: Parameters<typeof Book>[0] & { book: Ladder | undefined }): React.JSX.Element {
  const { book } = props;
  const box = useRef<HTMLDivElement>(null);
  const spread = useRef<HTMLTableRowElement>(null);
  const centred = useRef(false);
  useLayoutEffect(() => {
    // The spread in the middle once the first answer is in; after that the scroll is the user's.
    const el = box.current;
    const row = spread.current;
    if (!book || centred.current || !el || !row) return;
    el.scrollTop = row.offsetTop - el.clientHeight / 2 + row.offsetHeight / 2;
    centred.current = true;
  }, [book]);
  const row = (side: BookSide, level: BookLevel, i: number): React.JSX.Element => {
    const mine = props.own.get(`${side === 'bids' ? 'BUY' : 'SELL'}:${level.key}`) ?? [];
    const left = mine.reduce((sum, o) => sum + o.left, 0n);
    const what = `${side === 'bids' ? 'Bid' : 'Ask'} ${centsText(level.price)}`;
    return (
      <tr
        key={`${side}:${level.key}`}
        className={`mk-level ${side === 'bids' ? 'bid' : 'ask'}${mine.length ? ' mine' : ''}`}
        style={{ '--depth': `${(level.depth * 100).toFixed(1)}%` } as React.CSSProperties}
        data-testid="book-level"
        data-side={side === 'bids' ? 'bid' : 'ask'}
        data-price={level.key}
        data-mine={mine.length ? sharesText(left) : undefined}
        onClick={(e) => props.onPick(side, i, e.shiftKey)}
      >
        <td className={`num ${side === 'bids' ? 'yes' : 'no'}`}>
          <button className="mk-price" title={`${what}: click to use this price, Shift+click for the size through this level`} aria-label={`${what}, ${sharesText(level.size)} shares`}>
            {centsText(level.price)}
          </button>
        </td>
        <td className="num">{sharesText(level.size)}</td>
        <td className="num muted">{sharesText(level.total)}</td>
        <td className="num mk-own">
          {mine.length ? (
            <>
              <span data-testid="own-order" title={`Your ${mine.length === 1 ? 'order' : `${mine.length} orders`} at this level`}>● {sharesText(left)}</span>
              <button
                className="mk-cancel"
                data-testid="own-cancel"
                aria-label={`Cancel your ${mine.length === 1 ? 'order' : `${mine.length} orders`} at ${centsText(level.price)}`}
                title={props.cancelBlocked ?? `Cancel your ${mine.length === 1 ? 'order' : 'orders'} at ${centsText(level.price)}`}
                disabled={props.cancelBlocked !== undefined}
                onClick={(e) => {
                  e.stopPropagation();
                  props.onCancel(mine);
                }}
              >
                ✕
              </button>
            </>
          ) : null}
        </td>
      </tr>
    );
  };
  return (
    <div className="mk-ladder" ref={box}>
      <table>
        <thead>
          <tr><th className="num">Price</th><th className="num">Shares</th><th className="num">Total</th><th className="num">Mine</th></tr>
        </thead>
        <tbody>
          {book ? (
            <>
              {book.asks.length === 0 ? <tr className="mk-empty"><td colSpan={4} className="muted">No asks</td></tr> : null}
              {/* Asks from the deepest down to the best, so the best prices meet at the spread. */}
              {book.asks.map((l, i) => ({ l, i })).reverse().map(({ l, i }) => row('asks', l, i))}
              <tr className="mk-spread" ref={spread} data-testid="book-spread">
                <td colSpan={4}>
                  {book.spread !== undefined && book.mid !== undefined ? (
                    <>Spread <b>{spreadCents(book.spread)}</b> · Mid <b>{centsText(book.mid)}</b></>
                  ) : (
                    <span className="muted">No spread: one side is empty</span>
                  )}
                </td>
              </tr>
              {book.bids.map((l, i) => row('bids', l, i))}
              {book.bids.length === 0 ? <tr className="mk-empty"><td colSpan={4} className="muted">No bids</td></tr> : null}
            </>
          ) : (
            Array.from({ length: 12 }, (_, i) => <tr key={i} className="mk-wait" aria-hidden="true"><td colSpan={4} /></tr>)
          )}
        </tbody>
      </table>
    </div>
  );
}
