// ↑ and ↓ in a virtual list: move the selection one row and keep it in view.

/**
 * A keydown handler for a list of `rows` whose selected row has id `selected`. Keys typed in a
 * select (its own arrows) are left alone.
 */
export function listKeys(rows: ReadonlyArray<{ id: string }>, selected: string | undefined, select: (id: string) => void, scrollToIndex: (index: number) => void) {
  return (e: React.KeyboardEvent): void => {
    if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || (e.target as HTMLElement).tagName === 'SELECT') return;
    e.preventDefault();
    const index = rows.findIndex((r) => r.id === selected);
    const next = Math.max(0, Math.min(rows.length - 1, index + (e.key === 'ArrowDown' ? 1 : -1)));
    const row = rows[next];
    if (row) {
      select(row.id);
      scrollToIndex(next);
    }
  };
}
