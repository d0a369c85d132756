// The portfolio end to end: an account that bought from a resting order sees its cash, the
// position, its trades, the venue's sorts and filters, a CSV export that starts with its header, and,
// with the venue gone, the whole screen again from the cache with its stamp. The CSV builder and
// money formats on their own are tested in the renderer project.
// On the spec-only peer (KAIROS_E2E_PEER=spec-only) the venue reports no cash balance and has no
// cancel route: the cash tiles say so in words (the reserved cash of open buys comes from Kairos's
// journal, and says so), and an order placed from another screen shows up on the portfolio through
// the fill it makes; everything else is the same.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMicros } from '../src/shared/domain/money.js';
import { sumMicros, usdMicros } from '../src/renderer/src/ui/money.js';
import { activeMarkets, type App, call, EASY_NOW, otherTrader, skipReason, SPEC_ONLY, startApp, yesOf } from './support.js';

/** What the cash tiles say on a venue that reports no cash balance (features/portfolio/Cash.tsx). */
const NOT_REPORTED = { balance: 'cash balance not reported by this venue', available: 'not reported by this venue', equity: '— (no cash balance)' };
/** The reserved cash of the resting 10 at 5¢, as Kairos's journal counts it on that venue. */
const JOURNAL_HINT = 'from Kairos’s journal · 1 open buy';


const reason = skipReason();

