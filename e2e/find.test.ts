// Finding anything, end to end on the default world (more events than one venue page): a
// multi-outcome event reached from the Events screen, from a market page and from search, with
// its outcomes and the sums of its book; a series' own events; tags opening a filtered list. On
// the spec-only peer the same, and the Tags screen says the venue has no tags.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EASY_NOW, marketsByEvent, openFirstMarket, quoteOutcomes, revealMarketParts, SPEC_ONLY, skipReason, startApp, yesOf, type App } from './support.js';

const reason = skipReason();

interface Bracket {
  id: number;
  title: string;
  /** Every market of the event, and the open ones with their Yes token. */
  markets: number;
  open: Array<{ cid: string; yes: string; question: string }>;
}

/** Light, then dark, then back: every screen is looked at in both themes. */
async function shots(app: App, name: string): Promise<void> {
  await app.shot(name);
  await app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
  await app.shot(`${name}-dark`);
  await app.page.evaluate('delete document.documentElement.dataset.theme');
}

/** Words of a title that find it: its longest ones. */
const wordsOf = (title: string): string => title.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 4).slice(0, 5).join(' ');

async function screen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }).click();
}

describe.skipIf(reason !== undefined)(`find anything (${reason ?? 'Chromium + built renderer, default world'})`, () => {
  let app: App;
  let b: Bracket;
  beforeAll(async () => {
    app = await startApp({ size: 'default' });
    const world = await app.admin.world();
    const byEvent = marketsByEvent(world);
    // The newest negative-risk event with at least four open outcomes, all taking orders (none paused), so every one can be quoted.
    const e = world.events
      .filter((ev) => ev.negRisk)
      .map((ev) => ({ ev, markets: byEvent.get(ev.id) ?? [] }))
      .filter(({ markets }) => markets.filter((m) => m.status === 'active').length >= 4 && !markets.some((m) => m.status === 'paused'))
      .at(-1)!;
    await app.admin.setEventTrading(e.ev.id, EASY_NOW);
    const open = e.markets.filter((m) => m.status === 'active').map((m) => ({ cid: m.conditionId, question: m.question, yes: yesOf(m) }));
    b = { id: e.ev.id, title: e.ev.title, markets: e.markets.length, open };
    // Every open outcome is bid 5¢ and offered at 10¢: buying all of them costs under 100¢.
    await quoteOutcomes(app, open, [['BUY', '0.05'], ['SELL', '0.1']]);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lists every event on the Events screen, and shows a multi-outcome event with its outcomes and the sums of its book', async () => {
    const { page } = app;
    await screen(page, 'Events');
    const listed = (await app.admin.world()).events.filter((e) => e.active && !e.closed);
    const active = listed.length;
    expect(active).toBeGreaterThan(100);
    await expect.poll(() => page.getByTestId('event-count').innerText(), { timeout: 15_000 }).toBe(` · ${active.toLocaleString('en-US')}`);
    // Past the first hundred: A–Z scrolled to the very end paints the last event.
    await page.getByLabel('Event sort').selectOption('title');
    // A–Z as the venue sorts: ASCII letters folded, then by id.
    const fold = (t: string) => t.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const last = listed.reduce((x, y) => (fold(y.title) > fold(x.title) || (fold(y.title) === fold(x.title) && y.id > x.id) ? y : x)).title;
    await expect
      .poll(
        async () => {
          await page.getByRole('listbox', { name: 'Events' }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
          return page.locator('[data-testid=event-row] > span[title]').evaluateAll((els, t) => els.some((e) => e.getAttribute('title') === t), last);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.getByLabel('Event sort').selectOption('volume');

    await page.getByLabel('Find an event').fill(wordsOf(b.title));
    await page.locator(`[data-testid=event-row][data-event="${b.id}"]`).click();
    await expect.poll(() => page.getByTestId('event-title').innerText(), { timeout: 10_000 }).toBe(b.title);
    await expect.poll(() => page.locator('[data-testid=outcome]').count(), { timeout: 10_000 }).toBe(b.markets);
    expect(await page.locator('[data-testid=bracket] thead th').allInnerTexts()).toEqual(expect.arrayContaining(['Yes', '24h', 'Bid', 'Ask', '24h vol', 'Volume']));
    for (const m of b.open) {
      const row = page.locator('[data-testid=outcome]', { has: page.locator(`td[title="${m.question.replace(/"/g, '\\"')}"]`) });
      await expect.poll(() => row.locator('[data-field=bid]').innerText(), { timeout: 10_000 }).toBe('5¢');
      expect(await row.locator('[data-field=ask]').innerText()).toBe('10¢');
      expect(await row.locator('[data-field=price] .pv').innerText()).toMatch(/¢$/);
    }
    const n = b.open.length;
    expect(await page.locator('[data-testid=sum-asks] [data-field=asks]').innerText()).toBe(`${n * 10}¢`);
    expect(await page.getByTestId('sum-asks').getAttribute('data-flag')).toBe('under');
    expect(await page.getByTestId('sum-asks').innerText()).toContain(`${100 - n * 10}¢ under`);
    expect(await page.locator('[data-testid=sum-bids] [data-field=bids]').innerText()).toBe(`${n * 5}¢`);
    expect(await page.getByTestId('sum-bids').getAttribute('data-flag')).toBeNull();
    expect(await page.locator('[data-testid=event-sums] [data-field=volume]').innerText()).toMatch(/^\$/);
    await shots(app, 'find-event-bracket');
  });

  it('goes from a market page to its event, with the event’s other markets; the list’s event filter finds any event', async () => {
    const { page } = app;
    await screen(page, 'Markets');
    const filter = page.getByRole('combobox', { name: 'Event' });
    await filter.fill(wordsOf(b.title));
    await page.locator(`[role=option][data-event="${b.id}"]`).click();
    await expect.poll(() => page.getByTestId('market-count').innerText(), { timeout: 10_000 }).toBe(` · ${b.open.length}`);
    expect(await filter.getAttribute('placeholder')).toBe(b.title);
    await openFirstMarket(page);
    await revealMarketParts(page);
    await expect.poll(() => page.getByTestId('event-link').innerText(), { timeout: 15_000 }).toBe(`${b.title} →`);
    await expect.poll(() => page.locator('[data-testid=event-others] tr').count(), { timeout: 10_000 }).toBe(Math.min(8, b.markets - 1));
    await page.getByTestId('event-context').scrollIntoViewIfNeeded();
    await shots(app, 'find-market-event');
    await page.getByTestId('event-link').click();
    await expect.poll(() => page.getByTestId('event-title').innerText(), { timeout: 10_000 }).toBe(b.title);
    await screen(page, 'Markets');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(async () => Number((await page.getByTestId('market-count').innerText()).replace(/\D/g, '')), { timeout: 10_000 }).toBeGreaterThan(b.open.length);
  });

  it('finds the event by search and the palette: hits grouped by kind with their rows; ↓ moves into them, Enter opens', async () => {
    const { page } = app;
    await screen(page, 'Markets');
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('/');
    // Inserted as one input: key by key costs a browser round trip per key, seconds on a busy
    // machine (browse.test.ts types key by key).
    await page.keyboard.insertText(wordsOf(b.title));
    const panel = page.getByTestId('search-results');
    await expect.poll(() => panel.locator(`[data-kind=events][data-id="${b.id}"]`).count(), { timeout: 10_000 }).toBe(1);
    expect(await panel.locator('[data-group]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-group')))).toEqual(expect.arrayContaining(['markets', 'events']));
    // Market hits carry their price, 24h volume and end date; the list shows open ones only.
    const markets = panel.locator('[data-kind=markets]');
    expect(await markets.count()).toBeGreaterThan(0);
    for (const price of await markets.locator('[data-field=price] .pv').allInnerTexts()) expect(price).toMatch(/¢$/);
    for (const end of await markets.locator('[data-field=end]').allInnerTexts()) expect(end).toMatch(/\d{4}$/);
    expect(await markets.locator('[data-badge=closed]').count()).toBe(0);
    await shots(app, 'find-search');
    const hits = await page.locator('[data-testid=search-hit] .sh-line').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}:${e.getAttribute('data-id')}`));
    const at = hits.indexOf(`events:${b.id}`);
    for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
    expect(await page.locator('[data-testid=search-hit][aria-selected=true] .sh-line').getAttribute('data-id')).toBe(String(b.id));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('event-title').innerText(), { timeout: 10_000 }).toBe(b.title);

    // Enter opens the first hit: a market, with the list's status filter (closed) honoured.
    await screen(page, 'Markets');
    await page.getByLabel('Status').selectOption('closed');
    const closed = (await app.admin.world()).markets.find((m) => m.status === 'closed' || m.status === 'resolved')!.question;
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('/');
    await page.keyboard.insertText(closed);
    // Until this query's hits come, the panel keeps the last ones: wait for hits that are all closed.
    const marketHits = panel.locator('[data-kind=markets]');
    await expect.poll(async () => { const n = await marketHits.count(); return n > 0 && n === (await panel.locator('[data-kind=markets] [data-badge=closed]').count()); }, { timeout: 10_000 }).toBe(true);
    const first = await panel.locator('[data-testid=search-hit] .sh-title').first().getAttribute('title');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('market-question').innerText(), { timeout: 10_000 }).toBe(first);
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.getByLabel('Status').selectOption('active');
    await page.getByLabel(/Search markets/).focus();
    await page.keyboard.press('Escape');

    // The palette: the same hits, Enter on the event.
    await page.keyboard.press('Control+k');
    await page.waitForSelector('[cmdk-input]:focus');
    await page.keyboard.insertText(wordsOf(b.title));
    await page.waitForSelector(`[cmdk-item][data-value="events-${b.id}"]`);
    await shots(app, 'find-palette');
    const items = await page.locator('[cmdk-item]').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
    for (let i = 0; i < items.indexOf(`events-${b.id}`); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('event-title').innerText(), { timeout: 10_000 }).toBe(b.title);
  });

  it('finds a trader by name once the leaderboard was read, and opens their page', async () => {
    const { page } = app;
    await screen(page, 'Leaderboard');
    await page.getByRole('button', { name: 'ALL' }).click();
    await page.waitForSelector('[data-testid=trader-row]');
    await expect.poll(async () => (await page.locator('[data-testid=trader-link]').allInnerTexts()).some((t) => !t.startsWith('0x')), { timeout: 10_000 }).toBe(true);
    const name = (await page.locator('[data-testid=trader-link]').allInnerTexts()).find((t) => !t.startsWith('0x') && t.trim().length > 3) as string;
    expect(name).toBeDefined();
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('/');
    await page.keyboard.insertText(name);
    const trader = page.getByTestId('search-results').locator('[data-kind=traders]', { hasText: name }).first();
    await trader.waitFor({ timeout: 10_000 });
    await trader.click();
    await expect.poll(() => page.getByTestId('trader').locator('h1').innerText(), { timeout: 10_000 }).toContain(name);
    await page.getByLabel(/Search markets/).focus();
    await page.keyboard.press('Escape');
  });

  it('shows each series its own events on the Series screen', async () => {
    const { page } = app;
    const world = await app.admin.world();
    const series = world.series.filter((s) => world.events.filter((e) => e.seriesId === s.id && e.active).length > 1).slice(0, 2);
    expect(series).toHaveLength(2);
    await screen(page, 'Series');
    const shown: string[][] = [];
    for (const s of series) {
      const own = world.events.filter((e) => e.seriesId === s.id && e.active && !e.closed).map((e) => e.title).sort();
      await page.getByRole('combobox', { name: 'Series' }).selectOption(s.slug);
      await expect
        .poll(async () => (await page.locator('[data-testid=event-row] > span[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))).sort(), { timeout: 10_000 })
        .toEqual(own);
      shown.push(own);
    }
    expect(shown[0]).not.toEqual(shown[1]);
    await page.locator('[data-testid=event-row]').first().click();
    await page.waitForSelector('[data-testid=outcome]');
    await shots(app, 'find-series');
  });

  it('lists tags with their market counts and opens the markets list filtered by one (or says the venue has none)', async () => {
    const { page } = app;
    await screen(page, 'Tags');
    if (SPEC_ONLY) {
      await expect.poll(() => page.getByTestId('tags-not-offered').innerText(), { timeout: 10_000 }).toMatch(/does not list tags/);
      expect(await page.getByTestId('tags').count()).toBe(0);
      await shots(app, 'find-tags');
      return;
    }
    // The tag on the fewest open (active or paused) markets.
    const counted = new Map<number, number>();
    for (const m of (await app.admin.world()).markets) if (m.status === 'active' || m.status === 'paused') for (const t of m.tagIds) counted.set(t, (counted.get(t) ?? 0) + 1);
    const tag = [...counted].map(([id, n]) => ({ id, n })).sort((x, y) => x.n - y.n || x.id - y.id)[0]!;
    const row = page.locator(`[data-testid=tag-row][data-tag="${tag.id}"]`);
    await expect.poll(() => row.locator('[data-field=open]').innerText(), { timeout: 10_000 }).toBe(String(tag.n));
    await shots(app, 'find-tags');
    await row.click();
    await expect.poll(() => page.getByLabel('Tag').inputValue(), { timeout: 10_000 }).toBe(String(tag.id));
    await expect.poll(() => page.getByTestId('market-count').innerText(), { timeout: 10_000 }).toBe(` · ${tag.n}`);
    await page.getByLabel('Tag').selectOption('');
  });
});
