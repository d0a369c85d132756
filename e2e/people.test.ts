// People end to end: a market's comment threads (times, holders only, replies on request, an
// author opening their trader page and Back returning), and a trader opened from the leaderboard
// with their standing in each window as the venue ranks them and positions that open their
// market. Comments written here are posted through the venue's admin routes, newest of the event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revealMarketParts, skipReason, startApp, type App } from './support.js';

const reason = skipReason();

type Entry = { rank: string; pnl: number | string; vol: number | string };
type Position = { slug?: string; title?: string };

/** "−$1,234.56" → -1234.56, as the page writes money. */
const money = (text: string): number => Number(text.replace('−', '-').replace(/[$,]/g, ''));

describe.skipIf(reason !== undefined)(`people (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  /** The trader the leaderboard test opened. */
  let seen = '';
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('comments: times, holders only, replies on request, and an author’s trader page', async () => {
    const { page } = app;
    await page.waitForSelector('[data-testid=market-row]');
    const question = (await page.locator('[data-testid=market-row] > span[title]').first().getAttribute('title')) as string;
    const world = await app.admin.world();
    const eventId = world.markets.find((m) => m.question === question)!.eventId;
    const wallets = (held: boolean) => app.admin.wallets({ event: eventId, holding: held });
    const [holder, other] = await wallets(true);
    const [outsider] = await wallets(false);
    expect(holder && other && outsider, 'two holders of the event and a wallet holding none of it').toBeTruthy();
    // Newest first: an outsider's comment, then a holder's with three holders' replies and an outsider's.
    const now = Date.now();
    const ids: number[] = [];
    const add = async (body: string, parent: number | null, user: string, msAgo: number) => {
      ids.push(await app.admin.addComment({ body, parentEntityType: 'Event', parentEntityId: eventId, ...(parent === null ? {} : { parentCommentId: parent }), userAddress: user, createdAt: now - msAgo }));
      return ids.at(-1)!;
    };
    const first = await add('Not holding anything here, just watching.', null, outsider!.address, 60_000);
    const top = await add('Holding Yes into the close.', null, holder!.address, 3 * 3_600_000);
    await add('Same, added more this morning.', top, other!.address, 2 * 3_600_000);
    await add('Trimmed mine at the top.', top, holder!.address, 90 * 60_000);
    await add('Still holding.', top, other!.address, 30 * 60_000);
    await add('You will regret it.', top, outsider!.address, 20 * 60_000);
    const nth = (n: number) => ids[n] as number;

    await page.locator('[data-testid=market-row]').first().click();
    await expect.poll(() => page.getByTestId('market-question').innerText(), { timeout: 15_000 }).toBe(question);
    await revealMarketParts(page);
    const comments = page.getByTestId('comments');
    const byId = (id: number) => comments.locator(`[data-testid=comment][data-comment-id="${id}"]`);
    await byId(first).waitFor({ timeout: 15_000 });
    // Each comment says when, in words, with the exact time on hover.
    const when = byId(first).getByTestId('comment-time').first();
    expect(await when.innerText()).toBe('1m ago');
    expect(await when.getAttribute('title')).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    expect(await byId(nth(1)).getByTestId('comment-time').first().innerText()).toBe('3h ago');
    // Replies live under their parent, not as comments of their own, and open on request.
    expect(await comments.locator('[data-testid=comment][data-comment-id="' + nth(2) + '"]').count()).toBe(0);
    expect(await byId(first).getByTestId('comment-holder').count()).toBe(0);
    expect(await byId(nth(1)).getByTestId('comment-holder').count()).toBe(1);
    const show = byId(nth(1)).getByTestId('show-replies');
    expect(await show.innerText()).toBe('Show 4 replies');
    expect(await byId(nth(1)).getByTestId('replies').count()).toBe(0);
    await show.click();
    expect(await byId(nth(1)).getByTestId('reply').allInnerTexts()).toEqual([
      expect.stringContaining('Same, added more this morning.'),
      expect.stringContaining('Trimmed mine at the top.'),
      expect.stringContaining('Still holding.'),
      expect.stringContaining('You will regret it.'),
    ]);
    await app.shot('comments-replies');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('comments-replies-dark');
    await page.evaluate("document.documentElement.dataset.theme = 'light'");

    // Holders only: the outsider's comment and reply go; every comment left is a holder's.
    await comments.getByRole('switch', { name: 'Holders only' }).check();
    await expect.poll(() => byId(first).count(), { timeout: 10_000 }).toBe(0);
    await byId(nth(1)).waitFor();
    expect(await comments.locator('[data-testid=comment][data-holder=false]').count()).toBe(0);
    await byId(nth(1)).getByTestId('show-replies').click();
    expect(await byId(nth(1)).getByTestId('reply').count()).toBe(3);
    expect(await byId(nth(1)).innerText()).not.toContain('You will regret it.');
    expect(await byId(nth(1)).innerText()).toContain('1 more from non-holders');
    await app.shot('comments-holders-only');
    await comments.getByRole('switch', { name: 'Holders only' }).uncheck();
    await byId(first).waitFor({ timeout: 10_000 });

    // The author opens their trader page; Back returns to the market.
    await byId(nth(1)).getByTestId('comment-author').first().click();
    await page.getByTestId('trader').waitFor();
    // The name as the venue's profile gives it, once read (the address stands in until then).
    await expect.poll(() => page.getByTestId('trader-name').innerText(), { timeout: 10_000 }).toBe(holder!.name);
    await expect.poll(() => page.getByTestId('trader-comment').allInnerTexts(), { timeout: 10_000 }).toContainEqual(expect.stringContaining('Holding Yes into the close.'));
    await page.getByRole('button', { name: '← Back' }).click();
    await expect.poll(() => page.getByTestId('market-question').innerText(), { timeout: 10_000 }).toBe(question);

    // So does a holder in the market's top holders.
    await revealMarketParts(page);
    const firstHolder = page.getByTestId('holder').first();
    await firstHolder.waitFor({ timeout: 15_000 });
    const holderName = await firstHolder.innerText();
    await firstHolder.click();
    await page.getByTestId('trader').waitFor();
    expect(await page.getByTestId('trader-name').innerText()).toBe(holderName);
    await page.getByRole('button', { name: '← Back' }).click();
  });

  it('a trader from the leaderboard: P&L per window as the venue ranks them, and positions that open their market', async () => {
    const { page, venue } = app;
    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await page.getByRole('button', { name: 'ALL', exact: true }).click();
    await page.waitForSelector('[data-testid=trader-row]');
    // The best-ranked trader who still holds a market with a page of its own.
    const wallets = await page.locator('[data-testid=trader-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-wallet') ?? ''));
    let wallet = '';
    let positions: Position[] = [];
    for (const w of wallets) {
      positions = (await venue.get('data', `/positions?user=${w}&limit=100&sortBy=CURRENT&sortDirection=DESC`)).body as Position[];
      if (positions.some((p) => p.slug)) {
        wallet = w;
        break;
      }
    }
    expect(wallet, 'a ranked trader with positions').not.toBe('');
    seen = wallet;
    await page.locator(`[data-testid=trader-row][data-wallet="${wallet}"]`).click();
    await page.getByTestId('trader').waitFor();
    const name = (await app.admin.wallets({ address: wallet }))[0]!.name;
    expect(await page.getByTestId('trader-name').innerText()).toBe(name);

    // Each window: the rank, P&L and volume the venue gives for this user, or "not ranked".
    const standing = page.getByTestId('standing');
    await standing.waitFor({ timeout: 15_000 });
    let ranked = 0;
    for (const period of ['DAY', 'WEEK', 'MONTH', 'ALL']) {
      const [row] = (await venue.get('data', `/v1/leaderboard?timePeriod=${period}&user=${wallet}`)).body as Entry[];
      const tr = standing.locator(`tr[data-period=${period}]`);
      if (!row) {
        expect(await tr.locator('[data-field=rank]').innerText(), period).toBe('not ranked');
        continue;
      }
      ranked += 1;
      expect(await tr.locator('[data-field=rank]').innerText(), period).toBe(`#${row.rank}`);
      expect(Math.abs(money(await tr.locator('[data-field=pnl]').innerText()) - Number(row.pnl)), period).toBeLessThanOrEqual(0.005);
      expect(Math.abs(money(await tr.locator('[data-field=vol]').innerText()) - Number(row.vol)), period).toBeLessThanOrEqual(0.005);
    }
    expect(ranked).toBeGreaterThan(0);

    // Their positions, as the venue lists them; trades and comments load below.
    await page.getByTestId('trader-positions').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('trader-position').count()).toBe(positions.length);
    await expect.poll(() => page.getByTestId('trader-trades').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('trader-comments').locator('.cm-item, p.muted').first().waitFor({ timeout: 15_000 });
    await app.shot('trader');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('trader-dark');
    await page.evaluate("document.documentElement.dataset.theme = 'light'");
    await page.getByTestId('trader-trades').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await app.shot('trader-trades-comments');

    // A position opens its market's page.
    const position = positions.find((p) => p.slug) as Position;
    await page.locator(`[data-testid=trader-position][data-slug="${position.slug}"] button`).first().click();
    await expect.poll(() => page.getByTestId('market-question').innerText(), { timeout: 15_000 }).toBe(position.title);
  });

  it('with the venue gone, the trader page is read from the cache, each part with its stamp', async () => {
    const { page, venue } = app;
    expect(seen).not.toBe('');
    await venue.stop();
    // An hour later every kept answer is stale: the core tries the venue, fails, and serves them.
    app.skew.ms = 3_600_000;
    await page.reload();
    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await page.getByRole('button', { name: 'ALL', exact: true }).click();
    await page.locator(`[data-testid=trader-row][data-wallet="${seen}"]`).click();
    await page.getByTestId('standing').waitFor({ timeout: 20_000 });
    await page.getByTestId('trader-positions').waitFor({ timeout: 20_000 });
    for (const heading of ['Leaderboard standing', 'Positions', 'Recent trades', 'Comments']) {
      await expect.poll(() => page.locator('.section h2', { hasText: heading }).locator('.stamp').innerText(), { timeout: 10_000 }).toMatch(/^as of \d{1,2}:\d{2}/);
    }
    await app.shot('trader-offline');
  });
});
