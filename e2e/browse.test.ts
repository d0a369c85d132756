// Browsing end to end: the list, a market page whose best prices equal POST /prices, local
// search, the leaderboard, and offline mode with the "as of" stamp. On the spec-only peer the
// same screens show, and each says in words what that venue lacks (book, price history, tags).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Trader } from '../src/venue/trading/test-trader.js';
import { activeMarkets, EASY, marketsByEvent, marketTitled, openFirstMarket, revealMarketParts, SPEC_ONLY, skipReason, startApp, yesOf, type App } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`browse (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists markets and shows the venue’s best prices on a market page', async () => {
    const { page, venue, admin } = app;
    await page.waitForSelector('[data-testid=market-row]');
    expect(await page.locator('[data-testid=market-row]').count()).toBeGreaterThan(10);
    // Give the first listed market a two-sided book.
    const question = (await page.locator('[data-testid=market-row] > span[title]').first().getAttribute('title')) as string;
    const m = marketTitled(await admin.world(), question);
    const row = { condition_id: m.conditionId, neg_risk: m.negRisk ? 1 : 0 };
    await admin.setTrading(row.condition_id, EASY);
    const token = yesOf(m);
    // The spec-only venue has no key endpoint: its start line's funded account trades there.
    const t = SPEC_ONLY ? Trader.fromAccount(venue.urls, venue.account!, venue.orderDomain!) : await Trader.create(venue.urls);
    await app.admin.mint(row.condition_id, t.address, '50');
    await t.post([t.order(token, 'BUY', '0.37', '10', { negRisk: row.neg_risk === 1 })]);
    await t.post([t.order(token, 'SELL', '0.44', '10', { negRisk: row.neg_risk === 1 })]);
    const prices = (await venue.post('trading', '/prices', JSON.stringify([{ token_id: token }]))).body as Record<string, { BUY: string; SELL: string }>;
    expect(prices[token]).toEqual({ BUY: '0.37', SELL: '0.44' });

    await page.locator('[data-testid=market-row]').first().click();
    await expect.poll(() => page.locator(`tr[data-token="${token}"] [data-field=bid]`).innerText(), { timeout: 15_000 }).toBe('37¢');
    expect(await page.locator(`tr[data-token="${token}"] [data-field=ask]`).innerText()).toBe('44¢');
    expect(await page.getByTestId('market-question').innerText()).toBe(question);
    await page.getByTestId('price-chart').waitFor();
    expect(await page.getByTestId('history-not-offered').count()).toBe(0);
    if (SPEC_ONLY) {
      // No book and no price history on this venue: the book's place says so, and the chart is
      // drawn from the market's trades with a note saying where it came from.
      await expect.poll(() => page.getByTestId('book-not-offered').innerText(), { timeout: 10_000 }).toBe('Order book not offered by this venue.');
      expect(await page.getByTestId('book').locator('table').count()).toBe(0);
      await expect.poll(() => page.getByTestId('history-from-trades').innerText(), { timeout: 10_000 }).toBe('Drawn from trades: this venue has no price history.');
    } else {
      // The full venue offers the book and the price history: both show, with nothing said missing.
      await expect.poll(() => page.getByTestId('book').locator('td.yes').first().innerText(), { timeout: 10_000 }).toBe('37¢');
      expect(await page.getByTestId('book-not-offered').count()).toBe(0);
      expect(await page.getByTestId('history-from-trades').count()).toBe(0);
    }
    await app.shot('market-detail');
  });

  it('finds a market by a word of its description, typed into search', async () => {
    const { page, admin } = app;
    const m = activeMarkets(await admin.world()).at(-1)!;
    const words = m.description.split(/[^A-Za-z]+/).filter((w) => w.length >= 8);
    const word = words.find((w) => !m.question.includes(w)) ?? words[0] ?? 'market';
    await page.keyboard.press('/');
    await page.keyboard.type(word.slice(0, 6));
    await expect.poll(async () => (await page.locator('[data-testid=market-row]').allInnerTexts()).some((t) => t.includes(m.question)), { timeout: 20_000 }).toBe(true);
    await app.shot('search');
    await page.keyboard.press('Escape');
  });

  it('switches the leaderboard period', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await page.waitForSelector('[data-testid=leaderboard] tbody tr');
    const week = await page.locator('[data-testid=leaderboard] tbody').innerText();
    await page.getByRole('button', { name: 'ALL' }).click();
    await expect.poll(() => page.locator('[data-testid=leaderboard] tbody').innerText(), { timeout: 10_000 }).not.toBe(week);
    await app.shot('leaderboard');
    await page.getByRole('button', { name: 'Markets' }).click();
  });

  it('filters change the list; the market page has a chart, holders and comment threads', async () => {
    const { page } = app;
    await page.waitForSelector('[data-testid=market-row]');
    const open = await page.locator('[data-testid=market-row]').allInnerTexts();
    await page.getByLabel('Status').selectOption('closed');
    await expect.poll(async () => (await page.locator('[data-testid=market-row]').allInnerTexts()).join('|'), { timeout: 10_000 }).not.toBe(open.join('|'));
    await page.getByLabel('Status').selectOption('active');
    await page.locator('[data-testid=market-row]').nth(1).click();
    await page.waitForSelector('[data-testid=price-chart] canvas', { timeout: 15_000 });
    // Where the chart's points come from: the venue's price history, or its trades where it has none.
    await expect.poll(() => page.getByTestId('history-from-trades').count(), { timeout: 10_000 }).toBe(SPEC_ONLY ? 1 : 0);
    const section = (heading: string) => page.locator('.section', { has: page.getByRole('heading', { name: heading, exact: true }) });
    // Below the fold, the parts that read the venue wait until the pane is scrolled near them.
    expect(await section('Top holders').getByTestId('deferred').count()).toBe(1);
    expect(await page.getByTestId('comments').count()).toBe(0);
    await revealMarketParts(page);
    expect(await page.getByTestId('deferred').count()).toBe(0);
    await expect.poll(() => section('Recent trades').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => section('Top holders').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid=comment]', { timeout: 15_000 });
    expect(await page.getByTestId('comment-time').first().getAttribute('title')).toBeTruthy();
    await app.shot('market-detail-full');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('market-detail-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
  });

  it('goes from the palette to a market with the keyboard only', async () => {
    const { page, admin } = app;
    const q = activeMarkets(await admin.world())[3]!.question;
    const word = q.split(/\W+/).filter((w) => w.length > 4)[0] as string;
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('Control+k');
    await page.waitForSelector('[cmdk-input]:focus'); // the palette loads on first use
    await page.keyboard.type(word);
    await page.waitForSelector('[cmdk-item]');
    await page.waitForTimeout(1000);
    await app.shot('palette');
    await expect.poll(async () => (await page.locator('[cmdk-group-heading]').allInnerTexts()).map((t) => t.toLowerCase()).includes('markets'), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('market-question').innerText(), { timeout: 10_000 }).toContain(word);
  });

  it('renders a negative-risk event as a bracket, and opens a trader from the leaderboard', async () => {
    const { page, admin } = app;
    const world = await admin.world();
    const bracketId = [...marketsByEvent(world, (m) => m.negRisk && m.status === 'active')].filter(([, ms]) => ms.length > 2).map(([id]) => id).sort((a, b) => a - b)[0];
    const ev = world.events.find((e) => e.id === bracketId);
    await page.getByRole('button', { name: 'Events' }).click();
    await page.waitForSelector('[data-testid=event-row]');
    if (ev) {
      const row = page.locator('[data-testid=event-row]', { hasText: ev.title }).first();
      await row.scrollIntoViewIfNeeded();
      await row.click();
      await page.waitForSelector('[data-testid=bracket] tr');
      const prices = await page.locator('[data-testid=bracket] td.yes').allInnerTexts();
      const values = prices.map((p) => parseFloat(p));
      expect(values.every((v) => Number.isFinite(v))).toBe(true);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      await app.shot('event-bracket');
    }
    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await page.locator('[data-testid=trader-row]').first().click();
    await page.waitForSelector('[data-testid=trader] table');
    await app.shot('trader');
    await page.getByRole('button', { name: 'Markets' }).click();
  });

  it('filters by tag, sorts by price, and opens a comment author’s page', async () => {
    const { page, admin } = app;
    await page.getByRole('button', { name: 'Markets' }).click();
    const world = await admin.world();
    // The tag on the fewest active markets, and the event with the most.
    const tagged = new Map<number, number>();
    for (const m of activeMarkets(world)) for (const t of m.tagIds) tagged.set(t, (tagged.get(t) ?? 0) + 1);
    const tag = [...tagged].map(([id, n]) => ({ id, n })).sort((a, b) => a.n - b.n || a.id - b.id)[0];
    if (SPEC_ONLY) {
      // The venue lists no tags: the menu says so instead of offering only "Any tag".
      await expect.poll(() => page.getByLabel('Tag').locator('option').allInnerTexts(), { timeout: 10_000 }).toEqual(['Tags not offered']);
      expect(await page.getByLabel('Tag').isDisabled()).toBe(true);
      expect(await page.getByLabel('Tag').getAttribute('title')).toBe('Tags not offered by this venue.');
    } else if (tag) {
      await page.getByLabel('Tag').selectOption(String(tag.id));
      await expect.poll(() => page.locator('[data-testid=market-row]').count(), { timeout: 10_000 }).toBe(tag.n);
      await page.getByLabel('Tag').selectOption('');
    }
    const [evId, evMarkets] = [...marketsByEvent(world, (m) => m.status === 'active')].sort(([a, x], [b, y]) => y.length - x.length || a - b)[0]!;
    const ev = { id: evId, title: world.events.find((e) => e.id === evId)!.title, n: evMarkets.length };
    // The event filter finds any event by the words of its title.
    await page.getByRole('combobox', { name: 'Event' }).fill(ev.title);
    await page.locator(`[role=option][data-event="${ev.id}"]`).click();
    await expect.poll(() => page.locator('[data-testid=market-row]').count(), { timeout: 10_000 }).toBe(ev.n);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByLabel('Sort').selectOption('lastPrice');
    await expect
      .poll(async () => {
        const yes = (await page.locator('[data-testid=market-row] span.yes').allInnerTexts()).map((t) => parseFloat(t));
        return yes.length > 5 && yes.every((v, i) => i === 0 || v <= (yes[i - 1] as number));
      }, { timeout: 10_000 })
      .toBe(true);
    await page.getByLabel('Sort').selectOption('volume24hr');
    await page.getByLabel('Mirror').selectOption('only');
    await page.waitForSelector('[data-testid=market-row]');
    await page.locator('[data-testid=market-row]').first().click();
    await page.waitForSelector('[data-testid=mirror] tbody tr', { timeout: 15_000 });
    await app.shot('mirror');
    await page.getByLabel('Mirror').selectOption('any');
    await openFirstMarket(page);
    await revealMarketParts(page);
    await page.waitForSelector('[data-testid=comment-author]', { timeout: 15_000 });
    await page.locator('[data-testid=comment-author]').first().click();
    await page.waitForSelector('[data-testid=trader] h1');
    await page.getByRole('button', { name: 'Markets' }).click();
  });

  it('shows cached data with its stamp when the venue is gone', async () => {
    const { page, venue } = app;
    await page.waitForSelector('[data-testid=market-row]');
    await venue.stop();
    // An hour later the cached list is stale: the core tries the venue, fails, and serves it.
    app.skew.ms = 3_600_000;
    await page.reload();
    await page.waitForSelector('[data-testid=market-row]', { timeout: 20_000 });
    expect(await page.locator('[data-testid=market-row]').count()).toBeGreaterThan(10);
    await expect.poll(() => page.locator('.stamp').first().innerText(), { timeout: 10_000 }).toMatch(/^as of \d{1,2}:\d{2}/);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Offline:' }).innerText(), { timeout: 10_000 }).toMatch(/^Offline: the venue’s catalog\b.* unreachable/);
    await app.shot('offline');
  });
});
