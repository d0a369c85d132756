// The inbox end to end: two fills raise notices the bell counts and the inbox lists, with their
// time and read state; both are still there after the app restarts on the same user data; marking
// one read (R) and opening the other (Enter, which opens its market) take the bell's count down.
// Quiet hours are set in Settings and kept by the core.
import { describe, expect, it } from 'vitest';
import { appFor } from './shared-app.js';
import { call, quietFirstMarket, skipReason, SPEC_ONLY } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`the inbox (${reason ?? 'Chromium + built renderer'})`, () => {
  const app = appFor();

  it('keeps each fill as a notice across a restart; the bell counts the unread ones down as they are read', async () => {
    const a = app();
    const quiet = await quietFirstMarket(a, '0.01');
    await quiet.quote('SELL', '0.40', '20');
    await call(a.core, 'accounts.unlock', { passphrase: 'e2e passphrase' });
    const account = await a.account('Paper');
    for (const size of ['5', '6']) {
      const [r] = await call<Array<{ success: boolean; status?: string; message?: string }>>(a.core, 'orders.submit', {
        accountId: account.id,
        lines: [{ conditionId: quiet.market.condition_id, tokenId: quiet.yes, side: 'BUY', price: '0.40', size, type: 'FOK' }],
      });
      expect(r, r?.message).toMatchObject({ success: true, status: 'matched' });
    }

    const { page } = a;
    const bell = page.getByTestId('bell');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Inbox: 2 unread');
    expect(await page.getByTestId('bell-count').innerText()).toBe('2');
    await bell.click();
    const notices = page.getByTestId('notice');
    await expect.poll(() => notices.count(), { timeout: 10_000 }).toBe(2);
    const texts = await notices.allInnerTexts();
    // Newest first, each with its market and time.
    expect(texts[0]).toMatch(new RegExp(`Order filled[\\s\\S]*Buy 6 .*at 40¢ · ${escape(quiet.market.question)}`));
    expect(texts[1]).toMatch(/Buy 5 .*at 40¢/);
    expect(await notices.first().locator('time').innerText()).not.toBe('');
    expect(await notices.evaluateAll((els) => els.map((e) => e.getAttribute('data-read')))).toEqual(['false', 'false']);
    await shots(a, 'inbox');

    // The same user data after a restart: both notices, both unread.
    await a.restart();
    await expect.poll(() => page.getByTestId('bell').getAttribute('aria-label'), { timeout: 15_000 }).toBe('Inbox: 2 unread');
    await page.getByTestId('bell').click();
    await expect.poll(() => page.getByTestId('notice').count(), { timeout: 10_000 }).toBe(2);

    // From the keyboard: the first (newest) is selected; R marks it read, the count drops to 1.
    const list = page.getByRole('listbox', { name: 'Notices' });
    await list.focus();
    await page.keyboard.press('r');
    await expect.poll(() => page.getByTestId('bell').getAttribute('aria-label'), { timeout: 5_000 }).toBe('Inbox: 1 unread');
    await expect.poll(() => page.getByTestId('notice').first().getAttribute('data-read')).toBe('true');
    // ↓ then Enter opens the older one's market, which marks it read: nothing unread is left.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('market-question').filter({ hasText: quiet.market.question }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('bell').getAttribute('aria-label'), { timeout: 5_000 }).toBe('Inbox: nothing unread');
    expect(await page.getByTestId('bell-count').count()).toBe(0);

    // Unread only lists none; All keeps both, read.
    await page.getByTestId('bell').click();
    await page.getByRole('radio', { name: /^Unread/ }).click();
    await page.getByTestId('inbox-empty').filter({ hasText: 'Nothing unread.' }).waitFor();
    await page.getByRole('radio', { name: /^All/ }).click();
    await expect.poll(() => page.getByTestId('notice').evaluateAll((els) => els.map((e) => e.getAttribute('data-read')))).toEqual(['true', 'true']);
    if (!SPEC_ONLY) await shots(a, 'inbox-read');
  });

  it('sets quiet hours in Settings, kept by the core; a time left empty is refused in words', async () => {
    const a = app();
    const { page } = a;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    const from = page.getByLabel('Quiet from');
    await from.fill('21:30');
    await page.getByLabel('Quiet until').fill('06:45');
    await page.getByRole('checkbox', { name: 'Quiet hours' }).check();
    await expect.poll(async () => (await call<{ quietHours: unknown }>(a.core, 'settings.get')).quietHours, { timeout: 5_000 }).toEqual({ from: '21:30', to: '06:45' });
    await page.getByRole('region', { name: 'Notifications' }).scrollIntoViewIfNeeded();
    if (!SPEC_ONLY) await shots(a, 'settings-quiet-hours');
    // Emptied: the core refuses it, naming the form it wants, and keeps the hours it had.
    await from.fill('');
    await from.blur();
    await page.getByText(/expected a time of day as HH:MM/).waitFor({ timeout: 5_000 });
    expect((await call<{ quietHours: unknown }>(a.core, 'settings.get')).quietHours).toEqual({ from: '21:30', to: '06:45' });
    await page.getByRole('checkbox', { name: 'Quiet hours' }).uncheck();
    await expect.poll(async () => (await call<{ quietHours: unknown }>(a.core, 'settings.get')).quietHours, { timeout: 5_000 }).toBeNull();
  });
});

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function shots(a: ReturnType<ReturnType<typeof appFor>>, name: string): Promise<void> {
  await a.shot(name);
  await a.page.evaluate("document.documentElement.dataset.theme = 'dark'");
  await a.shot(`${name}-dark`);
  await a.page.evaluate("document.documentElement.dataset.theme = 'light'");
}
