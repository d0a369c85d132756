// The market page's price chart as a trader reads it: drawn in the theme's colours in light and
// dark, a spike kept as a bucket's high, ranges to ALL, candles, the other outcome, and a
// crosshair readout in cents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EASY, otherTrader, skipReason, SPEC_ONLY, startApp, yesOf, type App } from './support.js';

const reason = skipReason();

/** Pixels of the chart's canvases within a small distance of `rgb`, read in the page. */
async function pixelsOf(page: Page, cssVar: string): Promise<number> {
  return page.evaluate(async (name) => {
    const box = document.querySelector('[data-testid=price-chart]') as HTMLElement;
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    box.appendChild(probe);
    const [r, g, b] = (getComputedStyle(probe).color.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    probe.remove();
    let n = 0;
    for (const canvas of Array.from(box.querySelectorAll('canvas'))) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! > 200 && Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 24) n++;
      }
    }
    return n;
  }, cssVar);
}

describe.skipIf(reason !== undefined)(`price chart (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('draws in the theme’s colours, keeps a spike, and reads out the crosshair in cents', async () => {
    const { page, venue } = app;
    await page.waitForSelector('[data-testid=market-row]');
    // A listed market whose trades span more than a day, so the widest range has many buckets,
    // and with no resting orders, so the spike trades at the prices sent.
    const titles = await page.locator('[data-testid=market-row] > span[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    const world = await app.admin.world();
    const fit = (q: string) => world.markets.find((m) => m.question === q && !m.negRisk && m.restingOrders === 0 && m.fills !== null && m.fills.last - m.fills.first > 2 * 86_400_000);
    const at = titles.findIndex((q) => fit(q) !== undefined);
    expect(at).toBeGreaterThanOrEqual(0);
    const m = fit(titles[at] as string)!;
    const row = { condition_id: m.conditionId, neg_risk: m.negRisk ? 1 : 0 };
    await app.admin.setTrading(row.condition_id, EASY);
    const token = yesOf(m);
    const buyer = await otherTrader(venue);
    const seller = await otherTrader(venue);
    await app.admin.setCash(buyer.address, '100');
    await app.admin.mint(row.condition_id, seller.address, '50');
    const negRisk = row.neg_risk === 1;
    // A spike to 97¢ and straight back to 21¢ within the same minute.
    for (const price of ['0.97', '0.21']) {
      await buyer.post([buyer.order(token, 'BUY', price, '5', { negRisk })]);
      await seller.post([seller.order(token, 'SELL', price, '5', { type: 'FAK', negRisk })]);
    }

    // By its title: the list may re-sort while the catalog syncs.
    await page.getByTitle(titles[at] as string, { exact: true }).click();
    await expect.poll(() => page.getByTestId('market-question').innerText(), { timeout: 10_000 }).toBe(titles[at]);
    await page.waitForSelector('[data-testid=price-chart] canvas', { timeout: 15_000 });
    await page.getByRole('button', { name: 'ALL', exact: true }).click();
    await page.mouse.move(0, 0);
    // Off the chart, the readout shows the latest bucket: it closed at 21¢ and its high kept 97¢.
    const readout = page.getByTestId('chart-readout');
    const figure = (text: string, name: string) => Number(new RegExp(`${name} (\\d+)¢`).exec(text)?.[1]);
    await expect.poll(async () => figure(await readout.innerText(), 'H'), { timeout: 15_000 }).toBeGreaterThanOrEqual(97);
    expect(figure(await readout.innerText(), 'L')).toBeLessThanOrEqual(21);
    expect(await readout.innerText()).toMatch(/Vol \$\d/);
    if (SPEC_ONLY) expect(await page.getByTestId('history-from-trades').count()).toBe(1);

    // The line is drawn in the theme's Yes colour, in light and in dark.
    await page.evaluate("document.documentElement.dataset.theme = 'light'");
    await expect.poll(() => pixelsOf(page, '--yes'), { timeout: 5000 }).toBeGreaterThan(20);
    await app.shot('market-chart-light');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await expect.poll(() => pixelsOf(page, '--yes'), { timeout: 5000 }).toBeGreaterThan(20);

    // Candles, the other outcome, and a crosshair readout that follows the mouse.
    await page.getByRole('button', { name: 'Candles', exact: true }).click();
    await page.getByLabel(/Show /).check();
    await expect.poll(() => page.locator('.chart-readout .no').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => pixelsOf(page, '--no'), { timeout: 5000 }).toBeGreaterThan(20);
    const box = (await page.getByTestId('price-chart').boundingBox())!;
    const latest = await readout.innerText();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await expect.poll(() => readout.innerText(), { timeout: 5000 }).not.toBe(latest);
    expect(await readout.innerText()).toMatch(/O \d+¢/);
    await page.mouse.move(box.x + box.width * 0.98, box.y + box.height / 2);
    await app.shot('market-chart-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
  });
});
