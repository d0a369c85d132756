// Clear with an undo: the ticket's lines come back from the bar, or with Ctrl/Cmd+Z while it
// shows. The bar stays for a while, then the clear is final.
import { useEffect, useRef, useState } from 'react';
import { useTicket, type Cleared } from './store';

const SHOW_MS = 15_000;

export interface ClearUndoState {
  cleared: Cleared | undefined;
  clear(): void;
  undo(): void;
  dismiss(): void;
}

export function useClearUndo(): ClearUndoState {
  const [cleared, setCleared] = useState<Cleared | undefined>();
  const undo = (): void => {
    if (!cleared) return;
    useTicket.getState().restore(cleared);
    setCleared(undefined);
  };
  const keys = useRef(undo);
  keys.current = undo;
  useEffect(() => {
    if (!cleared) return;
    const t = setTimeout(() => setCleared(undefined), SHOW_MS);
    const onKey = (e: KeyboardEvent): void => {
      // A field's own undo stays the field's.
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        keys.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(t);
      window.removeEventListener('keydown', onKey);
    };
  }, [cleared]);
  return {
    cleared,
    clear: () => {
      const c = useTicket.getState().clear();
      setCleared(c.lines.length > 0 ? c : undefined);
    },
    undo,
    dismiss: () => setCleared(undefined),
  };
}

export function ClearUndo({ undo }: { undo: ClearUndoState }): React.JSX.Element | null {
  if (!undo.cleared) return null;
  const n = undo.cleared.lines.length;
  return (
    <div className="undo-bar" role="status" data-testid="ticket-undo">
      <span>Cleared {n} line{n === 1 ? '' : 's'}.</span>
      <button className="primary" onClick={undo.undo}>Undo</button>
      <span className="muted">Ctrl+Z</span>
      <button className="link" aria-label="Dismiss" onClick={undo.dismiss}>×</button>
    </div>
  );
}
