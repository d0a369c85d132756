// The whole catalog in one list, on a world larger than one page of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason, startApp, type App } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`catalog list (${reason ?? 'Chromium + built renderer, default world'})`, () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ size: 'default' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows the whole synced catalog in one list, loading pages as it scrolls; the series filter narrows it', async () => {
    const { page, venue } = app;
    await page.waitForSelector('[data-testid=market-row]');
    const active: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const rows = (await (await fetch(`${venue.urls.catalog_url}/markets?active=true&closed=false&order=id&ascending=true&limit=100&offset=${offset}`)).json()) as Array<{ question: string }>;
      active.push(...rows.map((r) => r.question));
      if (rows.length < 100) break;
    }
    expect(active.length).toBeGreaterThan(500); // more than one page of the list (500)
    await expect.poll(() => page.getByTestId('sync').innerText(), { timeout: 60_000 }).toMatch(/catalog synced/);
    await expect.poll(() => page.getByTestId('market-count').innerText(), { timeout: 15_000 }).toBe(` · ${active.length.toLocaleString('en-US')}`);
    // A–Z, scrolled to the very end: the last question of the catalog is painted.
    await page.getByLabel('Sort').selectOption('question');
    const last = [...active].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })).at(-1) as string;
    await expect
      .poll(
        async () => {
          await page.getByRole('listbox', { name: 'Markets' }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
          return (await page.locator('[data-testid=market-row]').allInnerTexts()).some((t) => t.includes(last));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await app.shot('markets-end');
    // Rows carry status badges: every mirror market in the list is marked.
    await page.getByLabel('Mirror').selectOption('only');
    await expect.poll(async () => {
      const rows = page.locator('[data-testid=market-row]');
      const n = await rows.count();
      return n > 0 && n === (await rows.locator('[data-badge=mirror]').count());
    }, { timeout: 10_000 }).toBe(true);
    await app.shot('markets-mirror');
    await page.getByLabel('Mirror').selectOption('any');
    const series = ((await (await fetch(`${venue.urls.catalog_url}/series?limit=20`)).json()) as Array<{ id: string; title: string; events?: unknown[] }>).find((s) => (s.events ?? []).length > 0);
    await page.getByLabel('Series').selectOption(String(series?.id));
    await expect.poll(async () => Number((await page.getByTestId('market-count').innerText()).replace(/\D/g, '')), { timeout: 15_000 }).toBeLessThan(active.length);
    await app.shot('markets-series');
    // Room for the sync's own 60 s bound above and the steps after it on a loaded machine.
  }, 120_000);

});
