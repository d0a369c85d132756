// The star that puts a market or an event on the watchlist (and takes it off), wherever one is
// shown: list rows, the market page, event rows and pages. Which are starred comes from one
// `watchlist.list` answer, refreshed by `watchlist.changed`.
import { useMemo } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { useToasts } from '../../ui/Toasts';
import './watchlist.css';

/** The starred markets (lower-case condition ids) and events (ids). */
export function useStarred(): { markets: ReadonlySet<string>; events: ReadonlySet<string>; ready: boolean } {
  const list = useCall('watchlist.list', {}, { staleTime: 60_000 });
  return useMemo(() => {
    const markets = new Set<string>();
    const events = new Set<string>();
    for (const w of list.data ?? []) (w.kind === 'market' ? markets : events).add(w.id);
    return { markets, events, ready: list.isSuccess };
  }, [list.data, list.isSuccess]);
}

export interface StarProps {
  kind: 'market' | 'event';
  /** A market's condition id, an event's id. */
  id: string;
  /** What opens it again (a market's catalog id), and its title as shown. */
  openRef?: string | undefined;
  title?: string | undefined;
  /** Taken from a parent that already read the watchlist (a long list), else read here. */
  starred?: boolean | undefined;
  className?: string;
}

export function Star({ kind, id, openRef, title, starred, className }: StarProps): React.JSX.Element {
  const own = useStarred();
  const key = kind === 'market' ? id.toLowerCase() : id;
  const on = starred ?? (kind === 'market' ? own.markets.has(key) : own.events.has(key));
  const add = useMutate('watchlist.add');
  const remove = useMutate('watchlist.remove');
  const busy = add.isPending || remove.isPending;
  const what = kind === 'market' ? 'market' : 'event';
  const toggle = (e: React.MouseEvent): void => {
    // A star in a row is not a click on the row.
    e.stopPropagation();
    if (busy) return;
    const fail = (err: Error): void => useToasts.getState().push('bad', `The watchlist could not be changed: ${err.message}`);
    if (on) remove.mutate({ kind, id: key }, { onError: fail });
    else add.mutate({ kind, id: key, ...(openRef ? { ref: openRef } : {}), ...(title ? { title } : {}) }, { onError: fail });
  };
  return (
    <button
      type="button"
      className={`star${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      aria-label={on ? `Remove this ${what} from the watchlist` : `Add this ${what} to the watchlist`}
      title={on ? 'On your watchlist (click to remove)' : 'Add to your watchlist'}
      data-testid="star"
      disabled={busy}
      onClick={toggle}
    >
      {on ? '★' : '☆'}
    </button>
  );
}
