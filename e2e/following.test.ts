// Following traders end to end, on either peer: a wallet followed from the leaderboard's row (its
// trader page then says so, and unfollows and follows it again), and
// one followed by address on the Following screen with a trade-notice size; when that wallet
// (another account on the venue) sells into a bid, a notice says so and the Following screen shows
// its position resized since the last look, until it is marked seen; with the venue gone, the
// screen reads the last snapshot kept, with its time. A bad address is refused in place, keeping
// what was typed.
import { describe, expect, it } from 'vitest';
import { appFor } from './shared-app.js';
import { otherTrader, quietFirstMarket, skipReason } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`following traders (${reason ?? 'Chromium + built renderer'})`, () => {
  const app = appFor();

  async function bothThemes(name: string): Promise<void> {
    const { page } = app();
    await page.evaluate("document.documentElement.dataset.theme = 'light'");
    await app().shot(name);
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app().shot(`${name}-dark`);
    await page.evaluate('delete document.documentElement.dataset.theme');
  }

  it('follows from the leaderboard and by address, tells of a followed wallet’s trade, and shows the change since the last look', async () => {
    const a = app();
    const { page } = a;
    const q = await quietFirstMarket(a, '0.01');
    const wallet = q.maker.address.toLowerCase();

    // From the leaderboard's row: the button follows without opening the trader.
    await page.getByRole('button', { name: 'Leaderboard', exact: true }).click();
    // All time: the generated world's traders, besides anyone who traded this week.
    await page.getByRole('button', { name: 'ALL', exact: true }).click();
    await page.getByTestId('trader-row').nth(1).waitFor();
    // A ranked wallet other than the maker (who, having just minted, may rank too).
    const row = page.locator(`[data-testid=trader-row]:not([data-wallet="${wallet}" i])`).first();
    const ranked = (await row.getAttribute('data-wallet'))?.toLowerCase() ?? '';
    const follow = row.getByTestId('follow');
    await expect.poll(() => follow.isEnabled()).toBe(true);
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.textContent()).toBe('✓ Following');
    expect(await page.getByTestId('leaderboard').isVisible()).toBe(true);
    await bothThemes('following-leaderboard-button');
    // The trader's page says it too, and unfollows and follows again from there.
    await row.getByTestId('trader-link').click();
    const onPage = page.getByTestId('trader').getByTestId('follow');
    await expect.poll(() => onPage.getAttribute('aria-pressed')).toBe('true');
    await bothThemes('following-trader-page');
    await onPage.click();
    await expect.poll(() => onPage.getAttribute('aria-pressed')).toBe('false');
    expect(await onPage.textContent()).toBe('+ Follow');
    await onPage.click();
    await expect.poll(() => onPage.getAttribute('aria-pressed')).toBe('true');

    // By address on the Following screen: a bad one is refused in place, the text kept.
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await page.getByTestId('followed').first().waitFor();
    const field = page.getByTestId('follow-address');
    await field.fill(`${wallet.slice(0, 20)}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('form', { name: 'Follow a wallet' }).getByRole('alert').filter({ hasText: /40 hexadecimal digits/ }).waitFor();
    expect(await field.inputValue()).toBe(wallet.slice(0, 20));
    await field.fill(q.maker.address);
    await page.getByTestId('follow-label').fill('Quiet maker');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    const card = page.locator(`[data-testid=followed][data-address="${wallet}"]`);
    await card.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await card.getByRole('button', { name: 'Quiet maker' }).isVisible()).toBe(true);
    expect(await card.getByTestId('change-count').textContent()).toBe('no changes');
    await card.getByTestId('notify-size').fill('4');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await page.locator('[data-testid=followed]').count())).toBe(2);
    await expect.poll(() => card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(ranked).not.toBe('');

    // The followed wallet sells 10 Yes at 50¢ ($5.00, above the $4 set) into another trader's order.
    await q.quote('SELL', '0.50', '10');
    const taker = await otherTrader(a.venue);
    await a.admin.setCash(taker.address, '100');
    const r = await taker.post([taker.order(q.yes, 'BUY', '0.50', '10', { type: 'FAK', negRisk: q.market.neg_risk === 1 })]);
    expect(r.body).toMatchObject([{ success: true }]);

    // Later (the core's clock past the data's freshness), the screen opened again reads it.
    a.skew.ms += 20_000;
    await page.reload();
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Quiet maker sold $5.00' });
    await toast.waitFor({ timeout: 15_000 });
    const first = (await a.admin.world()).markets.find((m) => m.conditionId === q.market.condition_id)?.outcomes[0];
    expect(await toast.textContent()).toContain(`Sell 10 ${first} at 50¢ ($5.00) · ${q.market.question}`);
    const change = card.locator('[data-testid=change][data-kind=resized]');
    await change.waitFor();
    expect(await change.textContent()).toContain(q.market.question);
    expect(await change.locator('td.num').allTextContents()).toEqual(['200', '190', '−10', expect.stringMatching(/¢$/), expect.stringMatching(/\$/)]);
    expect(await card.getByTestId('change-count').textContent()).toBe('1 resized');
    expect(await card.getByTestId('snapshot-age').textContent()).toMatch(/^snapshot /);
    await bothThemes('following-screen');

    // The notice is kept: after a restart the inbox lists it, and it opens the wallet's page.
    await a.restart();
    await page.getByTestId('bell').click();
    const notice = page.getByTestId('notice').filter({ hasText: 'Quiet maker sold $5.00' });
    await notice.waitFor({ timeout: 10_000 });
    await page.getByRole('listbox', { name: 'Notices' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('trader').waitFor({ timeout: 10_000 });
    expect((await page.getByTestId('trader').innerText()).toLowerCase()).toContain(wallet);
    await page.getByRole('button', { name: 'Following', exact: true }).click();

    // Marked seen: nothing has changed since.
    await card.getByTestId('mark-seen').click();
    await expect.poll(() => card.getByTestId('change-count').textContent()).toBe('no changes');
    expect(await card.getByTestId('change').count()).toBe(0);

    // Unfollowed from the screen: gone from the list, the other still followed.
    await card.getByRole('button', { name: 'Unfollow' }).click();
    await card.waitFor({ state: 'detached' });
    const kept = page.locator(`[data-testid=followed][data-address="${ranked}"]`);
    expect(await kept.count()).toBe(1);

    // With the venue gone, the screen reads the last snapshot kept, with its time.
    await a.venue.stop();
    a.skew.ms += 20_000;
    await page.reload();
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await expect.poll(() => kept.getByTestId('snapshot-age').textContent(), { timeout: 15_000 }).toMatch(/^offline · snapshot of .+ \((just now|\d+m ago)\)$/);
    expect(await kept.getByRole('status').textContent()).toMatch(/could not be reached/);
    expect(await kept.getByTestId('change-count').textContent()).toBe('no changes');
    await bothThemes('following-offline');
  });
});
