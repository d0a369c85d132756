// Notices from the core's watcher (order fills, held markets that resolve) as toasts. Under
// Electron the main process also raises them as OS notifications. What they change on screen is
// refreshed by the event map (api/stale.ts).
import { useEffect } from 'react';
import { onEvent } from '../../api/transport';
import { useToasts } from '../../ui/Toasts';

export function Notices(): null {
  useEffect(() => onEvent('notices.raised', (n) => useToasts.getState().push(n.kind === 'fill' ? 'good' : 'info', `${n.title}: ${n.body}`)), []);
  return null;
}
