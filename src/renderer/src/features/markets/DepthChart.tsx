// The book's depth at a glance: cumulative bids stepping up to the left of the spread, asks to the
// right. Plain SVG drawn in the theme's colours (CSS variables), so it follows light and dark.
import { centsText } from '@shared/domain/money';
import { useMemo } from 'react';
import { depthOutline, sharesText, type Ladder } from './book';

const W = 400;
const H = 90;

export function DepthChart({ book }: { book: Ladder | undefined }): React.JSX.Element {
  const outline = useMemo(() => (book ? depthOutline(book, W, H) : undefined), [book]);
  const midX = outline && book?.mid !== undefined ? (Number(book.mid - outline.low) / Number(outline.high - outline.low || 1n)) * 100 : undefined;
  return (
    <figure className="mk-depth" data-testid="depth-chart" aria-label="Depth chart">
      <div className="mk-depth-head">
        <span>Depth</span>
        {outline ? <span data-testid="depth-deepest">{sharesText(outline.deepest)} shares at the deepest</span> : null}
      </div>
      {outline ? (
        <>
          <div className="mk-depth-plot">
            <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={`Cumulative bids and asks from ${centsText(outline.low)} to ${centsText(outline.high)}, deepest ${sharesText(outline.deepest)} shares`}>
              <path className="mk-depth-bid" d={outline.bids} />
              <path className="mk-depth-ask" d={outline.asks} />
            </svg>
            {midX !== undefined ? <span className="mk-depth-mid" style={{ left: `${midX}%` }} /> : null}
          </div>
          <figcaption className="mk-depth-axis">
            <span>{centsText(outline.low)}</span>
            {book?.mid !== undefined ? <span>mid {centsText(book.mid)}</span> : null}
            <span>{centsText(outline.high)}</span>
          </figcaption>
        </>
      ) : (
        <div className="mk-depth-plot mk-depth-empty muted">{book ? 'No orders on the book' : ''}</div>
      )}
    </figure>
  );
}
