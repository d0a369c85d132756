/// <reference lib="dom" />
// The app's footprint as a user lives with it: the built browser host (the same core and embedded
// venue as Electron's main, simulator on) and its page in Chromium, first on a fresh data folder
// (the world is generated) and then launched again on it. Prints the resident memory of every
// process (core/host, venue, renderer) after opening the markets list, a market page and the
// portfolio, then, in the later launch, each process's CPU over an idle spell with nothing open
// (the Settings screen) and with a market page open. Linux only (reads /proc).
// Usage: npm run bench -- footprint [--size default|large] [--seconds 60]
// The whole app's figure counts each resident page once (the core and the venue map the same Node
// binary); the sums of RSS and of PSS are printed beside it.
// Targets: whole app < 350 MB resident on default, < 600 MB on large; idle CPU < 1% of a core
// with nothing open, < 3% with a market page open.
import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support.js';
import { HOST, spawnHost } from './_host.js';
import { CLK_TCK, cmdline, cpuTicks, procStat, readProc } from './_proc.js';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'default' }, seconds: { type: 'string', default: '60' } } });
const seconds = Number(values.seconds);
const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`) ?? '')?.[1] ?? 0) / 1024;
/** The private part of RSS (heaps, caches); the rest maps files (the Node or Chromium binary), shared with other processes. */
const anonMb = (pid: number): number => Number(/RssAnon:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`) ?? '')?.[1] ?? 0) / 1024;
/** Proportional set size: shared pages split among the processes sharing them, so a sum is fair. */
const pssMb = (pid: number): number => Number(/Pss:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/smaps_rollup`) ?? '')?.[1] ?? 0) / 1024;
/**
 * The app's resident memory as a whole: the distinct physical pages resident in any of `pids`,
 * so the Node binary the core and the venue both map counts once (a sum of RSS counts it twice).
 * Pages shared with processes outside the app (Chromium's browser process) count in full. Reads
 * /proc/<pid>/pagemap, whose frame numbers only root may see: undefined when they are hidden.
 */
function distinctMb(pids: number[]): number | undefined {
  const frames = new Set<number>();
  for (const pid of pids) {
    const ranges: Array<[number, number]> = [];
    let range: [number, number] | undefined;
    for (const line of (readProc(`/proc/${pid}/smaps`) ?? '').split('\n')) {
      const m = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
      if (m) range = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
      else if (range && /^Rss:\s+[1-9]/.test(line)) ranges.push(range);
    }
    const fd = openSync(`/proc/${pid}/pagemap`, 'r');
    try {
      for (const [from, to] of ranges) {
        const buf = Buffer.alloc(((to - from) / 4096) * 8);
        readSync(fd, buf, 0, buf.length, (from / 4096) * 8);
        for (let i = 0; i < buf.length; i += 8) {
          const entry = buf.readBigUInt64LE(i);
          if (!(entry >> 63n)) continue;
          const frame = Number(entry & ((1n << 55n) - 1n));
          if (frame === 0) return undefined;
          frames.add(frame);
        }
      }
    } finally {
      closeSync(fd);
    }
  }
  return Math.round((frames.size * 4096) / 2 ** 20);
}
const children = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => procStat(p)?.ppid === pid);

/** The process running `script` under `root` that has no child running it too (tsx starts a wrapper first). */
function worker(root: number, script: string): number | undefined {
  const all: number[] = [];
  const walk = (p: number): void => {
    all.push(p);
    for (const c of children(p)) walk(c);
  };
  walk(root);
  const running = all.filter((p) => cmdline(p).includes(script));
  return running.find((p) => !children(p).some((c) => running.includes(c)));
}

async function rendererPids(page: Page): Promise<number[]> {
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
  await cdp.detach();
  return info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
}

const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-footprint-'));
const browser = await launchChromium();
type Figures = Record<string, number>;

/**
 * One session of the app on `dir`: the host started, its page through the markets list (once the
 * catalog has synced), a market page and the portfolio, memory after each; then, when asked, CPU
 * over the idle spells. The first session starts on an empty folder (the world is generated), the
 * second on the same folder, as every later launch does.
 */
async function session(name: string, withIdle: boolean): Promise<{ rss: Figures; idleNothing?: Figures; idleMarket?: Figures }> {
  const host: ChildProcess = spawnHost(['--data-dir', dir, '--venue-size', values.size as string], ['pipe', 'pipe', 'inherit']);
  const url = await new Promise<string>((done, fail) => {
    createInterface({ input: host.stdout! }).once('line', (l) => done(l.trim()));
    host.once('exit', (code) => fail(new Error(`the host exited (${code}) before printing its URL`)));
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForSelector('[data-testid=market-row]', { timeout: 15 * 60_000 });
    const procs = (): Record<string, number[]> => ({
      core: [worker(host.pid!, HOST)].filter((p): p is number => p !== undefined),
      venue: [worker(host.pid!, 'out/main/venue.js')].filter((p): p is number => p !== undefined),
    });
    // Headless Chromium keeps spare renderers beside the page's; the page's is the one that grew.
    const renderers = (await rendererPids(page)).sort((a, b) => rssMb(b) - rssMb(a)).slice(0, 1);
    const all = (): Record<string, number[]> => ({ ...procs(), renderer: renderers });
    const memory = (label: string): Figures => {
      const sum = (f: (pid: number) => number) => Object.fromEntries(Object.entries(all()).map(([k, ps]) => [k, Math.round(ps.reduce((s, p) => s + f(p), 0))]));
      const m = sum(rssMb);
      const anon = sum(anonMb);
      const pss = sum(pssMb);
      const rssSum = Object.values(m).reduce((a, b) => a + b, 0);
      const pssTotal = Object.values(pss).reduce((a, b) => a + b, 0);
      const whole = distinctMb(Object.values(all()).flat());
      console.log(
        `${name} ${label.padEnd(20)} RSS MB: ${Object.entries(m).map(([k, v]) => `${k} ${v} (private ${anon[k]})`).join(', ')}; ` +
          `whole app ${whole ?? 'not measured (pagemap frames need root)'} (RSS sum ${rssSum}, PSS sum ${pssTotal})`,
      );
      return { ...m, ...(whole === undefined ? {} : { whole }), rssSum, pssTotal };
    };

    // Let the catalog sync finish, as a user's first minute would (the status bar says so).
    await page.waitForFunction(() => /catalog synced|synced /.test(document.querySelector('footer')?.textContent ?? ''), null, { timeout: 15 * 60_000, polling: 500 });
    await page.waitForTimeout(3_000);
    const peaks: Figures[] = [memory('markets list')];
    await page.locator('[data-testid=market-row]').first().click();
    await page.getByTestId('market-question').waitFor();
    await page.waitForTimeout(5_000);
    peaks.push(memory('+ a market page'));
    await page.getByRole('button', { name: 'Portfolio', exact: true }).click();
    await page.waitForTimeout(5_000);
    peaks.push(memory('+ the portfolio'));
    const rss = Object.fromEntries(Object.keys(peaks[0]!).map((k) => [k, Math.max(...peaks.map((p) => p[k] ?? 0))]));
    if (!withIdle) return { rss };

    const idle = async (label: string): Promise<Figures> => {
      await page.waitForTimeout(3_000);
      const ps = all();
      const before = Object.fromEntries(Object.entries(ps).map(([k, xs]) => [k, xs.reduce((s, p) => s + cpuTicks(p), 0)]));
      const t0 = performance.now();
      await page.waitForTimeout(seconds * 1000);
      const elapsed = (performance.now() - t0) / 1000;
      const pct = Object.fromEntries(Object.entries(ps).map(([k, xs]) => [k, Math.round(((xs.reduce((s, p) => s + cpuTicks(p), 0) - (before[k] ?? 0)) / CLK_TCK / elapsed) * 1000) / 10]));
      const total = Math.round(Object.values(pct).reduce((a, b) => a + b, 0) * 10) / 10;
      console.log(`${name} ${label.padEnd(20)} CPU % of a core over ${seconds} s: ${Object.entries(pct).map(([k, v]) => `${k} ${v}`).join(', ')}, whole app ${total}`);
      return { ...pct, total };
    };
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const idleNothing = await idle('idle, nothing open');
    await page.getByRole('button', { name: 'Markets', exact: true }).click();
    await page.locator('[data-testid=market-row]').first().click();
    await page.getByTestId('market-question').waitFor();
    const idleMarket = await idle('idle, a market page');
    return { rss, idleNothing, idleMarket };
  } finally {
    await page.close();
    const exited = new Promise((r) => host.once('exit', r));
    host.kill('SIGTERM');
    await exited;
  }
}

try {
  const first = await session('first launch ', false);
  const later = await session('later launch ', true);
  console.log(JSON.stringify({ bench: 'footprint', size: values.size, seconds, firstLaunchRssMb: first.rss, laterLaunchRssMb: later.rss, idleNothingCpuPct: later.idleNothing, idleMarketCpuPct: later.idleMarket }));
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
