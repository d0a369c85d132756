// Electron wiring only: lifecycle, a locked-down window with a strict CSP, the core bound to
// ipcMain, the embedded venue in a utilityProcess, the menu and auto-update. Business logic
// lives in the core.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, safeStorage, session, shell, utilityProcess } from 'electron';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useNativeSecp256k1 } from '../native/secp256k1.js';
import { createCore, type Core } from './core/index.js';
import type { EventPayload } from '@shared/ipc/contract.js';
import { CSP } from './core/csp.js';
import { localProfile } from './core/local-profile.js';
import { RENDERER_JS_FLAGS } from './core/renderer-flags.js';
import { localVenuePort, NODE_MEMORY_FLAGS, superviseVenue, venueEnv, type SupervisedVenue } from './core/venue-launcher.js';
import { bindRouter, windowEvents } from './electron/ipc.js';
import { utilityVenueChild } from './electron/venue-child.js';
import { SafeStorageCipher } from './electron/safe-storage.js';
import { dataDirOverride } from './core/app-data.js';
import { lockAppFolder } from './core/instance.js';
import { consoleLogger } from './core/ports.js';
import { deferredDispatcher, type Dispatcher } from './core/transport.js';
import { menuCommands, menuTemplate } from './electron/menu.js';
import { createUpdater, type Updater } from './electron/updater.js';

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

async function startVenue(dataDir: string): Promise<SupervisedVenue> {
  // A venue that exits while the app runs is started again once, on the same port; a second exit
  // leaves it down until the user restarts it from the status bar. All are said in the log.
  // Its URLs are known before it listens (the port is kept from launch to launch), so the window
  // opens on the cached catalog at once while the status bar says the venue is starting.
  const venue = await superviseVenue({
    port: await localVenuePort(dataDir),
    ...(existsSync(join(dataDir, 'venue', 'venue.sqlite')) ? {} : { startingReason: 'first start: generating its world' }),
    spawn: (port) => {
      const args = ['--exit-with-parent', '--data-dir', join(dataDir, 'venue'), ...(port ? ['--port', String(port)] : [])];
      const child = utilityProcess.fork(join(import.meta.dirname, 'venue.js'), args, { stdio: 'pipe', serviceName: 'Kairos local venue', execArgv: [...NODE_MEMORY_FLAGS], env: venueEnv() });
      // Registered at fork, so a quit while the venue is still starting stops it too.
      app.on('will-quit', () => child.kill());
      return utilityVenueChild(child);
    },
    onLog: (line) => consoleLogger.info(line),
    // A folder the venue cannot start on is moved aside here when the window asks for a new world.
    folder: join(dataDir, 'venue'),
  });
  // A quit stops it for good: the exit that follows is not one to restart after.
  app.on('will-quit', () => void venue.stop());
  return venue;
}

/** A notice as an OS notification outside quiet hours (the window shows it as a toast, the inbox keeps it); a click brings Kairos forward. */
function showNotice(notice: { title: string; body: string }): void {
  if (!Notification.isSupported()) return;
  const note = new Notification({ title: notice.title, body: notice.body });
  note.on('click', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  note.show();
}

let core: Core | undefined;
let updater: Updater | undefined;

// Before anything reads userData (the single-instance lock included): `--data-dir` or
// KAIROS_DATA_DIR runs Kairos on another data folder.
const dataDirArg = dataDirOverride(process.argv, process.env);
if (dataDirArg) app.setPath('userData', dataDirArg);

// For the renderers to come (this process's V8 already runs): see renderer-flags.ts. Only the
// young generation's size, a memory setting: no security feature is turned off by it.
app.commandLine.appendSwitch('js-flags', RENDERER_JS_FLAGS); /* eng-disable CUSTOM_ARGUMENTS_JS_CHECK */

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(async () => {
    // The app needs no camera, notifications or other permissions: refuse them all.
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, done) => done(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    session.defaultSession.webRequest.onHeadersReceived((details, done) => done({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } }));
    const dataDir = app.getPath('userData');
    // Electron's lock above keeps out a second desktop app; this one, which the browser host
    // takes too, keeps out any other Kairos on the folder (its dialog names the one running).
    const folder = lockAppFolder(dataDir);
    folder.note('the desktop app');
    process.on('exit', () => folder.release());
    // The venue first: a first start's world generation is the longest step of the launch.
    const venue = await startVenue(dataDir);
    // Then the window, which loads while the core opens its data: its first calls wait for the
    // core and go out the moment it is built.
    let built: (router: Dispatcher) => void = () => undefined;
    const router = deferredDispatcher(new Promise<Dispatcher>((done) => (built = done)));
    bindRouter(ipcMain, router, () => BrowserWindow.getAllWindows(), isAppPage);
    createWindow();
    await useNativeSecp256k1();
    const toWindows = windowEvents(() => BrowserWindow.getAllWindows());
    core = createCore({
      dataDir,
      version: app.getVersion(),
      defaultProfile: localProfile(venue.urls),
      // Its status reaches the window, which offers a restart once it is down.
      localVenue: venue,
      // A new vault takes the keychain when the OS has one, else the passphrase the user
      // chooses; a passphrase vault can be moved to the keychain from Settings.
      keychain: new SafeStorageCipher(safeStorage),
      emit: (name, payload) => {
        toWindows(name, payload);
        // During the quiet hours the core marks a notice quiet: the inbox keeps it, the OS says nothing.
        if (name === 'notices.raised' && !(payload as EventPayload<'notices.raised'>).quiet) showNotice(payload as EventPayload<'notices.raised'>);
      },
      // The OS file manager on the data folder; an empty string means it opened.
      reveal: async (path) => (await shell.openPath(path)) === '',
      updates: { check: () => updater?.controller.check(true) ?? Promise.reject(new Error('updates are not ready yet')) },
    });
    updater = createUpdater({
      app,
      dialog,
      window: () => BrowserWindow.getAllWindows()[0],
      activity: core.activity,
      emit: (status) => toWindows('update.status', status),
      logger: consoleLogger,
      ...(process.resourcesPath ? { resourcesPath: process.resourcesPath } : {}),
    });
    built(core.router);
    const commands = menuCommands({
      dispatch: (name, input) => router.dispatch(name, input),
      dialog,
      windows: () => BrowserWindow.getAllWindows(),
      checkForUpdates: () => router.dispatch('app.checkForUpdates', {}),
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, 'Kairos', commands)));
    updater.start();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  }).catch((err: unknown) => {
    // A start that fails (a damaged data file, the venue not starting) says why in a dialog
    // rather than leaving no window; the message names the file and what to do.
    const message = err instanceof Error ? err.message : String(err);
    consoleLogger.error('Kairos could not start', { error: message });
    dialog.showErrorBox('Kairos could not start', message);
    app.quit();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // A quit (an update installing on quit included) waits for an order batch being sent, up to a
  // minute, so no batch is cut short.
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !core?.activity.busy()) return;
    event.preventDefault();
    quitting = true;
    void Promise.race([core.activity.whenIdle(), new Promise((r) => setTimeout(r, 60_000))]).then(() => app.quit());
  });
  // Then the core closes in order (new calls refused, those under way given a few seconds) before
  // the app goes, so no late call meets a closed database.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !core) return;
    closed = true;
    event.preventDefault();
    void core.close().finally(() => app.quit());
  });
}
