// The Electron layer, proven without Electron's binary: the built out/main/index.js runs under
// Node with a stand-in `electron` module (and a stand-in electron-updater). It must bind every
// contract entry, refuse calls from foreign frames, open a sandboxed, context-isolated window
// under a strict CSP, and wire the menu's commands and auto-update to the core.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES } from '@shared/ipc/contract.js';
import { CSP } from '../core/csp.js';
import { NODE_MEMORY_FLAGS } from '../core/venue-launcher.js';
import { RENDERER_JS_FLAGS } from '../core/renderer-flags.js';

const BUILT = resolve('out/main/index.js');
const userData = mkdtempSync(join(tmpdir(), 'kairos-electron-'));
// The data folder comes from KAIROS_DATA_DIR (app.setPath), the feed from KAIROS_UPDATE_URL.
process.env['KAIROS_DATA_DIR'] = userData;
process.env['KAIROS_UPDATE_URL'] = 'https://updates.kairos.example/releases';

const stand = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
  const windows: Array<{ options: Record<string, unknown>; webContents: Record<string, unknown>; listeners: Map<string, (...a: unknown[]) => void>; openHandler?: (d: { url: string }) => unknown; loaded?: string }> = [];
  const headerHooks: Array<(details: unknown, done: (r: unknown) => void) => void> = [];
  const children: Array<{ kill(signal?: NodeJS.Signals): boolean }> = [];
  // The V8 flags each fork was given (utilityProcess's execArgv).
  const forkFlags: string[][] = [];
  const forkEnvs: Array<NodeJS.ProcessEnv | undefined> = [];
  // Switches appended to Chromium's command line for the renderers.
  const switches: Array<[string, string]> = [];
  const paths = new Map<string, string>();
  const appListeners = new Map<string, Array<(...a: unknown[]) => void>>();
  const calls = { quit: 0, opened: [] as string[], reloads: 0, sent: [] as Array<[string, unknown]> };
  const menu: { template?: Array<{ id?: string; submenu?: unknown[]; click?: () => void }> } = {};
  // Dialog answers, in order (the button index); each dialog shown is recorded.
  const dialogs = { answers: [] as number[], shown: [] as Array<{ message?: string; buttons?: string[] }> };
  // A stand-in electron-updater: events as the real one emits them, calls recorded.
  const updaterListeners = new Map<string, Array<(...a: unknown[]) => void>>();
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    logger: undefined as unknown,
    feed: undefined as unknown,
    checks: 0,
    installs: [] as Array<{ busyWhenCalled: boolean }>,
    busy: () => false,
    setFeedURL(f: unknown) {
      updater.feed = f;
    },
    on(event: string, fn: (...a: unknown[]) => void) {
      updaterListeners.set(event, [...(updaterListeners.get(event) ?? []), fn]);
      return updater;
    },
    emit(event: string, ...args: unknown[]) {
      for (const fn of updaterListeners.get(event) ?? []) fn(...args);
    },
    async checkForUpdates() {
      updater.checks++;
      updater.emit('update-available', { version: '9.9.9' });
      return { updateInfo: { version: '9.9.9' } };
    },
    quitAndInstall() {
      updater.installs.push({ busyWhenCalled: updater.busy() });
    },
  };
  const gate = { hold: false, held: [] as Array<() => void>, inFlight: 0, target: '', server: undefined as undefined | { close(): void } };
  return { gate, handlers, windows, headerHooks, children, forkFlags, forkEnvs, switches, paths, appListeners, calls, menu, dialogs, updater, permission: undefined as undefined | ((wc: unknown, permission: string, done: (ok: boolean) => void) => void) };
});

vi.mock('electron-updater', () => ({ autoUpdater: stand.updater }));

// OS notifications the main process showed.
const osNotices = vi.hoisted(() => [] as Array<{ title: string; body: string }>);

/**
 * A relay on the port the app gave the venue, in front of the real venue (wherever it listens),
 * that holds POST /trading/orders while `gate.hold`.
 */
