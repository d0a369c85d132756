// The ticket's lines without a screen: editing, copying, moving, the 15-line cap, and the draft
// the main process keeps (loaded once, lines typed before it loaded kept after the saved ones).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftLine } from '@shared/ipc/contract';

// A stand-in for the preload bridge, in place before the store loads its draft.
const bridge = vi.hoisted(() => {
  let loaded: (draft: unknown) => void = () => undefined;
  const draft = new Promise<unknown>((resolve) => (loaded = resolve));
  const b = {
    saves: [] as Array<{ lines: Array<{ key: string }>; results: Record<string, unknown> }>,
    /** The draft of the venue switched to, once the test sets it. */
    next: undefined as unknown,
    load: (d: unknown) => loaded(d),
    invoke: async (name: string, input: unknown) => {
      if (name === 'drafts.load') return { ok: true, data: b.next ?? (await draft) };
      if (name === 'drafts.save') {
        b.saves.push(input as (typeof b.saves)[number]);
        return { ok: true, data: { savedAt: 0 } };
      }
      return { ok: false, error: { code: 'INTERNAL', message: `unexpected ${name}` } };
    },
    on: () => () => undefined,
  };
  (globalThis as { window?: unknown }).window = { kairos: b };
  return b;
});

const { blankLine, flushDraft, MAX_LINES, reloadDraft, useTicket } = await import('./store');
const ticket = () => useTicket.getState();
const keys = (): string[] => ticket().lines.map((l) => l.key);
const placed = { line: 0, success: true, attempts: 1, orderId: '0x1', status: 'live', at: 1 };
const refused = { line: 0, success: false, attempts: 1, message: 'post-only would cross', at: 1 };

describe('ticket lines', () => {
  afterEach(() => vi.useRealTimers());

  it('puts the saved draft first and the lines added before it loaded after', async () => {
    const saved: DraftLine = blankLine({ key: 'saved', price: '0.4', size: '10' });
    ticket().add([{ price: '0.5' }]);
    const early = keys()[0] as string;
    bridge.load({ lines: [saved], results: { saved: placed }, updatedAt: 0 });
    await vi.waitFor(() => expect(useTicket.persist.hasHydrated()).toBe(true));
    expect(keys()).toEqual(['saved', early]);
    expect(ticket().results).toEqual({ saved: placed });
  });

  it(`adds up to ${MAX_LINES} lines and says how many it took`, () => {
    ticket().clear();
    expect(ticket().add([{}, {}, {}])).toBe(3);
    expect(ticket().add(Array.from({ length: 20 }, () => ({})))).toBe(MAX_LINES - 3);
    expect(ticket().lines).toHaveLength(MAX_LINES);
    expect(ticket().add([{}])).toBe(0);
    // A full ticket has no room for a copy either.
    ticket().duplicate(keys()[0] as string);
    expect(ticket().lines).toHaveLength(MAX_LINES);
    expect(new Set(keys()).size).toBe(MAX_LINES);
  });

  it('gives back what Clear took, and an undo puts it back before lines added since', () => {
    ticket().clear();
    ticket().add([{ price: '0.1' }, { price: '0.2' }]);
    const [a, b] = keys() as [string, string];
    ticket().setResults({ [a]: placed });
    const cleared = ticket().clear();
    expect(ticket().lines).toEqual([]);
    expect(cleared.lines.map((l) => l.key)).toEqual([a, b]);
    ticket().add([{ price: '0.3' }]);
    const c = keys()[0] as string;
    ticket().restore(cleared);
    expect(keys()).toEqual([a, b, c]);
    expect(ticket().results[a]).toEqual(placed);
  });

  it('copies a line right after itself under a new key, and moves lines within the ticket', () => {
    ticket().clear();
    ticket().add([{ price: '0.1' }, { price: '0.2' }]);
    const [a, b] = keys() as [string, string];
    ticket().duplicate(a);
    expect(ticket().lines.map((l) => l.price)).toEqual(['0.1', '0.1', '0.2']);
    expect(keys()[1]).not.toBe(a);
    ticket().move(b, -1);
    expect(ticket().lines.map((l) => l.price)).toEqual(['0.1', '0.2', '0.1']);
    ticket().move(a, -1);
    ticket().move(keys()[2] as string, 1);
    expect(ticket().lines.map((l) => l.price)).toEqual(['0.1', '0.2', '0.1']);
    ticket().remove(b);
    expect(keys()).not.toContain(b);
  });

  it('makes an edited placed line a new order, while a refused line keeps its reason', () => {
    ticket().clear();
    ticket().add([{ price: '0.1' }, { price: '0.2' }]);
    const [a, b] = keys() as [string, string];
    ticket().setResults({ [a]: placed, [b]: refused });
    ticket().update(a, { price: '0.15' });
    ticket().update(b, { price: '0.25' });
    expect(Object.keys(ticket().results)).toEqual([b]);
    expect(ticket().lines.map((l) => l.price)).toEqual(['0.15', '0.25']);
    ticket().resetResults();
    expect(ticket().results).toEqual({});
  });

  it('saves a new or removed line at once, typing once it pauses, and no results of lines gone', () => {
    vi.useFakeTimers();
    ticket().clear();
    ticket().add([{}, {}]);
    const [a, b] = keys() as [string, string];
    ticket().setResults({ [a]: placed, [b]: placed });
    const before = bridge.saves.length;
    ticket().remove(b);
    expect(bridge.saves.length).toBe(before + 1);
    expect(bridge.saves.at(-1)).toEqual({ lines: [expect.objectContaining({ key: a })], results: { [a]: placed } });
    ticket().update(a, { size: '1' });
    ticket().update(a, { size: '12' });
    const typed = bridge.saves.length;
    vi.advanceTimersByTime(300);
    expect(bridge.saves.length).toBe(typed + 1);
    expect(bridge.saves.at(-1)?.lines).toEqual([expect.objectContaining({ key: a, size: '12' })]);
  });

  it('on a venue change, writes typing not yet saved, then loads the new venue’s draft in place of the lines', async () => {
    vi.useFakeTimers();
    ticket().clear();
    ticket().add([{}]);
    const [a] = keys() as [string];
    ticket().update(a, { size: '7' });
    const typed = bridge.saves.length;
    await flushDraft();
    expect(bridge.saves.length).toBe(typed + 1);
    expect(bridge.saves.at(-1)?.lines).toEqual([expect.objectContaining({ key: a, size: '7' })]);
    vi.advanceTimersByTime(300);
    expect(bridge.saves.length).toBe(typed + 1);
    vi.useRealTimers();

    bridge.next = { lines: [blankLine({ key: 'other', price: '0.3' })], results: { other: placed }, updatedAt: 0 };
    await reloadDraft();
    expect(keys()).toEqual(['other']);
    expect(ticket().results).toEqual({ other: placed });
    // Loading writes nothing back; the next edit is saved to the new venue as usual.
    expect(bridge.saves.length).toBe(typed + 1);
    ticket().add([{}]);
    expect(bridge.saves.at(-1)?.lines.map((l) => l.key)).toEqual(['other', keys()[1]]);
  });
});
