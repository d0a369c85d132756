// The order entry's Market mode: "buy $X" or "sell N shares", the worst price the order accepts
// (the walk's own until the trader types one; arrow keys step it by the tick), and FAK or FOK.
import { formatMicros, parseMicros } from '@shared/domain/money';
import { DEFAULT_TICK, stepTick } from '@shared/domain/grid';
import { centsField } from '../../ui/cents';
import type { MarketEntry, MarketForm, MarketType } from '../ticket/market-entry';

export const MARKET_TYPES: ReadonlyArray<{ type: MarketType; words: string }> = [
  { type: 'FAK', words: 'Fill and kill: take what the book has up to the worst price, cancel the rest' },
  { type: 'FOK', words: 'Fill or kill: all of it up to the worst price, or nothing' },
];

export function MarketFields(props: {
  form: MarketForm;
  set(patch: Partial<MarketForm>): void;
  entry: MarketEntry;
  tick: string | undefined;
  amountRef: React.Ref<HTMLInputElement>;
}): React.JSX.Element {
  const { form, entry } = props;
  const buy = form.side === 'BUY';
  const tick = (props.tick ? parseMicros(props.tick) : null) ?? DEFAULT_TICK;
  return (
    <>
      <label className="mk-field">
        <span>{buy ? 'Amount to spend, fee included' : 'Shares to sell'}</span>
        <span className="mk-input">
          {buy ? <span className="muted">$</span> : null}
          <input ref={props.amountRef} aria-label={buy ? 'Amount to spend (dollars)' : 'Shares to sell'} inputMode="decimal" className="num" value={form.amount} placeholder={buy ? '20' : '10'} onChange={(e) => props.set({ amount: e.target.value })} />
        </span>
      </label>
      {/* Not a label: the reset button in its head would take the label's words as its name. */}
      <div className="mk-field">
        <span className="inline">
          <span>Worst price {entry.capTyped ? '(yours)' : entry.walk && !entry.walk.depthKnown ? `(the best ${buy ? 'ask' : 'bid'})` : '(from the book)'}</span>
          {form.cap.trim() !== '' ? <button type="button" className="link action" onClick={() => props.set({ cap: '' })}>use the book’s</button> : null}
        </span>
        <span className="mk-input">
          <input
            aria-label="Worst price (cents)"
            inputMode="decimal"
            className="num"
            value={form.cap}
            placeholder={entry.cap !== undefined && !entry.capTyped ? centsField(formatMicros(entry.cap)) : 'cents'}
            onChange={(e) => props.set({ cap: e.target.value })}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
              e.preventDefault();
              // From the cap in force (typed or the walk's), one tick at a time within the band.
              const from = entry.cap ?? (buy ? tick : 1_000_000n - tick);
              props.set({ cap: centsField(formatMicros(stepTick(from, tick, e.key === 'ArrowUp' ? 1 : -1))) });
            }}
          />
          <span className="muted">¢</span>
        </span>
      </div>
      {entry.notes.map((n) => <p key={n} className="mk-hint muted" data-testid="market-note">{n}</p>)}
      <div className="tabs mk-mode" role="radiogroup" aria-label="Market order type">
        {MARKET_TYPES.map((t) => (
          <button key={t.type} type="button" role="radio" aria-checked={form.type === t.type} aria-pressed={form.type === t.type} title={t.words} onClick={() => props.set({ type: t.type })}>
            {t.type}
          </button>
        ))}
        <span className="mk-hint muted">{MARKET_TYPES.find((t) => t.type === form.type)?.words}</span>
      </div>
    </>
  );
}