describe.skipIf(reason !== undefined)(`portfolio (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let account: { id: string; address: string };
  /** Two markets the account buys in, in title order, with what it bought. */
  let markets: Array<{ cid: string; question: string; size: string; price: string }>;
  /** The Yes token of each market of the venue, by condition id. */
  let yesTokens: Map<string, string>;
  const token = (cid: string): string => yesTokens.get(cid) as string;
  /** The account's trades so far. */
  let tradeCount = 0;

  // The core may be a new one after a restart: the call goes to the current one.
  const dispatch = <T = unknown>(name: string, input: unknown = {}): Promise<T> => call<T>(app.core, name, input);
  const openPortfolio = async (): Promise<void> => {
    await app.page.getByRole('button', { name: 'Portfolio', exact: true }).click();
    await app.page.getByTestId('portfolio').or(app.page.getByTestId('portfolio-empty')).waitFor();
  };

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('without an account, points to Settings', async () => {
    const { page } = app;
    await openPortfolio();
    await page.getByTestId('portfolio-empty').waitFor();
    expect(await page.getByTestId('portfolio-empty').innerText()).toMatch(/No account yet/);
    await app.shot('portfolio-no-account');
    await page.getByTestId('portfolio-empty').getByRole('button', { name: 'Open Settings' }).click();
    await page.locator('.settings').waitFor();
  });

  it('shows cash, the bought positions with exact totals, and the trades; sorts and filters go to the venue', async () => {
    const { page, venue } = app;
    await dispatch('accounts.unlock', { passphrase: 'e2e passphrase' });
    account = await app.account('Paper');
    // Two markets whose titles differ from the first word, so title sorts and searches tell them apart.
    const world = await app.admin.world();
    yesTokens = new Map(world.markets.map((m) => [m.conditionId, yesOf(m)]));
    const candidates = activeMarkets(world)
      .filter((m) => !m.negRisk && !m.question.includes(','))
      .slice(0, 50)
      .map((m) => ({ cid: m.conditionId, question: m.question }));
    const first = candidates[0] as { cid: string; question: string };
    const firstWord = (q: string): string => q.split(/\s+/).slice(0, 2).join(' ');
    const picked = [first, candidates.find((m) => firstWord(m.question) !== firstWord(first.question)) as { cid: string; question: string }];
    expect(picked[1]).toBeDefined();
    for (const m of picked) await app.admin.setTrading(m.cid, EASY_NOW);
    markets = picked
      .map((m, i) => ({ ...m, size: i === 0 ? '20' : '10', price: i === 0 ? '0.4' : '0.55' }))
      .sort((x, y) => (x.question.toLowerCase() < y.question.toLowerCase() ? -1 : 1));

    // A trader rests sells; the account buys into them through the core, as the ticket would.
    const seller = await otherTrader(venue);
    const [a, b] = picked as [{ cid: string; question: string }, { cid: string; question: string }];
    await app.admin.mint(a.cid, seller.address, '50');
    await app.admin.mint(b.cid, seller.address, '50');
    const rested = await seller.post([seller.order(token(a.cid), 'SELL', '0.4', '20'), seller.order(token(b.cid), 'SELL', '0.55', '10')]);
    expect(rested.body.map((r) => r['status'])).toEqual(['live', 'live']);
    const results = await dispatch<Array<{ success: boolean; status?: string }>>('orders.submit', {
      accountId: account.id,
      lines: [
        { conditionId: a.cid, tokenId: token(a.cid), side: 'BUY', price: '0.4', size: '20' },
        { conditionId: b.cid, tokenId: token(b.cid), side: 'BUY', price: '0.55', size: '10' },
        // Rests far below the book: cash reserved by an open order.
        { conditionId: a.cid, tokenId: token(a.cid), side: 'BUY', price: '0.05', size: '10' },
      ],
    });
    expect(results.map((r) => [r.success, r.status])).toEqual([[true, 'matched'], [true, 'matched'], [true, 'live']]);

    await page.reload();
    await openPortfolio();
    const rowA = page.locator(`[data-testid=positions] tr[data-asset="${a.cid}:0"]`);
    await rowA.waitFor({ timeout: 15_000 });
    expect(await rowA.locator('[data-field=size]').innerText()).toBe('20');
    expect(await rowA.locator('[data-field=avg]').innerText()).toBe('40¢');
    expect(await page.locator(`[data-testid=positions] tr[data-asset="${b.cid}:0"] [data-field=avg]`).innerText()).toBe('55¢');

    // Totals: exact sums of the venue's own numbers.
    const venuePositions = (await (await fetch(`${venue.urls.data_url}/positions?user=${account.address}&limit=500`)).json()) as Array<{ asset: string; currentValue: number | string; cashPnl: number | string; realizedPnl: number | string }>;
    expect(venuePositions).toHaveLength(2);
    const positionsValue = usdMicros(sumMicros(venuePositions.map((p) => p.currentValue)));

    const cash = page.getByTestId('cash');
    if (SPEC_ONLY) {
      // No balance route: the cash tiles say so, and the positions' value still shows.
      const r = await app.core.router.dispatch('portfolio.balance', { accountId: account.id });
      expect(r.ok ? 'ok' : r.error.code).toBe('NOT_OFFERED');
      await cash.getByTestId('cash-not-offered').waitFor({ timeout: 10_000 });
      for (const [field, words] of Object.entries(NOT_REPORTED)) expect(await cash.locator(`[data-field=${field}]`).innerText()).toBe(words);
      await expect.poll(() => cash.locator('[data-field=reserved]').innerText(), { timeout: 10_000 }).toBe('$0.50');
      expect(await cash.locator('[data-hint=reserved]').innerText()).toBe(JOURNAL_HINT);
    } else {
      // Cash as the core reads it from the venue, to the cent.
      const bal = await dispatch<{ data: { balance: string; reserved: string; available: string } }>('portfolio.balance', { accountId: account.id });
      expect(bal.data.reserved).toBe('0.5');
      await expect.poll(() => cash.locator('[data-field=balance]').innerText(), { timeout: 10_000 }).toBe(usdMicros(toMicros(bal.data.balance)));
      expect(await cash.locator('[data-field=reserved]').innerText()).toBe('$0.50');
      expect(await cash.locator('[data-field=available]').innerText()).toBe(usdMicros(toMicros(bal.data.available)));
    }
    await expect.poll(() => cash.locator('[data-field=positions-value]').innerText(), { timeout: 10_000 }).toBe(positionsValue);

    const total = page.getByTestId('positions-total');
    expect(await total.locator('[data-field=value]').innerText()).toBe(positionsValue);
    expect(await total.locator('[data-field=pnl]').innerText()).toBe(usdMicros(sumMicros(venuePositions.map((p) => p.cashPnl))));
    expect(await total.innerText()).toMatch(/Total · 2 positions/);

    // The trades of the account, newest first.
    const trades = page.locator('[data-testid=trades] tbody tr[data-side]');
    await expect.poll(() => trades.count(), { timeout: 10_000 }).toBe(2);
    tradeCount = 2;
    expect(await trades.locator('[data-field=side]').allInnerTexts()).toEqual(['BUY', 'BUY']);
    await page.locator('[data-testid=value-chart] canvas').first().waitFor({ timeout: 15_000 });
    // The account's line: positions as the venue values them, P&L = realised + unrealised.
    const summary = page.getByTestId('pnl-summary');
    await expect.poll(() => summary.locator('[data-field=positions]').innerText(), { timeout: 5000 }).toBe(positionsValue);
    expect(await summary.locator('[data-field=unrealised]').innerText()).toBe(usdMicros(sumMicros(venuePositions.map((p) => p.cashPnl))));
    // The chart holds the snapshot that answer just made, without waiting for the next refresh.
    const history = await dispatch<Array<{ value: string; pnl: string }>>('portfolio.history', { accountId: account.id });
    expect(history.length).toBeGreaterThan(0);
    await app.shot('portfolio');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('portfolio-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');

    // Sorts: the venue's title order, both ways, from the header and the menu.
    const order = (): Promise<Array<string | null>> => page.locator('[data-testid=positions] tbody tr[data-asset]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-asset')));
    const byTitle = markets.map((m) => `${m.cid}:0`);
    await page.locator('[data-testid=positions] th button', { hasText: 'Market' }).click();
    await expect.poll(order, { timeout: 10_000 }).toEqual(byTitle);
    const venueTitleOrder = (await (await fetch(`${venue.urls.data_url}/positions?user=${account.address}&sortBy=TITLE&sortDirection=ASC`)).json()) as Array<{ asset: string }>;
    expect(venueTitleOrder.map((p) => p.asset)).toEqual(byTitle);
    await page.getByLabel('Sort direction').click();
    await expect.poll(order, { timeout: 10_000 }).toEqual([...byTitle].reverse());
    await page.getByLabel('Sort positions').selectOption('AVGPRICE');
    await page.getByLabel('Sort direction').click();
    await expect.poll(order, { timeout: 10_000 }).toEqual([`${a.cid}:0`, `${b.cid}:0`]);
    expect(await page.locator('[data-testid=positions] th[aria-sort=ascending]').innerText()).toMatch(/Avg/);

    // Filters: a title search, a market, redeemable only.
    const other = (markets[0] as { question: string }).question.toLowerCase();
    const word = (markets[1] as { question: string }).question.split(/\s+/).find((w) => w.length > 3 && !other.includes(w.toLowerCase())) ?? (markets[1] as { question: string }).question;
    await page.getByLabel('Search positions').fill(word);
    await expect.poll(order, { timeout: 10_000 }).toEqual([`${(markets[1] as { cid: string }).cid}:0`]);
    await page.getByLabel('Search positions').fill('');
    await expect.poll(order, { timeout: 10_000 }).toHaveLength(2);
    await page.getByLabel('Position market').selectOption(a.cid);
    await expect.poll(order, { timeout: 10_000 }).toEqual([`${a.cid}:0`]);
    await page.getByLabel('Position market').selectOption('');
    await page.getByText('Redeemable', { exact: true }).click();
    await expect.poll(() => page.locator('[data-testid=positions] .pf-none').innerText(), { timeout: 10_000 }).toMatch(/No positions match/);
    await app.shot('portfolio-filtered');
    await page.getByTestId('positions').getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(order, { timeout: 10_000 }).toHaveLength(2);

    await page.getByLabel('Trade side').selectOption('SELL');
    await expect.poll(() => page.locator('[data-testid=trades] .pf-none').innerText(), { timeout: 10_000 }).toMatch(/No trades match/);
    await page.getByLabel('Trade side').selectOption('');
    await page.getByLabel('Trade market').selectOption(b.cid);
    await expect.poll(() => trades.count(), { timeout: 10_000 }).toBe(1);
    expect(await trades.first().innerText()).toContain(picked[1]?.question);
    await page.getByLabel('Trade market').selectOption('');
    await expect.poll(() => trades.count(), { timeout: 10_000 }).toBe(2);
  });

  it('exports the positions as CSV: the header first, trading token ids, exact values; what, whose and when in the name', async () => {
    const { page } = app;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Positions' }).getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^kairos-positions-${account.address.slice(0, 8).toLowerCase()}-\\d{8}-\\d{4}\\.csv$`));
    const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(lines[0]?.split(',').slice(0, 7)).toEqual(['market', 'outcome', 'condition_id', 'token_id', 'size', 'avg_price', 'cur_price']);
    const byToken = new Map(lines.slice(1).filter(Boolean).map((l) => [l.split(',')[3], l.split(',')] as const));
    expect(byToken.size).toBe(2);
    for (const m of markets) {
      const cells = byToken.get(token(m.cid)) as string[];
      expect(cells[0]).toBe(m.question);
      expect(cells.slice(4, 6)).toEqual([m.size, m.price]);
    }
    expect(lines.at(-1)).toBe('');

    const [history] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Value and P&L' }).getByRole('button', { name: 'Export CSV' }).click()]);
    const h = readFileSync(await history.path(), 'utf8').split('\r\n');
    expect(h[0]).toBe('time,value,cash,pnl,realised_pnl,unrealised_pnl');
    expect(h.length).toBeGreaterThan(2);

    const [tradesFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Trades' }).getByRole('button', { name: 'Export CSV' }).click()]);
    const t = readFileSync(await tradesFile.path(), 'utf8').split('\r\n');
    expect(t[0]).toBe('time,side,market,outcome,condition_id,token_id,price,size,cash,transaction_hash');
    expect(t.slice(1).filter(Boolean)).toHaveLength(2);
  });

  it.skipIf(SPEC_ONLY)('is refreshed by an order placed or cancelled while another screen is open', async () => {
    const { page } = app;
    const reserved = (): Promise<string> => page.getByTestId('cash').locator('[data-field=reserved]').innerText();
    const openOrders = page.locator('[data-testid=open-order]');
    const cid = (markets[0] as { cid: string }).cid;
    const tokenId = token(cid);
    // A fresh answer: within its freshness window and before its timer, only the event asks again.
    await page.getByTestId('portfolio').getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(reserved).toBe('$0.50');

    await page.getByRole('button', { name: 'Orders', exact: true }).click();
    await expect.poll(() => openOrders.count(), { timeout: 10_000 }).toBe(1);
    const [placed] = await dispatch<Array<{ success: boolean; orderId: string }>>('orders.submit', { accountId: account.id, lines: [{ conditionId: cid, tokenId, side: 'BUY', price: '0.05', size: '10' }] });
    expect(placed).toMatchObject({ success: true });
    await expect.poll(() => openOrders.count(), { timeout: 10_000 }).toBe(2);
    await openPortfolio();
    await expect.poll(reserved, { timeout: 3000 }).toBe('$1.00');

    await page.getByRole('button', { name: 'Orders', exact: true }).click();
    await page.locator(`[data-testid=open-order][data-order-id="${placed?.orderId}"]`).getByRole('button', { name: /^Cancel order/ }).click();
    await expect.poll(() => openOrders.count(), { timeout: 10_000 }).toBe(1);
    await openPortfolio();
    await expect.poll(reserved, { timeout: 3000 }).toBe('$0.50');
  });

  // Also the only way an order placed elsewhere shows on the spec-only venue's portfolio, which
  // reports no reserved cash and cancels nothing.
  it('is refreshed by an order that fills while another screen is open', async () => {
    const { page, venue } = app;
    const m = markets[0] as { cid: string; size: string; price: string };
    const cid = m.cid;
    const held = (): Promise<string> => page.locator(`[data-testid=positions] tr[data-asset="${cid}:0"] [data-field=size]`).innerText();
    const trades = page.locator('[data-testid=trades] tbody tr[data-side]');
    const openOrders = page.locator('[data-testid=open-order]');
    const tokenId = token(cid);
    const seller = await otherTrader(venue);
    await app.admin.mint(cid, seller.address, '10');
    const rested = await seller.post([seller.order(tokenId, 'SELL', m.price, '5')]);
    expect(rested.body.map((r) => r['status'])).toEqual(['live']);
    // A fresh answer: within its freshness window and before its timer, only the event asks again.
    await page.getByTestId('portfolio').getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(held).toBe(m.size);
    await expect.poll(() => trades.count()).toBe(tradeCount);

    // The Orders screen lists the resting bid (on the spec-only venue, from the journal).
    await page.getByRole('button', { name: 'Orders', exact: true }).click();
    await expect.poll(() => openOrders.count(), { timeout: 10_000 }).toBe(1);
    const historyTab = page.getByRole('tab', { name: /^History/ });
    await expect.poll(() => historyTab.innerText(), { timeout: 10_000 }).toMatch(/^History \(\d+\)$/);
    const sent = Number(/\d+/.exec(await historyTab.innerText())?.[0]);
    const [placed] = await dispatch<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId: account.id, lines: [{ conditionId: cid, tokenId, side: 'BUY', price: m.price, size: '5' }] });
    expect(placed).toMatchObject({ success: true, status: 'matched' });
    // The Orders screen takes the event too.
    await expect.poll(() => historyTab.innerText(), { timeout: 10_000 }).toBe(`History (${sent + 1})`);
    await openPortfolio();
    await expect.poll(held, { timeout: 3000 }).toBe(String(Number(m.size) + 5));
    await expect.poll(() => trades.count(), { timeout: 3000 }).toBe(tradeCount + 1);
    tradeCount += 1;
    if (!SPEC_ONLY) return;

    // Cancelling: the venue has no cancel route, which the Orders screen learns and says; the bid stays.
    await page.getByRole('button', { name: 'Orders', exact: true }).click();
    await openOrders.first().getByRole('button', { name: /^Cancel order/ }).click();
    await expect.poll(() => page.getByTestId('cancel-blocked').innerText(), { timeout: 10_000 }).toBe('Cancelling is not offered by this venue');
    expect(await openOrders.count()).toBe(1);
    await openPortfolio();
    await expect.poll(held).toBe(String(Number(m.size) + 5));
  });

  it('opens from the cache with its as-of stamp when the venue is gone', async () => {
    const { page } = app;
    await app.venue.stop();
    app.skew.ms = 60_000; // past every freshness window: the core must try the venue and fall back
    await page.reload();
    await openPortfolio();
    await page.getByTestId('as-of').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('as-of').innerText()).toMatch(/^as of \d{1,2}:\d{2}/);
    expect(await page.locator('[data-testid=positions] tbody tr[data-asset]').count()).toBe(2);
    expect(await page.locator('[data-testid=trades] tbody tr[data-side]').count()).toBe(tradeCount);
    expect(await page.getByTestId('cash').locator('[data-field=reserved]').innerText()).toBe('$0.50');
    await page.locator('[data-testid=value-chart] canvas').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('.banner').innerText(), { timeout: 10_000 }).toMatch(/Offline/);
    await app.shot('portfolio-offline');
  });
});
