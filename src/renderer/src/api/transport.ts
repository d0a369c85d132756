// One transport for the IPC contract: the preload bridge under Electron, a loopback WebSocket
// under the browser host. Everything above it is the same code in both.
import type { CallInput, CallName, CallOutput, EventName, EventPayload } from '@shared/ipc/contract';
import type { IpcError, IpcResult } from '@shared/ipc/errors';

export interface Transport {
  invoke(name: CallName, input: unknown): Promise<IpcResult<unknown>>;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
}

/** What the preload exposes as `window.kairos`. */
export interface Bridge {
  invoke(name: string, input: unknown): Promise<IpcResult<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    kairos?: Bridge;
  }
}

export class IpcCallError extends Error implements IpcError {
  readonly code: IpcError['code'];
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'IpcCallError';
    this.code = error.code;
    if (error.field !== undefined) this.field = error.field;
    if (error.retryAfterSeconds !== undefined) this.retryAfterSeconds = error.retryAfterSeconds;
  }
}

function socketTransport(): Transport {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? sessionStorage.getItem('kairos-token') ?? '';
  if (token) sessionStorage.setItem('kairos-token', token);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, (r: IpcResult<unknown>) => void>();
  let seq = 0;
  let socket: WebSocket | undefined;
  let ready: Promise<WebSocket> | undefined;

  const connect = (): Promise<WebSocket> => {
    ready ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/ipc?token=${encodeURIComponent(token)}`);
      ws.onopen = () => {
        socket = ws;
        resolve(ws);
      };
      ws.onerror = () => reject(new Error('cannot reach the Kairos host'));
      ws.onclose = () => {
        socket = undefined;
        ready = undefined;
        for (const [id, done] of pending) {
          pending.delete(id);
          done({ ok: false, error: { code: 'INTERNAL', message: 'the connection to Kairos closed; retry' } });
        }
      };
      ws.onmessage = (e: MessageEvent<string>) => {
        const msg = JSON.parse(e.data) as { id?: number; result?: IpcResult<unknown>; event?: string; payload?: unknown };
        if (msg.event) for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
        else if (typeof msg.id === 'number' && msg.result) {
          pending.get(msg.id)?.(msg.result);
          pending.delete(msg.id);
        }
      };
    });
    return ready;
  };

  return {
    async invoke(name, input) {
      const ws = socket ?? (await connect());
      const id = ++seq;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, name, input }));
      });
    },
    on(event, listener) {
      void connect().catch(() => undefined);
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

let transport: Transport | undefined;

export function getTransport(): Transport {
  transport ??= window.kairos ? { invoke: (n, i) => (window.kairos as Bridge).invoke(n, i), on: (e, l) => (window.kairos as Bridge).on(e, l) } : socketTransport();
  return transport;
}

/** Calls the main process; resolves with the data or throws an IpcCallError. */
export async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const result = await getTransport().invoke(name, input);
  if (!result.ok) throw new IpcCallError(result.error);
  return result.data as CallOutput<N>;
}

export function onEvent<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void {
  return getTransport().on(name, listener as (payload: unknown) => void);
}
