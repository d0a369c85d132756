// Following markets end to end: a market starred in the list and on its page, and an event starred
// in the Events list, are on the Watchlist after a restart; a "Yes ≥ 60¢" alert made on the market page raises a notice when another trader
// moves the price across it (once), and is listed, paused and deleted in the Watchlist; the markets
// list shows the columns a trader scans, keeps its order while the pointer is on it through a
// sync, and says why it is empty with a button that clears the filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../src/shared/ipc/watchlist.js';
import { EASY_NOW, marketRow, marketTitled, otherTrader, SPEC_ONLY, skipReason, startApp, yesOf, type App } from './support.js';

const reason = skipReason();

interface Market {
  condition_id: string;
  question: string;
  neg_risk: number;
  yes: string;
}

describe.skipIf(reason !== undefined)(`watchlist and alerts (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  const starred: string[] = [];

  async function call<T>(name: string, input: unknown = {}): Promise<T> {
    const r = await app.core.router.dispatch(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.data as T;
  }
  const rowTitles = () => app.page.locator('[data-testid=market-row] > span.q').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));

  /** The listed market with this question, made easy to trade (tick 1¢, minimum 5, no delays). */
  async function market(question: string): Promise<Market> {
    const m = marketTitled(await app.admin.world(), question, (x) => x.status === 'active');
    await app.admin.setTrading(m.conditionId, EASY_NOW);
    return { ...marketRow(m), yes: yesOf(m) };
  }

  /** Another trader bids for `size` Yes at `price` and a third sells into it: Yes last trades at `price`. */
  async function tradeAt(m: Market, price: string, size = '5'): Promise<void> {
    const { venue } = app;
    const buyer = await otherTrader(venue);
    await app.admin.setCash(buyer.address, '2000');
    expect((await buyer.post([buyer.order(m.yes, 'BUY', price, size, { negRisk: m.neg_risk === 1 })])).body).toMatchObject([{ success: true }]);
    const seller = await otherTrader(venue);
    await app.admin.mint(m.condition_id, seller.address, '1000');
    expect((await seller.post([seller.order(m.yes, 'SELL', price, size, { type: 'FAK', negRisk: m.neg_risk === 1 })])).body).toMatchObject([{ success: true }]);
  }

  async function bothThemes(name: string): Promise<void> {
    await app.shot(name);
    await app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot(`${name}-dark`);
    await app.page.evaluate('delete document.documentElement.dataset.theme');
  }

  beforeAll(async () => {
    app = await startApp();
    await app.page.waitForSelector('[data-testid=market-row]');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('stars a market in the list and another on its page, and finds both under Watchlist after a restart', async () => {
    const { page } = app;
    const first = page.locator('[data-testid=market-row]').first();
    const question = (await first.locator('.q').getAttribute('title')) as string;
    await first.getByTestId('star').click();
    await expect.poll(() => first.getByTestId('star').getAttribute('aria-pressed')).toBe('true');
    starred.push(question);

    const third = page.locator('[data-testid=market-row]').nth(2);
    const other = (await third.locator('.q').getAttribute('title')) as string;
    await third.click();
    await page.getByTestId('market-question').filter({ hasText: other }).waitFor({ timeout: 15_000 });
    const header = page.locator('.mk-actions').getByTestId('star');
    expect(await header.getAttribute('aria-pressed')).toBe('false');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-pressed')).toBe('true');
    // The list's row follows the star made on the page.
    await expect.poll(() => third.getByTestId('star').getAttribute('aria-pressed')).toBe('true');
    starred.push(other);

    // An event, starred in the Events list.
    await page.getByRole('button', { name: 'Events', exact: true }).click();
    const eventRow = page.locator('[data-testid=event-row]').first();
    const eventTitle = (await eventRow.locator(':scope > span[title]').getAttribute('title')) as string;
    await eventRow.getByTestId('star').click();
    await expect.poll(() => eventRow.getByTestId('star').getAttribute('aria-pressed')).toBe('true');

    await app.restart();
    await page.getByRole('button', { name: 'Watchlist', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid=watchlist-market] .wl-title button').allInnerTexts(), { timeout: 15_000 }).toEqual(expect.arrayContaining(starred));
    expect(await page.locator('[data-testid=watchlist-market]').count()).toBe(2);
    expect(await page.locator('[data-testid=watchlist-event] .wl-title button').allInnerTexts()).toEqual([eventTitle]);
    expect(await page.getByTestId('alerts-empty').innerText()).toMatch(/No alerts yet/);
    await bothThemes('watchlist');
    // It opens on the Events screen, starred there too.
    await page.locator('[data-testid=watchlist-event] .wl-title button').click();
    await page.getByTestId('event-title').filter({ hasText: eventTitle }).waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-testid=event-detail] .mk-actions').getByTestId('star').getAttribute('aria-pressed')).toBe('true');
  });

  it('makes a "Yes ≥ 60¢" alert on the market page, and tells once when another trader moves the price across it', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Markets', exact: true }).click();
    const question = (await page.locator('[data-testid=market-row] > span.q').nth(4).getAttribute('title')) as string;
    const m = await market(question);
    await tradeAt(m, '0.40');
    await page.getByTitle(question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: question }).waitFor({ timeout: 15_000 });

    await page.getByTestId('alert-button').click();
    const pop = page.getByRole('dialog', { name: 'Price alert' });
    await pop.getByLabel('Alert on').selectOption('price:0');
    await pop.getByLabel('Direction').selectOption('>=');
    await pop.getByLabel('Level in cents').fill('6o');
    await pop.getByRole('button', { name: 'Create alert' }).click();
    expect(await pop.getByRole('alert').innerText()).toMatch(/"6o" is not a price/);
    await pop.getByLabel('Level in cents').fill('60');
    await bothThemes('alert-popover');
    await pop.getByRole('button', { name: 'Create alert' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Alert set: Yes ≥ 60¢.' }).waitFor({ timeout: 10_000 });
    const [made] = await call<Alert[]>('alerts.list');
    expect(made).toMatchObject({ conditionId: m.condition_id.toLowerCase(), words: 'Yes ≥ 60¢', state: 'armed', fireCount: 0 });

    await tradeAt(m, '0.62');
    // Live on the full venue; read with the page's quotes every 5 s on the spec-only one.
    const notice = page.getByTestId('toast').filter({ hasText: `Alert — Yes ≥ 60¢: Yes at 62¢ · ${question}` });
    await notice.waitFor({ timeout: SPEC_ONLY ? 20_000 : 10_000 });
    await app.shot('alert-notice');
    // Above the level still: no second notice.
    await tradeAt(m, '0.65');
    // Once the alert has seen 65¢ (live here, the page's 5 s quotes on the spec-only peer), it has not fired again.
    await expect.poll(async () => (await call<Alert[]>('alerts.list'))[0]?.value, { timeout: SPEC_ONLY ? 20_000 : 10_000 }).toBe('0.65');
    expect((await call<Alert[]>('alerts.list'))[0]).toMatchObject({ state: 'met', fireCount: 1, fired: [{ value: '0.62' }] });

    await page.getByRole('button', { name: 'Watchlist', exact: true }).click();
    const row = page.getByTestId('alert-row').filter({ hasText: 'Yes ≥ 60¢' });
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('met');
    expect(await row.locator('[data-field=fired]').innerText()).toMatch(/62¢$/);
    await row.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('paused');
    await bothThemes('watchlist-alerts');
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.locator('.alert-edit').getByLabel('Level in cents').fill('70');
    await page.locator('.alert-edit').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('alert-row').locator('[data-field=condition]').innerText()).toBe('Yes ≥ 70¢');
    await page.getByTestId('alert-row').getByRole('button', { name: /^Delete the alert/ }).click();
    await page.getByTestId('alerts-empty').waitFor();
  });

  it('shows the columns a trader scans, keeps its order under the pointer through a sync, and clears a filter that matches nothing', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Markets', exact: true }).click();
    await page.waitForSelector('[data-testid=market-row]');
    const head = page.getByTestId('list-head');
    expect((await head.innerText()).replace(/\s+/g, ' ')).toMatch(/Market .*Yes 24h 24h vol Liquidity Ends$/);
    await page.getByLabel('Sort').selectOption('volume');
    await expect.poll(async () => (await head.innerText()).replace(/\s+/g, ' ')).toMatch(/24h vol Volume Liquidity Ends$/);
    await page.getByLabel('Sort').selectOption('volume24hr');
    await bothThemes('markets-columns');

    // A market far down the list trades a lot; a sync brings its 24h volume in while the pointer is on the list.
    const before = await rowTitles();
    // The lowest shown market that trades (not paused, nor a mirror).
    const world = await app.admin.world();
    const active = (q: string) => world.markets.some((m) => m.question === q && m.status === 'active' && m.mirrorConditionId === null);
    const mover = await market(before.slice(8, 16).reverse().find(active) as string);
    await page.locator('[data-testid=market-row]').nth(3).hover();
    await tradeAt(mover, '0.5', '1000');
    app.skew.ms += 11 * 60_000;
    await call('sync.start');
    await expect.poll(() => page.getByTestId('refresh-order').count(), { timeout: 30_000 }).toBe(1);
    expect((await rowTitles()).slice(0, 16)).toEqual(before.slice(0, 16));
    await bothThemes('markets-held-order');
    await page.getByTestId('refresh-order').click();
    await expect.poll(async () => (await rowTitles())[0], { timeout: 10_000 }).toBe(mover.question);

    // Watchlist only: the starred markets.
    await page.getByLabel('Watchlist only').check();
    await expect.poll(async () => (await rowTitles()).sort(), { timeout: 10_000 }).toEqual([...starred].sort());
    await page.getByLabel('Watchlist only').uncheck();

    // A creator nobody is: the empty state names the filter and clears it.
    await page.getByLabel('Creator').fill('nobody-x');
    await page.getByLabel('Creator').press('Enter');
    const empty = page.getByTestId('list-empty');
    await expect.poll(() => empty.innerText(), { timeout: 15_000 }).toMatch(/^No market matches ‘creator: nobody-x’\./);
    await bothThemes('markets-empty');
    await empty.getByRole('button', { name: 'Clear the filter' }).click();
    await page.waitForSelector('[data-testid=market-row]');
    expect(await page.getByLabel('Creator').inputValue()).toBe('');
  });
});
