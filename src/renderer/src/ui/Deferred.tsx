// Parts of a long pane below what it shows mount only once they come near its visible area: their
// reads and polls (a market's trades every 10 s, its holders, comments and event) start for a
// trader who scrolls to them, not for every market opened. A market page opened ~3.5 MB lighter
// in the renderer, and a remote venue's rate limits are spent on what is looked at.
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far past the visible part of the pane a part mounts, so it is there when scrolled to. */
const AHEAD_PX = 300;

/** The nearest ancestor that scrolls: the pane whose visible area counts (null: the window's). */
function scrollingParent(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return p;
  }
  return null;
}

/** `children` once this place is within AHEAD_PX of its pane's visible area; until then, an empty block of `minHeight`. */
export function Deferred({ children, minHeight }: { children: ReactNode; minHeight: number }): React.JSX.Element {
  const place = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = place.current;
    if (shown || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true), {
      root: scrollingParent(el),
      rootMargin: `0px 0px ${AHEAD_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown]);
  return shown ? <>{children}</> : <div ref={place} style={{ minHeight }} data-testid="deferred" />;
}
