// Settings that must last and say what they know: the theme survives a restart of the browser
// host (a new origin each run), the palette finds a command by the label it shows, and a
// connection test run before "Add venue" is still known once the venue is used; an import error
// names the field in words and clears nothing typed.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault, SPEC_ONLY, skipReason, startApp, type App } from './support.js';

const reason = skipReason();
const themeOf = (app: App) => app.page.evaluate(() => document.documentElement.dataset['theme'] ?? 'system');

describe.skipIf(reason !== undefined)(`settings that last (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ size: 'small' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('the palette finds "Theme: dark" by its own label, and the theme chosen survives a restart', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    expect(await themeOf(app)).toBe('system');
    await page.keyboard.press('Control+k');
    const input = page.getByPlaceholder('Go to a market, event, trader, screen or command…');
    await input.fill('Theme');
    await page.getByRole('option', { name: 'Theme: dark' }).waitFor();
    await app.shot('palette-theme');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('palette-theme-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    // What the row shows is what finds it.
    await input.fill('Theme: dark');
    expect(await page.getByRole('option').allInnerTexts()).toContain('Theme: dark');
    await input.fill('go to orders');
    expect(await page.getByRole('option').allInnerTexts()).toContain('Go to Orders');
    await input.fill('Theme: dark');
    await page.getByRole('option', { name: 'Theme: dark' }).click();
    await expect.poll(() => themeOf(app)).toBe('dark');

    // A new host is a new origin: nothing of the page's storage comes along, the core's settings do.
    const before = new URL(page.url()).origin;
    await app.restart();
    expect(new URL(page.url()).origin).not.toBe(before);
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    expect(await themeOf(app)).toBe('dark');
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await page.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: 'Follow the system' }).click();
    await expect.poll(() => themeOf(app)).toBe('system');
  });

  it('keeps a connection test run before "Add venue" with the venue added: after Use, Settings knows what it offers', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add a remote venue…' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Tested first');
    await page.getByLabel('Catalog URL').fill(app.venue.urls.catalog_url);
    await page.getByLabel('Trading URL').fill(app.venue.urls.trading_url);
    await page.getByLabel('Data URL').fill(app.venue.urls.data_url);
    await page.getByRole('button', { name: 'Test connection', exact: true }).click();
    await expect.poll(() => page.getByTestId('connection-test').innerText(), { timeout: 10_000 }).toMatch(/catalog\s+reachable[\s\S]*trading\s+reachable/);
    await page.getByRole('button', { name: 'Add venue' }).click();
    const row = page.getByTestId('venue-row').filter({ hasText: 'Tested first' });
    await row.getByRole('button', { name: 'Use' }).click();
    await expect.poll(() => row.getAttribute('data-active')).toBe('true');
    // Known from the test, not "Not yet known" until tested again.
    await expect.poll(() => page.getByTestId('caps-offered').innerText()).toMatch(SPEC_ONLY ? /nothing beyond the spec/ : /the order book/);
    const unknown = await page.getByTestId('caps-unknown').allInnerTexts();
    // Only what a read cannot tell stays unknown: the routes that change something.
    expect(unknown.join(' ')).not.toMatch(/the server clock|the order book|creating API keys/);
    if (SPEC_ONLY) {
      expect(await page.getByTestId('caps-lacking').innerText()).toMatch(/creating API keys/);
      expect(unknown.join(' ')).toMatch(/cancelling orders and redeeming resolved positions \(learned when first used: a test never sends an order, a cancel or a redeem to find out\)/);
      await expect.poll(() => page.getByRole('button', { name: 'Create account on this venue' }).count()).toBe(0);
    } else {
      expect(unknown).toEqual([]);
      expect(await page.getByTestId('caps-offered').innerText()).toMatch(/cancelling orders.*creating API keys.*redeeming resolved positions/);
    }
    await page.getByRole('region', { name: 'Venues' }).scrollIntoViewIfNeeded();
    await app.shot('settings-venue-tested-added');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('settings-venue-tested-added-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
  });

  it('says which import field is wrong, in words, and keeps everything typed, the private key included', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Import a wallet key…' }).click();
    await createVault(page, 'correct horse battery staple');
    const form = page.getByRole('form', { name: 'Import a wallet key' });
    const typed = { 'Wallet private key (hex)': randomBytes(32).toString('hex'), Label: 'Typed once', 'API key': randomUUID(), 'API secret': 'c2VjcmV0', 'API passphrase': randomBytes(32).toString('hex') };
    for (const [label, value] of Object.entries(typed)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Import' }).click();
    const said = form.getByRole('alert');
    await said.waitFor();
    expect(await said.innerText()).toBe('The API secret is not valid base64 of 32 bytes: expected 43 characters (standard or url-safe alphabet), or 44 ending in "="');
    for (const [label, value] of Object.entries(typed)) expect(await form.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);
    expect(await form.getByLabel('API secret', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await form.scrollIntoViewIfNeeded();
    await app.shot('settings-import-error');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('settings-import-error-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    // Mended in place, the import goes through.
    await form.getByLabel('API secret', { exact: true }).fill(randomBytes(32).toString('base64'));
    await form.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByTestId('account-row').allInnerTexts(), { timeout: 10_000 }).toContainEqual(expect.stringContaining('Typed once'));
  });
});
