/// <reference lib="dom" />
// Renderer figures in Chromium through the browser host, with the real core and venue: time from
// navigation to the first market row painted (warm cache), and keystroke-to-results of local
// search. Usage: npm run bench -- renderer [--size default|large]   (needs `npm run build` and
// Chromium at /usr/bin/chromium or CHROMIUM_PATH). Targets: first row < 400 ms, search < 50 ms p95.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../src/main/core/index.js';
import { localProfile } from '../src/main/core/local-profile.js';
import { startHost } from '../src/host/server.js';
import { launchChromium } from '../e2e/support.js';
import { startVenue, type WorldSize } from '../src/venue/server.js';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'default' } } });
const q = (xs: number[], p: number): number => Math.round(([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0) * 10) / 10;

execFileSync(process.execPath, [resolve('node_modules/electron-vite/bin/electron-vite.js'), 'build'], { stdio: 'ignore' });
const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-renderer-'));
const venue = await startVenue({ dataDir: join(dir, 'venue'), size: values.size as WorldSize, seed: 1, rateLimitScale: 0 });
const core = createCore({
  dataDir: join(dir, 'app'),
  defaultProfile: localProfile(venue.urls),
  logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
});
const total = (venue.db.prepare('SELECT COUNT(*) AS n FROM markets').get() as { n: number }).n;
await core.router.dispatch('sync.start', {});
for (;;) {
  const s = await core.router.dispatch('sync.status', {});
  const done = s.ok ? ((s.data as { kinds: Array<{ kind: string; done: number }> }).kinds.find((k) => k.kind === 'markets')?.done ?? 0) : 0;
  if (done >= total) break;
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`synced ${total} markets`);
const host = await startHost({ router: core.router, rendererDir: resolve('out/renderer') });
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(host.url);
await page.waitForSelector('[data-testid=market-row]');

// Recorded inside the page: ms from the navigation's start (performance's time origin) to the
// frame after the first market row enters the DOM.
await page.addInitScript(`new MutationObserver((_, obs) => {
  if (!document.querySelector('[data-testid=market-row]')) return;
  obs.disconnect();
  requestAnimationFrame(() => { window.kairosFirstRow = performance.now(); });
}).observe(document, { subtree: true, childList: true });`);
const firstRow: number[] = [];
for (let i = 0; i < 15; i++) {
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { kairosFirstRow?: number }).kairosFirstRow !== undefined);
  firstRow.push(Math.round(await page.evaluate(() => (window as unknown as { kairosFirstRow: number }).kairosFirstRow)));
}

const words = (venue.db.prepare("SELECT question FROM markets WHERE status = 'active' ORDER BY id LIMIT 60").all() as Array<{ question: string }>)
  .flatMap((r) => r.question.split(/[^A-Za-z]+/).filter((w) => w.length >= 5))
  .slice(0, 30);
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
await host.close();
core.close();
await venue.close();
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
console.log(`first market row after navigation (warm cache): p50 ${result.first_row_p50_ms} ms, p95 ${result.first_row_p95_ms} ms`);
console.log(`search keystroke to results (${search.length} queries): p50 ${result.search_p50_ms} ms, p95 ${result.search_p95_ms} ms`);
console.log(JSON.stringify(result));
