// The palette acts: a trading command typed on a market page (or with its market named) shows what
// it was read as, and Enter opens its preview — the ticket filled in, the alert form filled in,
// the cancel confirmation — and sends nothing: the journal stays empty and nothing rests on the
// venue's book. A command that does not fit the market (a price off its tick, an outcome it does
// not have) says so in the palette and keeps the typed text.
import { beforeAll, describe, expect, it } from 'vitest';
import { appFor } from './shared-app.js';
import { call, marketTitled, openFirstMarket, quietFirstMarket, SPEC_ONLY, skipReason, type QuietMarket } from './support.js';

const reason = skipReason();

/** The first words (letters and digits only) that two or more of the questions start with. */
function sharedStart(questions: readonly string[]): string {
  const starts = questions.map((q) => q.split(/\s+/).filter((w) => /^[A-Za-z0-9]+$/.test(w)).slice(0, 3).join(' '));
  const twice = starts.find((s, i) => s.split(' ').length === 3 && starts.indexOf(s) !== i);
  if (!twice) throw new Error('no two open markets start with the same three plain words');
  return twice;
}

describe.skipIf(reason !== undefined)(`palette commands (${reason ?? 'Chromium + built renderer'})`, () => {
  const appOf = appFor();
  let quiet: QuietMarket;
  let question: string;
  let yes: string;
  let no: string;
  let account: { id: string; address: string };

  /** The market as the palette's labels quote it (long questions are cut). */
  const quoted = (): string => `“${question.length > 70 ? `${question.slice(0, 69)}…` : question}”`;

  async function palette(text: string): Promise<void> {
    const { page } = appOf();
    // A new command starts from the palette as typed; a step it opened is left first.
    if (await page.getByTestId('palette-alert').or(page.getByTestId('palette-cancel')).isVisible()) await page.keyboard.press('Escape');
    if (!(await page.locator('.palette').isVisible())) await page.keyboard.press('Control+k');
    const input = page.getByPlaceholder('Go to a market, event, trader, screen or command…');
    await input.fill(text);
  }

  async function bothThemes(name: string): Promise<void> {
    const app = appOf();
    await app.shot(name);
    await app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot(`${name}-dark`);
    await app.page.evaluate("document.documentElement.dataset.theme = 'light'");
  }

  /** Nothing was sent: no order in the journal, none resting on the market's book. */
  async function nothingSent(): Promise<void> {
    const app = appOf();
    expect(await call<unknown[]>(app.core, 'orders.journal', { accountId: account.id })).toEqual([]);
    if (!SPEC_ONLY) expect((await call<{ data: unknown[] }>(app.core, 'orders.open', { accountId: account.id })).data).toEqual([]);
    // The venue's own count: cancelling what rests on the market finds nothing of ours (the maker never quoted).
    expect(await app.admin.cancelResting(quiet.market.condition_id)).toBe(0);
  }

  /** Leaves the palette, so the screens can be clicked. */
  async function closePalette(): Promise<void> {
    const { page } = appOf();
    for (let i = 0; i < 3 && (await page.locator('.palette').isVisible()); i++) await page.keyboard.press('Escape');
    await page.locator('.palette').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    const app = appOf();
    await call(app.core, 'accounts.unlock', { passphrase: 'e2e passphrase' });
    account = await app.account();
    // The account made through the core is picked up by a page loaded after it.
    await app.page.reload();
    quiet = await quietFirstMarket(app, '0.01');
    [yes, no] = marketTitled(await app.admin.world(), quiet.market.question).outcomes as [string, string];
    question = await openFirstMarket(app.page);
  }, 60_000);

  it('buy on a market page: the row says the order, Enter fills the ticket with it, nothing is sent', async () => {
    const { page } = appOf();
    await palette(`buy 10 ${yes.toLowerCase()} 45`);
    const row = page.getByTestId('palette-command');
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toBe(`Buy 10 ${yes} at 45¢ — ${quoted()} — preview`);
    await bothThemes('palette-command');
    await page.keyboard.press('Enter');
    await page.getByTestId('ticket').waitFor();
    const line = page.getByTestId('ticket-line');
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.getByLabel('Price').inputValue()).toBe('45');
    expect(await line.getByLabel('Size').inputValue()).toBe('10');
    expect(await line.innerText()).toContain(yes);
    // The ticket checks the line (its preview), and waits for Send.
    await expect.poll(() => line.getAttribute('data-check'), { timeout: 10_000 }).toMatch(/^(checked|unchecked)$/);
    await nothingSent();
  });

  it('a price off the tick or an outcome the market lacks is an error in the palette; Enter keeps the text', async () => {
    const { page } = appOf();
    await closePalette();
    await page.getByRole('button', { name: 'Markets' }).first().click();
    await page.getByTestId('market-question').filter({ hasText: question }).waitFor();
    await palette(`buy 10 ${yes} 45.5`);
    const problem = page.getByTestId('palette-problem');
    await expect.poll(() => problem.innerText(), { timeout: 10_000 }).toContain('45.5¢ is not on this market’s 1¢ tick: type 45 or 46');
    await bothThemes('palette-error');
    await page.keyboard.press('Enter');
    expect(await page.getByPlaceholder('Go to a market, event, trader, screen or command…').inputValue()).toBe(`buy 10 ${yes} 45.5`);
    expect(await page.getByTestId('palette-command').count()).toBe(0);
    await palette('buy 10 maybe 45');
    await expect.poll(() => problem.innerText()).toContain(`“maybe” is not an outcome of this market: ${yes} or ${no}`);
    await palette('alert yes > 60');
    await expect.poll(() => problem.innerText()).toContain('“>” is not a direction: type >= (rises to) or <= (falls to)');
    await palette('follow 0x1234');
    await expect.poll(() => problem.innerText()).toContain('“0x1234” is not a wallet address: 0x and 40 hex digits');
    // A market named by words several questions share is no market: never the first of them.
    const shared = sharedStart((await appOf().admin.world()).markets.filter((m) => m.status === 'active').map((m) => m.question));
    await palette(`buy 10 ${yes} 45 ${shared}`);
    await expect.poll(() => problem.innerText(), { timeout: 10_000 }).toMatch(new RegExp(`“${shared}” matches \\d+ markets \\(.*\\): type more of the question`));
    await closePalette();
    await nothingSent();
  });

  it('sell all: the whole position held goes to the ticket, its price left to type; follow opens the trader’s page', async () => {
    const app = appOf();
    const { page } = app;
    await closePalette();
    // The account holds 20 of each outcome (a full set split from its cash).
    await app.admin.setCash(account.address, '10000');
    await app.admin.mint(quiet.market.condition_id, account.address, '20');
    // A mint is no fill: the core's copy of the positions ages past its freshness, as it would by waiting.
    app.skew.ms += 15_001;
    // The data surface may take a moment to list it (its own indexing).
    await expect.poll(async () => (await call<{ data: unknown[] }>(app.core, 'portfolio.positions', { address: account.address, market: [quiet.market.condition_id] })).data.length, { timeout: 15_000 }).toBe(2);
    await page.getByRole('button', { name: 'Markets' }).first().click();
    await page.getByTestId('market-question').filter({ hasText: question }).waitFor();
    await palette(`sell all ${no}`);
    const row = page.getByTestId('palette-command');
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toBe(`Sell all 20 ${no} at a price to type in the ticket — ${quoted()} — preview`);
    await page.keyboard.press('Enter');
    await page.getByTestId('ticket').waitFor();
    const line = page.getByTestId('ticket-line').last();
    expect(await line.getByLabel('Size').inputValue()).toBe('20');
    expect(await line.getByLabel('Price').inputValue()).toBe('');
    // The line says what it waits for (its note is the row under it).
    expect(await line.locator('xpath=following-sibling::tr[1]').getByTestId('line-problem').innerText()).toContain('enter a price in cents, such as 45');

    // Follow asks first; once followed, the wallet's page opens and the Following screen lists it.
    await palette(`follow ${quiet.maker.address}`);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toBe(`Follow ${quiet.maker.address.slice(0, 6)}…${quiet.maker.address.slice(-4)} — confirm`);
    await page.keyboard.press('Enter');
    const ask = page.getByTestId('palette-follow');
    await ask.waitFor();
    expect(await call<unknown[]>(app.core, 'traders.following', { read: false })).toEqual([]);
    await bothThemes('palette-follow');
    await ask.getByRole('button', { name: 'Follow' }).click();
    await page.getByTestId('trader').waitFor();
    expect(await call<Array<{ address: string }>>(app.core, 'traders.following', { read: false })).toEqual([expect.objectContaining({ address: quiet.maker.address.toLowerCase() })]);
    expect((await page.getByTestId('trader').innerText()).toLowerCase()).toContain(quiet.maker.address.toLowerCase());
    await nothingSent();
  });

  it('a ladder adds its rungs and an alert opens its form filled in, with the market named from another screen', async () => {
    const { page } = appOf();
    await closePalette();
    await page.getByRole('button', { name: 'Orders' }).first().click();
    // Off the market page, a command without a market says how to name one.
    await palette(`ladder ${yes} 40-45 x5 size 10`);
    await expect.poll(() => page.getByTestId('palette-problem').innerText(), { timeout: 10_000 }).toContain('open a market, or name one after the command');
    // The lines the ticket holds already (earlier tests' commands), as its saved draft has them.
    const had = (await call<{ lines: unknown[] }>(appOf().core, 'drafts.load')).lines.length;
    await palette(`ladder ${yes} 40-45 x5 size 10 ${question}`);
    const row = page.getByTestId('palette-command');
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toBe(`Ladder: buy ${yes}, 5 rungs at 40, 41, 43, 44, 45¢, 10 shares each — ${quoted()} — preview`);
    await page.keyboard.press('Enter');
    await page.getByTestId('ticket').waitFor();
    const lines = page.getByTestId('ticket-line');
    await expect.poll(() => lines.count()).toBe(had + 5);
    expect(await Promise.all([0, 1, 2, 3, 4].map((i) => lines.nth(had + i).getByLabel('Price').inputValue()))).toEqual(['40', '41', '43', '44', '45']);

    await palette(`alert ${no} <= 30 ${question}`);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toBe(`Alert when ${no} ≤ 30¢ — ${quoted()} — open the form`);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Price alert' });
    await form.waitFor();
    expect(await form.getByLabel('Level in cents').inputValue()).toBe('30');
    expect(await form.getByLabel('Direction').inputValue()).toBe('<=');
    expect(await form.getByLabel('Alert on').inputValue()).toBe('price:1');
    await bothThemes('palette-alert');
    // Back to the command as typed; no alert was made.
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByPlaceholder('Go to a market, event, trader, screen or command…').inputValue()).toBe(`alert ${no} <= 30 ${question}`);
    await page.keyboard.press('Escape');
    expect(await call<unknown[]>(appOf().core, 'alerts.list')).toEqual([]);
    await nothingSent();
  });

  it('cancel all asks first, for the market in view only; a venue without a cancel route says so', async () => {
    const app = appOf();
    const { page } = app;
    await closePalette();
    await page.getByRole('button', { name: 'Markets' }).first().click();
    await page.getByTestId('market-question').filter({ hasText: question }).waitFor();
    await palette('cancel all');
    await expect.poll(() => page.getByTestId('palette-problem').innerText(), { timeout: 10_000 }).toContain(`no open orders of ${quoted()}`);
    await closePalette();
    // One order of ours rests on the market (placed through the core, as the ticket would).
    const [placed] = await call<Array<{ success: boolean; orderId?: string }>>(app.core, 'orders.submit', {
      accountId: account.id,
      lines: [{ conditionId: quiet.market.condition_id, tokenId: quiet.yes, side: 'BUY', price: '0.2', size: '5', type: 'GTC' }],
    });
    expect(placed?.success).toBe(true);
    await palette('cancel all');
    const row = page.getByTestId('palette-command');
    // Listed by the venue, or (spec-only) from the journal's resting orders.
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toBe(`Cancel the open order of ${quoted()} — confirm`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Cancel orders' });
    await dialog.waitFor();
    await bothThemes('palette-cancel');
    // The safe answer has the focus: Enter again would keep the order.
    expect(await dialog.getByRole('button', { name: 'Keep them' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel it' }).click();
    if (SPEC_ONLY) {
      // The spec has no cancel route: the venue's refusal, in words, and the order still rests.
      await expect.poll(() => dialog.getByRole('alert').innerText(), { timeout: 10_000 }).toBe('Nothing was cancelled: Cancelling orders: not offered by this venue');
      expect(await app.admin.cancelResting(quiet.market.condition_id)).toBe(1);
    } else {
      await expect.poll(() => dialog.getByTestId('palette-cancel-result').innerText(), { timeout: 10_000 }).toBe('1 cancelled');
      expect((await call<{ data: unknown[] }>(app.core, 'orders.open', { accountId: account.id })).data).toEqual([]);
      expect(await app.admin.cancelResting(quiet.market.condition_id)).toBe(0);
    }
    await closePalette();
  });
});
