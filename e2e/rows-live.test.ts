// Rows follow the venue while they show: another trader moves the book of a market whose row is
// on screen, and the row's price moves without a reload — in the markets list with no market page
// open, in the watchlist and on the event page — streamed where the venue has a live channel,
// polled through the spec's batch price routes where it has none; then the market page shows the
// same price as the row did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trader } from '../src/venue/trading/test-trader.js';
import { quietFirstMarket, revealMarketParts, skipReason, SPEC_ONLY, startApp, type App } from './support.js';

const reason = skipReason();
const PEER = SPEC_ONLY ? 'polling' : 'live';
/** A row's next price arrives within this: a change pushed a few times a second, or the next poll of a read older than 5 s. */
const MOVES_WITHIN = SPEC_ONLY ? 20_000 : 5_000;

describe.skipIf(reason !== undefined)(`rows on screen follow live prices (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let market: { condition_id: string; question: string; neg_risk: number };
  let yes: string;
  let maker: Trader;

  beforeAll(async () => {
    app = await startApp();
    // The first listed market, made quiet: its book is what this test puts there.
    ({ market, yes, maker } = await quietFirstMarket(app, '0.001'));
    await place('BUY', '0.4');
    await place('SELL', '0.44');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  async function place(side: 'BUY' | 'SELL', price: string): Promise<void> {
    const r = await maker.post([maker.order(yes, side, price, '10', { negRisk: market.neg_risk === 1 })]);
    expect(r.body).toMatchObject([{ success: true }]);
  }

  const cellOf = (cell: ReturnType<App['page']['locator']>) => async () => ({
    price: (await cell.locator('.pv').innerText()).trim(),
    basis: await cell.getAttribute('data-basis'),
  });
  const listCell = () => app.page.locator('[data-testid=market-row]').filter({ has: app.page.getByTitle(market.question, { exact: true }) }).locator('[data-field=price]');
  const headCell = () => app.page.locator(`[data-testid=market-price] [data-token="${yes}"] [data-field=price]`);
  /** A row's age where it is read live ("live"), else its seconds since the read. */
  const age = async (cell: ReturnType<App['page']['locator']>) => (await cell.locator('.age').innerText()).trim();

  it('moves a row of the markets list with no market page open, and the page then shows the same price', async () => {
    const { page } = app;
    expect(await page.getByTestId('market-question').count()).toBe(0);
    // A 4¢ spread: the midpoint is the price.
    await expect.poll(cellOf(listCell()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '42¢', basis: 'mid' });

    // Another trader bids 42.6¢: the midpoint moves to 43.3¢ in the row, the list not asked again.
    await place('BUY', '0.426');
    await expect.poll(cellOf(listCell()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.3¢', basis: 'mid' });
    await expect.poll(() => age(listCell()), { timeout: MOVES_WITHIN }).toMatch(SPEC_ONLY ? /^\d+s$/ : /^live$/);
    await app.shot(`rows-live-list-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`rows-live-list-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);

    // The market page agrees with the row.
    await page.getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
    await expect.poll(cellOf(headCell()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.3¢', basis: 'mid' });
    expect(await cellOf(listCell())()).toEqual({ price: '43.3¢', basis: 'mid' });
  });

  it('moves the watchlist row of a starred market, and the market page then shows the same price', async () => {
    const { page } = app;
    await page.locator('.mk-actions').getByTestId('star').click();
    await page.getByRole('button', { name: 'Watchlist', exact: true }).click();
    const watched = () => page.locator('[data-testid=watchlist-market]').filter({ has: page.getByTitle(market.question, { exact: true }) }).locator('[data-field=price]');
    await expect.poll(cellOf(watched()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.3¢', basis: 'mid' });

    // The ask comes down to 43.6¢: the midpoint is 43.1¢.
    await place('SELL', '0.436');
    await expect.poll(cellOf(watched()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.1¢', basis: 'mid' });
    await expect.poll(() => age(watched()), { timeout: MOVES_WITHIN }).toMatch(SPEC_ONLY ? /^\d+s$/ : /^live$/);
    await app.shot(`rows-live-watchlist-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`rows-live-watchlist-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);

    await page.getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
    await expect.poll(cellOf(headCell()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.1¢', basis: 'mid' });
  });

  it("moves the market's outcome row on its event page", async () => {
    const { page } = app;
    await revealMarketParts(page);
    await page.getByTestId('event-link').click();
    const outcome = () => page.locator('[data-testid=outcome]').filter({ has: page.locator(`td[title="${market.question.replace(/"/g, '\\"')}"]`) }).locator('[data-field=price]');
    await expect.poll(cellOf(outcome()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.1¢', basis: 'mid' });

    // A bid at 43¢: the midpoint is 43.3¢.
    await place('BUY', '0.43');
    await expect.poll(cellOf(outcome()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.3¢', basis: 'mid' });
    await expect.poll(() => age(outcome()), { timeout: MOVES_WITHIN }).toMatch(SPEC_ONLY ? /^\d+ s ago$/ : /^live$/);
    await app.shot(`rows-live-event-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`rows-live-event-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });
});
