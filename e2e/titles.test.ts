// List titles keep what tells them apart: rows that share a start and an end ("Will X say … call
// on December 9?") wrap to a second line rather than losing their middle, with the whole title in
// the tooltip: the markets list, the watchlist, an event's outcomes and the search hits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMarkets, marketsByEvent, skipReason, startApp, type App } from './support.js';

const reason = skipReason();

async function bothThemes(app: App, name: string): Promise<void> {
  await app.shot(name);
  await app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
  await app.shot(`${name}-dark`);
  await app.page.evaluate('delete document.documentElement.dataset.theme');
}

/** Titles on screen that do not show whole (cut across or below), for the selector's elements. */
function cut(app: App, selector: string): Promise<string[]> {
  return app.page.locator(selector).evaluateAll((els) => els.filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''));
}

describe.skipIf(reason !== undefined)(`list titles (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ size: 'small' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('the markets list shows each question on up to two lines, its start and its end always in view, rows never overlapping', async () => {
    const { page } = app;
    await page.getByTestId('market-row').first().waitFor();
    await expect.poll(() => page.getByTestId('market-row').count()).toBeGreaterThan(15);
    // What a row shows, badges aside, is its question, or its start and its end joined by "…";
    // the tooltip holds it whole.
    const shown = await page.getByTestId('market-row').evaluateAll((rows) =>
      rows.map((r) => {
        const q = r.querySelector('.q-text')?.cloneNode(true) as HTMLElement;
        q.querySelectorAll('.badge').forEach((b) => b.remove());
        return { text: (q.textContent ?? '').trim(), whole: r.querySelector('span.q')?.getAttribute('title') ?? '' };
      }),
    );
    for (const { text, whole } of shown) {
      if (text === whole) continue;
      const [start, end] = text.split('… ') as [string, string];
      expect(whole.startsWith(start) && whole.endsWith(end), `${text} / ${whole}`).toBe(true);
    }
    // Some wrap (the column is narrow), and none is cut below its second line.
    const heights = await page.locator('[data-testid=market-row] .q-text').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeGreaterThan(Math.min(...heights) * 1.5);
    await bothThemes(app, 'titles-markets-list');
    expect(await cut(app, '[data-testid=market-row] .q-text')).toEqual([]);
    // Questions that differ only in their middle show that middle.
    const seattle = shown.filter((r) => /Seattle get more than/.test(r.whole)).map((r) => r.text);
    expect(seattle.length).toBeGreaterThan(2);
    expect(new Set(seattle).size).toBe(seattle.length);
    const boxes = await page.getByTestId('market-row').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).sort((a, b) => a.top - b.top).map((r) => [r.top, r.bottom]));
    for (let i = 1; i < boxes.length; i++) expect((boxes[i] as number[])[0]).toBeGreaterThanOrEqual(((boxes[i - 1] as number[])[1] as number) - 1);
  });

  it('the search hits, the watchlist and an event’s outcomes show their titles whole too', async () => {
    const { page } = app;
    await page.getByPlaceholder(/Search markets, events, traders/).fill('Will');
    await page.locator('.sh-panel .sh-title').first().waitFor();
    expect(await cut(app, '.sh-panel .sh-title')).toEqual([]);
    await bothThemes(app, 'titles-search-hits');
    await page.keyboard.press('Escape');

    const world = await app.admin.world();
    const chars = (t: string) => [...t].length;
    const long = activeMarkets(world)
      .sort((a, b) => chars(b.question) - chars(a.question) || a.id - b.id)
      .slice(0, 5)
      .map((m) => ({ id: m.conditionId, question: m.question }));
    for (const m of long) expect(await app.core.router.dispatch('watchlist.add', { kind: 'market', id: m.id, title: m.question })).toMatchObject({ ok: true });
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Watchlist', exact: true }).click();
    await expect.poll(() => page.getByTestId('watchlist-market').count(), { timeout: 10_000 }).toBe(5);
    expect(await cut(app, '[data-testid=watchlist-market] .wl-title button')).toEqual([]);
    await bothThemes(app, 'titles-watchlist');

    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Events', exact: true }).click();
    // The listed event with the most markets.
    const byEvent = marketsByEvent(world);
    const many = world.events
      .filter((e) => e.active && !e.closed && byEvent.has(e.id))
      .reduce((x, y) => ((byEvent.get(y.id)?.length ?? 0) > (byEvent.get(x.id)?.length ?? 0) ? y : x)).id;
    await page.getByTestId('event-row').first().waitFor();
    // The Events list too: titles on up to two lines, their start and end in view.
    expect(await cut(app, '[data-testid=event-row] > span.two-lines')).toEqual([]);
    const events = await page.locator('[data-testid=event-row] > span.two-lines').evaluateAll((els) => els.map((e) => ({ text: (e.lastChild?.textContent ?? '').trim(), whole: e.getAttribute('title') ?? '' })));
    for (const { text, whole } of events) if (text !== whole) expect(whole.startsWith(text.split('… ')[0] as string) && whole.endsWith(text.split('… ')[1] as string), `${text} / ${whole}`).toBe(true);
    await page.locator(`[data-testid=event-row][data-event="${many}"]`).click();
    await expect.poll(() => page.locator('[data-testid=outcome], .ev-table tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await bothThemes(app, 'titles-event');
    expect(await cut(app, '.ev-table td:first-child')).toEqual([]);
  });
});
