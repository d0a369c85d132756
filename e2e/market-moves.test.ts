// A market moves while a trader watches it: on the world as users get it (the makers' books, the
// liquidity simulator on), an open market page sees its book change and a trade arrive within
// 20 s: streamed on the full venue, read at the page's polls on the spec-only one (whose reads of
// that market are what tell the simulator someone watches it). The simulator ticks every 0.5 s
// here rather than 2 s, so that the wait stays short on a busy machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openListedMarket, revealMarketParts, skipReason, SPEC_ONLY, startApp, type App } from './support.js';

const reason = skipReason();
const WITHIN_MS = 20_000;

describe.skipIf(reason !== undefined)(`a market page that moves (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let conditionId = '';
  let question = '';

  beforeAll(async () => {
    app = await startApp({ live: { simulator: { tickMs: 500 } } });
    // The first listed market (with a question of its own) takes takers' orders at once and lets quotes be replaced at once:
    // a market with a taker delay gets no simulated trades, and a minimum order age slows re-quotes.
    // The test opens that market by its question later, when the live list may have reordered, so
    // the question must name one market only.
    await app.page.waitForSelector('[data-testid=market-row]');
    const titles = await app.page.locator('[data-testid=market-row] > span[title]').evaluateAll((spans) => spans.map((s) => s.getAttribute('title') ?? ''));
    const markets = (await app.admin.world()).markets;
    const once = (t: string): boolean => markets.filter((m) => m.question === t).length === 1;
    question = titles.find(once) ?? '';
    const market = markets.find((m) => m.question === question && m.status === 'active');
    if (!market) throw new Error(`no listed market among ${titles.length} rows is an active market of the venue with a question of its own`);
    conditionId = market.conditionId;
    await app.admin.setTrading(conditionId, { takerDelay: false, minOrderAge: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it(`shows the book change and a trade arrive within ${WITHIN_MS / 1000} s of opening the page`, async () => {
    const { page } = app;
    await openListedMarket(page, question);
    const opened = Date.now();
    const quotes = page.getByTestId('quotes');
    // Where the venue serves the book, its levels; on the spec-only peer (no book route), the best prices.
    const levels = page.getByTestId('book').getByTestId('book-level');
    await expect.poll(async () => (await quotes.locator('[data-field=bid]').first().innerText()).trim(), { timeout: 10_000 }).toMatch(/¢|\$/);
    const bookText = async (): Promise<string> => ((await levels.count()) > 0 ? (await levels.allInnerTexts()).join('|') : await quotes.innerText());
    if (!SPEC_ONLY) await expect.poll(() => levels.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const firstBook = await bookText();

    await revealMarketParts(page);
    const trades = page.locator('.section', { has: page.getByRole('heading', { name: 'Recent trades', exact: true }) }).locator('tbody tr');
    // A trade made now shows today's date in its row; the world's own trades are weeks older.
    const today = await page.evaluate(() => new Date().toLocaleString([], { month: 'short', day: 'numeric' }));
    const newestRowTime = async (): Promise<string> => ((await trades.count()) > 0 ? await trades.first().locator('td').last().innerText() : '');

    const left = (): number => Math.max(1_000, WITHIN_MS - (Date.now() - opened));
    await expect.poll(bookText, { timeout: left(), interval: 250 }).not.toBe(firstBook);
    await expect.poll(newestRowTime, { timeout: left(), interval: 250 }).toContain(today);
    expect(Date.now() - opened).toBeLessThanOrEqual(WITHIN_MS + 1_000);
    // What arrived is a trade made since the page opened: the venue's newest of this market.
    // Asked until it lists it: the page may show the trade before this read reaches the venue.
    const newest = async (): Promise<number> => (((await app.venue.get('data', `/trades?market=${conditionId}&limit=1`)).body as Array<{ timestamp: number }>)[0]?.timestamp ?? 0) * 1000;
    await expect.poll(newest, { timeout: 10_000, interval: 250 }).toBeGreaterThanOrEqual(opened - 1_000);
    await page.getByTestId('market-question').scrollIntoViewIfNeeded();
    await app.shot(`market-moves-${SPEC_ONLY ? 'polling' : 'live'}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app.shot(`market-moves-${SPEC_ONLY ? 'polling' : 'live'}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });
});
