// A market the account bought into resolves on the venue: the market page shows the winner and
// what each outcome settles at, no Buy / Sell or order entry, and what the account's tokens are
// worth; the ticket will not take the market; the portfolio marks the position won and worth
// $1 a token, and redeems it — with a confirmation, the result in words and the cash rising by
// exactly the payout. On the spec-only peer (no POST /redeem) both places say "Redeem on the
// venue" instead of a button. Screenshots in light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMicros } from '../src/shared/domain/money.js';
import { usdMicros } from '../src/renderer/src/ui/money.js';
import { type App, call, EASY_NOW, otherTrader, skipReason, SPEC_ONLY, startApp } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`resolved markets (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let account: { id: string; address: string };
  let market: { cid: string; question: string; yes: string; no: string; yesToken: string };

  // The core may be a new one after a restart: the call goes to the current one.
  const dispatch = <T = unknown>(name: string, input: unknown = {}): Promise<T> => call<T>(app.core, name, input);
  const theme = (t: 'light' | 'dark') => app.page.evaluate(`document.documentElement.dataset.theme = '${t}'`);

  beforeAll(async () => {
    app = await startApp();
    const { venue, page } = app;
    await dispatch('accounts.unlock', { passphrase: 'e2e passphrase' });
    account = await app.account('Paper');
    await page.waitForSelector('[data-testid=market-row]');
    // A listed two-outcome market, so the test can open it from the list.
    const titles = await page.locator('[data-testid=market-row] > span[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    const world = await app.admin.world();
    const found = titles.map((t) => world.markets.find((m) => m.question === t && m.status === 'active' && !m.negRisk && m.outcomes.length === 2)).find((m) => m !== undefined);
    expect(found).toBeDefined();
    const { conditionId: cid, question, outcomes, tokens } = found!;
    await app.admin.setTrading(cid, EASY_NOW);
    market = { cid, question, yes: outcomes[0] as string, no: outcomes[1] as string, yesToken: tokens[0] as string };

    // Another trader offers 10 of the first outcome at 40¢; the account buys them, as the ticket would.
    const seller = await otherTrader(venue);
    await app.admin.mint(cid, seller.address, '50');
    expect((await seller.post([seller.order(market.yesToken, 'SELL', '0.4', '10')])).body[0]).toMatchObject({ success: true, status: 'live' });
    const bought = await dispatch<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId: account.id, lines: [{ conditionId: cid, tokenId: market.yesToken, side: 'BUY', price: '0.4', size: '10', type: 'FOK' }] });
    expect(bought.map((r) => [r.success, r.status])).toEqual([[true, 'matched']]);

    // The account picker takes the new account on load.
    await page.reload();
    await page.getByRole('listbox', { name: 'Markets' }).getByTitle(question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: question }).waitFor({ timeout: 10_000 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('places a resting bid from the ticket while the market trades', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page.getByTestId('ticket-line').first();
    await line.getByLabel('Market search').fill(market.question.split(/\s+/).slice(0, 6).join(' '));
    await page.getByRole('option', { name: market.question }).first().click();
    await line.getByLabel('Outcome').selectOption(market.yesToken);
    await line.getByLabel('Price').fill('5');
    await line.getByLabel('Size').fill('10');
    await expect.poll(() => line.getAttribute('data-check'), { timeout: 10_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    await page.getByRole('button', { name: 'Sign and send 1 order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
    await dialog.waitFor();
    if (SPEC_ONLY) await dialog.getByRole('checkbox', { name: 'Send these lines without those checks' }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('line-result').first().innerText(), { timeout: 15_000 }).toMatch(/^live · 0x/);
    // Back to the market page for what follows.
    await page.getByRole('button', { name: 'Markets' }).click();
    await page.getByRole('listbox', { name: 'Markets' }).getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
  });

  it('shows the winner and the settlement on the market page, no trading, and what the tokens are worth', async () => {
    const { page } = app;
    // While it trades, the page offers the order entry.
    await page.getByLabel('Limit price (cents)').waitFor({ timeout: 10_000 });

    await app.admin.setStatus(market.cid, 'resolved', 0);
    const block = page.getByTestId('resolution');
    await block.waitFor({ timeout: 30_000 });
    await expect.poll(() => block.getByTestId('resolution-verdict').innerText(), { timeout: 15_000 }).toBe(`${market.yes} won`);
    expect(await block.innerText()).toContain(`Resolved: ${market.yes} won. ${market.yes} settles at $1, ${market.no} at $0.`);
    const rows = block.getByTestId('settlement-row');
    await expect.poll(() => rows.nth(0).locator('[data-field=held]').innerText(), { timeout: 15_000 }).toBe('10');
    expect(await rows.nth(0).locator('[data-field=settles]').innerText()).toBe('$1.00');
    expect(await rows.nth(1).locator('[data-field=settles]').innerText()).toBe('$0.00');
    expect(await rows.nth(0).locator('[data-field=worth]').innerText()).toBe('$10.00');
    expect(await block.getByTestId('position-worth').innerText()).toBe('Your tokens are worth $10.00.');

    // Nothing to trade with: no order entry, no Buy or Sell anywhere on the page.
    await page.getByTestId('trading-ended').waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Limit price (cents)').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Buy|Sell)\b/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Add to ticket/ }).count()).toBe(0);

    if (SPEC_ONLY) {
      // Redeeming is a write: never sent just to find out whether the venue has it, so the first
      // redeem tells; the venue lacks it, and the page says where to redeem instead.
      await block.getByTestId('redeem').click();
      await page.getByRole('dialog', { name: 'Confirm redeem' }).getByRole('button', { name: /^Redeem / }).click();
      await expect.poll(() => block.getByTestId('redeem-on-venue').innerText(), { timeout: 15_000 }).toBe('Redeem on the venue');
      expect(await block.getByTestId('redeem').count()).toBe(0);
    } else {
      expect(await block.getByTestId('redeem').innerText()).toBe('Redeem $10.00');
    }
    await theme('light');
    await app.shot('resolution-market');
    await theme('dark');
    await app.shot('resolution-market-dark');
    await theme('light');
  });

  it('says "Trading ended" with no order entry for a market closed without a result', async () => {
    const { page } = app;
    const titles = await page.locator('[data-testid=market-row] > span[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    const world = await app.admin.world();
    const open = titles.map((t) => world.markets.find((m) => m.question === t && m.status === 'active' && m.conditionId !== market.cid)).find((m) => m !== undefined)!;
    const other = { cid: open.conditionId, question: open.question };
    await app.admin.setStatus(other.cid, 'closed');
    await page.getByRole('listbox', { name: 'Markets' }).getByTitle(other.question, { exact: true }).click();
    const block = page.getByTestId('resolution');
    await expect.poll(() => block.getByTestId('resolution-verdict').innerText().catch(() => ''), { timeout: 20_000 }).toBe('Trading ended — no result reported yet');
    expect(await block.innerText()).toContain('Trading ended: the venue reports no result yet.');
    expect(await page.getByTestId('trading-ended').innerText()).toMatch(/^Trading ended/i);
    expect(await page.getByTestId('order-entry').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Buy|Sell)\b/ }).count()).toBe(0);
    // What follows starts from the sidebar: the resolved market may have left the open list by now.
  });

  it('keeps the resolved market off the order ticket', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page.getByTestId('ticket-line').last();
    await line.getByLabel('Market search').fill(market.question.split(/\s+/).slice(0, 6).join(' '));
    await page.getByRole('option', { name: market.question }).first().click();
    await expect.poll(() => line.innerText(), { timeout: 10_000 }).toContain('it takes no orders, so it cannot go on the ticket');
    expect(await line.getByLabel('Outcome').count()).toBe(0);
    await page.getByRole('button', { name: 'Order ticket' }).click();
  });

  it('reads the ticket line’s order as closed by the venue, and Reset results never makes it look sendable', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Order ticket' }).click();
    const line = page.getByTestId('ticket-line').first();
    const result = page.getByTestId('line-result').first();
    // The venue cancelled the resting bid when the market resolved: the line follows its order
    // (on the spec-only peer, with no open-orders list, from the market being closed).
    await expect.poll(() => result.getAttribute('data-state'), { timeout: 20_000 }).toBe('closed');
    expect(await result.innerText()).toMatch(/^closed by the venue \(was live\) · 0x/);
    // From the click on, the line is never shown as ready and the batch never as sendable.
    await page.evaluate(() => {
      const w = window as unknown as { sawSendable: string[] };
      w.sawSendable = [];
      const look = () => {
        if (document.querySelector('[data-testid=ticket-line][data-ok=true]')) w.sawSendable.push('line ok');
        const send = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.startsWith('Sign and send'));
        if (send && !(send as HTMLButtonElement).disabled) w.sawSendable.push('send enabled');
      };
      new MutationObserver(look).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await page.getByRole('button', { name: 'Reset results' }).click();
    await expect.poll(() => line.getAttribute('data-check'), { timeout: 15_000 }).toBe('problem');
    expect(await page.getByTestId('line-problem').first().innerText()).toMatch(/not accepting orders/);
    expect(await page.evaluate(() => (window as unknown as { sawSendable: string[] }).sawSendable)).toEqual([]);
    await line.getByRole('button', { name: 'Remove line' }).click();
  });

  it('values the position at $1 a token in the portfolio and redeems it there', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Portfolio', exact: true }).click();
    const row = page.locator(`[data-testid=positions] tr[data-asset="${market.cid}:0"]`);
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getAttribute('data-settles'), { timeout: 20_000 }).toBe('1');
    expect(await row.locator('[data-badge=won]').innerText()).toBe('won · $1');
    expect(await row.locator('[data-field=price]').innerText()).toBe('$1');
    expect(await row.locator('[data-field=value]').innerText()).toBe('$10.00');
    // Bought at 40¢: the $4.00 paid is now worth $10.00, a gain final at resolution: realised, not unrealised.
    await expect.poll(() => row.locator('[data-field=realized]').innerText(), { timeout: 15_000 }).toBe('$6.00');
    expect(await row.locator('[data-field=pnl]').innerText()).toBe('$0.00');

    if (SPEC_ONLY) {
      await expect.poll(() => row.getByTestId('redeem-on-venue').innerText(), { timeout: 15_000 }).toBe('Redeem on the venue');
      expect(await page.getByTestId('redeem').count()).toBe(0);
      expect(await row.getByTestId('redeem-on-venue').getAttribute('title')).toMatch(/redeem them on the venue itself/);
      await app.shot('resolution-portfolio');
      await theme('dark');
      await app.shot('resolution-portfolio-dark');
      await theme('light');
      return;
    }

    const balance = page.getByTestId('cash').locator('[data-field=balance]');
    const before = (await dispatch<{ data: { balance: string } }>('portfolio.balance', { accountId: account.id })).data.balance;
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toBe(usdMicros(toMicros(before)));
    await theme('light');
    await app.shot('resolution-portfolio');
    await theme('dark');
    await app.shot('resolution-portfolio-dark');
    await theme('light');

    await row.getByTestId('redeem').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm redeem' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(market.question);
    await app.shot('resolution-redeem-confirm');
    await dialog.getByRole('button', { name: 'Redeem $10.00' }).click();
    await dialog.waitFor({ state: 'detached' });

    const result = page.getByTestId('redeem-result');
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toBe(`Redeemed 10 ${market.yes} for $10.00: $10.00 into cash.`);
    // Cash rises by exactly the payout; the redeemed position leaves the list.
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toBe(usdMicros((toMicros(before) ?? 0n) + 10_000_000n));
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    await app.shot('resolution-redeemed');
    await theme('dark');
    await app.shot('resolution-redeemed-dark');
    await theme('light');
  });
});
