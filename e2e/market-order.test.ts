// A market order from the market page: "buy $20" walked through a book the test lays (asks 50¢ × 10,
// 52¢ × 20, 55¢ × 100), the walk's shares, average, worst price, slippage and fee shown, a typed
// worst price that stops the walk, FAK or FOK, bad input named with the text kept, and the order
// filled at the walked average within a tick. On the spec-only peer the venue has no book: the walk
// is figured at the best ask with its depth unknown, said so, and the fill matches it all the same.
import { describe, expect, it } from 'vitest';
import { toMicros } from '../src/shared/domain/money.js';
import { appFor } from './shared-app.js';
import { call, quietFirstMarket, skipReason, SPEC_ONLY, type QuietMarket } from './support.js';

const reason = skipReason();
const PEER = SPEC_ONLY ? 'spec-only' : 'full';
/** "52.1377¢" → micros. */
const micros = (centsText: string): bigint => {
  const m = /^([\d.]+)¢$/.exec(centsText.trim());
  if (!m) throw new Error(`not a cents price: ${centsText}`);
  const [whole, frac = ''] = (m[1] as string).split('.');
  return BigInt(whole as string) * 10_000n + BigInt((frac + '0000').slice(0, 4));
};

describe.skipIf(reason !== undefined)(`market orders priced from the book (${reason ?? 'Chromium + built renderer'})`, () => {
  const app = appFor();
  let quiet: QuietMarket;
  let accountId: string;

  it('walks "buy $20" through the book: shares, average, worst price, slippage, fee; a typed worst price stops it', async () => {
    const { page } = app();
    await call(app().core, 'accounts.unlock', { passphrase: 'e2e passphrase' });
    accountId = (await app().account('Paper')).id;
    quiet = await quietFirstMarket(app(), '0.01');
    await quiet.quote('BUY', '0.48');
    await quiet.quote('SELL', '0.5', '10');
    await quiet.quote('SELL', '0.52', '20');
    await quiet.quote('SELL', '0.55', '100');
    // The account picker takes the new account on load.
    await page.reload();
    await page.getByTitle(quiet.market.question, { exact: true }).click();
    await page.getByTestId('market-question').filter({ hasText: quiet.market.question }).waitFor({ timeout: 10_000 });

    // M from the page (not a field) switches to Market and focuses the amount.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('m');
    expect(await page.getByTestId('entry-kind-market').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Amount to spend (dollars)');
    await page.keyboard.type('20');

    const walk = page.getByTestId('entry-walk');
    const fig = (id: string) => walk.getByTestId(id).innerText();
    if (SPEC_ONLY) {
      // No book on this venue: the best ask, 50¢, with the depth unknown, and the cap there.
      await expect.poll(() => fig('walk-worst'), { timeout: 20_000 }).toBe('50¢');
      expect(await fig('walk-avg')).toBe('50¢');
      expect(await walk.getByTestId('walk-warning').allInnerTexts()).toContain('this venue publishes only its best price, not how much rests there: the fill is figured at that price, and a higher worst price takes more if less rests there');
      // The mid of the quotes (48¢ bid, 50¢ ask) still measures the slippage.
      expect(await fig('walk-slippage')).toBe('+1¢');
    } else {
      // $5 buys 10 at 50¢, $10.40 buys 20 at 52¢, what is left buys at 55¢; the fee comes out of the $20.
      await expect.poll(() => fig('walk-worst'), { timeout: 20_000 }).toBe('55¢');
      const shares = Number(await fig('walk-shares'));
      expect(shares).toBeGreaterThan(38);
      expect(shares).toBeLessThanOrEqual(38.36);
      expect(micros(await fig('walk-avg'))).toBeGreaterThan(520_000n);
      // The mid is 49¢ (48¢ bid, 50¢ ask): the average is above it by the slippage shown.
      expect(await fig('walk-slippage')).toMatch(/^\+3\.\d+¢$/);
      expect(await fig('walk-net')).toMatch(/^\$(19\.\d\d+|20\.00?)$/);
      expect(await walk.getByTestId('walk-warning').count()).toBe(0);
    }
    expect(await fig('walk-fee')).toMatch(/^\$\d+\.\d\d/);
    expect(await page.getByTestId('walk-age').innerText()).toMatch(SPEC_ONLY ? /^Best ask read \d+ s ago$/ : /^Book read \d+ s ago$/);
    // The cap is the walk's own worst price, shown in the field's place.
    expect(await page.getByLabel('Worst price (cents)').getAttribute('placeholder')).toBe(SPEC_ONLY ? '50' : '55');
    // The preview is the walk's, not the cap's: the most it may cost (to the worst price) is said apart.
    await expect.poll(() => walk.getByTestId('walk-at-cap').count(), { timeout: 10_000 }).toBe(1);

    if (!SPEC_ONLY) {
      // A worst price of 52.9¢ goes down to 52¢ on the tick, said so; the walk stops there: 30 shares, in part.
      await page.getByLabel('Worst price (cents)').fill('52.9');
      expect(await page.getByTestId('market-note').innerText()).toBe('worst price 52.9¢ rounded down to 52¢ on the 1¢ tick: never worse than typed');
      expect(await fig('walk-shares')).toBe('30');
      expect(await walk.getAttribute('data-partial')).toBe('true');
      await page.getByRole('radiogroup', { name: 'Market order type' }).getByRole('radio', { name: 'FOK' }).click();
      expect(await walk.getByTestId('walk-warning').innerText()).toBe('the book holds only 30 shares at 52¢ or better: a FOK order would be cancelled whole');
      await page.getByRole('radiogroup', { name: 'Market order type' }).getByRole('radio', { name: 'FAK' }).click();
      // ArrowUp steps the cap a tick from the one in force.
      await page.getByLabel('Worst price (cents)').press('ArrowUp');
      expect(await page.getByLabel('Worst price (cents)').inputValue()).toBe('53');
      await page.getByRole('button', { name: 'use the book’s' }).click();
      await expect.poll(() => fig('walk-worst')).toBe('55¢');

      // A limit of 52¢ for 25 crosses the book: its cost is the walk's 10 × 50¢ + 15 × 52¢, not 25 × 52¢.
      await page.getByTestId('entry-kind-limit').click();
      await page.getByLabel('Limit price (cents)').fill('52');
      await page.getByLabel('Size (shares)').fill('25');
      await expect.poll(() => page.getByTestId('entry-cost').innerText(), { timeout: 10_000 }).toBe('$12.80');
      expect(await page.getByTestId('entry-limit-walk').getByTestId('walk-avg').innerText()).toBe('51.2¢');
      await page.getByTestId('entry-kind-market').click();
    }

    // Bad input is named, and what was typed stays in the field.
    await page.getByLabel('Amount to spend (dollars)').fill('20x');
    await expect.poll(() => page.getByTestId('entry-blocked').innerText()).toBe('“20x” is not an amount in dollars, such as 20 or 12.50');
    expect(await page.getByLabel('Amount to spend (dollars)').inputValue()).toBe('20x');
    // Limit keeps its own fields: switching back and forth loses neither.
    await page.getByTestId('entry-kind-limit').click();
    await page.getByLabel('Limit price (cents)').fill('45');
    await page.getByTestId('entry-kind-market').click();
    expect(await page.getByLabel('Amount to spend (dollars)').inputValue()).toBe('20x');
    await page.getByLabel('Amount to spend (dollars)').fill('20');
    await expect.poll(() => page.getByTestId('entry-send').innerText(), { timeout: 10_000 }).toMatch(/^Buy .+ at market, worst (55|50)¢$/);

    await page.getByTestId('order-entry').scrollIntoViewIfNeeded();
    await app().shot(`market-order-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app().shot(`market-order-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });

  it('sends a FAK capped at the worst price that fills at the walked average within a tick', async () => {
    const { page } = app();
    const walked = micros(await page.getByTestId('walk-avg').innerText());
    const walkedShares = await page.getByTestId('walk-shares').innerText();
    await expect.poll(() => page.getByTestId('entry-send').isDisabled(), { timeout: 15_000 }).toBe(false);
    await page.getByTestId('entry-send').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/at market \(FAK\) · average [\d.]+¢, worst (55|50)¢/);
    if (SPEC_ONLY) await dialog.getByRole('checkbox', { name: 'Send these lines without those checks' }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('entry-result').getAttribute('data-success'), { timeout: 15_000 }).toBe('true');
    expect(await page.getByTestId('entry-result').innerText()).toMatch(/^(Filled|Placed)/);

    const journal = await call<Array<{ type: string; price: string; size: string; avgPrice?: string; sizeMatched: string }>>(app().core, 'orders.journal', { accountId });
    const sent = journal[0];
    expect(sent).toMatchObject({ type: 'FAK', price: SPEC_ONLY ? '0.5' : '0.55', size: walkedShares });
    await expect.poll(async () => (await call<Array<{ avgPrice?: string }>>(app().core, 'orders.journal', { accountId }))[0]?.avgPrice, { timeout: 15_000 }).toBeDefined();
    const filled = (await call<Array<{ avgPrice: string; sizeMatched: string }>>(app().core, 'orders.journal', { accountId }))[0]!;
    const avg = toMicros(filled.avgPrice) as bigint;
    const diff = avg > walked ? avg - walked : walked - avg;
    expect(diff <= 10_000n).toBe(true);
    // Where the book is known, all of it filled; where only the best ask is, what rests there did.
    expect(filled.sizeMatched).toBe(SPEC_ONLY ? '10' : walkedShares);

    // S from the page: selling, the amount is shares; 10.005 goes down to 10.00, said so, and walks the 48¢ bid.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Shares to sell');
    await page.keyboard.type('10.005');
    expect(await page.getByTestId('market-note').innerText()).toBe('10.005 shares rounded down to 10: market orders carry whole hundredths of a share');
    await expect.poll(() => page.getByTestId('walk-worst').innerText(), { timeout: 15_000 }).toBe('48¢');
    // The walk's figures are drawn again as the walk settles: read them once they are the sale's.
    await expect.poll(() => page.getByTestId('entry-walk').locator('dt').allInnerTexts(), { timeout: 15_000 }).toContain('Proceeds');
    await page.getByLabel('Shares to sell').fill('');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('b');
    await expect.poll(() => page.getByLabel('Amount to spend (dollars)').count(), { timeout: 15_000 }).toBe(1);
  });

  it('puts a market order in the ticket as a market line walked there too; a limit line crossing the book shows the walk, not its price', async () => {
    const { page } = app();
    await page.getByLabel('Amount to spend (dollars)').fill('20');
    // The walk of the amount comes from the core and takes its room above the buttons: the click
    // waits for it, as a pointer aimed before it came would land on whatever moved under it.
    await expect.poll(() => page.getByTestId('entry-send').innerText(), { timeout: 15_000 }).toMatch(/^Buy .+ at market, worst \d+¢$/);
    await page.getByTestId('walk-worst').waitFor();
    await page.getByRole('button', { name: 'Add to ticket' }).click();
    await page.getByText(/added to the order ticket/).first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Order ticket' }).click();
    const line = page.getByTestId('ticket-line').last();
    expect(await line.getByLabel('Order kind').inputValue()).toBe('market');
    expect(await line.getByLabel('Order type').inputValue()).toBe('FAK');
    expect(await line.getByLabel('Amount to spend').inputValue()).toBe('20');
    // What rests after the fill: asks from 55¢ on the full venue; from 52¢ where only the 50¢ ask filled.
    const walk = page.getByTestId('line-walk').last();
    await expect.poll(() => walk.getByTestId('walk-worst').innerText(), { timeout: 15_000 }).toBe(SPEC_ONLY ? '52¢' : '55¢');
    expect(await line.getByLabel('Worst price').getAttribute('placeholder')).toBe(SPEC_ONLY ? '52' : '55');
    await expect.poll(() => line.getAttribute('data-check'), { timeout: 15_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    await app().shot(`market-order-ticket-${PEER}`);
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await app().shot(`market-order-ticket-${PEER}-dark`);
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    if (SPEC_ONLY) return;

    // As a limit line at 56¢ for 10 shares it crosses: the cost is the walk's 10 × 55¢, not 10 × 56¢.
    await line.getByLabel('Order kind').selectOption('limit');
    await line.getByLabel('Price').fill('56');
    await line.getByLabel('Size').fill('10');
    await expect.poll(() => walk.getByTestId('walk-avg').innerText(), { timeout: 15_000 }).toBe('55¢');
    await expect.poll(() => line.getByTestId('line-cost').innerText(), { timeout: 15_000 }).toBe('$5.50');
    // The bound comes with the core's preview of the line, which may answer after the walk shows.
    await expect.poll(() => line.getByTestId('line-cost').getAttribute('title'), { timeout: 15_000 }).toBe('at most $5.60 to the worst price');
  });
});
