// A line's check state, its unchecked notes in words, and when the confirmation step must show.
import { describe, expect, it } from 'vitest';
import type { DraftLine } from '@shared/ipc/contract';
import { lineCheck, needsConfirmation, uncheckedLines, uncheckedNote, type Preview } from './checks';

const ok: Preview = { ok: true, problems: [] };
const noCash: Preview = { ok: true, problems: [], unchecked: ['cash not checked: this venue does not report balances'] };
const line = (key: string, patch: Partial<DraftLine> = {}): DraftLine => ({
  key, conditionId: 'c', tokenId: 't', label: 'Will it rain?', outcome: 'Yes', side: 'BUY', price: '0.4', size: '10', type: 'GTC', postOnly: false, ...patch,
});

describe('a line’s check state', () => {
  it('is checked only when every check was made and passed', () => {
    expect(lineCheck([], ok)).toBe('checked');
    expect(lineCheck([], { ...ok, unchecked: [] })).toBe('checked');
  });

  it('is never checked while some check could not be made', () => {
    expect(lineCheck([], noCash)).toBe('unchecked');
  });

  it('puts what to type, problems and waiting before anything else', () => {
    expect(lineCheck(['enter a price'], noCash)).toBe('incomplete');
    expect(lineCheck([], { ...noCash, ok: false, problems: [{ field: 'price', message: 'off the tick' }] })).toBe('problem');
    expect(lineCheck([], undefined)).toBe('checking');
    expect(lineCheck([], { ...ok, retryAfterSeconds: 2 })).toBe('checking');
  });
});

describe('unchecked notes', () => {
  it('read as “not checked: what — why”, and other words stay as the core said them', () => {
    expect(uncheckedNote('cash not checked: this venue does not report balances')).toBe('not checked: cash — this venue does not report balances');
    expect(uncheckedNote('tokens not checked: no positions for this account yet')).toBe('not checked: tokens — no positions for this account yet');
    expect(uncheckedNote('the fee rate is a guess')).toBe('the fee rate is a guess');
  });

  it('lists every line about to be sent that carries notes, numbered as in the ticket', () => {
    const lines = [line('a'), line('b', { side: 'SELL', outcome: 'No', price: '0.7' }), line('c'), line('d')];
    const previews = new Map([['a', ok], ['b', noCash], ['c', noCash], ['d', noCash]]);
    const list = uncheckedLines(lines, new Set(['a', 'b', 'd']), previews);
    expect(list.map((u) => [u.key, u.number])).toEqual([['b', 2], ['d', 4]]);
    expect(list[0]).toMatchObject({ what: 'Sell 10 No at 70¢ · Will it rain?', notes: ['not checked: cash — this venue does not report balances'] });
    expect(uncheckedLines(lines, new Set(['a']), previews)).toEqual([]);
  });
});

describe('the confirmation step', () => {
  const some = uncheckedLines([line('b')], new Set(['b']), new Map([['b', noCash]]));
  it('shows when the setting asks, and always when a line was not fully checked', () => {
    expect(needsConfirmation(true, [])).toBe(true);
    expect(needsConfirmation(false, [])).toBe(false);
    expect(needsConfirmation(undefined, [])).toBe(false);
    expect(needsConfirmation(false, some)).toBe(true);
  });
});
