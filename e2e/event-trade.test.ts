// Trading a whole multi-outcome event from its page: every outcome quoted by a maker (bid 5¢,
// ask 10¢, a 2% taker fee), the event's chart with a line per outcome, Buy / Sell on each row,
// the payoff table of buying and of selling every outcome with its edge after fees, then "Buy
// every outcome" filling the ticket with one line per outcome and the batch sent and filled.
// The same on the spec-only peer, where the ticket's confirmation asks for the checks it could
// not make and the chart is drawn from trades.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EASY_NOW, marketsByEvent, otherTrader, skipReason, SPEC_ONLY, startApp, yesOf, type App } from './support.js';

const reason = skipReason();
/** What a line says where the venue reports no balances (core preview, ticket checks.ts). */
const NO_CASH_CHECK = 'not checked: cash — this venue does not report balances';
const wordsOf = (title: string): string => title.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 4).slice(0, 5).join(' ');

/** Light, then dark, then back. */
async function shots(app: App, name: string): Promise<void> {
  await app.shot(name);
  await app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
  await app.shot(`${name}-dark`);
  await app.page.evaluate('delete document.documentElement.dataset.theme');
}

describe.skipIf(reason !== undefined)(`trading a whole event (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let event: { id: number; title: string; open: Array<{ cid: string; yes: string; question: string }> };

  beforeAll(async () => {
    app = await startApp();
    const { page } = app;
    await app.core.router.dispatch('accounts.unlock', { passphrase: 'e2e passphrase' });
    await app.account('Paper');
    const world = await app.admin.world();
    const byEvent = marketsByEvent(world);
    // The multi-outcome event with the most open outcomes, none paused, few enough that ten cents each stays under 100¢.
    const e = world.events
      .filter((ev) => ev.negRisk)
      .map((ev) => ({ ev, markets: byEvent.get(ev.id) ?? [] }))
      .filter(({ markets }) => !markets.some((m) => m.status === 'paused') && markets.filter((m) => m.status === 'active').length >= 3 && markets.length <= 9)
      .sort((a, b) => b.markets.length - a.markets.length)[0]!;
    await app.admin.setEventTrading(e.ev.id, { ...EASY_NOW, takerBaseFee: 200, makerBaseFee: 0 });
    const open = e.markets.filter((m) => m.status === 'active').map((m) => ({ cid: m.conditionId, question: m.question, yes: yesOf(m) }));
    event = { id: e.ev.id, title: e.ev.title, open };
    // Someone else bids 5¢ and offers 10¢ for 10 Yes of every outcome, on books otherwise empty.
    const maker = await otherTrader(app.venue);
    for (const m of open) {
      await app.admin.cancelResting(m.cid);
      await app.admin.mint(m.cid, maker.address, '10');
    }
    await app.admin.setCash(maker.address, '100');
    for (const m of open) {
      const r = await maker.post([maker.order(m.yes, 'BUY', '0.05', '10', { negRisk: true }), maker.order(m.yes, 'SELL', '0.1', '10', { negRisk: true })]);
      if (!r.body.every((x) => x['success'] === true)) throw new Error(`the maker's quotes were refused: ${JSON.stringify(r.body)}`);
    }
    // The catalog is synced before the event is looked for; the account picker takes the new account on load.
    await page.waitForFunction(() => /catalog synced/.test(document.querySelector('[data-testid=sync]')?.textContent ?? ''), null, { timeout: 60_000 });
    await page.reload();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows every outcome’s price over time, Buy and Sell on each row, and what buying or selling every outcome pays', async () => {
    const { page } = app;
    const n = event.open.length;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Events', exact: true }).click();
    await page.getByLabel('Find an event').fill(wordsOf(event.title));
    await page.locator(`[data-testid=event-row][data-event="${event.id}"]`).click();
    await expect.poll(() => page.getByTestId('event-title').innerText(), { timeout: 10_000 }).toBe(event.title);

    // One line per outcome that can still win, each named in the legend.
    await page.getByTestId('event-chart').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid=event-chart-legend] li').count(), { timeout: 10_000 }).toBe(n);
    expect(await page.getByTestId('event-chart').locator('canvas').count()).toBeGreaterThan(0);

    // Every open row trades: Buy at the ask, Sell at the bid.
    for (const m of event.open) {
      const row = page.locator('[data-testid=outcome]', { has: page.locator(`td[title="${m.question.replace(/"/g, '\\"')}"]`) });
      await expect.poll(() => row.locator('[data-field=ask]').innerText(), { timeout: 15_000 }).toBe('10¢');
      expect(await row.getByTestId('outcome-buy').isEnabled()).toBe(true);
      expect(await row.getByTestId('outcome-sell').isEnabled()).toBe(true);
    }

    // A size under the markets' minimum is said, and nothing is put together from it.
    const sets = page.getByLabel('Sets (shares of each outcome)');
    await sets.fill('2');
    await expect.poll(() => page.getByTestId('payoff-problems').innerText()).toContain('takes at least 5 shares');
    expect(await page.getByTestId('buy-every').isDisabled()).toBe(true);
    expect(await page.getByTestId('edge-buy').innerText()).toBe('—');

    // Five sets: each outcome pays $5 if it wins. Bought at 10¢ with a 2% taker fee on the nearer
    // edge (0.02 × 0.10 × 5 = 1¢ a line): $0.51 a line, $5 paid whichever wins.
    await sets.fill('5');
    const payoff = page.getByTestId('payoff');
    await expect.poll(() => payoff.getByTestId('payoff-row').count()).toBe(n);
    await expect.poll(() => payoff.getByTestId('edge-buy').innerText(), { timeout: 15_000 }).toMatch(/a set/);
    const cost = 51n * BigInt(n);
    const net = 500n - cost;
    const dollars = (c: bigint) => `$${c < 0n ? -c / 100n : c / 100n}.${String(c < 0n ? -c % 100n : c % 100n).padStart(2, '0')}`;
    expect(await payoff.getByTestId('payoff-buy-cost').innerText()).toBe(dollars(cost));
    expect(await payoff.getByTestId('payoff-buy-fees').innerText()).toBe(dollars(BigInt(n)));
    for (const paid of await payoff.locator('[data-field=buy-paid]').allInnerTexts()) expect(paid).toBe('$5.00');
    // The edge per set: 100¢ less the asks and the fees, exactly.
    const perSet = (net * 1000n) / 500n;
    expect(await payoff.getByTestId('edge-buy').innerText()).toBe(`+${perSet / 10n}${perSet % 10n ? `.${perSet % 10n}` : ''}¢ a set · +${dollars(net)}`);
    // Selling every outcome at 5¢ pays less than the $5 one of them is worth.
    expect(await payoff.getByTestId('edge-sell').innerText()).toMatch(/^−\d+(\.\d+)?¢ a set · −\$\d+\.\d\d$/);
    await payoff.scrollIntoViewIfNeeded();
    await shots(app, 'event-trade-payoff');
  });

  it('fills the ticket with a line per outcome from “Buy every outcome”, and sends it: each fills at the ask', async () => {
    const { page } = app;
    const n = event.open.length;
    await page.getByTestId('buy-every').click();
    await page.getByTestId('ticket').waitFor();
    const lines = page.getByTestId('ticket-line');
    await expect.poll(() => lines.count()).toBe(n);
    for (let i = 0; i < n; i++) {
      expect(await lines.nth(i).getByLabel('Price', { exact: true }).inputValue()).toBe('10');
      expect(await lines.nth(i).getByLabel('Size', { exact: true }).inputValue()).toBe('5');
    }
    await expect.poll(() => page.getByRole('button', { name: `Sign and send ${n} orders` }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await shots(app, 'event-trade-ticket');
    await page.getByRole('button', { name: `Sign and send ${n} orders` }).click();
    // The confirmation step (on by default): on the spec-only venue each line says the cash it could not check.
    const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
    await dialog.waitFor();
    if (SPEC_ONLY) {
      await expect.poll(() => dialog.getByTestId('confirm-unchecked-line').count()).toBe(n);
      for (const note of await dialog.getByTestId('confirm-unchecked-line').allInnerTexts()) expect(note).toContain(NO_CASH_CHECK);
      await dialog.getByRole('checkbox', { name: 'Send these lines without those checks' }).check();
    } else {
      expect(await dialog.getByTestId('confirm-unchecked').count()).toBe(0);
    }
    await dialog.getByRole('button', { name: 'Send' }).click();
    // Each line's result from the venue: accepted, and matched against the maker's ask.
    const results = page.getByTestId('line-result');
    await expect.poll(() => results.count(), { timeout: 20_000 }).toBe(n);
    expect(await results.evaluateAll((els) => els.map((e) => e.getAttribute('data-success')))).toEqual(Array(n).fill('true'));
    await expect.poll(() => results.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))), { timeout: 15_000 }).toEqual(Array(n).fill(expect.stringMatching(/^(matched|filled)$/)));
    await shots(app, 'event-trade-sent');
  });

  it('draws the fills on the event’s chart, a line per outcome', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Events', exact: true }).click();
    await page.getByTestId('event-chart').waitFor({ timeout: 15_000 });
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'ALL' }).click();
    // Each outcome traded at 10¢: its legend reads its price now.
    await expect.poll(() => page.locator('[data-testid=event-chart-legend] li').count(), { timeout: 10_000 }).toBe(event.open.length);
    await expect.poll(() => page.getByText('No trades in this range.').count(), { timeout: 15_000 }).toBe(0);
    // A deployment keeps no price history: the lines are drawn from the trades, and say so.
    expect(await page.getByTestId('history-from-trades').count()).toBe(SPEC_ONLY ? 1 : 0);
    await shots(app, 'event-trade-chart');

    // An outcome's Buy: a line in the ticket at its best ask, the size left to the trader.
    const first = event.open[0]!;
    const row = page.locator('[data-testid=outcome]', { has: page.locator(`td[title="${first.question.replace(/"/g, '\\"')}"]`) });
    await row.getByTestId('outcome-buy').click();
    const last = page.getByTestId('ticket-line').last();
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(event.open.length + 1);
    expect(await last.innerText()).toContain(first.question.slice(0, 20));
    expect(await last.getByLabel('Side').inputValue()).toBe('BUY');
    expect(await last.getByLabel('Price', { exact: true }).inputValue()).toBe('10');
    expect(await last.getByLabel('Size', { exact: true }).inputValue()).toBe('');
  });
});
