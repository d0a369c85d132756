// The order ticket's lines (UI state, so zustand), persisted through the main process's draft
// file: a restart of the app or of the browser host brings back exactly what was typed.
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { CallOutput, DraftLine } from '@shared/ipc/contract';
import { LIMITS } from '@shared/spec/queries';
import { call } from '../../api/transport';

export const MAX_LINES = LIMITS.orders.maxItems;

export type LineResult = CallOutput<'orders.submit'>[number] & { at: number };

interface TicketState {
  lines: DraftLine[];
  /** The last result per line key, saved with the draft so a placed line is not sent twice. */
  results: Record<string, LineResult>;
  add(lines: Array<Partial<DraftLine>>): number;
  update(key: string, patch: Partial<DraftLine>): void;
  remove(key: string): void;
  duplicate(key: string): void;
  move(key: string, by: -1 | 1): void;
  /** Empties the ticket; gives back what it held, for an undo. */
  clear(): Cleared;
  /** Puts cleared lines back, before any added since (up to the ticket's size). */
  restore(cleared: Cleared): void;
  setResults(results: Record<string, LineResult>): void;
  /** Forgets the results, so placed lines can be sent again as new orders. */
  resetResults(): void;
}

export interface Cleared {
  lines: DraftLine[];
  results: Record<string, LineResult>;
}

let seq = 0;
const newKey = (): string => `${Date.now().toString(36)}-${(++seq).toString(36)}`;
export const blankLine = (patch: Partial<DraftLine> = {}): DraftLine => ({
  key: newKey(), conditionId: '', tokenId: '', label: '', outcome: '', side: 'BUY', price: '', size: '', type: 'GTC', postOnly: false, ...patch,
});

// Typing is written when it pauses; a line added, removed or moved is written at once, so a
// restart right after it finds it.
let pending: ReturnType<typeof setTimeout> | undefined;
let pendingSave: (() => Promise<void>) | undefined;
let savedKeys = '';
// While the draft of another venue loads, nothing typed is written (it would land on that venue).
let reloading = false;
const draftStorage: StateStorage = {
  getItem: async () => {
    const d = await call('drafts.load', {});
    return JSON.stringify({ state: { lines: d.lines, results: d.results }, version: 1 });
  },
  setItem: (_name, value) => {
    clearTimeout(pending);
    pendingSave = undefined;
    if (reloading) return;
    const { lines, results } = (JSON.parse(value) as { state: { lines: DraftLine[]; results: Record<string, LineResult> } }).state;
    // Results of lines no longer in the ticket are dropped; the journal keeps every order.
    const kept = Object.fromEntries(Object.entries(results).filter(([k]) => lines.some((l) => l.key === k)));
    const keys = `${lines.map((l) => l.key).join()}|${Object.keys(kept).join()}`;
    const save = (): Promise<void> => {
      pendingSave = undefined;
      savedKeys = keys;
      return call('drafts.save', { lines, results: kept }).then(
        () => undefined,
        () => undefined,
      );
    };
    if (keys !== savedKeys) void save();
    else {
      pendingSave = save;
      pending = setTimeout(() => void save(), 250);
    }
  },
  removeItem: () => undefined,
};

export const useTicket = create<TicketState>()(
  persist(
    (set, get) => ({
      lines: [],
      results: {},
      add: (lines) => {
        const room = MAX_LINES - get().lines.length;
        const added = lines.slice(0, Math.max(0, room)).map((l) => blankLine(l));
        set((s) => ({ lines: [...s.lines, ...added] }));
        return added.length;
      },
      update: (key, patch) =>
        set((s) => {
          // An edited line that was placed is a new order to send; a failed one keeps its note until re-sent.
          const { [key]: old, ...rest } = s.results;
          return { lines: s.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)), results: old && !old.success ? s.results : rest };
        }),
      remove: (key) => set((s) => ({ lines: s.lines.filter((l) => l.key !== key) })),
      duplicate: (key) =>
        set((s) => {
          const i = s.lines.findIndex((l) => l.key === key);
          if (i < 0 || s.lines.length >= MAX_LINES) return s;
          const copy = { ...(s.lines[i] as DraftLine), key: newKey() };
          return { lines: [...s.lines.slice(0, i + 1), copy, ...s.lines.slice(i + 1)] };
        }),
      move: (key, by) =>
        set((s) => {
          const i = s.lines.findIndex((l) => l.key === key);
          const j = i + by;
          if (i < 0 || j < 0 || j >= s.lines.length) return s;
          const lines = [...s.lines];
          [lines[i], lines[j]] = [lines[j] as DraftLine, lines[i] as DraftLine];
          return { lines };
        }),
      clear: () => {
        const { lines, results } = get();
        set({ lines: [], results: {} });
        return { lines, results };
      },
      restore: (cleared) =>
        set((s) => {
          const lines = [...cleared.lines, ...s.lines.filter((l) => !cleared.lines.some((c) => c.key === l.key))].slice(0, MAX_LINES);
          return { lines, results: { ...cleared.results, ...s.results } };
        }),
      setResults: (results) => set((s) => ({ results: { ...s.results, ...results } })),
      resetResults: () => set({ results: {} }),
    }),
    {
      name: 'kairos-ticket',
      version: 1,
      storage: createJSONStorage(() => draftStorage),
      partialize: (s) => ({ lines: s.lines, results: s.results }),
      // Lines added before the draft loaded (a click on "Buy" at start-up) follow the saved ones;
      // another venue's draft replaces the lines of the last one.
      merge: (saved, current) => {
        const s = saved as { lines?: DraftLine[]; results?: Record<string, LineResult> } | undefined;
        if (reloading) return { ...current, lines: (s?.lines ?? []).slice(0, MAX_LINES), results: s?.results ?? {} };
        return { ...current, lines: [...(s?.lines ?? []), ...current.lines].slice(0, MAX_LINES), results: { ...(s?.results ?? {}), ...current.results } };
      },
    },
  ),
);

/** Writes typing not yet saved, now: before the active venue changes, so it stays with its venue. */
export async function flushDraft(): Promise<void> {
  clearTimeout(pending);
  await pendingSave?.();
}

/** Loads the draft of the venue now active in place of the last one's lines. */
export async function reloadDraft(): Promise<void> {
  clearTimeout(pending);
  pendingSave = undefined;
  reloading = true;
  try {
    await useTicket.persist.rehydrate();
    // A draft that could not be read leaves an empty ticket, never the last venue's lines.
    if (!useTicket.persist.hasHydrated()) useTicket.setState({ lines: [], results: {} });
  } finally {
    reloading = false;
    savedKeys = `${useTicket.getState().lines.map((l) => l.key).join()}|${Object.keys(useTicket.getState().results).join()}`;
  }
}
