// The bridge: `window.kairos` with invoke/on for the contract's names and nothing else. Names
// outside the contract are refused here, before anything crosses to the main process. It reads
// the plain name lists, not the zod contract, so the sandboxed bundle stays small.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_NAMES, EVENT_NAMES, callChannel, eventChannel } from '@shared/ipc/names';

const calls = new Set<string>(CALL_NAMES);
const events = new Set<string>(EVENT_NAMES);

contextBridge.exposeInMainWorld('kairos', {
  invoke(name: string, input: unknown): Promise<unknown> {
    if (!calls.has(name)) return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_CALL', message: `no IPC call named ${JSON.stringify(name)}` } });
    return ipcRenderer.invoke(callChannel(name), input);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!events.has(event)) return () => undefined;
    const channel = eventChannel(event);
    const wrapped = (_e: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  },
});
