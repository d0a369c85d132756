// Rows follow the venue while they show: another trader moves the book of a market whose row is
// on screen, and the row's price moves without a reload — in the markets list with no market page
// open, in the watchlist and on the event page — streamed where the venue has a live channel,
// polled through the spec's batch price routes where it has none; then the market page shows the
// same price as the row did. A row's 24h change is measured to the price it shows, and moves with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { changeText } from '../src/shared/domain/money.js';
import { changeSince } from '../src/shared/domain/price.js';
import { call, otherTrader, revealMarketParts, skipReason, SPEC_ONLY, type App, type QuietMarket } from './support.js';
import { quietAppFor } from './shared-app.js';

const reason = skipReason();
const PEER = SPEC_ONLY ? 'polling' : 'live';
/** A row's next price arrives within this: a change pushed a few times a second, or the next poll of a read older than 5 s. */
const MOVES_WITHIN = SPEC_ONLY ? 20_000 : 5_000;

describe.skipIf(reason !== undefined)(`rows on screen follow live prices (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let market: { condition_id: string; question: string; neg_risk: number };
  let yes: string;
  let place: QuietMarket['quote'];

  // The first listed market, made quiet: its book is what this test puts there.
  const quiet = quietAppFor('0.001', '0.4', '0.44');
  beforeAll(() => void ({ app, market, yes, quote: place } = quiet()));

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

  it('moves the watchlist row of a starred market, its 24h change with it, and the market page then shows the same price', async () => {
    const { page } = app;
    await page.locator('.mk-actions').getByTestId('star').click();
    // Someone buys 5 at the 44¢ ask: a trade inside the 24 hours, the book's best prices as they were.
    const taker = await otherTrader(app.venue);
    await app.admin.setCash(taker.address, '500');
    const bought = await taker.post([taker.order(yes, 'BUY', '0.44', '5', { type: 'FAK', negRisk: market.neg_risk === 1 })]);
    expect(bought.body).toMatchObject([{ success: true }]);
    await page.getByRole('button', { name: 'Watchlist', exact: true }).click();
    const row = () => page.locator('[data-testid=watchlist-market]').filter({ has: page.getByTitle(market.question, { exact: true }) });
    const watched = () => row().locator('[data-field=price]');
    await expect.poll(cellOf(watched()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.3¢', basis: 'mid' });

    // The change from the trades runs to the 44¢ trade; the row measures it to the 43.3¢ it shows.
    const [c] = (await call<{ data: Array<{ change24h?: string; price24hAgo?: string }> }>(app.core, 'markets.changes', { conditionIds: [market.condition_id] })).data;
    const then = c?.price24hAgo as string;
    expect(then, 'the change names the price a day ago').toBeDefined();
    expect(c?.change24h).toBe(changeSince('0.44', then));
    const change = () => row().locator('[data-field=change]').innerText();
    await expect.poll(change, { timeout: MOVES_WITHIN }).toBe(changeText(changeSince('0.433', then)));
    expect(await change()).not.toBe(changeText(c?.change24h));

    // The ask comes down to 43.6¢: the midpoint is 43.1¢, and the change follows it.
    await place('SELL', '0.436');
    await expect.poll(cellOf(watched()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.1¢', basis: 'mid' });
    expect(await change()).toBe(changeText(changeSince('0.431', then)));
    expect(await row().locator('[data-field=change]').getAttribute('title')).toMatch(/^The Yes price now \(43\.1¢, midpoint of the best bid and ask\) minus the price 24 hours ago \(/);
    await expect.poll(() => age(watched()), { timeout: MOVES_WITHIN }).toMatch(SPEC_ONLY ? /^\d+s$/ : /^live$/);
    await app.shot(`rows-live-watchlist-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`rows-live-watchlist-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);

    await page.getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
    await expect.poll(cellOf(headCell()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.1¢', basis: 'mid' });
  });

  it("moves the market's outcome row on its event page, its 24h change with it", async () => {
    const { page } = app;
    await revealMarketParts(page);
    await page.getByTestId('event-link').click();
    const outcomeRow = () => page.locator('[data-testid=outcome]').filter({ has: page.locator(`td[title="${market.question.replace(/"/g, '\\"')}"]`) });
    const outcome = () => outcomeRow().locator('[data-field=price]');
    await expect.poll(cellOf(outcome()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.1¢', basis: 'mid' });

    // A bid at 43¢: the midpoint is 43.3¢.
    await place('BUY', '0.43');
    await expect.poll(cellOf(outcome()), { timeout: MOVES_WITHIN, interval: 50 }).toEqual({ price: '43.3¢', basis: 'mid' });
    await expect.poll(() => age(outcome()), { timeout: MOVES_WITHIN }).toMatch(SPEC_ONLY ? /^\d+s$/ : /^live$/);
    const event = await page.getByTestId('event-detail').getAttribute('data-event');
    const read = await call<{ data: { outcomes: Array<{ conditionId: string; price24hAgo?: string }> } }>(app.core, 'events.outcomes', { idOrSlug: event });
    const then = read.data.outcomes.find((o) => o.conditionId.toLowerCase() === market.condition_id.toLowerCase())?.price24hAgo as string;
    expect(then, 'the change names the price a day ago').toBeDefined();
    await expect.poll(() => outcomeRow().locator('[data-field=change]').innerText(), { timeout: MOVES_WITHIN }).toBe(changeText(changeSince('0.433', then)));
    await app.shot(`rows-live-event-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`rows-live-event-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });
});