async function gateAt(port: number): Promise<void> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length' && k !== 'connection')) as Record<string, string>;
      const forward = (): void => {
        stand.gate.inFlight++;
        void fetch(`${stand.gate.target}${req.url ?? ''}`, { method: req.method ?? 'GET', headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) })
          .then(async (r) => res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(await r.text()))
          .catch(() => res.writeHead(502).end())
          .finally(() => stand.gate.inFlight--);
      };
      if (req.method === 'POST' && req.url?.endsWith('/trading/orders') && stand.gate.hold) stand.gate.held.push(forward);
      else forward();
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  stand.gate.server = server;
}

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
        send: (channel: string, payload: unknown) => stand.calls.sent.push([channel, payload]),
        reload: () => stand.calls.reloads++,
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
      commandLine: { appendSwitch: (name: string, value: string) => stand.switches.push([name, value]) },
      requestSingleInstanceLock: () => true,
      whenReady: () => {
        resolveReady();
        return whenReady;
      },
      on: (name: string, fn: (...a: unknown[]) => void) => stand.appListeners.set(name, [...(stand.appListeners.get(name) ?? []), fn]),
      quit: () => stand.calls.quit++,
      setPath: (name: string, path: string) => stand.paths.set(name, path),
      getPath: (name: string) => stand.paths.get(name) ?? join(tmpdir(), 'kairos-electron-unset'),
      getVersion: () => '0.1.0-test',
      // An installed build, so auto-update is on (from KAIROS_UPDATE_URL).
      isPackaged: true,
    },
    BrowserWindow: Object.assign(BrowserWindow, { getAllWindows: () => stand.windows.map(asWindow) }),
    ipcMain: { handle: (ch: string, fn: (event: unknown, input: unknown) => Promise<unknown>) => stand.handlers.set(ch, fn), removeHandler: (ch: string) => stand.handlers.delete(ch) },
    Menu: { setApplicationMenu: (m: typeof stand.menu.template) => (stand.menu.template = m), buildFromTemplate: (t: unknown) => t },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        stand.dialogs.shown.push(args[args.length - 1] as { message?: string });
        return { response: stand.dialogs.answers.shift() ?? 1 };
      },
    },
    safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text', encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: (wc: unknown, permission: string, done: (ok: boolean) => void) => void) => (stand.permission = fn),
        setPermissionCheckHandler: () => undefined,
        webRequest: { onHeadersReceived: (fn: (d: unknown, done: (r: unknown) => void) => void) => stand.headerHooks.push(fn) },
      },
    },
    Notification: class {
      static isSupported = () => true;
      constructor(readonly options: { title: string; body: string }) {}
      on() {
        return this;
      }
      show() {
        osNotices.push(this.options);
      }
    },
    shell: {
      openExternal: () => Promise.resolve(),
      openPath: async (path: string) => {
        stand.calls.opened.push(path);
        return '';
      },
    },
    // The real venue, in a real child process, as utilityProcess.fork would run it. It listens on
    // a port of its own; the port the app chose holds a gate in front of it that can keep POST
    // /orders, so a test can keep an order batch in flight for as long as it needs.
    utilityProcess: {
      fork: (script: string, args: string[], options?: { execArgv?: string[]; env?: NodeJS.ProcessEnv }) => {
        stand.forkFlags.push(options?.execArgv ?? []);
        stand.forkEnvs.push(options?.env);
        const at = args.indexOf('--port');
        const port = Number(args[at + 1]);
        const own = args.filter((_, i) => i !== at && i !== at + 1);
        const child = spawn(process.execPath, [...(options?.execArgv ?? []), script, ...own, '--size', 'small', '--no-simulator'], { stdio: ['ignore', 'pipe', 'ignore'], ...(options?.env ? { env: options.env } : {}) });
        stand.children.push(child);
        const stdout = new PassThrough();
        let buffer = '';
        let started = false;
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          if (!buffer.includes('\n') || started) return;
          started = true;
          const urls = JSON.parse(buffer.split('\n')[0] as string) as { catalog_url: string };
          // A venue restarted elsewhere is reached through the same gate.
          stand.gate.target = new URL(urls.catalog_url).origin;
          const gate = stand.gate.server ? Promise.resolve() : gateAt(port);
          const base = `http://127.0.0.1:${port}`;
          void gate.then(() => stdout.write(`${JSON.stringify({ catalog_url: `${base}/catalog`, trading_url: `${base}/trading`, data_url: `${base}/data` })}\n`));
        });
        return { stdout, once: child.once.bind(child), kill: () => child.kill() };
      },
    },
  };
});

