// One line of the order ticket: market and outcome, side, price in cents (as typed, with how a
// dollar value was read), size, type, the core's money preview, and its result once sent. A
// market line takes dollars to spend (or shares to sell) and a worst price, and shows its walk
// through the book, as does a limit line that crosses the book.
import { useEffect, useState } from 'react';
import type { DraftLine } from '@shared/ipc/contract';
import { formatMicros } from '@shared/domain/money';
import { cents } from '../../ui/format';
import { sinceAnswer } from '../orders/current';
import type { JournalEntry } from '../orders/rows';
import { type LineCheck, type Preview as LinePreview, uncheckedNote } from './checks';
import { GuardConfirm, type Guard } from './GuardConfirm';
import { OutcomeSelect, MarketSearch } from './MarketPicker';
import { cashText, priceText, readTypedPrice } from './price';
import type { LineResult } from './store';
import { WalkFigures } from './WalkFigures';
import type { MarketEntry } from './market-entry';
import { centsField } from '../../ui/cents';
import { useNow } from '../../ui/timing';
import type { LineWalk } from './useWalks';
import './walk.css';

/**
 * The price field: what the person typed stays as typed (the draft keeps the dollar price); a
 * price set from elsewhere — a ladder, the market page, a draft loaded — shows in cents.
 */
export function PriceField({ price, disabled, onChange, label = 'Price', placeholder = 'cents' }: { price: string; disabled?: boolean; onChange(price: string): void; label?: string; placeholder?: string }): React.JSX.Element {
  const [text, setText] = useState(() => priceText(price));
  useEffect(() => {
    setText((t) => (readTypedPrice(t).price === price ? t : priceText(price)));
  }, [price]);
  const read = readTypedPrice(text);
  return (
    <span className="price-field">
      <span className="inline-nowrap">
        <input aria-label={label} inputMode="decimal" className="num small" value={text} placeholder={placeholder} disabled={disabled} onChange={(e) => {
          setText(e.target.value);
          onChange(readTypedPrice(e.target.value).price);
        }} />
        <span className="muted unit">¢</span>
      </span>
      {read.hint ? <span className="price-hint muted" data-testid="price-hint">{read.hint}</span> : null}
    </span>
  );
}

