// What the footer says about an update on its way (Electron only); nothing while none is.
import type { EventPayload } from '@shared/ipc/contract';

export type UpdateStatus = EventPayload<'update.status'>;

export function updateNote(status: UpdateStatus): string | undefined {
  const v = status.version ? ` ${status.version}` : '';
  switch (status.state) {
    case 'downloading':
      return `downloading update${v}${status.percent !== undefined ? ` ${Math.round(status.percent)}%` : ''}`;
    case 'ready':
      return `update${v} ready`;
    case 'waiting':
      return `update${v} waits for the orders being sent`;
    case 'installing':
      return `installing update${v}`;
    default:
      // Checks, "up to date" and failures are told by the updater's dialog when asked for.
      return undefined;
  }
}
