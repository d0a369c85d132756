// Notices from the core's watcher (order fills, held markets that resolve) as toasts. Under
// Electron the main process also raises them as OS notifications.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onEvent } from '../../api/transport';
import { useToasts } from '../../ui/Toasts';

// What a fill or a resolution changes on screen.
const AFFECTED = ['orders.open', 'orders.journal', 'portfolio.positions', 'portfolio.balance', 'portfolio.trades'];

export function Notices(): null {
  const client = useQueryClient();
  useEffect(
    () =>
      onEvent('notices.raised', (n) => {
        useToasts.getState().push(n.kind === 'fill' ? 'good' : 'info', `${n.title}: ${n.body}`);
        for (const name of AFFECTED) void client.invalidateQueries({ queryKey: [name] });
      }),
    [client],
  );
  return null;
}
