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
  const figures: Array<[string, React.ReactNode, string?]> = [
    ['Shares', <>{sharesText(w.shares)}{w.partial && !buy ? <span className="muted"> of {sharesText(w.orderShares)}</span> : null}</>, 'walk-shares'],
    ['Average price', centsText(w.avgPrice), 'walk-avg'],
    ['Worst price', centsText(w.worstPrice), 'walk-worst'],
    ['Slippage vs mid', w.slippage !== undefined ? changeText(w.slippage) : '—', 'walk-slippage'],
    ['Fee', dollarsText(w.fee), 'walk-fee'],
    [buy ? 'Cost' : 'Proceeds', dollarsText(w.net), 'walk-net'],
  ];
  if (atCap) figures.push([buy ? 'At most, to your worst price' : 'At least, to your worst price', dollarsText(atCap), 'walk-at-cap']);
  return (
    <div className={props.compact ? 'walk compact' : 'walk'} data-testid={props.testId} data-stale={String(w.stale)} data-partial={String(w.partial)}>
      <dl className="mk-preview">
        {figures.map(([k, v, id]) => (
          <div key={k} className="walk-row">
            <dt>{k}</dt>
            <dd className="num" data-testid={id}>{v}</dd>
          </div>
        ))}
      </dl>
      <p className={`mk-hint ${w.stale ? 'warn' : 'muted'}`} data-testid="walk-age">{age}</p>
      {warnings.map((t) => <p key={t} className="mk-hint warn" data-testid="walk-warning">{t}</p>)}
    </div>
  );
}
