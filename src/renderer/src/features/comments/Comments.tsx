// An event's comment threads: newest first, each with its author (who opens their trader page),
// when it was written, whether they hold a position here, and its replies on request. "Holders
// only" asks the venue for holders' comments alone (spec: holders_only).
import { memo, useState } from 'react';
import type { Comment } from '@shared/spec/index';
import { useCallPages } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { ErrorState, Filtered, Skeleton, Stamp } from '../../ui/states';
import { ago, exactTime } from './time';
import { authorOf, holds, threads, type Thread } from './thread';
import './comments.css';
import { FollowButton } from '../traders/FollowButton';
import { useNow } from '../../ui/timing';

const PAGE = 20;

export function When({ iso, now }: { iso: string | undefined; now: number }): React.JSX.Element | null {
  if (!iso) return null;
  return (
    <time className="cm-when" dateTime={iso} title={exactTime(iso)} data-testid="comment-time">
      {ago(iso, now)}
    </time>
  );
}

export const Comments = memo(function Comments({ eventId }: { eventId: string }): React.JSX.Element {
  const [holdersOnly, setHoldersOnly] = useState(false);
  // A page's size as the venue sent it: rows dropped as not asked for do not end the listing.
  const pages = useCallPages('comments.list', { parentType: 'Event', parentId: eventId, holdersOnly }, PAGE, (p) => p.data.length + (p.filtered ?? 0));
  const now = useNow();
  const loaded = pages.data?.pages ?? [];
  const list = threads(loaded.flatMap((p) => p.data));
  const stale = loaded.find((p) => p.stale);
  const filtered = loaded.reduce((n, p) => n + (p.filtered ?? 0), 0);
  return (
    <div className="cm" data-testid="comments" data-holders-only={holdersOnly}>
      <div className="cm-bar">
        <label className="cm-switch" title="Only comments from wallets holding a position in this event's markets">
          <input type="checkbox" role="switch" aria-checked={holdersOnly} checked={holdersOnly} onChange={(e) => setHoldersOnly(e.target.checked)} />
          Holders only
        </label>
        {stale ? <Stamp fetchedAt={stale.fetchedAt} stale /> : null}
      </div>
      <Filtered dropped={filtered} testId="comments-filtered" />
      {pages.isPending ? (
        <Skeleton rows={4} />
      ) : pages.isError ? (
        <ErrorState error={pages.error} retry={() => void pages.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted" data-testid="comments-empty">
          {holdersOnly ? 'No comments from holders of this event’s markets. Switch off “Holders only” to read everyone’s.' : 'No comments yet.'}
        </p>
      ) : (
        <>
          {list.map((t) => (
            <CommentThread key={String(t.comment.id)} thread={t} now={now} holdersOnly={holdersOnly} />
          ))}
          {pages.hasNextPage ? (
            <button className="cm-more" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {pages.isFetchingNextPage ? 'Loading…' : 'Older comments'}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
});

function Author({ c }: { c: Comment }): React.JSX.Element {
  const openTrader = useUi((s) => s.openTrader);
  const address = c.userAddress;
  return (
    <>
      <button className="link cm-author" data-testid="comment-author" disabled={!address} title={address ? `Open ${authorOf(c)}’s trader page` : undefined} onClick={() => address && openTrader(address)}>
        {authorOf(c)}
      </button>
      {holds(c) ? <span className="badge cm-holder" data-testid="comment-holder" title="Holds a position in this event’s markets">holder</span> : null}
      {address ? <FollowButton address={address} who={authorOf(c)} small /> : null}
    </>
  );
}

function CommentThread({ thread, now, holdersOnly }: { thread: Thread; now: number; holdersOnly: boolean }): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const { comment: c, replies } = thread;
  const n = replies.length;
  // replyCount counts every reply; those not here were filtered out or not sent with the list.
  const missing = Math.max(0, (c.replyCount ?? 0) - n);
  return (
    <div className="cm-item" data-testid="comment" data-comment-id={c.id} data-holder={holds(c)}>
      <div className="cm-head">
        {thread.orphan ? <span className="muted cm-reply-mark">↳ reply ·</span> : null}
        <Author c={c} />
        <When iso={c.createdAt} now={now} />
        {c.reactionCount ? <span className="muted cm-reactions">{c.reactionCount} {c.reactionCount === 1 ? 'reaction' : 'reactions'}</span> : null}
      </div>
      <div className="cm-body">{c.body}</div>
      {n > 0 ? (
        <button className="link action cm-toggle" aria-expanded={open} data-testid="show-replies" onClick={() => setOpen(!open)}>
          {open ? 'Hide replies' : `Show ${n} ${n === 1 ? 'reply' : 'replies'}`}
        </button>
      ) : missing > 0 ? (
        <span className="muted cm-note">{missing} {missing === 1 ? 'reply' : 'replies'} {holdersOnly ? 'from non-holders' : 'not sent by the venue'}</span>
      ) : null}
      {open ? (
        <div className="cm-replies" data-testid="replies">
          {replies.map((r) => (
            <div key={String(r.id)} className="cm-reply" data-testid="reply" data-holder={holds(r)}>
              <div className="cm-head">
                <Author c={r} />
                <When iso={r.createdAt} now={now} />
              </div>
              <div className="cm-body">{r.body}</div>
            </div>
          ))}
          {missing > 0 ? <span className="muted cm-note">{missing} more {holdersOnly ? 'from non-holders' : 'not sent by the venue'}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
