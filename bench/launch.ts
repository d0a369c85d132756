/// <reference lib="dom" />
// The whole launch as a user lives it: from the start of the app's host process (the browser
// host, which runs the same core and embedded venue as Electron's main) to the first market row
// painted, on a cold data folder (the venue generates its world) and on a warm one (the same
// folder again). The simulator is on, as for every user.
// Usage: npm run bench -- launch [--runs 3] [--size default|large] [--settle 20]
// Needs the built renderer (npm run build) and Chromium at /usr/bin/chromium or CHROMIUM_PATH.
// Targets: warm < 1 s, cold < 3 s (p50).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { launchChromium, RENDERER } from '../e2e/support.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, size: { type: 'string', default: 'default' }, settle: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('the renderer is not built: run npm run build first');
const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

/** Starts the host on `dataDir`; resolves with the page URL it prints and the ms from spawn to that line. */
function startHostProcess(dataDir: string): Promise<{ child: ChildProcess; url: string; t0: number; urlAt: number }> {
  const t0 = performance.now();
  const child = spawn(resolve('node_modules/.bin/tsx'), ['src/host/main.ts', '--data-dir', dataDir, '--venue-size', values.size as string], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout! }).once('line', (url) => done({ child, url: url.trim(), t0, urlAt: performance.now() - t0 }));
    child.once('exit', (code) => fail(new Error(`the host exited (${code}) before printing its URL:\n${stderr.join('')}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const browser = await launchChromium();
const cold: Array<{ url: number; row: number }> = [];
const warm: Array<{ url: number; row: number }> = [];
try {
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-launch-'));
    try {
      for (const into of [cold, warm]) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const host = await startHostProcess(dir);
        try {
          await page.goto(host.url);
          await page.waitForSelector('[data-testid=market-row]', { timeout: 120_000 });
          // The frame after the row is in the DOM: painted.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
          const row = performance.now() - host.t0;
          into.push({ url: Math.round(host.urlAt), row: Math.round(row) });
          console.log(`${into === cold ? 'cold' : 'warm'} run ${i + 1}: URL printed after ${Math.round(host.urlAt)} ms, first row at ${Math.round(row)} ms`);
          // A first session runs a while: its catalog sync fills the cache a warm launch lists from.
          if (into === cold) await page.waitForTimeout(Number(values.settle) * 1000);
        } finally {
          await page.close();
          await stop(host.child);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}

const summary = {
  bench: 'launch',
  size: values.size,
  runs,
  coldFirstRowP50Ms: p50(cold.map((r) => r.row)),
  warmFirstRowP50Ms: p50(warm.map((r) => r.row)),
  coldUrlP50Ms: p50(cold.map((r) => r.url)),
  warmUrlP50Ms: p50(warm.map((r) => r.url)),
};
console.log(`first market row, p50 of ${runs}: cold ${summary.coldFirstRowP50Ms} ms (target < 3000), warm ${summary.warmFirstRowP50Ms} ms (target < 1000)`);
console.log(JSON.stringify(summary));
