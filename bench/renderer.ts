/// <reference lib="dom" />
// Renderer figures in Chromium as users live: the built browser host (core, and the embedded venue
// in its own process with the simulator on), its catalog synced; then the time from navigation to
// the first market row painted on each reload (warm cache), and keystroke-to-results of local
// search. Usage: npm run bench -- renderer [--size default|large] [--reloads 20]   (needs
// `npm run build` and Chromium at /usr/bin/chromium or CHROMIUM_PATH).
// Targets: first row p95 < 300 ms at default and large; search < 50 ms p95.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/support.js';
import { firstRowFrame, watchFirstRow } from './_first-row.js';
import { spawnHost } from './_host.js';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'default' }, reloads: { type: 'string', default: '20' } } });
const q = (xs: number[], p: number): number => Math.round(([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)] ?? 0) * 10) / 10;

const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-renderer-'));
const hostProcess: ChildProcess = spawnHost(['--data-dir', dir, '--venue-size', values.size as string], ['pipe', 'pipe', 'inherit']);
const url = await new Promise<string>((done, fail) => {
  createInterface({ input: hostProcess.stdout! }).once('line', (l) => done(l.trim()));
  hostProcess.once('exit', (code) => fail(new Error(`the host exited (${code}) before printing its URL`)));
});
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(url);
// The first start generates the world and syncs the catalog: the footer says when it is whole.
await page.waitForFunction(() => /catalog synced/.test(document.querySelector('[data-testid=sync]')?.textContent ?? ''), null, { timeout: 15 * 60_000, polling: 500 });
const total = Number((/([\d,]+) markets/.exec((await page.textContent('[data-testid=sync]')) ?? '')?.[1] ?? '0').replace(/,/g, ''));
console.log(`synced ${total} markets`);

// Recorded inside the page: ms from the navigation's start to the frame after the first row.
await watchFirstRow(page);
const firstRow: number[] = [];
for (let i = 0; i < Number(values.reloads); i++) {
  await page.reload();
  firstRow.push(Math.round((await firstRowFrame(page)).sinceNavigation));
}

// Words of active markets' questions, from the venue the host started (its port is kept in the data folder).
const port = (JSON.parse(readFileSync(join(dir, 'local-venue.json'), 'utf8')) as { port: number }).port;
const active = (await (await fetch(`http://127.0.0.1:${port}/catalog/markets?active=true&closed=false&limit=60`)).json()) as Array<{ question: string }>;
const words = active.flatMap((r) => r.question.split(/[^A-Za-z]+/).filter((w) => w.length >= 5)).slice(0, 30);
const search: number[] = [];
const box = page.locator('input[type=search]');
for (const w of words) {
  for (let k = 2; k <= Math.min(w.length, 7); k++) {
    const prefix = w.slice(0, k);
    // Typed and timed inside the page (a string, so no bundler helpers leak in): from the input
    // event to the first animation frame after the rows for this prefix are in the DOM.
    const ms = (await page.evaluate(`new Promise((done, fail) => {
      const box = document.querySelector('input[type=search]');
      const list = document.querySelector('[aria-label=Markets][role=listbox]');
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const t0 = performance.now();
      const check = () => {
        if (list.getAttribute('data-results-for') === ${JSON.stringify(prefix)}) requestAnimationFrame(() => done(performance.now() - t0));
        else if (performance.now() - t0 > 5000) fail(new Error('no results for ${prefix}'));
        else setTimeout(check, 0);
      };
      set.call(box, ${JSON.stringify(prefix)});
      box.dispatchEvent(new Event('input', { bubbles: true }));
      check();
    })`)) as number;
    search.push(Math.round(ms * 10) / 10);
  }
  await box.fill('');
}
await browser.close();
const exited = new Promise((r) => hostProcess.once('exit', r));
hostProcess.kill('SIGTERM');
await exited;
rmSync(dir, { recursive: true, force: true });

const result = {
  world: values.size,
  markets: total,
  first_row_p50_ms: q(firstRow, 0.5),
  first_row_p95_ms: q(firstRow, 0.95),
  search_p50_ms: q(search, 0.5),
  search_p95_ms: q(search, 0.95),
  search_queries: search.length,
};
console.log(`first market row after navigation (warm cache, ${firstRow.length} reloads): p50 ${result.first_row_p50_ms} ms, p95 ${result.first_row_p95_ms} ms (target p95 < 300)`);
console.log(`search keystroke to results (${search.length} queries): p50 ${result.search_p50_ms} ms, p95 ${result.search_p95_ms} ms`);
console.log(JSON.stringify(result));
