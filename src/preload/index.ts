// The bridge. It will expose `window.api` built from the IPC contract and nothing else.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('kairos', { version: 1 });
