// The application menu and the commands behind its own items: check for updates, reveal the
// data folder, reset the cache. The commands go through the same router as the renderer's calls.
import type { BrowserWindow, Dialog, MenuItemConstructorOptions, MessageBoxOptions } from 'electron';
import type { CallName } from '@shared/ipc/contract.js';
import type { IpcResult } from '@shared/ipc/errors.js';

export interface MenuCommands {
  checkForUpdates(): Promise<void>;
  revealDataFolder(): Promise<void>;
  resetCache(): Promise<void>;
}

export interface CommandDeps {
  dispatch(name: CallName, input: unknown): Promise<IpcResult<unknown>>;
  dialog: Pick<Dialog, 'showMessageBox'>;
  windows(): readonly BrowserWindow[];
  /** A check the user asked for: they hear the outcome either way. */
  checkForUpdates(): Promise<unknown>;
}

export function menuCommands(d: CommandDeps): MenuCommands {
  const box = async (options: MessageBoxOptions): Promise<number> => {
    const win = d.windows()[0];
    return (await (win ? d.dialog.showMessageBox(win, options) : d.dialog.showMessageBox(options))).response;
  };
  return {
    async checkForUpdates() {
      await d.checkForUpdates();
    },
    async revealDataFolder() {
      const r = await d.dispatch('app.revealDataFolder', {});
      const data = r.ok ? (r.data as { path: string; revealed: boolean }) : undefined;
      if (!data?.revealed) await box({ type: 'info', title: 'Data folder', message: 'Kairos keeps its data in', detail: data?.path ?? (r.ok ? '' : r.error.message), buttons: ['OK'] });
    },
    async resetCache() {
      const confirmed = await box({
        type: 'warning',
        title: 'Reset cache',
        message: 'Reset the cache?',
        detail: 'Kairos forgets its cached answers and the synced catalog, and fetches them again from the venue. Your keys, accounts, order journal and settings are kept.',
        buttons: ['Reset Cache', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        noLink: true,
      });
      if (confirmed !== 0) return;
      const r = await d.dispatch('cache.reset', {});
      if (!r.ok) {
        await box({ type: 'warning', title: 'Reset cache', message: 'The cache was not reset', detail: r.error.message, buttons: ['OK'] });
        return;
      }
      // The windows still hold answers from the old cache: start them afresh.
      for (const w of d.windows()) if (!w.isDestroyed()) w.webContents.reload();
    },
  };
}

export function menuTemplate(platform: NodeJS.Platform, appName: string, c: MenuCommands): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const updates: MenuItemConstructorOptions = { id: 'check-for-updates', label: 'Check for Updates…', click: () => void c.checkForUpdates() };
  const data: MenuItemConstructorOptions[] = [
    { id: 'reveal-data-folder', label: 'Reveal Data Folder', click: () => void c.revealDataFolder() },
    { id: 'reset-cache', label: 'Reset Cache…', click: () => void c.resetCache() },
  ];
  return [
    ...(mac
      ? [{ label: appName, submenu: [{ role: 'about' }, updates, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }] } satisfies MenuItemConstructorOptions]
      : []),
    { label: 'File', submenu: [...data, { type: 'separator' }, mac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    ...(mac ? [] : [{ role: 'help', submenu: [updates, { type: 'separator' }, { role: 'about' }] } satisfies MenuItemConstructorOptions]),
  ];
}
