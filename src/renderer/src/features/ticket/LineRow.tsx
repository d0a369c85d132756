// One line of the order ticket: market and outcome, side, price in cents (as typed, with how a
// dollar value was read), size, type, the core's money preview, and its result once sent.
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

/**
 * The price field: what the person typed stays as typed (the draft keeps the dollar price); a
 * price set from elsewhere — a ladder, the market page, a draft loaded — shows in cents.
 */
export function PriceField({ price, disabled, onChange }: { price: string; disabled?: boolean; onChange(price: string): void }): React.JSX.Element {
  const [text, setText] = useState(() => priceText(price));
  useEffect(() => {
    setText((t) => (readTypedPrice(t).price === price ? t : priceText(price)));
  }, [price]);
  const read = readTypedPrice(text);
  return (
    <span className="price-field">
      <span className="inline-nowrap">
        <input aria-label="Price" inputMode="decimal" className="num small" value={text} placeholder="cents" disabled={disabled} onChange={(e) => {
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
}): React.JSX.Element {
  const { line: l, preview: p, result: r } = props;
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
        <td className="num"><PriceField price={l.price} onChange={(price) => props.onChange({ price })} /></td>
        <td className="num"><input aria-label="Size" inputMode="decimal" className="num small" value={l.size} placeholder="10" onChange={(e) => props.onChange({ size: e.target.value.trim() })} /></td>
        <td>
          <select aria-label="Order type" value={l.type} onChange={(e) => props.onChange({ type: e.target.value as DraftLine['type'] })}>
            <option value="GTC">GTC</option>
            <option value="GTD">GTD</option>
            <option value="FOK">FOK</option>
            <option value="FAK">FAK</option>
          </select>
          {l.type === 'GTD' ? (
            <input aria-label="Expires" type="datetime-local" value={local} onChange={(e) => {
              const t = new Date(e.target.value).getTime();
              const { expiration: _gone, ...rest } = l;
              props.onChange(Number.isFinite(t) ? { expiration: Math.floor(t / 1000) } : rest);
            }} />
          ) : null}
        </td>
        <td><input type="checkbox" aria-label="Post only" checked={l.postOnly} onChange={(e) => props.onChange({ postOnly: e.target.checked })} /></td>
        <td className="num">{cashText(p?.cost)}</td>
        <td className="num">{l.side === 'BUY' ? cashText(p?.payoutIfRight) : p?.payoutIfRight ? <span className="muted" title="given up if right">−{cashText(p.payoutIfRight)}</span> : '—'}</td>
        <td className="num">{cashText(p?.maxLoss)}</td>
        <td className="num">{cashText(p?.fee)}</td>
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
      {props.problems.length > 0 || r || unchecked.length > 0 || props.guard || disagreements.length > 0 ? (
        <tr className="line-note">
          <td />
          <td colSpan={12}>
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
