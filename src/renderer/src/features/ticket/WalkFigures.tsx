// What a market order (or a limit order that crosses the book) would get, walked through the book:
// shares, average and worst price, slippage from the mid, the fee, the cash, and the book's age.
// The same block in the order entry and under a ticket line.
import type { Walk } from '@shared/domain/book-walk';
import { centsText, changeText, dollarsText, groupedText as sharesText } from '@shared/domain/money';
import { priceAge } from '../../ui/format';
import { walkWarnings } from './market-entry';

export function WalkFigures(props: {
  walk: Walk;
  type: string;
  cap: bigint | undefined;
  /** The line's cost at its cap, from the core's preview: the most (BUY) or least (SELL) it may come to. */
  atCap?: string | undefined;
  now: number;
  testId: string;
  compact?: boolean;
}): React.JSX.Element {
  const { walk: w } = props;
  const buy = w.side === 'BUY';
  const warnings = walkWarnings(w, props.type, props.cap);
  const what = w.depthKnown ? 'Book' : `Best ${buy ? 'ask' : 'bid'}`;
  const when = priceAge(props.now - w.ageMs, props.now, false);
  const age = w.stale ? `${what} stale — the last known, ${when}` : `${what} read ${when}`;
  const atCap = props.atCap?.replace(/^-/, '');
  const values: React.ReactNode[] = [
    <>{sharesText(w.shares)}{w.partial && !buy ? <span className="muted"> of {sharesText(w.orderShares)}</span> : null}</>,
    centsText(w.avgPrice),
    centsText(w.worstPrice),
    w.slippage !== undefined ? changeText(w.slippage) : '—',
    dollarsText(w.fee),
    dollarsText(w.net),
  ];
  const figures: Figure[] = walkRows(buy).map(([label, id], i) => [label, values[i], id]);
  // The bound comes with the core's preview, after the walk: in the entry its row waits for it
  // with a dash, so the buttons under the figures stay where the pointer is aimed.
  if (atCap) figures.push([capLabel(buy), dollarsText(atCap), 'walk-at-cap']);
  else if (!props.compact) figures.push([capLabel(buy), '—']);
  return (
    <div className={props.compact ? 'walk compact' : 'walk'} data-testid={props.testId} data-stale={String(w.stale)} data-partial={String(w.partial)}>
      <FigureList figures={figures} />
      <p className={`mk-hint ${w.stale ? 'warn' : 'muted'}`} data-testid="walk-age">{age}</p>
      {warnings.map((t) => <p key={t} className="mk-hint warn" data-testid="walk-warning">{t}</p>)}
    </div>
  );
}

type Figure = [string, React.ReactNode, string?];
/** The walk's rows, label and test id, in the order both blocks show them. */
const walkRows = (buy: boolean): Array<[string, string]> => [
  ['Shares', 'walk-shares'],
  ['Average price', 'walk-avg'],
  ['Worst price', 'walk-worst'],
  ['Slippage vs mid', 'walk-slippage'],
  ['Fee', 'walk-fee'],
  [buy ? 'Cost' : 'Proceeds', 'walk-net'],
];
const capLabel = (buy: boolean): string => (buy ? 'At most, to your worst price' : 'At least, to your worst price');

function FigureList({ figures }: { figures: Figure[] }): React.JSX.Element {
  return (
    <dl className="mk-preview">
      {figures.map(([k, v, id]) => (
        <div key={k} className="walk-row">
          <dt>{k}</dt>
          <dd className="num" data-testid={id}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The entry's walk before there is one (no amount yet, or one that cannot be walked): the same
 * rows, dashed, and why, in the same room, so that the buttons below do not move when it comes.
 */
export function NoWalkFigures({ side, why, testId }: { side: 'BUY' | 'SELL'; why: string; testId: string }): React.JSX.Element {
  const buy = side === 'BUY';
  const figures: Figure[] = [...walkRows(buy).map(([label]): Figure => [label, '—']), [capLabel(buy), '—']];
  return (
    <div className="walk walk-none">
      <FigureList figures={figures} />
      <p className="mk-hint muted" data-testid={testId}>{why || '\u00a0'}</p>
    </div>
  );
}
