// A market's standing reaches every screen within seconds of changing on the venue: one outcome
// of a multi-outcome event is closed and another resolved Yes through the venue's admin route;
// the markets list marks them (closed; "Yes won" settled at $1) without waiting for a catalog
// sync; the event page leaves the closed one out of its sums, and once one resolved Yes reads
// "Resolved Yes" on it with no bracket sums and no arbitrage flag over outcomes that can now only
// pay 0. The list's 24h column says why it shows "—". Both peers; screenshots light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TRADE_24H } from '../src/main/core/domains/markets/bracket.js';
import { adminCommand } from '../src/venue/admin.js';
import { EASY_NOW, openBracket, quoteOutcomes, skipReason, startApp, yesOf, type App } from './support.js';

const reason = skipReason();

async function shots(app: App, name: string): Promise<void> {
  await app.shot(name);
  await app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
  await app.shot(`${name}-dark`);
  await app.page.evaluate('delete document.documentElement.dataset.theme');
}

async function screen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }).click();
}

const wordsOf = (title: string): string => title.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 4).slice(0, 5).join(' ');
const titled = (q: string): string => `[title="${q.replace(/"/g, '\\"')}"]`;

describe.skipIf(reason !== undefined)(`market status on every screen (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let ev: { id: number; title: string; markets: number };
  let won: { cid: string; question: string };
  let closed: { cid: string; question: string };

  beforeAll(async () => {
    app = await startApp();
    const { event: found, markets: ms } = openBracket(await app.admin.world(), 4, 9);
    const markets = ms.map((m) => ({ cid: m.conditionId, question: m.question, yes: yesOf(m) }));
    ev = { id: found.id, title: found.title, markets: markets.length };
    await app.admin.setEventTrading(ev.id, EASY_NOW);
    [won, closed] = [markets[0]!, markets[1]!];
    // Every outcome offered at 10¢: while all are open, buying every one costs under 100¢.
    await quoteOutcomes(app, markets, [['SELL', '0.1']]);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const row = (q: string) => app.page.locator('[data-testid=market-row]', { has: app.page.locator(`span.q${titled(q)}`) });
  const outcome = (q: string) => app.page.locator('[data-testid=outcome]', { has: app.page.locator(`td${titled(q)}`) });

  it('marks a market closed on the venue in the markets list within seconds, and says why a 24h change is missing', async () => {
    const { page } = app;
    await screen(page, 'Markets');
    const filter = page.getByRole('combobox', { name: 'Event' });
    await filter.fill(wordsOf(ev.title));
    await page.locator(`[role=option][data-event="${ev.id}"]`).click();
    await page.getByLabel('Status').selectOption('all');
    await expect.poll(() => page.getByTestId('market-count').innerText(), { timeout: 10_000 }).toBe(` · ${ev.markets}`);
    expect(await row(closed.question).locator('[data-badge=closed]').count()).toBe(0);

    // No trade in the last day in this world: "—", and the tooltip says so.
    await expect.poll(() => row(won.question).locator('[data-field=change]').getAttribute('title'), { timeout: 15_000 }).toBe(NO_TRADE_24H);
    expect(await row(won.question).locator('[data-field=change]').innerText()).toBe('—');

    await adminCommand(app.venue.dataDir, ['close', closed.cid]);
    await row(closed.question).locator('[data-badge=closed]').waitFor({ timeout: 10_000 });
    // Its price is the last one before trading ended, said to be that, as on the event page.
    expect(await row(closed.question).locator('[data-field=price]').getAttribute('data-basis')).toBe('ended');
  });

  it('leaves a closed outcome out of the event page’s sums, and once one resolves Yes shows no sums and no flag', async () => {
    const { page } = app;
    await screen(page, 'Events');
    await page.getByLabel('Find an event').fill(wordsOf(ev.title));
    await page.locator(`[data-testid=event-row][data-event="${ev.id}"]`).click();
    await expect.poll(() => page.getByTestId('event-title').innerText(), { timeout: 10_000 }).toBe(ev.title);
    // The closed one: what became of it where its book was, and out of the sums.
    await outcome(closed.question).locator('[data-field=status] [data-badge=closed]').waitFor({ timeout: 10_000 });
    expect(await outcome(closed.question).locator('[data-field=ask]').count()).toBe(0);
    expect(await outcome(closed.question).locator('[data-field=price]').getAttribute('data-basis')).toBe('ended');
    const open = ev.markets - 1;
    await expect.poll(() => page.locator('[data-testid=sum-asks] [data-field=asks]').innerText(), { timeout: 10_000 }).toBe(`${open * 10}¢`);
    expect(await page.getByTestId('sum-asks').innerText()).toContain('1 ended outcome is left out.');
    // No 24h change from trades older than the window; the tooltip says why.
    expect(await outcome(won.question).locator('[data-field=change]').innerText()).toBe('—');
    expect(await outcome(won.question).locator('[data-field=change]').getAttribute('title')).toBe(NO_TRADE_24H);
    // Among the outcomes still open, buying all is a real arbitrage: flagged.
    expect(await page.getByTestId('sum-asks').getAttribute('data-flag')).toBe('under');
    await shots(app, 'status-event-closed');

    // One resolves Yes while the page is open: within seconds it reads so, and the bracket is decided.
    await adminCommand(app.venue.dataDir, ['resolve', won.cid, '0']);
    await expect.poll(() => outcome(won.question).locator('[data-field=status] [data-badge=resolved]').count(), { timeout: 15_000 }).toBe(1);
    expect(await outcome(won.question).locator('[data-badge=resolved]').innerText()).toBe('Resolved Yes');
    expect(await outcome(won.question).locator('[data-field=settled]').innerText()).toBe('$1');
    const label = await outcome(won.question).locator('button.link').innerText();
    await expect.poll(() => page.getByTestId('sum-asks').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('bracket-decided').innerText()).toContain(`${label} resolved Yes: no other outcome can win`);
    expect(await page.locator('[data-flag]').count()).toBe(0);
    // The open outcomes still show their 10¢ asks.
    const rest = page.locator('[data-testid=outcome]:not([data-settled])', { hasNot: page.locator('[data-field=status]') });
    expect(await rest.count()).toBe(ev.markets - 2);
    for (const ask of await rest.locator('[data-field=ask]').allInnerTexts()) expect(ask).toBe('10¢');
    await shots(app, 'status-event-resolved');
  });

  it('shows the resolved market in the markets list as won, settled at $1, and no longer open', async () => {
    const { page } = app;
    await screen(page, 'Markets');
    await expect.poll(() => row(won.question).locator('[data-badge=resolved]').count(), { timeout: 10_000 }).toBe(1);
    expect(await row(won.question).locator('[data-badge=resolved]').innerText()).toBe('Yes won');
    expect(await row(won.question).locator('[data-field=settled]').innerText()).toBe('$1');
    expect(await row(closed.question).locator('[data-badge=closed]').count()).toBe(1);
    await shots(app, 'status-list');
    await page.getByLabel('Status').selectOption('active');
    await expect.poll(() => page.getByTestId('market-count').innerText(), { timeout: 10_000 }).toBe(` · ${ev.markets - 2}`);
  });
});