export function LineRow(props: {
  index: number;
  line: DraftLine;
  problems: string[];
  check: LineCheck;
  /** The last answer of the checks, shown while a newer one is asked. */
  preview: LinePreview | undefined;
  /** The fat-finger guard, when the line's price is far from the book. */
  guard?: Guard;
  result: LineResult | undefined;
  /** The journal's entry of the order the line placed: what became of it since. */
  order: JournalEntry | undefined;
  wait: number;
  disabled: boolean;
  onChange(patch: Partial<DraftLine>): void;
  onRemove(): void;
  onDuplicate(): void;
  onMove(by: -1 | 1): void;
  onRetry: (() => void) | undefined;
  /** The line's walk through its book, when it takes from it (a market line, or a limit that crosses). */
  walk?: LineWalk | undefined;
  /** A market line's reading: its cap and notes. */
  market?: MarketEntry | undefined;
}): React.JSX.Element {
  const { line: l, preview: p, result: r, walk: w } = props;
  const isMarket = l.kind === 'market';
  const now = useNow(5000);
  // The walk prices the line where all of it trades at once; a limit whose rest may rest is costed at its price.
  const walked = w !== undefined && !(w.walk.partial && (l.type === 'GTC' || l.type === 'GTD'));
  const unchecked = (p?.unchecked ?? []).map(uncheckedNote);
  const disagreements = p?.disagreements ?? [];
  const expiry = l.expiration ? new Date(l.expiration * 1000) : undefined;
  const local = expiry ? new Date(expiry.getTime() - expiry.getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
  return (
    <>
      {/* Only a line every check was made for reads as OK; one with checks not made reads amber. */}
      <tr data-testid="ticket-line" data-ok={props.check === 'checked' && !(props.guard && !props.guard.confirmed) ? 'true' : 'false'} data-check={props.check} data-guard={props.guard ? (props.guard.confirmed ? 'confirmed' : 'held') : undefined} className={props.problems.length ? 'has-problem' : props.check === 'unchecked' ? 'unchecked' : ''}>
        <td className="num muted">{props.index + 1}</td>
        <td className="market-cell">
          {l.conditionId ? (
            <div className="inline">
              <span className="label" title={l.label}>{l.label}</span>
              <OutcomeSelect conditionId={l.conditionId} tokenId={l.tokenId} outcome={l.outcome} onChange={(tokenId, outcome) => props.onChange({ tokenId, outcome })} />
              <button className="link action" onClick={() => props.onChange({ conditionId: '', tokenId: '', label: '', outcome: '' })} aria-label="Change market">change</button>
            </div>
          ) : (
            <MarketSearch onPick={(m) => props.onChange({ conditionId: m.conditionId, label: m.label, tokenId: '', outcome: '' })} />
          )}
        </td>
        <td>
          <select aria-label="Side" value={l.side} onChange={(e) => props.onChange({ side: e.target.value as DraftLine['side'] })} className={l.side === 'BUY' ? 'yes' : 'no'}>
            <option value="BUY">Buy</option>
            <option value="SELL">Sell</option>
          </select>
        </td>
        <td className="num">
          {isMarket ? (
            <PriceField label="Worst price" placeholder={props.market?.cap !== undefined && !props.market.capTyped ? centsField(formatMicros(props.market.cap)) : 'worst'} price={l.price} onChange={(price) => props.onChange({ price })} />
          ) : (
            <PriceField price={l.price} onChange={(price) => props.onChange({ price })} />
          )}
        </td>
        <td className="num">
          {isMarket && l.side === 'BUY' ? (
            <span className="price-field"><span className="inline-nowrap"><span className="muted unit">$</span><input aria-label="Amount to spend" inputMode="decimal" className="num small" value={l.spend ?? ''} placeholder="20" onChange={(e) => props.onChange({ spend: e.target.value.trim() })} /></span></span>
          ) : (
            <input aria-label="Size" inputMode="decimal" className="num small" value={l.size} placeholder="10" onChange={(e) => props.onChange({ size: e.target.value.trim() })} />
          )}
        </td>
        <td>
          <select aria-label="Order kind" value={isMarket ? 'market' : 'limit'} onChange={(e) => {
            // A market line is FAK unless FOK was chosen; its worst price is the one typed, or the book's.
            const market = e.target.value === 'market';
            props.onChange(market ? { kind: 'market', type: l.type === 'FOK' ? 'FOK' : 'FAK', postOnly: false } : { kind: 'limit' });
          }}>
            <option value="limit">Limit</option>
            <option value="market">Market</option>
          </select>
          <select aria-label="Order type" value={l.type} onChange={(e) => props.onChange({ type: e.target.value as DraftLine['type'] })}>
            {(isMarket ? ['FAK', 'FOK'] : ['GTC', 'GTD', 'FOK', 'FAK']).map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
          {l.type === 'GTD' ? (
            <input aria-label="Expires" type="datetime-local" value={local} onChange={(e) => {
              const t = new Date(e.target.value).getTime();
              const { expiration: _gone, ...rest } = l;
              props.onChange(Number.isFinite(t) ? { expiration: Math.floor(t / 1000) } : rest);
            }} />
          ) : null}
        </td>
        <td><input type="checkbox" aria-label="Post only" checked={l.postOnly} disabled={isMarket} onChange={(e) => props.onChange({ postOnly: e.target.checked })} /></td>
        {/* What the book gives where the line takes from it; the cost at the line's price is the most it may come to. */}
        <td className="num" data-testid="line-cost" title={walked && p?.cost ? `${l.side === 'BUY' ? 'at most' : 'at least'} ${cashText(p.cost.replace(/^-/, ''))} to the worst price` : undefined}>{walked && w ? cashText(formatMicros(l.side === 'BUY' ? w.walk.net : -w.walk.net)) : cashText(p?.cost)}</td>
        <td className="num">{l.side === 'BUY' ? cashText(p?.payoutIfRight) : p?.payoutIfRight ? <span className="muted" title="given up if right">−{cashText(p.payoutIfRight)}</span> : '—'}</td>
        <td className="num">{cashText(p?.maxLoss)}</td>
        <td className="num">{walked && w ? cashText(formatMicros(w.walk.fee)) : cashText(p?.fee)}</td>
        <td className="muted" title={p?.bestOpposite ? `best ${l.side === 'BUY' ? 'ask' : 'bid'} ${cents(p.bestOpposite)}` : 'no opposite price'}>
          {p?.execution === 'crosses' ? 'fill' : p?.execution === 'rests' ? 'rest' : p?.execution === 'killed' ? 'cancel' : p?.execution === 'rejected' ? 'reject' : ''}
        </td>
        <td className="actions">
          <button aria-label="Move up" title="Move up" onClick={() => props.onMove(-1)} disabled={props.disabled}>↑</button>
          <button aria-label="Move down" title="Move down" onClick={() => props.onMove(1)} disabled={props.disabled}>↓</button>
          <button aria-label="Duplicate line" title="Duplicate" onClick={props.onDuplicate} disabled={props.disabled}>Copy</button>
          <button aria-label="Remove line" title="Remove" onClick={props.onRemove} disabled={props.disabled}>✕</button>
        </td>
      </tr>
      {props.problems.length > 0 || r || unchecked.length > 0 || props.guard || disagreements.length > 0 || w || props.market?.notes.length ? (
        <tr className="line-note">
          <td />
          <td colSpan={12}>
            {w ? <WalkFigures walk={w.walk} type={l.type} cap={w.cap} atCap={p?.cost} now={now} testId="line-walk" compact /> : null}
            {(props.market?.notes ?? []).map((n) => <div key={n} className="muted" data-testid="line-market-note">{n}</div>)}
            {props.problems.length > 0 ? <span className="no" data-testid="line-problem">{props.problems.join(' · ')}</span> : null}
            {props.problems.length === 0 && unchecked.length > 0 ? <span className="warn" data-testid="line-unchecked">{unchecked.join(' · ')}</span> : null}
            {props.problems.length === 0 && unchecked.length > 0 && r ? ' · ' : null}
            {props.problems.length === 0 && props.guard ? <>{unchecked.length > 0 ? ' · ' : null}<GuardConfirm guard={props.guard} testId="line-guard" /></> : null}
            {r ? <ResultNote result={r} order={props.order} wait={props.wait} onRetry={props.onRetry} /> : null}
            {disagreements.length > 0 ? (
              <div className="warn" data-testid="line-disagreement" title="The venue's sources about this market disagree; Kairos uses the reading that risks less.">
                The venue contradicts itself about this market. {disagreements.join(' ')}
              </div>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function ResultNote({ result: r, order, wait, onRetry }: { result: LineResult; order: JournalEntry | undefined; wait: number; onRetry: (() => void) | undefined }): React.JSX.Element {
  const filled = r.status === 'matched' && r.takingAmount ? ` · got ${formatMicros(BigInt(r.takingAmount))} for ${formatMicros(BigInt(r.makingAmount ?? '0'))}` : '';
  // The answer when sent, followed by what became of the order since (cancelled, closed, filled).
  const since = r.success ? sinceAnswer(order, r.status) : undefined;
  return (
    <span data-testid="line-result" data-at={r.at} data-success={String(r.success)} data-state={since?.state ?? r.status} className={!r.success ? 'no' : since?.over && since.state !== 'filled' ? 'muted' : 'yes'}>
      {r.success ? (since ? `${since.words} (was ${r.status ?? 'accepted'})` : `${r.status ?? 'accepted'}${filled}`) : `${r.code ?? 'failed'}: ${r.message ?? ''}`}
      {r.orderId ? <span className="mono muted"> · {r.orderId.slice(0, 10)}…</span> : null}
      {!r.success && wait > 0 ? <span className="muted"> · retry in {wait} s</span> : null}
      {!r.success && onRetry ? <button className="link action" disabled={wait > 0} onClick={onRetry}>Retry this line</button> : null}
    </span>
  );
}
