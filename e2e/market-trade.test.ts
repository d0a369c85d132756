// Trading from the market page: a book of both outcomes with 20+ levels a side, cumulative sizes,
// the spread and midpoint and a depth chart; a limit order placed by clicking a level and sending
// with Ctrl+Enter, marked in the book at its level, filled by another trader (the mark leaves, the
// fill's notice and the position show); another order cancelled from the book; prices typed in
// cents or dollars, an amount in dollars, B / S. On the spec-only peer the book says it is not
// offered and the panel still places an order through the unchecked-checks confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Trader } from '../src/venue/trading/test-trader.js';
import { EASY_NOW, marketRow, otherTrader, screenshot, skipReason, SPEC_ONLY, startApp, type App } from './support.js';

const reason = skipReason();
/** What the entry says where the venue reports no balances (core preview, ticket checks.ts). */
const NO_CASH_CHECK = 'not checked: cash — this venue does not report balances';

const level = (page: Page, side: 'bid' | 'ask', price: string) => page.locator(`[data-testid=book-level][data-side=${side}][data-price="${price}"]`);
const cents = (p: number) => (p / 100).toFixed(2);

describe.skipIf(reason !== undefined)(`market page trading (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let market: { condition_id: string; question: string; neg_risk: number };
  let yes: string;
  let no: string;
  let maker: Trader;

  async function call<T>(name: string, input: unknown): Promise<T> {
    const r = await app.core.router.dispatch(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.data as T;
  }
  /** The confirmation step: on the spec-only venue it lists the unchecked line and waits for the explicit yes. */
  async function confirm(): Promise<void> {
    const dialog = app.page.getByRole('dialog', { name: 'Confirm batch' });
    await dialog.waitFor();
    if (SPEC_ONLY) {
      expect(await dialog.getByTestId('confirm-unchecked-line').innerText()).toContain(NO_CASH_CHECK);
      expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: 'Send these lines without those checks' }).check();
      await dialog.getByRole('button', { name: 'Send' }).click();
    } else {
      expect(await dialog.getByTestId('confirm-unchecked').count()).toBe(0);
      // Send has the focus: Enter confirms, so Ctrl+Enter then Enter sends from the keyboard.
      await app.page.keyboard.press('Enter');
    }
    await dialog.waitFor({ state: 'detached' });
  }
  const result = () => app.page.getByTestId('entry-result');

  beforeAll(async () => {
    app = await startApp();
    const { venue, page } = app;
    await call('accounts.unlock', { passphrase: 'e2e passphrase' });
    await app.account('Paper');
    await page.waitForSelector('[data-testid=market-row]');
    // A listed market with no resting orders, so the book is exactly what this test puts there.
    const titles = await page.locator('[data-testid=market-row] > span[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    const world = await app.admin.world();
    const empty = titles.map((t) => world.markets.find((m) => m.question === t && m.status === 'active' && m.restingOrders === 0)).find((m) => m !== undefined);
    expect(empty).toBeDefined();
    market = marketRow(empty!);
    await app.admin.setTrading(market.condition_id, EASY_NOW);
    [yes, no] = empty!.tokens as [string, string];
    if (!SPEC_ONLY) {
      // 22 bids of 5 from 41¢ down and 22 asks of 5 from 60¢ up on Yes; one level each way on No.
      maker = await otherTrader(venue);
      await app.admin.setCash(maker.address, '500');
      await app.admin.mint(market.condition_id, maker.address, '200');
      const negRisk = market.neg_risk === 1;
      const orders = [
        ...Array.from({ length: 22 }, (_, i) => maker.order(yes, 'BUY', cents(41 - i), '5', { negRisk })),
        ...Array.from({ length: 22 }, (_, i) => maker.order(yes, 'SELL', cents(60 + i), '5', { negRisk })),
        maker.order(no, 'BUY', '0.38', '7', { negRisk }),
        maker.order(no, 'SELL', '0.57', '9', { negRisk }),
      ];
      for (let i = 0; i < orders.length; i += 15) {
        const placed = await maker.post(orders.slice(i, i + 15));
        for (const r of placed.body) expect(r).toMatchObject({ success: true });
      }
    }
    // The account picker takes the new account on load.
    await page.reload();
    await page.getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it(SPEC_ONLY ? 'says the book is not offered, and the entry reads cents, dollars and an amount' : 'shows 20+ levels a side with cumulative sizes, the spread and midpoint, both outcomes and a depth chart', async () => {
    const { page } = app;
    if (SPEC_ONLY) {
      await expect.poll(() => page.getByTestId('book-not-offered').innerText(), { timeout: 15_000 }).toBe('Order book not offered by this venue.');
      expect(await page.getByTestId('book').locator('table').count()).toBe(0);
    } else {
      await expect.poll(() => page.locator('[data-testid=book-level][data-side=ask]').count(), { timeout: 15_000 }).toBe(22);
      expect(await page.locator('[data-testid=book-level][data-side=bid]').count()).toBe(22);
      expect(await page.getByTestId('book-spread').innerText()).toBe('Spread 19¢ · Mid 50.5¢');
      // Price, size and the cumulative size, best level first on each side of the spread.
      expect(await level(page, 'bid', '0.41').locator('td').allInnerTexts()).toEqual(['41¢', '5', '5', '']);
      expect(await level(page, 'bid', '0.2').locator('td').allInnerTexts()).toEqual(['20¢', '5', '110', '']);
      expect(await level(page, 'ask', '0.62').locator('td').allInnerTexts()).toEqual(['62¢', '5', '15', '']);
      // The deepest levels fill their bars; the best ones a twenty-second of it.
      expect(await level(page, 'bid', '0.2').evaluate((e) => e.style.getPropertyValue('--depth'))).toBe('100.0%');
      expect(await level(page, 'bid', '0.41').evaluate((e) => e.style.getPropertyValue('--depth'))).toBe('4.5%');
      expect(await page.getByTestId('depth-chart').locator('path').count()).toBe(2);
      // From the deepest bid to the deepest ask, with a twentieth of the range either side.
      expect(await page.getByTestId('depth-chart').locator('figcaption span').allInnerTexts()).toEqual(['16.95¢', 'mid 50.5¢', '84.05¢']);
      expect(await page.getByTestId('depth-deepest').innerText()).toBe('110 shares at the deepest');
      // The other outcome's book, and back.
      await page.getByRole('radiogroup', { name: 'Book of outcome' }).getByRole('radio').nth(1).click();
      await expect.poll(() => page.getByTestId('book-spread').innerText(), { timeout: 10_000 }).toBe('Spread 19¢ · Mid 47.5¢');
      expect(await level(page, 'ask', '0.57').locator('td').allInnerTexts()).toEqual(['57¢', '9', '9', '']);
      await page.getByRole('radiogroup', { name: 'Book of outcome' }).getByRole('radio').nth(0).click();
      await expect.poll(() => page.locator('[data-testid=book-level][data-side=ask]').count(), { timeout: 10_000 }).toBe(22);
    }

    // Cents typed are cents, "0.5" too; a price written with "$" is read as dollars and said so.
    const price = page.getByLabel('Limit price (cents)');
    const size = page.getByLabel('Size (shares)');
    // Empty, the field shows a word, not a price that looks typed.
    expect(await price.getAttribute('placeholder')).toBe('cents');
    await price.fill('0.5');
    expect(await page.getByTestId('price-note').innerText()).toBe('read as 0.5¢, under a cent — for 50¢ type 50');
    expect(await page.getByTestId('entry-send').innerText()).toMatch(/^Buy .+ at 0\.5¢$/);
    await price.fill('$0.45');
    expect(await page.getByTestId('price-note').innerText()).toBe('read as dollars: $0.45 = 45¢');
    await price.fill('45');
    expect(await page.getByTestId('price-note').count()).toBe(0);
    await size.fill('10');
    expect(await page.getByTestId('entry-other').innerText()).toBe('= $4.50');
    expect(await page.getByTestId('entry-send').innerText()).toMatch(/^Buy .+ at 45¢$/);
    // The same order as an amount, and $5 as the most hundredths of a share it buys.
    await page.getByRole('radiogroup', { name: 'Size in' }).getByRole('radio', { name: '$' }).click();
    expect(await page.getByLabel('Amount (dollars)').inputValue()).toBe('4.5');
    await page.getByLabel('Amount (dollars)').fill('5');
    expect(await page.getByTestId('entry-other').innerText()).toBe('= 11.11 shares · $4.9995');
    await page.getByRole('radiogroup', { name: 'Size in' }).getByRole('radio', { name: 'Shares' }).click();
    expect(await size.inputValue()).toBe('11.11');
    // The core's checks, through the same path as the ticket's.
    await expect.poll(() => page.getByTestId('entry-check').getAttribute('data-check'), { timeout: 10_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    if (SPEC_ONLY) expect(await page.getByTestId('entry-unchecked').innerText()).toBe(NO_CASH_CHECK);
    // S and B, from outside any field, choose the side and put the cursor in the price.
    await page.getByTestId('market-question').click();
    await page.keyboard.press('s');
    expect(await page.getByTestId('order-entry').getAttribute('data-side')).toBe('SELL');
    expect(await price.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('b');
    // Typed into the price field, the letter is the field's, not a shortcut.
    expect(await page.getByTestId('order-entry').getAttribute('data-side')).toBe('SELL');
    await page.getByTestId('market-question').click();
    await page.keyboard.press('b');
    expect(await page.getByTestId('order-entry').getAttribute('data-side')).toBe('BUY');
    await price.fill('45');
    await size.fill('10');
    await expect.poll(() => page.getByTestId('entry-check').getAttribute('data-check'), { timeout: 10_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    // Another outcome (from the book's tabs where there is a book) never keeps this one's price: cleared, and said.
    const outcomes = await page.getByRole('radiogroup', { name: 'Outcome' }).getByRole('radio').allInnerTexts();
    const [first, second] = outcomes.map((o) => o.replace(/\s+\S+¢$|\s+—$/, '').trim()) as [string, string];
    await (SPEC_ONLY ? page.getByRole('radiogroup', { name: 'Outcome' }) : page.getByRole('radiogroup', { name: 'Book of outcome' })).getByRole('radio').nth(1).click();
    await expect.poll(() => page.getByTestId('entry-outcome-note').innerText()).toBe(`Now ${second}: the price 45¢ typed for ${first} was cleared — type one for ${second}`);
    expect(await price.inputValue()).toBe('');
    expect(await page.getByTestId('entry-send').isDisabled()).toBe(true);
    await page.getByRole('radiogroup', { name: 'Outcome' }).getByRole('radio').nth(0).click();
    await price.fill('45');
    expect(await page.getByTestId('entry-outcome-note').count()).toBe(0);
    await expect.poll(() => page.getByTestId('entry-check').getAttribute('data-check'), { timeout: 10_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    if (!SPEC_ONLY) {
      // 90¢ against asks from 60¢: held until this very price is confirmed on its own line.
      await price.fill('90');
      const guard = page.getByTestId('entry-guard');
      await expect.poll(() => guard.innerText().catch(() => ''), { timeout: 10_000 }).toBe('Buy at 90¢ is 30¢ above the best ask 60¢ — confirm');
      expect(await page.getByTestId('entry-send').isDisabled()).toBe(true);
      expect(await page.getByTestId('entry-blocked').innerText()).toBe('Confirm the price first: it is far from the book');
      await guard.getByRole('checkbox', { name: 'I mean this price' }).check();
      await expect.poll(() => page.getByTestId('entry-send').isDisabled()).toBe(false);
      expect(await guard.innerText()).toBe('Buy at 90¢ is 30¢ above the best ask 60¢ — confirmed');
      await price.fill('91');
      await expect.poll(() => page.getByTestId('entry-guard').getAttribute('data-confirmed'), { timeout: 10_000 }).toBe('false');
      expect(await page.getByTestId('entry-send').isDisabled()).toBe(true);
      await page.getByTestId('order-entry').scrollIntoViewIfNeeded();
      await app.shot('market-trade-guard');
      await page.evaluate("document.documentElement.dataset.theme = 'dark'");
      await app.shot('market-trade-guard-dark');
      await page.evaluate('delete document.documentElement.dataset.theme');
      await price.fill('45');
      await expect.poll(() => page.getByTestId('entry-guard').count(), { timeout: 10_000 }).toBe(0);
    }
    // At 1280 the pane is narrow: the book and the entry sit under the chart.
    await page.getByTestId('order-entry').scrollIntoViewIfNeeded();
    await app.shot('market-trade');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('market-trade-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    // A wide window puts the chart beside them.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByTestId('market-question').scrollIntoViewIfNeeded();
    const chart = await page.getByTestId('price-chart').boundingBox();
    const book = await page.getByTestId('book').boundingBox();
    expect(book && chart && book.x > chart.x + chart.width).toBe(true);
    await screenshot(page, 'market-trade-wide');
    await page.setViewportSize({ width: 1280, height: 800 });
    await size.fill('');
  });

  it(SPEC_ONLY ? 'places an order from the panel through the unchecked-checks confirmation' : 'places a limit order by clicking a level and Ctrl+Enter, marks it in the book, and shows its fill', async () => {
    const { page, venue } = app;
    if (SPEC_ONLY) {
      await page.getByLabel('Limit price (cents)').fill('31');
      await page.getByLabel('Size (shares)').fill('6');
      await expect.poll(() => page.getByTestId('entry-check').getAttribute('data-check'), { timeout: 10_000 }).toBe('unchecked');
      await page.keyboard.press('Control+Enter');
      await confirm();
      await expect.poll(() => result().innerText(), { timeout: 15_000 }).toMatch(/^Placed: resting on the book · 0x/);
      expect(await result().getAttribute('data-success')).toBe('true');
      const journal = await call<Array<{ price: string; size: string; state: string; tokenId: string }>>('orders.journal', {});
      expect(journal).toEqual([expect.objectContaining({ price: '0.31', size: '6', state: 'open', tokenId: yes })]);
      await result().scrollIntoViewIfNeeded();
      await app.shot('market-trade-placed');
      return;
    }
    // Click the best bid: its price fills the entry and the cursor goes to the size.
    await level(page, 'bid', '0.41').click();
    expect(await page.getByLabel('Limit price (cents)').inputValue()).toBe('41');
    await page.keyboard.type('10');
    await expect.poll(() => page.getByTestId('entry-check').getAttribute('data-check'), { timeout: 10_000 }).toBe('checked');
    expect(await page.getByTestId('entry-would').innerText()).toBe('rest on the book');
    await page.keyboard.press('Control+Enter');
    await confirm();
    await expect.poll(() => result().innerText(), { timeout: 15_000 }).toMatch(/^Placed: resting on the book · 0x/);
    // Marked at its level, with the maker's 5 ahead of it, within a couple of seconds.
    await expect.poll(() => level(page, 'bid', '0.41').getAttribute('data-mine'), { timeout: 20_000 }).toBe('10');
    await expect.poll(() => level(page, 'bid', '0.41').locator('td').allInnerTexts(), { timeout: 3000 }).toEqual(['41¢', '15', '15', '● 10✕']);
    // A second one a level lower, for the cancel below.
    await level(page, 'bid', '0.4').click();
    await page.keyboard.type('7');
    await expect.poll(() => page.getByTestId('entry-check').getAttribute('data-check'), { timeout: 10_000 }).toBe('checked');
    await page.keyboard.press('Control+Enter');
    await confirm();
    await expect.poll(() => level(page, 'bid', '0.4').getAttribute('data-mine'), { timeout: 20_000 }).toBe('7');
    await expect.poll(() => level(page, 'bid', '0.4').locator('td').allInnerTexts(), { timeout: 3000 }).toEqual(['40¢', '12', '27', '● 7✕']);
    await page.getByTestId('book-spread').scrollIntoViewIfNeeded();
    await app.shot('market-trade-marked');

    // Another trader sells 15 at 41¢: the maker's 5, then all of ours.
    const seller = await otherTrader(venue);
    await app.admin.mint(market.condition_id, seller.address, '30');
    const [hit] = (await seller.post([seller.order(yes, 'SELL', '0.41', '15', { type: 'FAK', negRisk: market.neg_risk === 1 })])).body;
    expect(hit).toMatchObject({ success: true, status: 'matched' });
    const toast = page.getByTestId('toast').filter({ hasText: 'Order filled' });
    await toast.first().waitFor({ timeout: 20_000 });
    expect(await toast.first().innerText()).toContain(`Buy 10`);
    await expect.poll(() => level(page, 'bid', '0.41').count(), { timeout: 20_000 }).toBe(0);
    expect(await level(page, 'bid', '0.4').getAttribute('data-mine')).toBe('7');
    await expect.poll(() => page.getByTestId('entry-position').innerText(), { timeout: 20_000 }).toMatch(/^You hold 10 /);
  });

  it.skipIf(SPEC_ONLY)('cancels an order from its mark in the book, and Shift+click sizes an order through a level', async () => {
    const { page } = app;
    expect(await result().innerText()).toMatch(/^Placed: resting on the book · 0x/);
    await level(page, 'bid', '0.4').getByTestId('own-cancel').click();
    await expect.poll(() => page.getByTestId('book-cancel-result').innerText(), { timeout: 10_000 }).toBe('Cancelled your order at 40¢');
    // The panel's result follows its order: no longer "resting on the book".
    await expect.poll(() => result().innerText(), { timeout: 15_000 }).toMatch(/^Placed, then cancelled: no longer on the book · 0x/);
    expect(await result().getAttribute('data-state')).toBe('cancelled');
    await expect.poll(() => level(page, 'bid', '0.4').getAttribute('data-mine'), { timeout: 20_000 }).toBe(null);
    const open = await call<{ data: unknown[] }>('orders.open', { accountId: (await call<{ accounts: Array<{ id: string }> }>('accounts.list', {})).accounts[0]?.id });
    expect(open).toMatchObject({ data: [] });

    // Shift+click the third ask: its price, and the size that takes all three levels.
    await level(page, 'ask', '0.62').click({ modifiers: ['Shift'] });
    expect(await page.getByLabel('Limit price (cents)').inputValue()).toBe('62');
    expect(await page.getByLabel('Size (shares)').inputValue()).toBe('15');
    await page.getByLabel('Order type').selectOption('FAK');
    await expect.poll(() => page.getByTestId('entry-would').innerText(), { timeout: 10_000 }).toBe('fill now, at least in part');
    await page.keyboard.press('Control+Enter');
    await confirm();
    await expect.poll(() => result().innerText(), { timeout: 15_000 }).toMatch(/^Filled: bought 15 .+ for \$9\.15/);
    // A fill of one's own order is told at once, and its result is in view where the click was.
    await page.getByTestId('toast').filter({ hasText: 'Order filled: Buy 15' }).first().waitFor({ timeout: 10_000 });
    await expect.poll(() => result().evaluate((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })).toBe(true);
    await expect.poll(() => page.getByTestId('entry-position').innerText(), { timeout: 20_000 }).toMatch(/^You hold 25 /);
    await expect.poll(() => page.locator('[data-testid=book-level][data-side=ask]').count(), { timeout: 20_000 }).toBe(19);

    // A post-only buy at the best ask would take it: the preview says so, and the venue's refusal shows in words.
    await level(page, 'ask', '0.63').click();
    await page.keyboard.type('5');
    await page.getByLabel('Order type').selectOption('GTC');
    await page.getByRole('checkbox', { name: 'Post only' }).check();
    await expect.poll(() => page.getByTestId('entry-would').innerText(), { timeout: 10_000 }).toBe('be refused: post-only would cross');
    // Ctrl+Enter from a field outside the panel is that field's.
    await page.getByLabel('Search markets').focus();
    await page.keyboard.press('Control+Enter');
    expect(await page.getByRole('dialog', { name: 'Confirm batch' }).count()).toBe(0);
    await page.getByTestId('entry-send').click();
    await confirm();
    await expect.poll(() => result().getAttribute('data-success'), { timeout: 15_000 }).toBe('false');
    expect(await result().innerText()).toMatch(/^Not placed: .*cross/i);
    await result().scrollIntoViewIfNeeded();
    await app.shot('market-trade-refused');
  });

  it('shows no order entry on a closed market: trading ended', async () => {
    const { page } = app;
    await page.getByLabel('Status').selectOption('closed');
    await page.locator('[data-testid=market-row]').first().click();
    await page.getByTestId('trading-ended').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('trading-ended').innerText()).toMatch(/^Trading ended/i);
    expect(await page.getByTestId('order-entry').count()).toBe(0);
    await page.getByTestId('trading-ended').scrollIntoViewIfNeeded();
    await app.shot('market-trade-ended');
    await page.getByLabel('Status').selectOption('active');
  });
});
