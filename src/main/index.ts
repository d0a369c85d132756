// Electron wiring only: lifecycle, a locked-down window with a strict CSP, the core bound to
// ipcMain, and the embedded venue in a utilityProcess. Business logic lives in the core.
import { app, BrowserWindow, ipcMain, Menu, safeStorage, session, shell, utilityProcess } from 'electron';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useNativeSecp256k1 } from '../shared/crypto/native.js';
import { createCore, type Core } from './core/index.js';
import { bindRouter, pushEvent } from './electron/ipc.js';
import { SafeStorageCipher } from './electron/safe-storage.js';
import { PassphraseCipher } from './core/vault/vault.js';

export const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const rendererIndex = join(import.meta.dirname, '../renderer/index.html');
const rendererUrl = pathToFileURL(rendererIndex).href;
const isAppPage = (url: string): boolean => url === rendererUrl || url.startsWith(`${rendererUrl}#`);

function windowStateFile(): string {
  return join(app.getPath('userData'), 'window.json');
}

function createWindow(): BrowserWindow {
  let bounds = { width: 1280, height: 800 } as { width: number; height: number; x?: number; y?: number };
  try {
    if (existsSync(windowStateFile())) bounds = { ...bounds, ...(JSON.parse(readFileSync(windowStateFile(), 'utf8')) as typeof bounds) };
  } catch {
    // A damaged window file only costs the remembered size.
  }
  const win = new BrowserWindow({
    ...bounds,
    show: false,
    title: 'Kairos',
    webPreferences: {
      // The preload only exposes invoke/on for the contract's names (src/preload/index.ts).
      preload: join(import.meta.dirname, '../preload/index.cjs'), /* eng-disable PRELOAD_JS_CHECK */
      disableBlinkFeatures: 'Auxclick',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.on('close', () => writeFileSync(windowStateFile(), JSON.stringify(win.getBounds())));
  // Navigation stays inside the app; https links open in the user's browser.
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(({ url }) => {
    // Only https links, handed to the user's browser, never opened in the app.
    if (url.startsWith('https://')) void shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    return { action: 'deny' };
  });
  void win.loadFile(rendererIndex);
  return win;
}

async function startVenue(dataDir: string): Promise<{ catalog_url: string; trading_url: string; data_url: string }> {
  const child = utilityProcess.fork(join(import.meta.dirname, 'venue.js'), ['--data-dir', join(dataDir, 'venue')], { stdio: 'pipe', serviceName: 'Kairos local venue' });
  app.on('will-quit', () => child.kill());
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n') && line) resolve(JSON.parse(line) as { catalog_url: string; trading_url: string; data_url: string });
    });
    child.once('exit', (code) => reject(new Error(`the local venue exited with code ${code}`)));
  });
}

let core: Core | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(async () => {
    // The app needs no camera, notifications or other permissions: refuse them all.
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, done) => done(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    session.defaultSession.webRequest.onHeadersReceived((details, done) => done({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } }));
    Menu.setApplicationMenu(Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'viewMenu' }, { role: 'windowMenu' }]));
    await useNativeSecp256k1();
    const dataDir = app.getPath('userData');
    const urls = await startVenue(dataDir);
    const keychain = new SafeStorageCipher(safeStorage);
    core = createCore({
      dataDir,
      version: app.getVersion(),
      defaultProfile: { id: 'local', name: 'Local venue (paper)', kind: 'local', catalogUrl: urls.catalog_url, tradingUrl: urls.trading_url, dataUrl: urls.data_url, headerPrefix: 'SERVICE' },
      // The keychain when the OS has one; otherwise the passphrase the user types to unlock.
      cipher: (passphrase) => (keychain.isAvailable() ? keychain : new PassphraseCipher(passphrase ?? '')),
      emit: (name, payload) => pushEvent(BrowserWindow.getAllWindows(), name, payload),
    });
    bindRouter(ipcMain, core.router, () => BrowserWindow.getAllWindows(), isAppPage);
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => core?.close());
}
