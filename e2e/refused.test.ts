// An order batch the venue refuses for the account's credentials: the order entry says it was
// not placed (it certainly was not) and where to mend the credentials, not "not known to have
// been placed".
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, call, openFirstMarket, skipReason, startApp } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`an order refused for its credentials (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  // The core may be a new one after a restart: the call goes to the current one.
  const dispatch = <T = unknown>(name: string, input: unknown = {}): Promise<T> => call<T>(app.core, name, input);
  beforeAll(async () => {
    app = await startApp({ size: 'small' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('says it was not placed and points at the account’s API credentials in Settings → Accounts', async () => {
    const { page } = app;
    await dispatch('settings.set', { confirm: false });
    await dispatch('accounts.unlock', { passphrase: 'correct horse battery staple' });
    await dispatch('accounts.import', { privateKey: randomBytes(32).toString('hex'), apiKey: randomUUID(), secret: randomBytes(32).toString('base64'), passphrase: randomBytes(32).toString('hex'), label: 'Mistyped' });
    // The page asks for the accounts again, the new one among them.
    await page.reload();
    await openFirstMarket(page);
    await page.getByLabel('Limit price (cents)').fill('2');
    await page.getByLabel('Size (shares)').fill('5');
    const send = page.getByTestId('entry-send');
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    // The cash could not be checked (the venue refuses these credentials, or reports no balances):
    // sending anyway is confirmed first.
    await page.getByRole('checkbox', { name: 'Send these lines without those checks' }).check();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const result = page.getByTestId('entry-result');
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toMatch(/^Not placed: the venue refused the batch \(401 [A-Z_]+: .+\)\. Nothing in it was placed; check the API key, secret and passphrase of the account Mistyped in Settings → Accounts\.$/);
    expect(await result.innerText()).not.toMatch(/not known/);
    await result.scrollIntoViewIfNeeded();
    await app.shot('entry-refused-credentials');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('entry-refused-credentials-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
  });
});
