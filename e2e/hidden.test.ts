// A window out of sight costs nothing: with a market page open and then hidden (minimised, or
// another tab), the page makes no calls and the venue gets no requests; shown again, the page's
// pollers and live prices resume at once. On both peers (the spec-only one polls its books).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason, startApp, type App } from './support.js';

const reason = skipReason();
/** Longer than the market page's quickest poll (its quotes, every 5 s, where no live feed covers them). */
const SPELL_MS = 6_500;
/**
 * Longer than the slowest poll a market page makes whatever the feed (its trades and resolution,
 * every 10 s): with live prices the quotes and book do not poll, and the list beside it is not
 * asked again for every fill.
 */
const POLL_MS = 11_000;

describe.skipIf(reason !== undefined)(`a hidden window (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  const calls: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    // Every call the page makes reaches this dispatcher, and every venue request this server.
    const router = app.core.router;
    const dispatch = router.dispatch.bind(router);
    router.dispatch = (name, input) => {
      calls.push(String(name));
      return dispatch(name, input);
    };
    app.venue.app.server.on('request', (req: { url?: string }) => requests.push((req.url ?? '').split('?')[0] ?? ''));
    await app.page.waitForSelector('[data-testid=market-row]');
    await app.page.locator('[data-testid=market-row]').first().click();
    await app.page.getByTestId('market-question').waitFor();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const setHidden = (hidden: boolean) =>
    app.page.evaluate((h) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);

  it('asks nothing while hidden, and picks up again when shown', async () => {
    // Open a while: the market page polls.
    calls.length = 0;
    await expect.poll(() => calls.length, { timeout: POLL_MS }).toBeGreaterThan(0);

    await setHidden(true);
    // What hiding itself sends (letting go of live prices) goes out at once.
    await app.page.waitForTimeout(500);
    calls.length = 0;
    requests.length = 0;
    await app.page.waitForTimeout(SPELL_MS);
    expect(calls).toEqual([]);
    expect(requests).toEqual([]);

    await setHidden(false);
    await expect.poll(() => calls.length, { timeout: POLL_MS }).toBeGreaterThan(0);
    await expect.poll(() => requests.length, { timeout: POLL_MS }).toBeGreaterThan(0);
  }, 60_000);
});
