// electron-updater under the core's update controller: in an installed build, a check soon
// after start and every few hours, a dialog once an update is downloaded, and the restart only
// when no order batch is being sent. electron-updater is loaded only when updates are on.
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Activity } from '../core/activity.js';
import type { Logger } from '../core/ports.js';
import { UpdateController, updateFeed, type UpdaterPort, type UpdateStatus } from '../core/updates.js';

const FIRST_CHECK_MS = 15_000;
const CHECK_EVERY_MS = 6 * 3600_000;

/** What the controller needs of electron-updater's autoUpdater. */
interface AutoUpdater extends UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: unknown;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

export interface UpdaterDeps {
  app: { isPackaged: boolean; getVersion(): string };
  dialog: Pick<Dialog, 'showMessageBox'>;
  /** The window a dialog belongs to, if one is open. */
  window(): BrowserWindow | undefined;
  activity: Pick<Activity, 'busy' | 'whenIdle'>;
  emit(status: UpdateStatus): void;
  logger: Logger;
  env?: Readonly<Record<string, string | undefined>>;
  /** Where electron-builder puts app-update.yml (process.resourcesPath in a packaged app). */
  resourcesPath?: string;
}

export interface Updater {
  controller: UpdateController;
  /** Starts the periodic checks (no-op when updates are off); returns how to stop them. */
  start(): () => void;
}

const sentence = (text: string): string => (text ? `${text[0]?.toUpperCase()}${text.slice(1)}.` : '');

export function createUpdater(d: UpdaterDeps): Updater {
  const env = d.env ?? process.env;
  const feed = updateFeed({
    isPackaged: d.app.isPackaged,
    env,
    hasBuiltInFeed: d.resourcesPath !== undefined && existsSync(join(d.resourcesPath, 'app-update.yml')),
  });

  const box = async (options: MessageBoxOptions): Promise<number> => {
    const win = d.window();
    return (await (win ? d.dialog.showMessageBox(win, options) : d.dialog.showMessageBox(options))).response;
  };

  let instance: AutoUpdater | undefined;
  let loading: Promise<AutoUpdater> | undefined;
  const load = (): Promise<AutoUpdater> =>
    (loading ??= import('electron-updater').then((mod) => {
      // A CommonJS package: its exports may arrive as the default export.
      const m = mod as unknown as { autoUpdater?: AutoUpdater; default?: { autoUpdater: AutoUpdater } };
      const u = (m.autoUpdater ?? m.default?.autoUpdater) as AutoUpdater;
      u.autoDownload = true;
      // A dismissed update installs when the app quits; the quit itself waits for order batches.
      u.autoInstallOnAppQuit = true;
      u.logger = d.logger;
      if (feed.enabled && feed.url) u.setFeedURL({ provider: 'generic', url: feed.url });
      u.on('update-available', (info: { version: string }) => controller.available(info.version));
      u.on('update-not-available', () => controller.notAvailable());
      u.on('download-progress', (p: { percent: number }) => controller.progress(p.percent));
      u.on('update-downloaded', (info: { version: string }) => void controller.downloaded(info.version));
      u.on('error', (err: Error) => controller.failed(err));
      instance = u;
      return u;
    }));

  const port: UpdaterPort = {
    checkForUpdates: async () => (await load()).checkForUpdates(),
    // Only ever called after a download, so the updater is loaded; no await may sit between
    // the controller's idle check and this call.
    quitAndInstall: () => instance?.quitAndInstall(),
  };

  const controller: UpdateController = new UpdateController({
    currentVersion: d.app.getVersion(),
    feed,
    activity: d.activity,
    ...(feed.enabled ? { updater: port } : {}),
    ask: async (version) =>
      (await box({
        type: 'info',
        title: 'Update ready',
        message: `Kairos ${version} is ready to install`,
        detail: 'Restart now to finish the update, or later: it installs when you quit Kairos. Orders being sent are finished first.',
        buttons: ['Restart Now', 'Later'],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      })) === 0,
    tell: (s) =>
      void box(
        s.state === 'up-to-date'
          ? { type: 'info', title: 'Kairos is up to date', message: 'Kairos is up to date', detail: `Version ${s.currentVersion} is the newest.`, buttons: ['OK'] }
          : s.state === 'disabled'
            ? { type: 'info', title: 'Updates are off', message: 'Updates are off', detail: sentence(s.message ?? ''), buttons: ['OK'] }
            : { type: 'warning', title: 'Update check failed', message: 'Kairos could not check for updates', detail: s.message ?? '', buttons: ['OK'] },
      ),
    emit: d.emit,
    logger: d.logger,
  });

  return {
    controller,
    start() {
      if (!feed.enabled) return () => undefined;
      // Unref'd: the app's windows keep it running, the timers alone never should.
      const first = setTimeout(() => void controller.check(false), FIRST_CHECK_MS).unref();
      const every = setInterval(() => void controller.check(false), CHECK_EVERY_MS).unref();
      return () => {
        clearTimeout(first);
        clearInterval(every);
      };
    },
  };
}
