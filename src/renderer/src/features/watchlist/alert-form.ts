// The alert form's fields as a condition the core takes, and the list's small formats: prices
// are typed in cents and volumes in dollars, and become exact decimal text (no float arithmetic).
import { formatMicros, parseMicros } from '@shared/domain/money';
import type { AlertCondition } from '@shared/ipc/watchlist';
import { centsField, parsePriceInput } from '../../ui/cents';
import { dateFormat } from '../../ui/format';

/** What the form is on: an outcome's price (by index), the spread, or 24h volume. */
export type AlertTarget = { kind: 'price'; outcome: number } | { kind: 'spread' } | { kind: 'volume24h' };

export interface AlertDraft {
  target: AlertTarget;
  op: '>=' | '<=';
  /** Cents for a price or spread ("60", "2.5"), dollars for a volume ("25000", "$25,000"). */
  value: string;
}

export type Parsed = { ok: true; condition: AlertCondition } | { ok: false; reason: string };

/** The draft as a condition, or why it is not one yet, in words. */
export function conditionOf(d: AlertDraft): Parsed {
  if (d.target.kind === 'volume24h') {
    const t = d.value.trim().replace(/^\$\s*/, '').replace(/,/g, '');
    if (t === '') return { ok: false, reason: 'enter an amount in dollars, such as 25000' };
    const micros = /^\d{1,15}(\.\d{1,6})?$/.test(t) ? parseMicros(t) : null;
    if (micros === null || micros <= 0n) return { ok: false, reason: `"${d.value}" is not an amount: type dollars, such as 25000` };
    return { ok: true, condition: { kind: 'volume24h', min: formatMicros(micros) } };
  }
  const p = parsePriceInput(d.value);
  if (!p.ok) return { ok: false, reason: p.reason };
  if (d.target.kind === 'spread') return { ok: true, condition: { kind: 'spread', max: p.price } };
  return { ok: true, condition: { kind: 'price', outcome: d.target.outcome, op: d.op, price: p.price } };
}

/** A condition the core gave back, as the form shows it (for editing). */
export function draftOf(c: { kind: 'price'; outcome: number; op: '>=' | '<='; price: string } | { kind: 'spread'; max: string } | { kind: 'volume24h'; min: string }): AlertDraft {
  if (c.kind === 'price') return { target: { kind: 'price', outcome: c.outcome }, op: c.op, value: centsField(c.price) };
  if (c.kind === 'spread') return { target: { kind: 'spread' }, op: '<=', value: centsField(c.max) };
  return { target: { kind: 'volume24h' }, op: '>=', value: c.min };
}



/** An end date short enough for a column: "Dec 31", with the year when it is not this one ("Jan 5 ’27"). */
export function endText(iso: string | undefined, now: Date = new Date()): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const day = dateFormat('en-US', { month: 'short', day: 'numeric' }).format(d);
  return d.getFullYear() === now.getFullYear() ? day : `${day} ’${String(d.getFullYear()).slice(-2)}`;
}
