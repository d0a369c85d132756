// The desktop app keeps out of a data folder another Kairos runs on (the browser host, say): the
// built out/main/index.js, under a stand-in `electron`, finds kairos.lock held by a live process
// and says so in its "could not start" dialog, naming that pid and URL, before it starts a venue.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

const BUILT = resolve('out/main/index.js');
const userData = mkdtempSync(join(tmpdir(), 'kairos-electron-folder-'));
process.env['KAIROS_DATA_DIR'] = userData;
// The parent of this test's process stands for the other Kairos: alive, and not this process.
const holder = `${process.ppid}\nat http://127.0.0.1:5173/#token=other\n`;
writeFileSync(join(userData, 'kairos.lock'), holder);

const stand = vi.hoisted(() => ({ errors: [] as Array<[string, string]>, quits: 0, forks: 0, paths: new Map<string, string>() }));

vi.mock('electron-updater', () => ({ autoUpdater: { on: () => undefined, setFeedURL: () => undefined } }));
vi.mock('electron', () => ({
  app: {
    commandLine: { appendSwitch: () => undefined },
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    on: () => undefined,
    quit: () => void stand.quits++,
    setPath: (name: string, path: string) => stand.paths.set(name, path),
    getPath: (name: string) => stand.paths.get(name) ?? '',
    getVersion: () => '0.1.0-test',
    isPackaged: false,
  },
  BrowserWindow: { getAllWindows: () => [] },
  ipcMain: { handle: () => undefined },
  Menu: { setApplicationMenu: () => undefined, buildFromTemplate: (t: unknown) => t },
  dialog: { showErrorBox: (title: string, message: string) => void stand.errors.push([title, message]) },
  safeStorage: { isEncryptionAvailable: () => false },
  session: { defaultSession: { setPermissionRequestHandler: () => undefined, setPermissionCheckHandler: () => undefined, webRequest: { onHeadersReceived: () => undefined } } },
  Notification: { isSupported: () => false },
  shell: {},
  utilityProcess: { fork: () => void stand.forks++ },
}));

afterAll(() => {
  delete process.env['KAIROS_DATA_DIR'];
  rmSync(userData, { recursive: true, force: true });
});

const reason = existsSync(BUILT) ? undefined : 'out/main/index.js is not built (npm test builds it first)';

describe.skipIf(reason !== undefined)(`the desktop app on a folder another Kairos runs on (${reason ?? 'built'})`, () => {
  it('refuses to start, naming the running one, and starts no venue', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Its own instance of the entry (the query): the files of a project share loaded modules.
    await import(`${pathToFileURL(BUILT).href}?one-folder`);
    await vi.waitFor(() => expect(stand.errors).toHaveLength(1));
    expect(stand.errors[0]?.[0]).toBe('Kairos could not start');
    expect(stand.errors[0]?.[1]).toMatch(`Kairos is already running on the data folder ${userData} (pid ${process.ppid}, at http://127.0.0.1:5173/#token=other): use that one`);
    expect(stand.quits).toBe(1);
    expect(stand.forks).toBe(0);
    // The running one's lock is left as it was.
    expect(readFileSync(join(userData, 'kairos.lock'), 'utf8')).toBe(holder);
  });
});