const reason = existsSync(BUILT) ? undefined : 'out/main/index.js is not built (npm test builds it first)';

afterAll(() => {
  for (const c of stand.children) c.kill();
  stand.gate.server?.close();
  delete process.env['KAIROS_DATA_DIR'];
  delete process.env['KAIROS_UPDATE_URL'];
  rmSync(userData, { recursive: true, force: true });
});


/** Calls the contract the way the app's window does: through the IPC handler, from its frame. */
function callAsWindow(win: (typeof stand.windows)[number]) {
  const appUrl = pathToFileURL(resolve('out/renderer/index.html')).href;
  return async <T>(name: string, input: unknown = {}): Promise<T> => {
    const r = (await stand.handlers.get(`kairos:${name}`)?.({ senderFrame: { url: appUrl, parent: null }, sender: { id: win.webContents['id'] } }, input)) as { ok: boolean; data: T; error?: { message: string } };
    if (!r.ok) throw new Error(`${name}: ${r.error?.message}`);
    return r.data;
  };
}

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
    // The window is up before the venue listens: it says so until the venue runs.
    const venueState = async () => ((await stand.handlers.get('kairos:venue.status')?.(event(appUrl), {})) as { data: { local: { state: string } } }).data.local.state;
    expect(['starting', 'running']).toContain(await venueState());
    await vi.waitFor(async () => expect(await venueState()).toBe('running'), { timeout: 30_000, interval: 50 });
    // The real core answers through the binding, from the real venue the stand-in forked.
    const list = (await stand.handlers.get('kairos:markets.list')?.(event(appUrl), { limit: 5 })) as { ok: boolean; data: { data: { rows: unknown[] } } };
    expect(list.ok).toBe(true);
    expect(list.data.data.rows.length).toBe(5);

    // CSP on every response, navigation blocked, new windows denied.
    let headers: Record<string, string[]> = {};
    stand.headerHooks[0]?.({ responseHeaders: {} }, (r) => (headers = (r as { responseHeaders: Record<string, string[]> }).responseHeaders));
    expect(headers['Content-Security-Policy']).toEqual([CSP]);
    expect(CSP).toMatch(/^default-src 'self'; script-src 'self'; .*connect-src 'self';/);
    let prevented = false;
    win.listeners.get('will-navigate')?.({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(win.openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(prefs['disableBlinkFeatures']).toBe('Auxclick');
    let granted: boolean | undefined;
    stand.permission?.({}, 'media', (ok) => (granted = ok));
    expect(granted).toBe(false);
    expect(stand.paths.get('userData')).toBe(userData);
    expect((info as unknown as { data: { dataDir: string } }).data.dataDir).toBe(userData);
  });

  it('menu: reveal the data folder, reset the cache (never the vault), check for updates', async () => {
    const win = stand.windows[0] as (typeof stand.windows)[number];
    const call = callAsWindow(win);
    const item = (id: string): { click?: () => void } => {
      const walk = (items: unknown[]): { click?: () => void } | undefined => {
        for (const i of items as Array<{ id?: string; submenu?: unknown[] }>) {
          if (i.id === id) return i as { click?: () => void };
          const inner = Array.isArray(i.submenu) ? walk(i.submenu) : undefined;
          if (inner) return inner;
        }
        return undefined;
      };
      const found = walk(stand.menu.template ?? []);
      if (!found?.click) throw new Error(`no menu item ${id}`);
      return found;
    };

    // Reveal: the OS file manager opens the data folder.
    item('reveal-data-folder').click?.();
    await vi.waitFor(() => expect(stand.calls.opened).toEqual([userData]));

    // Reset cache: cancelled leaves it; confirmed deletes the cache files and reloads the window,
    // while the vault (with an account in it) stays byte for byte.
    await call('accounts.unlock', { passphrase: 'stand-in passphrase' });
    const acct = await call<{ id: string }>('accounts.createLocal', {});
    const vault = readFileSync(join(userData, 'vault.json'));
    await call('markets.list', { limit: 5 });
    const cacheFiles = () => readdirSync(join(userData, 'cache'));
    expect(cacheFiles()).toContain('cache-local.sqlite');
    stand.dialogs.answers.push(1);
    item('reset-cache').click?.();
    await vi.waitFor(() => expect(stand.dialogs.shown.at(-1)?.message).toBe('Reset the cache?'));
    await new Promise((r) => setTimeout(r, 100));
    expect(stand.calls.reloads).toBe(0);
    const cachedBefore = await call<{ fetchedAt: number }>('markets.list', { limit: 5 });
    stand.dialogs.answers.push(0);
    item('reset-cache').click?.();
    await vi.waitFor(() => expect(stand.calls.reloads).toBe(1));
    expect(readFileSync(join(userData, 'vault.json')).equals(vault)).toBe(true);
    expect((await call<{ accounts: Array<{ id: string }> }>('accounts.list')).accounts.map((a) => a.id)).toEqual([acct.id]);
    // A fresh cache: the list is fetched again, not served from before the reset.
    expect((await call<{ fetchedAt: number }>('markets.list', { limit: 5 })).fetchedAt).toBeGreaterThan(cachedBefore.fetchedAt);

    // Updates: the feed is KAIROS_UPDATE_URL; the menu item checks at once.
    const { updater } = stand;
    item('check-for-updates').click?.();
    await vi.waitFor(() => expect(updater.checks).toBe(1));
    expect(updater.feed).toEqual({ provider: 'generic', url: 'https://updates.kairos.example/releases' });
    expect(updater.autoDownload).toBe(true);
    const statuses = () => stand.calls.sent.filter(([ch]) => ch === 'kairos:event:update.status').map(([, p]) => (p as { state: string }).state);
    expect(statuses()).toContain('downloading');

    // Downloaded while an order batch is on its way: "Restart Now" waits for the batch.
    const row = (await call<{ data: { rows: Array<{ conditionId: string; clobTokenIds: string[]; acceptingOrders?: boolean }> } }>('markets.list', { limit: 50 })).data.rows.find((r) => r.acceptingOrders !== false) as { conditionId: string; clobTokenIds: string[] };
    const settings = (await call<{ data: { mts: number; mos: number } }>('markets.settings', { conditionId: row.conditionId })).data;
    const lines = [{ conditionId: row.conditionId, tokenId: row.clobTokenIds[0], side: 'BUY', price: String(settings.mts), size: String(Math.max(settings.mos, 5)) }];
    const release = (): void => {
      stand.gate.hold = false;
      for (const f of stand.gate.held.splice(0)) f();
    };
    updater.busy = () => stand.gate.held.length > 0 || stand.gate.inFlight > 0;
    stand.gate.hold = true;
    const batch = call<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId: acct.id, lines });
    await vi.waitFor(() => expect(stand.gate.held).toHaveLength(1), { timeout: 10_000 });
    stand.dialogs.answers.push(0);
    updater.emit('update-downloaded', { version: '9.9.9' });
    await vi.waitFor(() => expect(stand.dialogs.shown.at(-1)?.message).toBe('Kairos 9.9.9 is ready to install'));
    await vi.waitFor(() => expect(statuses()).toContain('waiting'));
    await new Promise((r) => setTimeout(r, 300));
    expect(updater.installs).toEqual([]);
    release();
    expect((await batch).map((r) => [r.success, r.status])).toEqual([[true, 'live']]);
    await vi.waitFor(() => expect(updater.installs).toEqual([{ busyWhenCalled: false }]));
    expect(statuses().at(-1)).toBe('installing');

    // A quit while a batch is being sent waits for it.
    const beforeQuit = stand.appListeners.get('before-quit') ?? [];
    expect(beforeQuit.length).toBeGreaterThan(0);
    const quits = stand.calls.quit;
    stand.gate.hold = true;
    const second = call('orders.submit', { accountId: acct.id, lines });
    await vi.waitFor(() => expect(stand.gate.held).toHaveLength(1), { timeout: 10_000 });
    let prevented = false;
    for (const fn of beforeQuit) fn({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(stand.calls.quit).toBe(quits);
    release();
    await second;
    await vi.waitFor(() => expect(stand.calls.quit).toBe(quits + 1), { timeout: 15_000, interval: 50 });
  });

  it('a fill of a resting order becomes an OS notification, and reaches the window', async () => {
    const win = stand.windows[0] as (typeof stand.windows)[number];
    const call = callAsWindow(win);
    await call('accounts.unlock', { passphrase: 'stand-in passphrase' });
    const acct = await call<{ id: string }>('accounts.createLocal', { label: 'Notified' });
    // A market whose book leaves room inside its spread: the buy below, a tick over the best bid,
    // is the best bid, so the sell below hits it first.
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(userData, 'venue', 'venue.sqlite'));
    try {
      const m = db
        .prepare(
          `SELECT m.condition_id, m.tick_size, m.neg_risk, t.token_id,
             (SELECT MAX(price) FROM orders o WHERE o.token_id = t.token_id AND o.side = 'BUY' AND o.status = 'live') AS bid,
             (SELECT MIN(price) FROM orders o WHERE o.token_id = t.token_id AND o.side = 'SELL' AND o.status = 'live') AS ask
           FROM markets m JOIN tokens t ON t.condition_id = m.condition_id AND t.outcome_index = 0
           WHERE m.status = 'active' AND m.taker_delay = 0 AND m.screening = 0 AND m.neg_risk = 0
             AND COALESCE((SELECT MIN(price) FROM orders o WHERE o.token_id = t.token_id AND o.side = 'SELL' AND o.status = 'live'), 1000000)
               - COALESCE((SELECT MAX(price) FROM orders o WHERE o.token_id = t.token_id AND o.side = 'BUY' AND o.status = 'live'), 0) >= 3 * m.tick_size
           ORDER BY m.id LIMIT 1`,
        )
        .get() as { condition_id: string; tick_size: number; neg_risk: number; token_id: string; bid: number | null };
      const token = m.token_id;
      const mos = (await call<{ data: { mos: number } }>('markets.settings', { conditionId: m.condition_id })).data.mos;
      const price = String(((m.bid ?? m.tick_size * 9) + m.tick_size) / 1e6);
      const size = String(Math.max(mos, 5));
      const [order] = await call<Array<{ success: boolean; status?: string; orderId: string }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.condition_id, tokenId: token, side: 'BUY', price, size }] });
      expect(order).toMatchObject({ success: true, status: 'live' });

      // Another wallet, holding the outcome (written as the venue's ledger would), sells into it.
      const { Trader } = await import('../../venue/trading/test-trader.js');
      const profile = (await call<{ profiles: Array<{ id: string; catalogUrl: string; tradingUrl: string; dataUrl: string }> }>('profiles.list')).profiles.find((p) => p.id === 'local');
      const seller = await Trader.create({ catalog_url: profile?.catalogUrl ?? '', trading_url: profile?.tradingUrl ?? '', data_url: profile?.dataUrl ?? '' });
      const now = Date.now();
      db.prepare('INSERT INTO positions (wallet, condition_id, outcome_index, size, cost, total_bought, bought_cost, realized, volume, first_ts, last_ts) VALUES (?, ?, 0, ?, 0, ?, 0, 0, 0, ?, ?)')
        .run(seller.address.toLowerCase(), m.condition_id, 100_000_000, 100_000_000, now, now);
      const [hit] = (await seller.post([seller.order(token, 'SELL', price, size, { type: 'FAK', negRisk: m.neg_risk === 1 })])).body;
      expect(hit).toMatchObject({ success: true, status: 'matched' });

      // The watcher (on in the app, every few seconds) finds the fill.
      await vi.waitFor(() => expect(osNotices.filter((n) => n.title === 'Order filled')).toHaveLength(1), { timeout: 25_000, interval: 100 });
      expect(osNotices.find((n) => n.title === 'Order filled')?.body).toMatch(new RegExp(`^Buy ${size} .+ at ${Number((Number(price) * 100).toFixed(4))}¢ · `));
      const pushed = stand.calls.sent.filter(([ch]) => ch === 'kairos:event:notices.raised').map(([, p]) => p);
      expect(pushed).toContainEqual(expect.objectContaining({ kind: 'fill', title: 'Order filled', accountId: acct.id, orderId: order?.orderId }));
    } finally {
      db.close();
    }
  }, 40_000);

  it('the venue going down reaches the window (and the OS outside quiet hours), and the window can restart it', async () => {
    const win = stand.windows[0] as (typeof stand.windows)[number];
    const call = callAsWindow(win);
    // The window saw the venue start; what follows comes after.
    const seen = stand.calls.sent.filter(([ch]) => ch === 'kairos:event:venue.status').length;
    const states = () => stand.calls.sent.filter(([ch]) => ch === 'kairos:event:venue.status').slice(seen).map(([, p]) => (p as { state: string }).state);
    expect(await call('venue.status')).toEqual({ local: { state: 'running', since: expect.any(Number) } });
    // Quiet hours around now: the venue's notices reach the window and the inbox, not the OS.
    const hhmm = (ms: number) => new Date(ms).toTimeString().slice(0, 5);
    await call('settings.set', { quietHours: { from: hhmm(Date.now() - 3_600_000), to: hhmm(Date.now() + 3_600_000) } });
    const venueNotices = () => stand.calls.sent.filter(([ch, p]) => ch === 'kairos:event:notices.raised' && (p as { kind: string }).kind === 'venue').map(([, p]) => p as { title: string; quiet?: boolean });
    const osVenue = () => osNotices.filter((n) => /^Local venue/.test(n.title)).map((n) => n.title);
    stand.children.at(-1)?.kill('SIGKILL');
    await vi.waitFor(() => expect(states()).toEqual(['restarting', 'running']), { timeout: 30_000, interval: 100 });
    expect(venueNotices()).toEqual([expect.objectContaining({ title: 'Local venue stopped', quiet: true }), expect.objectContaining({ title: 'Local venue runs again', quiet: true })]);
    expect(osVenue()).toEqual([]);
    await call('settings.set', { quietHours: null });
    stand.children.at(-1)?.kill('SIGKILL');
    await vi.waitFor(() => expect(states()).toEqual(['restarting', 'running', 'down']), { timeout: 30_000, interval: 100 });
    expect(osVenue()).toEqual(['Local venue stopped']);
    expect((await call<{ items: Array<{ title: string }> }>('notices.list', { limit: 3 })).items.map((n) => n.title)).toEqual(['Local venue stopped', 'Local venue runs again', 'Local venue stopped']);
    expect(await call<{ local: { state: string } }>('venue.status')).toMatchObject({ local: { state: 'down' } });
    expect(await call<{ local: { state: string } }>('venue.restart')).toMatchObject({ local: { state: 'running' } });
    expect(states().slice(3)).toEqual(['restarting', 'running']);
    expect(osVenue()).toEqual(['Local venue stopped', 'Local venue runs again']);
    expect((await call<{ data: { rows: unknown[] } }>('markets.list', { limit: 5 })).data.rows).toHaveLength(5);
    expect(stand.children).toHaveLength(3);
    // Every start of the venue, the restarts too, runs with the app's memory flags.
    expect(stand.forkFlags).toEqual([[...NODE_MEMORY_FLAGS], [...NODE_MEMORY_FLAGS], [...NODE_MEMORY_FLAGS]]);
    // The page's renderers get the app's V8 flags too.
    expect(stand.switches).toEqual([['js-flags', RENDERER_JS_FLAGS]]);
    // ...and the app's environment, with malloc held to two arenas.
    expect(stand.forkEnvs.map((e) => [e?.['MALLOC_ARENA_MAX'], e?.['MALLOC_TRIM_THRESHOLD_'], e?.['PATH']])).toEqual(Array(3).fill(['2', '131072', process.env['PATH']]));
  }, 60_000);

  it('a quit closes the core before the app goes, and calls after it are refused in words', async () => {
    const call = callAsWindow(stand.windows[0] as (typeof stand.windows)[number]);
    const quits = stand.calls.quit;
    let prevented = false;
    for (const fn of stand.appListeners.get('will-quit') ?? []) fn({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(stand.calls.quit).toBe(quits + 1), { timeout: 15_000, interval: 50 });
    await expect(call('markets.list', { limit: 5 })).rejects.toThrow(/Kairos is closing/);
  });
});
