// In-app notices (order fills, resolutions, results). Under Electron the main process also raises
// OS notifications; the browser host has only these.
import { useEffect } from 'react';
import { create } from 'zustand';

export interface Toast {
  id: number;
  tone: 'info' | 'good' | 'bad';
  text: string;
}

interface ToastState {
  toasts: Toast[];
  push(tone: Toast['tone'], text: string): void;
  dismiss(id: number): void;
}

let seq = 0;
export const useToasts = create<ToastState>((set) => ({
  toasts: [],
  push: (tone, text) => set((s) => ({ toasts: [...s.toasts.slice(-4), { id: ++seq, tone, text }] })),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function Toasts(): React.JSX.Element {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    if (toasts.length === 0) return;
    const first = toasts[0] as Toast;
    const timer = setTimeout(() => dismiss(first.id), 6000);
    return () => clearTimeout(timer);
  }, [toasts, dismiss]);
  return (
    <div className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.tone}`} data-testid="toast">
          <span>{t.text}</span>
          <button aria-label="Dismiss" onClick={() => dismiss(t.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
