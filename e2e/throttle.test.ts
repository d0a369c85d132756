// A venue that takes 3 orders per 10 s: the core retries throttled lines after the venue's delay;
// what is still throttled after the retries shows its countdown on the line, and is retried on
// its own once the countdown ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMarkets, EASY, SPEC_ONLY, skipReason, startApp, yesOf, type App } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`throttled lines (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ rateLimitScale: 3 / 2400, instantRetries: true });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows a countdown on each line still throttled after the retries', async () => {
    const { page, core } = app;
    const first = activeMarkets(await app.admin.world())[0]!;
    const m = { condition_id: first.conditionId };
    await app.admin.setTrading(m.condition_id, EASY);
    const token = yesOf(first);
    await core.router.dispatch('accounts.unlock', { passphrase: 'e2e passphrase' });
    await app.account();
    await core.router.dispatch('settings.set', { confirm: false });
    // Twelve resting bids: three per attempt get through, three attempts, three lines left over.
    const lines = Array.from({ length: 12 }, (_, i) => ({ key: `t${i}`, conditionId: m.condition_id, tokenId: token, label: 'throttle', side: 'BUY', price: `0.0${(i % 9) + 1}`, size: '5' }));
    await core.router.dispatch('drafts.save', { lines });
    await page.reload();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    // Prices or not, each line shows the outcome it was saved with.
    expect(await page.getByLabel('Outcome').first().inputValue()).toBe(token);
    await page.getByRole('button', { name: 'Sign and send 12 orders' }).click({ timeout: 15_000 });
    // A venue that reports no balances leaves the cash check unmade: even with confirmation off,
    // those lines need an explicit yes.
    if (SPEC_ONLY) await sendUnchecked(app, 12);
    await expect.poll(() => page.getByTestId('line-result').count(), { timeout: 60_000 }).toBe(12);
    const throttled = page.locator('[data-testid=line-result][data-success=false]');
    expect(await throttled.count()).toBeGreaterThan(0);
    expect(await throttled.first().innerText()).toMatch(/RATE_LIMITED[\s\S]*retry in \d+ s/);
    expect(await throttled.first().getByRole('button', { name: 'Retry this line' }).isDisabled()).toBe(true);
    await app.shot('ticket-throttled');
    // When the countdown ends the line can go again on its own.
    await expect.poll(() => throttled.first().getByRole('button', { name: 'Retry this line' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    const before = await throttled.count();
    await throttled.first().getByRole('button', { name: 'Retry this line' }).click();
    if (SPEC_ONLY) await sendUnchecked(app, 1);
    await expect.poll(() => throttled.count(), { timeout: 30_000 }).toBe(before - 1);
  }, 120_000);
});

/** The confirmation step for lines not checked in full: every line listed, an explicit yes, Send. */
async function sendUnchecked({ page }: App, count: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
  await expect.poll(() => dialog.getByTestId('confirm-unchecked-line').count(), { timeout: 15_000 }).toBe(count);
  expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  await dialog.getByRole('checkbox', { name: 'Send these lines without those checks' }).check();
  await dialog.getByRole('button', { name: 'Send' }).click();
}
