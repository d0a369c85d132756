// The status bar's word on prices: "live" while the venue streams them, "polling every N s" where
// it has no stream or the stream is down, "reconnecting" while it comes back. The reason is in the
// tooltip.
import { useLiveStatus } from '../api/live-status';

const DOT: Record<string, string | undefined> = { live: undefined, connecting: 'var(--warn)', reconnecting: 'var(--warn)', polling: 'var(--muted)' };

export function LiveStatus(): React.JSX.Element | null {
  const s = useLiveStatus().data;
  if (!s) return null;
  const words =
    s.state === 'live'
      ? 'live'
      : s.state === 'polling'
        ? `polling every ${s.pollSeconds} s`
        : s.state === 'connecting'
          ? `connecting · polling every ${s.pollSeconds} s`
          : `reconnecting · polling every ${s.pollSeconds} s`;
  const title =
    s.state === 'live'
      ? `Prices stream from the venue${s.watching ? ` (${s.live} of ${s.watching} books on screen)` : ''}.`
      : `${s.reason ? `${s.reason.charAt(0).toUpperCase()}${s.reason.slice(1)}. ` : ''}Prices on screen are read again every ${s.pollSeconds} s.`;
  const color = DOT[s.state];
  return (
    <span role="status" data-testid="live-status" data-state={s.state} title={title}>
      <span className="dot" style={color ? { background: color } : undefined} />
      Prices {words}
    </span>
  );
}
