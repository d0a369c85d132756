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
