// Orders end to end: resting orders listed with their market, cancel one / selected / all with
// the venue's answer per order, the history of what was sent, a toast when a resting order fills,
// and the cached list with its stamp when the venue is gone. On a deployment that offers only the
// spec (no list of open orders, no cancel) the journal's orders stand in, said so in words; a cancel
// is refused in words and nothing leaves the list unless the venue says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Trader } from '../src/venue/trading/test-trader.js';
import { activeMarkets, EASY_NOW, marketRow, otherTrader, skipReason, SPEC_ONLY, startApp, type App } from './support.js';

/** Said above the journal's rows where the venue does not list open orders (OpenOrders.tsx). */
const FROM_JOURNAL = 'This venue does not list open orders; these are the orders Kairos sent that its journal still holds open.';
/** Said on every cancel button where the venue has no cancel route (OpenOrders.tsx). */
const NO_CANCEL = 'Cancelling is not offered by this venue';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`orders (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let accountId: string;
  let market: { condition_id: string; question: string; neg_risk: number };
  let tokens: string[];
  let outcomes: string[];

  async function call<T>(name: string, input: unknown): Promise<T> {
    const r = await app.core.router.dispatch(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.data as T;
  }
  /** Resting buys far below the book: price, size and outcome index per line. */
  async function rest(lines: Array<[string, string, number]>): Promise<string[]> {
    const results = await call<Array<{ success: boolean; status?: string; orderId?: string; message?: string }>>('orders.submit', {
      accountId,
      lines: lines.map(([price, size, outcome]) => ({ conditionId: market.condition_id, tokenId: tokens[outcome], side: 'BUY', price, size })),
    });
    for (const r of results) expect(r, r.message).toMatchObject({ success: true, status: 'live' });
    return results.map((r) => r.orderId as string);
  }
  const row = (id: string) => app.page.locator(`[data-testid=open-order][data-order-id="${id}"]`);
  /** A sale of tokens the account does not hold: the venue refuses it, and the history says why in words. */
  async function refusedInHistory(): Promise<void> {
    const [r] = await call<Array<{ success: boolean; code?: string; orderId?: string }>>('orders.submit', {
      accountId,
      lines: [{ conditionId: market.condition_id, tokenId: tokens[1], side: 'SELL', price: '0.9', size: '5' }],
    });
    expect(r).toMatchObject({ success: false, code: 'INSUFFICIENT_BALANCE' });
    const refused = app.page.locator(`[data-testid=history-row][data-order-id="${r?.orderId}"]`);
    await expect.poll(() => refused.getAttribute('data-state'), { timeout: 10_000 }).toBe('rejected');
    expect(await refused.getByTestId('history-answer').innerText()).toMatch(/^refused: not enough balance\n.*tokens/);
    expect(await refused.getByTestId('history-filled').innerText()).toBe('0 / 5');
  }

  beforeAll(async () => {
    app = await startApp();
    await call('accounts.unlock', { passphrase: 'e2e passphrase' });
    accountId = (await app.account('Paper')).id;
    const m = activeMarkets(await app.admin.world())[2]!;
    market = marketRow(m);
    await app.admin.setTrading(market.condition_id, EASY_NOW);
    tokens = m.tokens;
    outcomes = m.outcomes;
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`lists resting orders with market, outcome, side, price, size, filled, type and age, and ${SPEC_ONLY ? 'says why it cannot cancel one' : 'cancels one'}`, async () => {
    const { page } = app;
    const ids = await rest([['0.21', '5', 0], ['0.22', '6', 0], ['0.23', '7', 0], ['0.11', '10', 1]]);
    // The account picker takes the new account on load.
    await page.reload();
    await page.getByRole('button', { name: 'Orders' }).click();
    await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 15_000 }).toBe(4);
    const cells = await row(ids[1] as string).locator('td').allInnerTexts();
    expect(cells.slice(1, 9)).toEqual([market.question, outcomes[0], 'Buy', '22¢', '6', '0', 'GTC', expect.stringMatching(/^\d+s$/)]);
    expect(await page.getByRole('tab', { name: /Open orders \(4\)/ }).count()).toBe(1);
    await app.shot('orders');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('orders-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');

    if (SPEC_ONLY) {
      // Listed from the journal, and said so; a cancel is refused in words and every order stays.
      expect(await page.getByTestId('journal-source').innerText()).toBe(FROM_JOURNAL);
      expect(await page.locator('.ord-bar').innerText()).toContain('from the journal');
      await row(ids[0] as string).getByRole('button', { name: /^Cancel order/ }).click();
      await expect.poll(() => page.locator('[data-testid=cancel-results] .no').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.locator('[data-testid=cancel-results] .no').innerText()).toBe('Nothing was cancelled: Cancelling orders: not offered by this venue');
      expect(await page.getByTestId('cancel-blocked').innerText()).toBe(NO_CANCEL);
      expect(await page.locator('[data-testid=open-order]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))).toEqual(expect.arrayContaining(ids));
      expect(await page.locator('[data-testid=open-order]').count()).toBe(4);
      for (const id of ids) {
        const cancel = row(id).getByRole('button', { name: /^Cancel order/ });
        expect(await cancel.isDisabled()).toBe(true);
        expect(await cancel.getAttribute('title')).toBe(NO_CANCEL);
      }
      expect(await page.getByRole('button', { name: 'Cancel all…' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Cancel all…' }).getAttribute('title')).toBe(NO_CANCEL);
      await app.shot('orders-cancel-not-offered');

      // The history shows the batch as sent, every order still open as far as the journal knows.
      await page.getByRole('tab', { name: /History \(4\)/ }).click();
      await expect.poll(() => page.locator('[data-testid=history-row]').count(), { timeout: 10_000 }).toBe(4);
      expect(await page.locator('[data-testid=history-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))).toEqual(expect.arrayContaining(ids));
      expect(await page.locator('[data-testid=history-row][data-state=open]').count()).toBe(4);
      const sent = page.locator(`[data-testid=history-row][data-order-id="${ids[3]}"]`);
      expect((await sent.locator('td').allInnerTexts()).slice(1, 10)).toEqual([market.question, outcomes[1], 'Buy', '11¢', '0 / 10', '—', 'GTC', 'open', 'live']);
      expect(await page.getByLabel('State').locator('option').allInnerTexts()).toEqual(['all (4)', 'open (4)']);
      await app.shot('orders-history');
      await page.getByRole('tab', { name: /Open orders/ }).click();
      return;
    }

    await row(ids[0] as string).getByRole('button', { name: /^Cancel order/ }).click();
    await expect.poll(() => row(ids[0] as string).count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('[data-testid=open-order]').count()).toBe(3);
    expect(await page.locator('[data-testid=cancel-result]').allInnerTexts()).toEqual([`✓ Cancelled — Buy 5 ${outcomes[0]} at 21¢ · ${market.question}`]);

    await page.getByRole('tab', { name: /History/ }).click();
    const cancelled = page.locator(`[data-testid=history-row][data-order-id="${ids[0]}"]`);
    await expect.poll(() => cancelled.getAttribute('data-state'), { timeout: 10_000 }).toBe('cancelled');
    expect(await cancelled.innerText()).toMatch(/cancelled/);
    expect(await page.locator('[data-testid=history-row][data-state=open]').count()).toBe(3);
    await page.getByLabel('State').selectOption('cancelled');
    expect(await page.locator('[data-testid=history-row]').count()).toBe(1);
    await app.shot('orders-history');
    await page.getByLabel('State').selectOption('all');
    await page.getByRole('tab', { name: /Open orders/ }).click();
  });

  it(SPEC_ONLY ? 'cancels nothing where the venue offers no cancel: selected and all are refused in words, new orders join the list' : 'cancels the selected orders, then all of them after a confirmation', async () => {
    const { page } = app;
    if (SPEC_ONLY) {
      await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 10_000 }).toBe(4);
      const listed = await page.locator('[data-testid=open-order]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id') as string));
      for (const id of listed.slice(0, 2)) await row(id).getByRole('checkbox').check();
      const selected = page.getByRole('button', { name: 'Cancel selected (2)' });
      expect(await selected.isDisabled()).toBe(true);
      expect(await selected.getAttribute('title')).toBe(NO_CANCEL);
      await page.getByRole('checkbox', { name: 'Select all open orders' }).check();
      expect(await page.getByRole('button', { name: 'Cancel selected (4)' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Cancel all…' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('cancel-blocked').innerText()).toBe(NO_CANCEL);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await app.shot('orders-selected-not-offered');

      // Orders sent later join the journal's list; none is dropped.
      const added = await rest([['0.12', '5', 1], ['0.13', '5', 1]]);
      await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 15_000 }).toBe(6);
      expect(await page.locator('[data-testid=open-order]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))).toEqual(expect.arrayContaining([...listed, ...added]));
      expect(await page.getByRole('tab', { name: /Open orders \(6\)/ }).count()).toBe(1);
      expect(await page.getByTestId('journal-source').innerText()).toBe(FROM_JOURNAL);
      const journal = await call<Array<{ state: string }>>('orders.journal', { accountId });
      expect(journal.map((j) => j.state)).toEqual(Array(6).fill('open'));
      return;
    }
    await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 10_000 }).toBe(3);
    const listed = await page.locator('[data-testid=open-order]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id') as string));
    for (const id of listed.slice(0, 2)) await row(id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancel selected (2)' }).click();
    await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('[data-testid=cancel-result][data-result=canceled]').count()).toBe(2);

    // The venue refuses to cancel an order younger than the market's minimum age: the row stays, with the reason.
    const minAge = (s: number) => app.admin.setTrading(market.condition_id, { minOrderAge: s });
    await minAge(3600);
    const young = listed[2] as string;
    await row(young).getByRole('button', { name: /^Cancel order/ }).click();
    await expect.poll(() => row(young).getByTestId('cancel-reason').count(), { timeout: 10_000 }).toBe(1);
    expect(await row(young).getByTestId('cancel-reason').innerText()).toBe("not cancelled: order is younger than the market's minimum order age of 3600 s");
    expect(await page.locator('[data-testid=cancel-result][data-result=not-canceled]').innerText()).toMatch(/^✗ Not cancelled — Buy 10 .+ at 11¢ · .+\norder is younger than/);
    expect(await page.locator('[data-testid=cancel-results] strong').innerText()).toBe('1 not cancelled');
    await app.shot('orders-not-cancelled');
    await minAge(0);

    await rest([['0.12', '5', 1], ['0.13', '5', 1]]);
    await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('button', { name: 'Cancel all…' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.innerText()).toMatch(/Cancel all open orders\?[\s\S]*3 listed here/);
    await app.shot('orders-cancel-all');
    // Keeping them changes nothing.
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    expect(await page.locator('[data-testid=open-order]').count()).toBe(3);
    await page.getByRole('button', { name: 'Cancel all…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel all orders' }).click();
    await page.waitForSelector('[data-testid=no-open-orders]', { timeout: 10_000 });
    expect(await page.locator('[data-testid=cancel-results]').innerText()).toMatch(/^3 cancelled/);
    const journal = await call<Array<{ state: string }>>('orders.journal', { accountId });
    expect(journal.filter((j) => j.state === 'cancelled')).toHaveLength(6);
  });

  it(SPEC_ONLY ? 'a resting order hit by another trader stays listed from the journal, which the venue cannot correct' : 'a resting order hit by another trader raises a “filled” toast and reads filled in the history', async () => {
    const { page, venue } = app;
    const [id] = await rest([['0.30', '10', 0]]);
    await expect.poll(() => row(id as string).count(), { timeout: 15_000 }).toBe(1);
    if (SPEC_ONLY) {
      // No key endpoint for a second trader: its operator registers one (otherTrader), who sells into the bid.
      const seller = await otherTrader(venue);
      await app.admin.setCash(seller.address, '30');
      await app.admin.mint(market.condition_id, seller.address, '30');
      const hit = await seller.post([seller.order(tokens[0] as string, 'SELL', '0.3', '10', { type: 'FAK', negRisk: market.neg_risk === 1 })]);
      expect(hit.body[0]).toMatchObject({ success: true, status: 'matched' });
      // The venue lists no open orders, so nothing tells the journal the order left the book: it stays
      // listed (never silently dropped), under the words that say the list is the journal's.
      await page.reload();
      await page.getByRole('button', { name: 'Orders' }).click();
      await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 15_000 }).toBe(7);
      expect(await row(id as string).count()).toBe(1);
      expect(await page.getByTestId('journal-source').innerText()).toBe(FROM_JOURNAL);
      await page.getByRole('tab', { name: /History/ }).click();
      const sent = page.locator(`[data-testid=history-row][data-order-id="${id}"]`);
      await expect.poll(() => sent.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');
      expect((await sent.locator('td').allInnerTexts()).slice(4, 10)).toEqual(['30¢', '0 / 10', '—', 'GTC', 'open', 'live']);
      await refusedInHistory();
      await app.shot('orders-history-answers');
      await page.evaluate("document.documentElement.dataset.theme = 'dark'");
      await app.shot('orders-history-answers-dark');
      await page.evaluate('delete document.documentElement.dataset.theme');
      await page.getByRole('tab', { name: /Open orders/ }).click();
      await app.shot('orders-filled');
      return;
    }
    const seller = await Trader.create(venue.urls);
    await app.admin.mint(market.condition_id, seller.address, '30');
    const [hit] = (await seller.post([seller.order(tokens[0] as string, 'SELL', '0.30', '10', { type: 'FAK', negRisk: market.neg_risk === 1 })])).body;
    expect(hit).toMatchObject({ success: true, status: 'matched' });
    const toast = page.getByTestId('toast').filter({ hasText: 'Order filled' });
    await toast.first().waitFor({ timeout: 20_000 });
    expect(await toast.first().innerText()).toContain(`Buy 10 ${outcomes[0]} at 30¢ · ${market.question}`);
    await app.shot('orders-filled');
    await expect.poll(() => row(id as string).count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('tab', { name: /History/ }).click();
    const filled = page.locator(`[data-testid=history-row][data-order-id="${id}"]`);
    await expect.poll(() => filled.getAttribute('data-state'), { timeout: 10_000 }).toBe('filled');
    // Filled 10 of 10 at its own 30¢; the venue's answer when it was sent: it rested, "live".
    expect((await filled.locator('td').allInnerTexts()).slice(4, 10)).toEqual(['30¢', '10 / 10', '30¢', 'GTC', 'filled', 'live']);
    expect(await filled.getByTestId('history-filled').getAttribute('title')).toBe('Filled 10 of 10');
    await refusedInHistory();
    await app.shot('orders-history-answers');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('orders-history-answers-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    await page.getByRole('tab', { name: /Open orders/ }).click();
  });

  it(SPEC_ONLY ? 'offline: the journal’s list, and cancel buttons disabled with the reason' : 'offline: the saved list with its “as of” stamp, and cancel buttons disabled with the reason', async () => {
    const { page, venue } = app;
    const ids = await rest([['0.14', '5', 1]]);
    if (SPEC_ONLY) {
      await expect.poll(() => row(ids[0] as string).count(), { timeout: 15_000 }).toBe(1);
      const open = (await call<Array<{ orderId: string; state: string }>>('orders.journal', { accountId })).filter((j) => j.state === 'open').map((j) => j.orderId);
      expect(open).toHaveLength(8);
      await venue.stop();
      app.skew.ms = 3_600_000;
      await page.reload();
      await page.getByRole('button', { name: 'Orders' }).click();
      await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 20_000 }).toBe(8);
      expect(await page.locator('[data-testid=open-order]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))).toEqual(expect.arrayContaining(open));
      expect(await page.getByTestId('journal-source').innerText()).toBe(FROM_JOURNAL);
      expect(await page.locator('.ord .stamp').count()).toBe(0);
      expect(await row(ids[0] as string).getByRole('button', { name: /^Cancel order/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Cancel all…' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('cancel-blocked').innerText()).toBe(NO_CANCEL);
      await app.shot('orders-offline');
      return;
    }
    await expect.poll(() => page.locator('[data-testid=open-order]').count(), { timeout: 15_000 }).toBe(1);
    await venue.stop();
    app.skew.ms = 3_600_000;
    await page.reload();
    await page.getByRole('button', { name: 'Orders' }).click();
    await expect.poll(() => page.locator('.ord .stamp').innerText(), { timeout: 20_000 }).toMatch(/^as of \d{1,2}:\d{2}/);
    expect(await page.locator('[data-testid=open-order]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))).toEqual(ids);
    expect(await row(ids[0] as string).getByRole('button', { name: /^Cancel order/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel all…' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('cancel-blocked').innerText()).toBe('The venue cannot be reached; cancelling needs it');
    expect(await page.getByRole('button', { name: 'Cancel all…' }).getAttribute('title')).toBe('The venue cannot be reached; cancelling needs it');
    await app.shot('orders-offline');
  });
});
