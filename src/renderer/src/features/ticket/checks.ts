// How far a ticket line was checked: a line the core could not check in full (no balances on
// this venue, say) is never shown as checked, and needs an explicit yes before it is sent.
import type { CallOutput, DraftLine } from '@shared/ipc/contract';
import { cents } from '../../ui/format';

export type Preview = CallOutput<'orders.preview'>[number];

/**
 * incomplete: something to type first; checking: no answer for it yet (or throttled);
 * problem: it would be refused; unchecked: fine as far as checked, some checks not made;
 * checked: every check made and passed.
 */
export type LineCheck = 'incomplete' | 'checking' | 'problem' | 'unchecked' | 'checked';

export function lineCheck(localProblems: readonly string[], preview: Preview | undefined): LineCheck {
  if (localProblems.length > 0) return 'incomplete';
  if (!preview || preview.retryAfterSeconds !== undefined) return 'checking';
  if (!preview.ok || preview.problems.length > 0) return 'problem';
  return (preview.unchecked?.length ?? 0) > 0 ? 'unchecked' : 'checked';
}

/** "cash not checked: this venue does not report balances" → "not checked: cash — this venue does not report balances". */
export function uncheckedNote(words: string): string {
  const m = /^(.+?) not checked: (.+)$/.exec(words.trim());
  return m ? `not checked: ${m[1] as string} — ${m[2] as string}` : words;
}

export interface UncheckedLine {
  key: string;
  /** 1-based, as the ticket numbers its lines. */
  number: number;
  what: string;
  notes: string[];
}

/** The lines about to be sent that carry unchecked notes, in ticket order, for the confirmation. */
export function uncheckedLines(lines: readonly DraftLine[], sending: ReadonlySet<string>, previewOf: ReadonlyMap<string, Preview>): UncheckedLine[] {
  return lines.flatMap((l, i) => {
    const notes = sending.has(l.key) ? (previewOf.get(l.key)?.unchecked ?? []) : [];
    if (notes.length === 0) return [];
    const what = `${l.side === 'BUY' ? 'Buy' : 'Sell'} ${l.size} ${l.outcome || 'outcome'} at ${cents(l.price)}${l.label ? ` · ${l.label}` : ''}`;
    return [{ key: l.key, number: i + 1, what, notes: notes.map(uncheckedNote) }];
  });
}

/** The confirmation step shows when the setting asks for it, and always when a line was not fully checked. */
export function needsConfirmation(confirmSetting: boolean | undefined, unchecked: readonly UncheckedLine[]): boolean {
  return confirmSetting === true || unchecked.length > 0;
}
