// The markets list follows the venue's catalog within seconds, not at the next full sync: a
// market paused on the venue shows paused and then open again, and a trade on the venue moves a
// row's 24h volume. Both peers (the changes are read by `updatedAt`, which every venue lists by).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_EVERY } from '../src/main/core/domains/sync/catalog-watch.js';
import { adminCommand } from '../src/venue/admin.js';
import { EASY_NOW, openBracket, otherTrader, skipReason, startApp, yesOf, type App } from './support.js';

const reason = skipReason();
const wordsOf = (title: string): string => title.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 4).slice(0, 5).join(' ');
const titled = (q: string): string => `[title="${q.replace(/"/g, '\\"')}"]`;

describe.skipIf(reason !== undefined)(`catalog changes in the markets list (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let ev: { id: number; title: string; markets: number };
  let market: { cid: string; question: string; yes: string };

  beforeAll(async () => {
    app = await startApp();
    const { event: found, markets: ms } = openBracket(await app.admin.world(), 3, 9);
    ev = { id: found.id, title: found.title, markets: ms.length };
    const m = ms[0]!;
    market = { cid: m.conditionId, question: m.question, yes: yesOf(m) };
    await app.admin.setEventTrading(ev.id, EASY_NOW);
    await app.page.waitForSelector('[data-testid=market-row]');
    await app.page.waitForFunction(() => /catalog synced/.test(document.querySelector('[data-testid=sync]')?.textContent ?? ''), null, { timeout: 60_000 });
    // The list shows the event's markets.
    const { page } = app;
    await page.getByRole('combobox', { name: 'Event' }).fill(wordsOf(ev.title));
    await page.locator(`[role=option][data-event="${ev.id}"]`).click();
    await page.getByLabel('Status').selectOption('all');
    await page.waitForFunction((n) => document.querySelector('[data-testid=market-count]')?.textContent === ` · ${n}`, ev.markets, { timeout: 10_000 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const row = () => app.page.locator('[data-testid=market-row]', { has: app.page.locator(`span.q${titled(market.question)}`) });

  it('shows a market paused on the venue, and open again, within seconds', async () => {
    expect(await row().locator('[data-badge=paused]').count()).toBe(0);
    await adminCommand(app.venue.dataDir, ['pause', market.cid]);
    await row().locator('[data-badge=paused]').waitFor({ timeout: 10_000 });
    await adminCommand(app.venue.dataDir, ['activate', market.cid]);
    await expect.poll(() => row().locator('[data-badge=paused]').count(), { timeout: 10_000 }).toBe(0);
  });

  it('moves a row’s 24h volume when the market trades on the venue', async () => {
    const volume = (text: string) => row().locator('span.num', { hasText: new RegExp(`^\\${text}$`) });
    expect(await volume('$20').count()).toBe(0);
    // Someone bids 40¢ for 50 and someone else sells into it: $20 traded.
    const [maker, taker] = [await otherTrader(app.venue), await otherTrader(app.venue)];
    await app.admin.setCash(maker.address, '100');
    await app.admin.setCash(taker.address, '100');
    await app.admin.mint(market.cid, taker.address, '50');
    const bid = await maker.post([maker.order(market.yes, 'BUY', '0.4', '50', { negRisk: true })]);
    expect(bid.body[0]?.['success'], JSON.stringify(bid.body)).toBe(true);
    const sold = await taker.post([taker.order(market.yes, 'SELL', '0.4', '50', { type: 'FAK', negRisk: true })]);
    expect(sold.body[0]?.['status'], JSON.stringify(sold.body)).toBe('matched');
    // Figures are told at most every FIGURES_EVERY on the core's clock: moved past it, the next
    // watch pass tells this one, rather than up to 10 s of the app idling here.
    app.skew.ms += FIGURES_EVERY;
    await volume('$20').waitFor({ timeout: 15_000 });
    await app.shot('catalog-changes-volume');
    await app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('catalog-changes-volume-dark');
    await app.page.evaluate('delete document.documentElement.dataset.theme');
  });
});
