// One price per market on every screen: after another trader moves a market's book, its row in
// the markets list and its page's header show the same price — the book's midpoint, the spread
// being tight — each with its age ("live" where the venue streams, seconds where it is polled).
import { beforeAll, describe, expect, it } from 'vitest';
import { otherTrader, revealMarketParts, skipReason, SPEC_ONLY, type App, type QuietMarket } from './support.js';
import { quietAppFor } from './shared-app.js';

const reason = skipReason();
const PEER = SPEC_ONLY ? 'polling' : 'live';

describe.skipIf(reason !== undefined)(`one price per market (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let market: { condition_id: string; question: string; neg_risk: number };
  let yes: string;
  let place: QuietMarket['quote'];

  // The first listed market, made quiet: its book is what this test puts there.
  const quiet = quietAppFor('0.001', '0.4', '0.44');
  beforeAll(() => void ({ app, market, yes, quote: place } = quiet()));

  const rowCell = () => app.page.locator('[data-testid=market-row]').filter({ has: app.page.getByTitle(market.question, { exact: true }) }).locator('[data-field=price]');
  const headCell = () => app.page.locator(`[data-testid=market-price] [data-token="${yes}"] [data-field=price]`);
  const shown = async () => ({
    row: (await rowCell().locator('.pv').innerText()).trim(),
    head: (await headCell().locator('.pv').innerText()).trim(),
    basis: [await rowCell().getAttribute('data-basis'), await headCell().getAttribute('data-basis')],
  });

  it('shows the same price in the list row and on the market page, with its age, after the book moves', async () => {
    const { page } = app;
    await page.getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
    const wait = SPEC_ONLY ? 15_000 : 5_000;
    // A 4¢ spread: the midpoint is the price on both.
    await expect.poll(shown, { timeout: wait, interval: 50 }).toEqual({ row: '42¢', head: '42¢', basis: ['mid', 'mid'] });

    // Another trader bids 43.2¢: the midpoint moves to 43.6¢, on both screens.
    await place('BUY', '0.432');
    await expect.poll(shown, { timeout: SPEC_ONLY ? 15_000 : 8_000, interval: 50 }).toEqual({ row: '43.6¢', head: '43.6¢', basis: ['mid', 'mid'] });

    // The age is beside each: "live" on a streaming venue, seconds since the read where polled.
    const ages = [(await rowCell().locator('.age').innerText()).trim(), (await headCell().locator('.age').innerText()).trim()];
    if (SPEC_ONLY) {
      expect(ages[0]).toMatch(/^\d+s$/);
      expect(ages[1]).toMatch(/^\d+ s ago$/);
    } else expect(ages).toEqual(['live', 'live']);
    expect(await headCell().getAttribute('title')).toMatch(/^midpoint of the best bid and ask \(43\.6% chance\), /);

    await app.shot(`one-price-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`one-price-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });

  it('shows the last trade once the book is one-sided, on both screens alike', async () => {
    // Someone buys the whole ask at 44¢: no ask is left, so the last trade is the price.
    const taker = await otherTrader(app.venue);
    await app.admin.setCash(taker.address, '500');
    const bought = await taker.post([taker.order(yes, 'BUY', '0.44', '10', { type: 'FAK', negRisk: market.neg_risk === 1 })]);
    expect(bought.body).toMatchObject([{ success: true }]);
    await expect.poll(shown, { timeout: SPEC_ONLY ? 15_000 : 8_000, interval: 50 }).toEqual({ row: '44¢', head: '44¢', basis: ['last', 'last'] });
    expect(await headCell().getAttribute('title')).toMatch(/^last trade \(44% chance\), /);
  });

  it("shows that price on the event page's outcome row and the watchlist's row too", async () => {
    const { page } = app;
    const cellText = async (cell: ReturnType<typeof page.locator>) => ({ price: (await cell.locator('.pv').innerText()).trim(), basis: await cell.getAttribute('data-basis') });
    const wait = SPEC_ONLY ? 15_000 : 5_000;
    // Starred on its page, then the Watchlist.
    await page.locator('.mk-actions').getByTestId('star').click();
    await page.getByRole('button', { name: 'Watchlist', exact: true }).click();
    const watched = page.locator('[data-testid=watchlist-market]').filter({ has: page.getByTitle(market.question, { exact: true }) }).locator('[data-field=price]');
    await expect.poll(() => cellText(watched), { timeout: wait, interval: 50 }).toEqual({ price: '44¢', basis: 'last' });
    // The row may show a read's age for a moment before the live channel's first book reaches it.
    await expect.poll(async () => (await watched.locator('.age').innerText()).trim(), { timeout: 15_000 }).toMatch(SPEC_ONLY ? /^\d+s$/ : /^live$/);
    await app.shot(`one-price-watchlist-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`one-price-watchlist-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);

    // Its event's page, from the market page.
    await page.getByRole('button', { name: 'Markets', exact: true }).click();
    await page.getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
    await revealMarketParts(page);
    await page.getByTestId('event-link').click();
    const outcome = page.locator('[data-testid=outcome]').filter({ has: page.locator(`td[title="${market.question.replace(/"/g, '\\"')}"]`) }).locator('[data-field=price]');
    await expect.poll(() => cellText(outcome), { timeout: wait, interval: 50 }).toEqual({ price: '44¢', basis: 'last' });
    // The row may show a read's age for a moment before the live channel's first book reaches it.
    await expect.poll(async () => (await outcome.locator('.age').innerText()).trim(), { timeout: 15_000 }).toMatch(SPEC_ONLY ? /^\d+s$/ : /^live$/);
    await app.shot(`one-price-event-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`one-price-event-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });
});
