// The desktop app itself, through Playwright's Electron support: the built app on a temporary
// data folder starts its embedded venue, renders the markets list from it, opens a market, and
// sends an order batch through the preload bridge, IPC, the core and the venue and back.
// Runs wherever Electron's binary is installed (the release workflow downloads it); skips here
// with the reason otherwise.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const SHOTS = resolve('e2e/screenshots');

/** Electron's binary as the `electron` package installed it, or why there is none. */
function electronBinary(): { path: string } | { reason: string } {
  let dir: string;
  try {
    dir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return { reason: "Electron's binary is not downloaded (node node_modules/electron/install.js fetches it)" };
  const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? { path: bin } : { reason: `Electron's binary is missing at ${bin}` };
}

function skipReason(): string | undefined {
  const bin = electronBinary();
  if ('reason' in bin) return bin.reason;
  if (!existsSync(resolve('out/main/index.js')) || !existsSync(resolve('out/renderer/index.html'))) return 'the app is not built (npm run build)';
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return 'no display (run under xvfb-run -a)';
  return undefined;
}

const reason = skipReason();

type Result<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

describe.skipIf(reason !== undefined)(`the desktop app (${reason ?? 'Electron'})`, () => {
  let app: ElectronApplication;
  let page: Page;
  let dataDir: string;
  /** A call through the real preload bridge (window.kairos), as the renderer makes it. */
  const invoke = async <T>(name: string, input: unknown = {}): Promise<T> => {
    const r = (await page.evaluate(([n, i]) => (window as unknown as { kairos: { invoke(n: unknown, i: unknown): Promise<unknown> } }).kairos.invoke(n, i), [name, input] as const)) as Result<T>;
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.data;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kairos-electron-e2e-'));
    const bin = electronBinary() as { path: string };
    app = await electron.launch({
      executablePath: bin.path,
      args: [resolve('.')],
      env: { ...(process.env as Record<string, string>), KAIROS_DATA_DIR: dataDir, KAIROS_UPDATES: 'off', ELECTRON_ENABLE_LOGGING: '1' },
      timeout: 120_000,
    });
    page = await app.firstWindow({ timeout: 120_000 });
    mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders the markets list from the embedded local venue, on the given data folder', async () => {
    await page.waitForSelector('[data-testid=market-row]', { timeout: 120_000 });
    expect(await page.locator('[data-testid=market-row]').count()).toBeGreaterThan(5);
    const info = await invoke<{ dataDir: string; version: string }>('app.info');
    expect(info.dataDir).toBe(dataDir);
    const profiles = await invoke<{ active: string; profiles: Array<{ id: string; kind: string; catalogUrl: string }> }>('profiles.list');
    const local = profiles.profiles.find((p) => p.id === profiles.active);
    expect(local?.kind).toBe('local');
    expect(local?.catalogUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    // The venue's world lives in the data folder it was given.
    expect(existsSync(join(dataDir, 'venue'))).toBe(true);
    // The window is sandboxed: no Node in the page.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    await page.screenshot({ path: join(SHOTS, 'electron-markets.png') });
  });

  it('opens a market', async () => {
    const first = page.locator('[data-testid=market-row]').first();
    const question = ((await first.innerText()).split('\n')[0] ?? '').trim();
    await first.click();
    await expect.poll(() => page.getByTestId('market-question').innerText(), { timeout: 30_000 }).toBe(question);
    await page.screenshot({ path: join(SHOTS, 'electron-market.png') });
  });

  it('sends an order batch that rests on the venue and lands in the journal', async () => {
    // The keychain wraps the vault where the OS has one; otherwise this passphrase does.
    await invoke('accounts.unlock', { passphrase: 'electron e2e passphrase' });
    const acct = await invoke<{ id: string; address: string }>('accounts.createLocal', { label: 'Electron e2e' });
    const rows = (await invoke<{ data: { rows: Array<{ conditionId: string; clobTokenIds: string[]; acceptingOrders?: boolean }> } }>('markets.list', { limit: 50 })).data.rows;
    const market = rows.find((r) => r.acceptingOrders !== false && r.clobTokenIds.length >= 2) as { conditionId: string; clobTokenIds: string[] };
    const rules = (await invoke<{ data: { mts: number; mos: number } }>('markets.settings', { conditionId: market.conditionId })).data;
    const size = String(Math.max(rules.mos, 5));
    // Bids at the lowest prices the market allows: they rest rather than fill.
    const lines = market.clobTokenIds.slice(0, 2).map((tokenId) => ({ conditionId: market.conditionId, tokenId, side: 'BUY', price: String(rules.mts), size }));
    const results = await invoke<Array<{ line: number; success: boolean; status?: string; orderId?: string }>>('orders.submit', { accountId: acct.id, lines });
    expect(results.map((r) => [r.line, r.success])).toEqual([
      [0, true],
      [1, true],
    ]);
    const ids = results.map((r) => r.orderId as string).sort();
    // The venue's simulated traders may hit a bid at any moment: what is open now was accepted
    // to rest, and nothing else of this account's is open.
    const resting = results.filter((r) => r.status === 'live').map((r) => r.orderId as string);
    expect(resting.length).toBeGreaterThan(0);
    const open = await invoke<{ data: Array<{ id: string }> }>('orders.open', { accountId: acct.id });
    for (const o of open.data) expect(resting).toContain(o.id);
    const journal = await invoke<Array<{ orderId: string; state: string }>>('orders.journal', { accountId: acct.id });
    expect(journal.map((j) => j.orderId).sort()).toEqual(ids);
    expect(journal.every((j) => j.state !== 'sending' && j.state !== 'unknown')).toBe(true);
    const cancelled = await invoke<{ canceled: string[] }>('orders.cancel', { accountId: acct.id, all: true });
    for (const id of cancelled.canceled) expect(resting).toContain(id);
  });
});
