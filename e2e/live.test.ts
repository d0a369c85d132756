// Live prices as a trader sees them: the status bar says "Prices live" where the venue streams
// them and "Prices polling every 5 s" where it does not (the spec-only peer), and on the market
// page another trader's order shows in the best prices within a second on the full venue —
// with no request for the book or the prices meanwhile — and within the poll on the spec-only one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStatus } from '../src/shared/ipc/contract.js';
import { quietFirstMarket, skipReason, SPEC_ONLY, startApp, type App, type QuietMarket } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`live prices (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let market: { condition_id: string; question: string; neg_risk: number };
  let yes: string;
  let quiet: QuietMarket;
  const requests: string[] = [];

  async function call<T>(name: string, input: unknown = {}): Promise<T> {
    const r = await app.core.router.dispatch(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.data as T;
  }
  const statusText = async () => ((await app.page.getByTestId('live-status').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const bestBid = () => app.page.locator(`[data-testid=quotes] tr[data-token="${yes}"] [data-field=bid]`).innerText();

  beforeAll(async () => {
    app = await startApp();
    const { venue } = app;
    venue.app.server.on('request', (req: { method?: string; url?: string }) => requests.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0]}`));
    // The first listed market, made quiet: its book is what this test puts there.
    quiet = await quietFirstMarket(app, '0.01');
    ({ market, yes } = quiet);
    await place('0.3', '5');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const place = (price: string, size: string): Promise<void> => quiet.quote('BUY', price, size);

  it(SPEC_ONLY ? 'says prices are polled every 5 s, the venue having no stream' : 'says prices are live', async () => {
    await expect.poll(statusText, { timeout: 15_000 }).toBe(SPEC_ONLY ? 'Prices polling every 5 s' : 'Prices live');
    expect(await app.page.getByTestId('live-status').getAttribute('title')).toMatch(SPEC_ONLY ? /^This venue offers no live prices\. Prices on screen are read again every 5 s\.$/ : /^Prices stream from the venue/);
    await app.shot(`live-status-${SPEC_ONLY ? 'polling' : 'live'}`);
  });

  it(SPEC_ONLY ? "shows another trader's order in the best prices at the next poll" : "shows another trader's order in the best prices within a second, with no request for them", async () => {
    const { page } = app;
    await page.getByTitle(market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: market.question }).waitFor({ timeout: 10_000 });
    await expect.poll(bestBid, { timeout: 10_000 }).toBe('30¢');
    if (!SPEC_ONLY) {
      // The page watches both outcomes; once their books are current, the page's reads are the core's copies.
      await expect.poll(() => call<LiveStatus>('live.status'), { timeout: 10_000 }).toMatchObject({ state: 'live', live: expect.any(Number) });
      await expect.poll(async () => (await call<LiveStatus>('live.status')).live, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    }
    const from = requests.length;
    await place('0.34', '7');
    await expect.poll(bestBid, { timeout: SPEC_ONLY ? 8_000 : 1_000, interval: 25 }).toBe('34¢');
    if (!SPEC_ONLY) expect(requests.slice(from).filter((r) => /^(GET \/trading\/book|POST \/trading\/prices)$/.test(r))).toEqual([]);
    expect(await statusText()).toBe(SPEC_ONLY ? 'Prices polling every 5 s' : 'Prices live');
    await page.getByTestId('quotes').scrollIntoViewIfNeeded();
    await app.shot(`live-market-${SPEC_ONLY ? 'polling' : 'live'}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`live-market-${SPEC_ONLY ? 'polling' : 'live'}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });
});
