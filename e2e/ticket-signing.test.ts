// Order signing chosen in Settings, on the spec-only peer only (a deployment with nothing beyond
// the spec): a deployment that does not say which exchange its orders are signed for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMarkets, EASY_NOW, SPEC_ONLY, skipReason, startApp, yesOf, type App } from './support.js';
import { confirmSend, HOME, typeLine } from './ticket-support.js';

const reason = skipReason();

// A deployment that does not say which exchange its orders are signed for: a new user's first
// send is refused with words pointing at Settings → Venues → Order signing, where the domain the
// deployment documents (here: its start line's) is typed in; then the same line goes through.
describe.skipIf(reason !== undefined || !SPEC_ONLY)(`order signing chosen in Settings (${reason ?? 'spec-only peer'})`, () => {
  let app: App;
  let market: { condition_id: string; question: string };
  let yes: string;
  beforeAll(async () => {
    app = await startApp({ signing: false });
    const m = activeMarkets(await app.admin.world()).find((x) => !x.negRisk && !x.question.includes("'"))!;
    market = { condition_id: m.conditionId, question: m.question };
    await app.admin.setTrading(market.condition_id, EASY_NOW);
    yes = yesOf(m);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('refuses the first send with words pointing at Order signing; the typed-in domain makes it go', async () => {
    const { page } = app;
    // The account as the first suite imports it in Settings (its UI is tested there).
    await app.core.router.dispatch('accounts.unlock', { passphrase: 'correct horse battery' });
    await app.account('Paper one');
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('account-row').first().waitFor();
    const row = page.getByTestId('venue-row').filter({ hasText: HOME });
    expect(await row.getByTestId('signing-in-force').innerText()).toMatch(/^published by the venue/);

    // One resting bid, typed in as a new user would.
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page.getByTestId('ticket-line').first();
    await typeLine(page, line, { question: market.question, token: yes, price: '5', size: '5' });
    await expect.poll(() => line.getAttribute('data-check'), { timeout: 10_000 }).toBe('unchecked');
    await page.getByRole('button', { name: 'Sign and send 1 order' }).click();
    await confirmSend(app, 1);
    // Nothing signed: the core's words, and the way to where the domain is set.
    const error = page.getByTestId('send-error');
    await expect.poll(() => error.innerText(), { timeout: 15_000 }).toMatch(/Spec-only deployment does not publish which exchange orders are signed for \(GET \/version\); choose one in Settings → Venues → Order signing/);
    expect(await error.innerText()).not.toMatch(/nothing in this batch is known to have been placed/);
    expect(await page.getByTestId('line-result').count()).toBe(0);
    await app.shot('ticket-no-order-domain');
    await error.getByRole('button', { name: 'Open Venues → Order signing' }).click();

    // The venues table says the venue publishes none; the chooser takes the typed-in domain.
    await expect.poll(() => row.getByTestId('signing-in-force').innerText(), { timeout: 10_000 }).toMatch(/published by the venue — but this venue does not publish it, so orders cannot be signed: choose one/);
    await row.getByRole('button', { name: `Change order signing of ${HOME}` }).click();
    const chooser = page.getByTestId('signing-chooser');
    await chooser.getByRole('radio', { name: 'Typed in' }).check();
    const d = app.venue.orderDomain;
    await chooser.getByLabel('Domain name').fill(d.name);
    expect(await chooser.getByLabel('Version', { exact: true }).inputValue()).toBe(d.version);
    await chooser.getByLabel('Chain id').fill(String(d.chainId));
    await chooser.getByLabel('Exchange address', { exact: true }).fill(d.verifyingContract);
    await chooser.getByLabel('Negative-risk exchange address').fill(d.negRiskVerifyingContract);
    await app.shot('settings-signing-typed');
    await chooser.getByRole('button', { name: 'Save order signing' }).click();
    await expect.poll(() => row.getByTestId('signing-in-force').innerText(), { timeout: 10_000 }).toMatch(new RegExp(`^typed in: ${d.name}, chain ${d.chainId}`));
    expect(await row.getByTestId('signing-in-force').innerText()).not.toMatch(/cannot be signed/);
    expect(await chooser.count()).toBe(0);
    await app.shot('settings-signing-saved');

    // The same line again: signed for that domain, and the venue takes it.
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').first().getAttribute('data-check'), { timeout: 10_000 }).toBe('unchecked');
    await page.getByRole('button', { name: 'Sign and send 1 order' }).click();
    await confirmSend(app, 1);
    await expect.poll(() => page.getByTestId('line-result').first().innerText(), { timeout: 15_000 }).toMatch(/^live/);
    expect(await page.getByTestId('send-error').count()).toBe(0);
    await app.shot('ticket-signed-typed-domain');
  });
});
