// The Electron layer, proven without Electron's binary: the built out/main/index.js runs under
// Node with a stand-in `electron` module. It must bind every contract entry, refuse calls from
// foreign frames, and open a sandboxed, context-isolated window under a strict CSP.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES } from '../../shared/ipc/contract.js';

const BUILT = resolve('out/main/index.js');
const userData = mkdtempSync(join(tmpdir(), 'kairos-electron-'));

const stand = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
  const windows: Array<{ options: Record<string, unknown>; webContents: Record<string, unknown>; listeners: Map<string, (...a: unknown[]) => void>; openHandler?: (d: { url: string }) => unknown; loaded?: string }> = [];
  const headerHooks: Array<(details: unknown, done: (r: unknown) => void) => void> = [];
  const children: Array<{ kill(): void }> = [];
  return { handlers, windows, headerHooks, children, permission: undefined as undefined | ((wc: unknown, permission: string, done: (ok: boolean) => void) => void) };
});

vi.mock('electron', () => {
  let resolveReady: () => void = () => undefined;
  const whenReady = new Promise<void>((r) => (resolveReady = r));
  let nextId = 1;
  class BrowserWindow {
    static getAllWindows = () => stand.windows.map((w) => w as unknown as BrowserWindow);
    webContents: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      const listeners = new Map<string, (...a: unknown[]) => void>();
      const entry = { options, listeners, webContents: {} as Record<string, unknown>, openHandler: undefined as undefined | ((d: { url: string }) => unknown), loaded: undefined as string | undefined };
      entry.webContents = {
        id: nextId++,
        on: (name: string, fn: (...a: unknown[]) => void) => listeners.set(name, fn),
        setWindowOpenHandler: (fn: (d: { url: string }) => unknown) => (entry.openHandler = fn),
        send: () => undefined,
      };
      this.webContents = entry.webContents;
      Object.assign(this, { entry });
      stand.windows.push(entry as never);
    }
    once() {}
    on() {}
    isDestroyed() {
      return false;
    }
    loadFile(file: string) {
      (this as unknown as { entry: { loaded: string } }).entry.loaded = file;
      return Promise.resolve();
    }
    getBounds() {
      return { width: 1280, height: 800 };
    }
  }
  // windows[] entries double as BrowserWindow-like objects for the sender check.
  const asWindow = (e: { webContents: Record<string, unknown> }) => Object.assign(e, { isDestroyed: () => false });
  return {
    app: {
      requestSingleInstanceLock: () => true,
      whenReady: () => {
        resolveReady();
        return whenReady;
      },
      on: () => undefined,
      quit: () => undefined,
      getPath: () => userData,
      getVersion: () => '0.1.0-test',
      isPackaged: false,
    },
    BrowserWindow: Object.assign(BrowserWindow, { getAllWindows: () => stand.windows.map(asWindow) }),
    ipcMain: { handle: (ch: string, fn: (event: unknown, input: unknown) => Promise<unknown>) => stand.handlers.set(ch, fn), removeHandler: (ch: string) => stand.handlers.delete(ch) },
    Menu: { setApplicationMenu: () => undefined, buildFromTemplate: (t: unknown) => t },
    safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text', encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: (wc: unknown, permission: string, done: (ok: boolean) => void) => void) => (stand.permission = fn),
        setPermissionCheckHandler: () => undefined,
        webRequest: { onHeadersReceived: (fn: (d: unknown, done: (r: unknown) => void) => void) => stand.headerHooks.push(fn) },
      },
    },
    shell: { openExternal: () => Promise.resolve() },
    // The real venue, in a real child process, as utilityProcess.fork would run it.
    utilityProcess: {
      fork: (script: string, args: string[]) => {
        const child = spawn(process.execPath, [script, ...args, '--size', 'small', '--no-simulator'], { stdio: ['ignore', 'pipe', 'ignore'] });
        stand.children.push(child);
        return child;
      },
    },
  };
});

const reason = existsSync(BUILT) ? undefined : 'out/main/index.js is not built (npm test builds it first)';

afterAll(() => {
  for (const c of stand.children) c.kill();
  rmSync(userData, { recursive: true, force: true });
});

describe.skipIf(reason !== undefined)(`built Electron main under a stand-in electron (${reason ?? 'built'})`, () => {
  it('binds every contract call, checks the sender, and locks the window down', async () => {
    await import(pathToFileURL(BUILT).href);
    await vi.waitFor(() => expect(stand.windows.length).toBe(1), { timeout: 30_000, interval: 50 });

    // Every contract entry has exactly its channel.
    expect([...stand.handlers.keys()].sort()).toEqual(CALL_NAMES.map((n) => `kairos:${n}`).sort());

    const win = stand.windows[0] as (typeof stand.windows)[number];
    const prefs = win.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true });
    expect(String(win.loaded)).toMatch(/renderer[\\/]index\.html$/);

    const appUrl = pathToFileURL(resolve('out/renderer/index.html')).href;
    const event = (url: string, parent: unknown = null, senderId = win.webContents['id']) => ({ senderFrame: { url, parent }, sender: { id: senderId } });
    const info = (await stand.handlers.get('kairos:app.info')?.(event(appUrl), {})) as { ok: boolean; data: { version: string } };
    expect(info).toMatchObject({ ok: true, data: { version: '0.1.0-test' } });
    for (const bad of [event('https://evil.example/'), event(appUrl, { url: appUrl }), event(appUrl, null, 999)]) {
      expect(await stand.handlers.get('kairos:app.info')?.(bad, {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    // The real core answers through the binding, from the real venue the stand-in forked.
    const list = (await stand.handlers.get('kairos:markets.list')?.(event(appUrl), { limit: 5 })) as { ok: boolean; data: { data: { rows: unknown[] } } };
    expect(list.ok).toBe(true);
    expect(list.data.data.rows.length).toBe(5);

    // CSP on every response, navigation blocked, new windows denied.
    let headers: Record<string, string[]> = {};
    stand.headerHooks[0]?.({ responseHeaders: {} }, (r) => (headers = (r as { responseHeaders: Record<string, string[]> }).responseHeaders));
    expect(headers['Content-Security-Policy']?.[0]).toMatch(/default-src 'self'; script-src 'self'/);
    let prevented = false;
    win.listeners.get('will-navigate')?.({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(win.openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(prefs['disableBlinkFeatures']).toBe('Auxclick');
    let granted: boolean | undefined;
    stand.permission?.({}, 'media', (ok) => (granted = ok));
    expect(granted).toBe(false);
  });
});
