// Follow / Following for a wallet, wherever a trader is shown: their page, the leaderboard's rows,
// a market's holders, a comment's author. Which wallets are followed comes from one
// `traders.following` answer from the snapshots kept (refreshed when a follow or unfollow makes it stale).
import { useMemo } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { useToasts } from '../../ui/Toasts';
import './following.css';

/** The followed wallets (lower case), and whether the list has been read. */
export function useFollowed(): { followed: ReadonlySet<string>; ready: boolean } {
  // Which are followed is in user data: no need to wait for the venue's positions.
  const list = useCall('traders.following', { read: false }, { staleTime: 60_000 });
  // A list that failed does not lock the buttons: following still works.
  const ready = !list.isPending;
  return useMemo(() => ({ followed: new Set((list.data ?? []).map((t) => t.address)), ready }), [list.data, ready]);
}

export function FollowButton({ address, who, small }: { address: string; who?: string | undefined; small?: boolean }): React.JSX.Element {
  const { followed, ready } = useFollowed();
  const key = address.toLowerCase();
  const on = followed.has(key);
  const follow = useMutate('traders.follow');
  const unfollow = useMutate('traders.unfollow');
  const busy = follow.isPending || unfollow.isPending || !ready;
  const name = who || `${address.slice(0, 6)}…${address.slice(-4)}`;
  const toggle = (e: React.MouseEvent): void => {
    // In a row that opens the trader, following is not opening.
    e.stopPropagation();
    if (busy) return;
    const fail = (err: Error): void => useToasts.getState().push('bad', `${on ? 'Unfollowing' : 'Following'} ${name} failed: ${err.message}`);
    if (on) unfollow.mutate({ address: key }, { onError: fail });
    else follow.mutate({ address: key }, { onError: fail });
  };
  return (
    <button
      type="button"
      className={`follow${small ? ' small' : ''}`}
      aria-pressed={on}
      aria-label={on ? `Following ${name}: stop following` : `Follow ${name}`}
      title={on ? `You follow ${name}: click to stop` : `Follow ${name}: see what changes in their positions on the Following screen`}
      data-testid="follow"
      data-address={key}
      disabled={busy}
      onClick={toggle}
    >
      {on ? '✓ Following' : '+ Follow'}
    </button>
  );
}
