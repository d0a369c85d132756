// Binds the core's router to ipcMain: one channel per contract call, each answering only the
// app's own window (the sender check), and events pushed to that window.
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { CALL_NAMES, EVENT_NAMES } from '@shared/ipc/contract.js';
import type { IpcResult } from '@shared/ipc/errors.js';
import { callChannel, eventChannel } from '@shared/ipc/names.js';
import type { Dispatcher, EventSink } from '../core/transport.js';

/** True when the call comes from the main frame of one of our windows showing our own page. */
export function trustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>, windows: readonly BrowserWindow[], appOrigin: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (!windows.some((w) => !w.isDestroyed() && w.webContents.id === event.sender.id)) return false;
  return appOrigin(frame.url);
}

export function bindRouter(ipcMain: IpcMain, router: Dispatcher, windows: () => readonly BrowserWindow[], appOrigin: (url: string) => boolean): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(callChannel(name), async (event, input: unknown) => {
      if (!trustedSender(event, windows(), appOrigin)) {
        return { ok: false, error: { code: 'FORBIDDEN', message: 'this frame may not call Kairos' } } satisfies IpcResult<never>;
      }
      return router.dispatch(name, input);
    });
  }
  return () => {
    for (const name of CALL_NAMES) ipcMain.removeHandler(callChannel(name));
  };
}

/** The event sink of the Electron host: each event goes to every open window. */
export function windowEvents(windows: () => readonly BrowserWindow[]): EventSink {
  return (name, payload) => {
    if (!EVENT_NAMES.includes(name)) return;
    for (const w of windows()) if (!w.isDestroyed()) w.webContents.send(eventChannel(name), payload);
  };
}
