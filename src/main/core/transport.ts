// What a host binds the core with: a dispatcher that answers contract calls by name (the
// router), and a sink the core pushes events into. Electron's ipcMain binding and the browser
// host's WebSocket both take these, so the core is served the same way whatever carries it.
import type { EventName, EventPayload } from '@shared/ipc/contract.js';
import type { IpcResult } from '@shared/ipc/errors.js';

export interface Dispatcher {
  /** Names and inputs arrive unchecked from the wire; the answer is always a result, never a rejection. */
  dispatch(name: unknown, input: unknown): Promise<IpcResult<unknown>>;
}

export type EventSink = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

/**
 * A dispatcher for a host that shows its page before the core has loaded: calls made meanwhile
 * wait for it (the page's first reads go out the moment it is built). A core that failed to
 * build answers every call with the internal error; the host reports the failure itself.
 */
export function deferredDispatcher(core: Promise<Dispatcher>): Dispatcher {
  const failed: IpcResult<unknown> = { ok: false, error: { code: 'INTERNAL', message: 'the app could not start its core' } };
  return { dispatch: (name, input) => core.then((d) => d.dispatch(name, input), () => failed) };
}
