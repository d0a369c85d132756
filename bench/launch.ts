/// <reference lib="dom" />
// The whole launch as a user lives it: from the start of the app's host process (the browser
// host, which runs the same core and embedded venue as Electron's main) to the first market row
// painted, on a cold data folder (the venue generates its world) and on a warm one (the same
// folder again). The simulator is on, as for every user.
// Usage: npm run bench -- launch [--runs 3] [--size default|large] [--settle 20]
// Needs the built renderer (npm run build) and Chromium at /usr/bin/chromium or CHROMIUM_PATH.
// Targets: warm < 1 s, cold < 3 s (p50).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/support.js';
import { firstRowFrame, watchFirstRow } from './_first-row.js';
import { spawnHost } from './_host.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, size: { type: 'string', default: 'default' }, settle: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

interface HostRun {
  child: ChildProcess;
  url: string;
  t0: number;
  /** Wall-clock ms at spawn, to set against the page's own clock. */
  spawnedEpoch: number;
  urlAt: number;
  /** ms from spawn to the host's log line that the venue runs. */
  venueAt?: number;
}

/** Starts the host on `dataDir`; resolves with the page URL it prints and the ms from spawn to that line. */
function startHostProcess(dataDir: string): Promise<HostRun> {
  const t0 = performance.now();
  const spawnedEpoch = Date.now();
  const child = spawnHost(['--data-dir', dataDir, '--venue-size', values.size as string], ['pipe', 'pipe', 'pipe']);
  const stderr: string[] = [];
  const run: Partial<HostRun> = { child, t0, spawnedEpoch };
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    if (run.venueAt === undefined && line.includes('the local venue is running')) run.venueAt = performance.now() - t0;
  });
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout! }).once('line', (url) => done(Object.assign(run as HostRun, { url: url.trim(), urlAt: performance.now() - t0 })));
    child.once('exit', (code) => fail(new Error(`the host exited (${code}) before printing its URL:\n${stderr.join('\n')}`)));
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
        await watchFirstRow(page);
        const host = await startHostProcess(dir);
        try {
          await page.goto(host.url);
          // The frame after the row is in the DOM: painted, by the page's clock.
          const frame = await firstRowFrame(page, 120_000);
          const seen = performance.now() - host.t0;
          const row = frame.epochMs - host.spawnedEpoch;
          into.push({ url: Math.round(host.urlAt), row: Math.round(row) });
          const venue = host.venueAt === undefined ? 'still starting' : `running at ${Math.round(host.venueAt)} ms`;
          console.log(`${into === cold ? 'cold' : 'warm'} run ${i + 1}: URL printed after ${Math.round(host.urlAt)} ms, venue ${venue}, first row painted at ${Math.round(row)} ms (the driver saw it at ${Math.round(seen)} ms)`);
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
