// The markets list does not re-sort under the user: while the pointer is over the list (or focus
// is in it) the rows keep the order they had, with fresh figures; new rows join at the end. When
// the fresh order differs, the list says so and re-sorts when asked.
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * `rows` in the `frozen` order of ids, new ones after them, and whether the fresh order differs.
 * A held row the fresh answer no longer has stays in its place as last seen (`before`), so no
 * row moves while the user is on the list.
 */
export function reorder<R extends { id: string }>(rows: readonly R[], frozen: readonly string[] | null, before: ReadonlyMap<string, R> = new Map()): { rows: R[]; changed: boolean } {
  if (!frozen) return { rows: [...rows], changed: false };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept = frozen.flatMap((id) => {
    const r = byId.get(id) ?? before.get(id);
    return r ? [r] : [];
  });
  const held = new Set(kept.map((r) => r.id));
  const extra = rows.filter((r) => !held.has(r.id));
  // The fresh order of as many rows as are kept: any difference is a re-sort the user is spared.
  const changed = kept.some((r, i) => rows[i]?.id !== r.id);
  return { rows: [...kept, ...extra], changed };
}

export interface FrozenOrder<R> {
  rows: R[];
  /** The fresh order differs from the one shown. */
  changed: boolean;
  /** Shows the fresh order (and keeps it while the user stays). */
  refresh(): void;
  /** Spread on the list's element. */
  bind: {
    onPointerEnter(): void;
    onPointerLeave(): void;
    onFocus(): void;
    onBlur(e: React.FocusEvent): void;
  };
}

/** Holds the order of `rows` while the user is in the list; `resetKey` (the filters) starts over. */
export function useFrozenOrder<R extends { id: string }>(rows: R[], resetKey: string): FrozenOrder<R> {
  const [frozen, setFrozen] = useState<{ key: string; ids: string[] } | null>(null);
  const inside = useRef({ pointer: false, focus: false });
  const latest = useRef(rows);
  latest.current = rows;
  // Rows as last seen, for held rows a fresh answer leaves out (reset with the filters).
  const seen = useRef({ key: resetKey, rows: new Map<string, R>() });
  if (seen.current.key !== resetKey) seen.current = { key: resetKey, rows: new Map() };
  for (const r of rows) seen.current.rows.set(r.id, r);
  const hold = useCallback(() => {
    setFrozen((f) => (f && f.key === resetKey ? f : latest.current.length ? { key: resetKey, ids: latest.current.map((r) => r.id) } : null));
  }, [resetKey]);
  const release = useCallback(() => {
    if (!inside.current.pointer && !inside.current.focus) setFrozen(null);
  }, []);
  // New filters bring a new list: held again once its first rows are here.
  useEffect(() => {
    if ((inside.current.pointer || inside.current.focus) && rows.length > 0 && (!frozen || frozen.key !== resetKey)) hold();
  }, [rows.length, resetKey, frozen, hold]);
  const current = frozen && frozen.key === resetKey ? frozen.ids : null;
  const shown = reorder(rows, current, seen.current.rows);
  return {
    rows: shown.rows,
    changed: shown.changed,
    refresh: () => setFrozen(inside.current.pointer || inside.current.focus ? { key: resetKey, ids: latest.current.map((r) => r.id) } : null),
    bind: {
      onPointerEnter: () => {
        inside.current.pointer = true;
        hold();
      },
      onPointerLeave: () => {
        inside.current.pointer = false;
        release();
      },
      onFocus: () => {
        inside.current.focus = true;
        hold();
      },
      onBlur: (e) => {
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        inside.current.focus = false;
        release();
      },
    },
  };
}
