// In-app notices (order fills, resolutions, results). Under Electron the main process also raises
// OS notifications; the browser host has only these.
import { useEffect } from 'react';
import { create } from 'zustand';

export interface Toast {
  id: number;
  tone: 'info' | 'good' | 'bad';
  text: string;
  /** Stays until dismissed (what the user must read, such as a data file moved aside). */
  sticky?: boolean;
}

interface ToastState {
  toasts: Toast[];
  push(tone: Toast['tone'], text: string, opts?: { sticky?: boolean }): void;
  dismiss(id: number): void;
}

let seq = 0;
export const useToasts = create<ToastState>((set) => ({
  toasts: [],
  push: (tone, text, opts) => set((s) => ({ toasts: [...s.toasts.slice(-4), { id: ++seq, tone, text, ...(opts?.sticky ? { sticky: true } : {}) }] })),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function Toasts(): React.JSX.Element {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    const first = toasts.find((t) => !t.sticky);
    if (!first) return;
    const timer = setTimeout(() => dismiss(first.id), 6000);
    return () => clearTimeout(timer);
  }, [toasts, dismiss]);
  return (
    <div className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.tone}`} data-testid="toast" {...(t.sticky ? { role: 'alert' } : {})}>
          <span>{t.text}</span>
          <button aria-label="Dismiss" onClick={() => dismiss(t.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
