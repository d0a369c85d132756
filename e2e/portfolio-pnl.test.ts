// A profitable round trip on the real venue, as a trader reads it on the Portfolio: buy 10 at
// 40¢, sell them at 46¢, buy 9 at 73¢, the market resolves for them and they are redeemed: +$3.03.
// The P&L line says +$3.03 (all realised), the value line is cash + positions (not $0), the
// closed view keeps the redeemed position with what it realised, and the CSVs start with their
// header and carry the trading token id. On the spec-only peer (no cash balance, no redeem
// route) the trader redeems on the venue itself, no account value is shown or drawn (the cash is
// not known; the notes say so), and the reserved cash of an open buy comes from Kairos's journal,
// saying so.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMicros } from '../src/shared/domain/money.js';
import { usdMicros } from '../src/renderer/src/ui/money.js';
import { activeMarkets, type App, call, EASY_NOW, otherTrader, skipReason, SPEC_ONLY, startApp, yesOf } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`portfolio P&L (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let account: { id: string; address: string };
  let market: { cid: string; question: string; yes: string };
  /** The account's cash before it traded (full venue). */
  let startCash = 0n;

  // The core may be a new one after a restart: the call goes to the current one.
  const dispatch = <T = unknown>(name: string, input: unknown = {}): Promise<T> => call<T>(app.core, name, input);
  const openPortfolio = async (): Promise<void> => {
    await app.page.getByRole('button', { name: 'Portfolio', exact: true }).click();
    await app.page.getByTestId('portfolio').waitFor();
  };
  const summary = (field: string): Promise<string> => app.page.getByTestId('pnl-summary').locator(`[data-field=${field}]`).innerText().catch(() => '');
  const theme = (t: 'light' | 'dark'): Promise<unknown> => app.page.evaluate(`document.documentElement.dataset.theme = '${t}'`);

  beforeAll(async () => {
    app = await startApp();
    const { venue } = app;
    await dispatch('accounts.unlock', { passphrase: 'e2e passphrase' });
    account = await app.account('Paper');
    const found = activeMarkets(await app.admin.world()).filter((x) => !x.negRisk && x.outcomes.length === 2)[7]!;
    const m = { cid: found.conditionId, question: found.question };
    // Whole cents, small minimum, no fees: every figure is the plain arithmetic of the header.
    await app.admin.setTrading(m.cid, { ...EASY_NOW, makerBaseFee: 0, takerBaseFee: 0, feeRate: 0 });
    const yes = yesOf(found);
    market = { ...m, yes };
    if (!SPEC_ONLY) startCash = toMicros((await dispatch<{ data: { balance: string } }>('portfolio.balance', { accountId: account.id })).data.balance) as bigint;

    // Someone else rests the other side each time; the account takes it, fill or kill, as the ticket would.
    const other = await otherTrader(venue);
    await app.admin.setCash(other.address, '1000');
    await app.admin.mint(m.cid, other.address, '50');
    const trade = async (side: 'BUY' | 'SELL', price: string, size: string): Promise<void> => {
      const rested = await other.post([other.order(yes, side === 'BUY' ? 'SELL' : 'BUY', price, size)]);
      expect(rested.body[0], JSON.stringify(rested.body[0])).toMatchObject({ success: true, status: 'live' });
      const r = await dispatch<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId: account.id, lines: [{ conditionId: m.cid, tokenId: yes, side, price, size, type: 'FOK' }] });
      expect(r[0]).toMatchObject({ success: true, status: 'matched' });
    };
    await trade('BUY', '0.4', '10');
    await trade('SELL', '0.46', '10');
    await trade('BUY', '0.73', '9');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows the held position unrealised, then +$3.03 realised once resolved and redeemed, with value = cash + positions', async () => {
    const { page } = app;
    await page.reload();
    await openPortfolio();
    // Held: 9 at 73¢ after a 60¢ gain on the first round.
    const row = page.locator(`[data-testid=positions] tr[data-asset="${market.cid}:0"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('[data-field=size]').innerText()).toBe('9');
    await expect.poll(() => summary('realised'), { timeout: 10_000 }).toBe('$0.60');
    const held = await dispatch<{ data: { pnl: string; realised: string; unrealised: string; positionsValue: string; cash?: string; value?: string } }>('portfolio.pnl', { accountId: account.id });
    expect(held.data.realised).toBe('0.6');
    // P&L = realised + unrealised, to the micro.
    expect(toMicros(held.data.pnl)).toBe((toMicros(held.data.realised) as bigint) + (toMicros(held.data.unrealised) as bigint));
    expect(await summary('pnl')).toBe(usdMicros(toMicros(held.data.pnl)));
    if (!SPEC_ONLY) expect(toMicros(held.data.value)).toBe((toMicros(held.data.cash) as bigint) + (toMicros(held.data.positionsValue) as bigint));
    // The table's realised column is the account's own: the 60¢ of the first round stays with the position.
    expect(await row.locator('[data-field=realized]').innerText()).toBe('$0.60');
    await app.shot('portfolio-pnl-held');

    // Resolved for the held outcome and redeemed: by the app where the venue redeems, else on the venue itself.
    await app.admin.setStatus(market.cid, 'resolved', 0);
    if (SPEC_ONLY) {
      expect(await app.admin.redeem(market.cid, account.address)).toBe('9');
      app.skew.ms += 15_001; // the core's answers age past their freshness, as they would by waiting
    } else {
      expect(await dispatch<{ payout: string }>('portfolio.redeem', { accountId: account.id, conditionId: market.cid })).toMatchObject({ payout: '9' });
    }
    await page.getByTestId('portfolio').getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => summary('pnl'), { timeout: 30_000 }).toBe('$3.03');
    expect(await summary('realised')).toBe('$3.03');
    expect(await summary('unrealised')).toBe('$0.00');
    expect(await summary('positions')).toBe('$0.00');
    if (SPEC_ONLY) {
      // No cash balance: no value line that would read as $0, and the notes say why.
      expect(await page.getByTestId('pnl-summary').locator('[data-field=value]').count()).toBe(0);
      expect(await page.getByTestId('pnl-notes').innerText()).toContain('This venue reports no cash balance: the account’s value (cash + positions) is not known; the positions’ value and the P&L are.');
    } else {
      const cash = usdMicros(startCash + 3_030_000n);
      expect(await summary('value')).toBe(cash);
      expect(await summary('cash')).toBe(cash);
      await expect.poll(() => page.getByTestId('cash').locator('[data-field=equity]').innerText(), { timeout: 15_000 }).toBe(cash);
    }
    // The redeemed position leaves the open list.
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);

    // The value chart's last snapshot agrees with the line.
    const history = await dispatch<Array<{ value: string; pnl: string; realised?: string }>>('portfolio.history', { accountId: account.id });
    expect(history.at(-1)).toMatchObject({ pnl: '3.03', realised: '3.03', unrealised: '0', value: SPEC_ONLY ? '0' : String(Number(startCash + 3_030_000n) / 1e6) });
    await page.locator('[data-testid=value-chart] canvas').first().waitFor({ timeout: 15_000 });
    await theme('light');
    await app.shot('portfolio-pnl');
    await theme('dark');
    await app.shot('portfolio-pnl-dark');
    await theme('light');
  });

  it('keeps the redeemed position in the closed view with what it realised, and exports it', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Closed (1)' }).click();
    const closed = page.locator(`[data-testid=closed-positions] tr[data-asset="${market.cid}:0"]`);
    await closed.waitFor({ timeout: 10_000 });
    expect(await closed.locator('[data-field=realized]').innerText()).toBe('$3.03');
    expect(await closed.locator('[data-field=source]').innerText()).toBe('venue');
    expect(await closed.innerText()).toContain(market.question);
    expect(await page.getByTestId('closed-total').locator('[data-field=realized]').innerText()).toBe('$3.03');
    await page.getByRole('region', { name: 'Positions' }).scrollIntoViewIfNeeded();
    await app.shot('portfolio-closed');
    await theme('dark');
    await app.shot('portfolio-closed-dark');
    await theme('light');

    // The file starts with its header; the token id is the trading surface's, not `<condition id>:0`.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Positions' }).getByRole('button', { name: 'Export CSV' }).click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^kairos-closed-positions-${account.address.slice(0, 8).toLowerCase()}-\\d{8}-\\d{4}\\.csv$`));
    const lines = readFileSync(await file.path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe('market,outcome,condition_id,token_id,realised_pnl,source,last_activity');
    expect(lines[1]?.split(',').slice(-5, -1)).toEqual([market.cid, market.yes, '3.03', 'venue']);

    const [trades] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Trades' }).getByRole('button', { name: 'Export CSV' }).click()]);
    const t = readFileSync(await trades.path(), 'utf8').split('\r\n');
    expect(t[0]).toBe('time,side,market,outcome,condition_id,token_id,price,size,cash,transaction_hash');
    const rows = t.slice(1).filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.includes(`,${market.yes},`) && !r.includes(`${market.cid}:0`))).toBe(true);
    await page.getByRole('tab', { name: 'Open' }).click();
  });

  it('counts the cash an open buy holds: the venue’s figure, or Kairos’s journal where the venue reports none', async () => {
    const { page } = app;
    const found = activeMarkets(await app.admin.world()).filter((x) => !x.negRisk)[9]!;
    const cid = found.conditionId;
    await app.admin.setTrading(cid, EASY_NOW);
    const tokenId = yesOf(found);
    const [placed] = await dispatch<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId: account.id, lines: [{ conditionId: cid, tokenId, side: 'BUY', price: '0.05', size: '10' }] });
    expect(placed).toMatchObject({ success: true, status: 'live' });
    await page.getByTestId('portfolio').getByRole('button', { name: 'Refresh' }).click();
    const cash = page.getByTestId('cash');
    await expect.poll(() => cash.locator('[data-field=reserved]').innerText(), { timeout: 20_000 }).toBe('$0.50');
    if (SPEC_ONLY) {
      expect(await cash.locator('[data-hint=reserved]').innerText()).toBe('from Kairos’s journal · 1 open buy');
      await app.shot('portfolio-reserved-journal');
    } else {
      expect(await cash.locator('[data-hint=reserved]').count()).toBe(0);
    }
  });
});
