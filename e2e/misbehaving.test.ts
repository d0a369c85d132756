// A deployment whose answers are wrong, as some real ones are (the spec-only venue with
// --misbehave): it ignores `event_id` on /markets, answers a user's comments with other users'
// comments mixed in, and its trading surface claims negative risk that market settings and the
// catalog deny. The event page lists only the event's markets and says the answer was filtered;
// a trader page shows only that trader's comments; the ticket's worst case takes no
// negative-risk credit and the line says which sources disagree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketsByEvent, revealMarketParts, skipReason, startApp, yesOf, type App } from './support.js';

const reason = skipReason();

type Market = { id: number; condition_id: string; question: string; token: string };

describe.skipIf(reason !== undefined)(`a misbehaving deployment (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let event: { id: number; title: string };
  let markets: Market[];
  let all: number;

  beforeAll(async () => {
    app = await startApp({ misbehave: true });
    const world = await app.admin.world();
    const byEvent = marketsByEvent(world);
    // The contradicted event with the most comments and every market open.
    event = world.events
      .filter((e) => !e.negRisk && (byEvent.get(e.id) ?? []).every((m) => m.status === 'active'))
      .sort((x, y) => y.comments - x.comments || x.id - y.id)
      .find((e) => (byEvent.get(e.id) ?? []).every((m) => m.contradicted === true))!;
    markets = (byEvent.get(event.id) ?? []).map((m) => ({ id: m.id, condition_id: m.conditionId, question: m.question, token: yesOf(m) }));
    // Tick 0.01, minimum 5, no maker fee: the lines' cost is the plain sum of price × size.
    await app.admin.setEventTrading(event.id, { tickSize: '0.01', minSize: 5, makerBaseFee: 0, takerDelay: false });
    all = world.markets.length;
    expect(markets.length).toBeGreaterThan(1);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Both themes of what is on screen now. */
  async function shots(name: string): Promise<void> {
    for (const theme of ['light', 'dark']) {
      await app.page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      await app.shot(`${name}-${theme}`);
    }
    await app.page.evaluate('delete document.documentElement.dataset.theme');
  }

  it("lists only the event's own markets and says the venue's answer was filtered", async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Events' }).click();
    const row = page.locator('[data-testid=event-row]', { hasText: event.title }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.scrollIntoViewIfNeeded();
    await row.click();
    await page.locator('[data-testid=event-markets] tbody tr').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid=event-markets] tbody tr').count()).toBe(markets.length);
    const dropped = all - markets.length;
    expect(await page.getByTestId('event-filtered').innerText()).toBe(`The venue’s answer was filtered: ${dropped} rows that did not match what was asked were dropped.`);
    expect(await page.locator('[data-testid=event-sums] [data-field=count]').innerText()).toContain(String(markets.length));
    await shots('event-filtered');
  });

  it("shows only a trader's own comments on their page", async () => {
    const { page } = app;
    await page.locator('[data-testid=event-markets] tbody tr').first().locator('button').first().click();
    // The market page says what its sources disagree about, and which reading it uses.
    await page.getByTestId('market-disagreements').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('market-disagreements').innerText()).toContain('Negative risk: the trading market says yes; market settings and the catalog say no.');
    await shots('market-disagreement');
    await revealMarketParts(page);
    await page.locator('[data-testid=comment-author]:not([disabled])').first().waitFor({ timeout: 15_000 });
    await page.locator('[data-testid=comment-author]:not([disabled])').first().click();
    await page.getByTestId('trader').waitFor();
    const address = (await page.locator('[data-testid=trader] .mono[title="Wallet address"]').innerText()).toLowerCase();
    const own = (await app.admin.comments(address, 20)).map((c) => c.body);
    expect(own.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('trader-comment').count(), { timeout: 15_000 }).toBe(own.length);
    const bodies = await page.getByTestId('trader-comment').locator('.cm-body').allInnerTexts();
    expect(bodies.map((b) => b.trim()).sort()).toEqual(own.map((b) => b.trim()).sort());
    await page.getByTestId('trader-comments').scrollIntoViewIfNeeded();
    await shots('trader-filtered');
    expect(await page.getByTestId('trader-comments-filtered').innerText()).toMatch(/^The venue’s answer was filtered: \d+ rows? that did not match what was asked (was|were) dropped\.$/);
  });

  it('takes no negative-risk credit in the worst case where the sources disagree, and says so', async () => {
    const { page, core } = app;
    // Yes on every market of the event, 10 shares each at 0.51, 0.50, 0.52, …: were the markets
    // one negative-risk event, one Yes would pay $10 whatever happens; they are independent.
    const lines = markets.map((m, i) => ({
      key: `m${i}`, conditionId: m.condition_id, tokenId: m.token, label: m.question, outcome: 'Yes', side: 'BUY' as const,
      price: `0.${50 + ((i + 1) % 3)}`, size: '10', type: 'GTC' as const, postOnly: false,
    }));
    const saved = await core.router.dispatch('drafts.save', { lines, results: {}, updatedAt: Date.now() });
    expect(saved.ok).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('line-disagreement').count(), { timeout: 15_000 }).toBe(markets.length);
    for (const note of await page.getByTestId('line-disagreement').allInnerTexts()) {
      expect(note).toBe(
        'The venue contradicts itself about this market. Negative risk: the trading market says yes; market settings and the catalog say no. Read as no: the worst case takes no credit for outcomes that exclude each other.',
      );
    }
    const cents = lines.reduce((sum, l) => sum + Number(l.price.slice(2)) * 10, 0);
    const cost = `$${(cents / 100).toFixed(2)}`;
    await expect.poll(() => page.getByTestId('total-cost').innerText(), { timeout: 10_000 }).toBe(cost);
    expect(await page.getByTestId('total-worst').innerText()).toBe(cost);
    await shots('ticket-disagreement');
  });
});
