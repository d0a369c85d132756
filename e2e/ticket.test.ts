// Money end to end, simulator off: an account made in Settings, a five-rung ladder, a bad line
// caught and fixed, a confirmed batch with per-line results, a fill that shows in positions, the
// draft and journal surviving a restart, and trading refused offline.
// On the spec-only peer (KAIROS_E2E_PEER=spec-only) the venue has no key endpoint, no balances,
// no open-orders list and no cancel route: the account is imported with the API credentials the
// deployment gave out, the connection test says what it lacks, every line carries its "not
// checked" note and needs the confirmation step's explicit yes, and open orders come from the
// journal. (A deployment with no order domain, chosen in Settings: ticket-signing.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMarkets, createVault, EASY_NOW, marketRow, otherTrader, SPEC_ONLY, skipReason, startApp, type App } from './support.js';
import { confirmSend, HOME, NO_CASH_CHECK, typeLine } from './ticket-support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`order ticket (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  let market: { condition_id: string; question: string; neg_risk: number };
  let yes: string;
  let no: string;
  beforeAll(async () => {
    app = await startApp();
    const { venue } = app;
    // The first open market whose question has no apostrophe: the test types and looks it up by name.
    const m = activeMarkets(await app.admin.world()).find((x) => !x.question.includes("'"))!;
    market = marketRow(m);
    await app.admin.setTrading(market.condition_id, EASY_NOW);
    [yes, no] = m.tokens as [string, string];
    // Someone offers 20 Yes at 0.45: the top rung of the ladder will fill against it.
    const maker = await otherTrader(venue);
    await app.admin.mint(market.condition_id, maker.address, '100');
    const placed = await maker.post([maker.order(yes, 'SELL', '0.45', '20', { negRisk: market.neg_risk === 1 })]);
    expect(placed.body[0]).toMatchObject({ success: true });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it(SPEC_ONLY ? 'imports the deployment’s account in Settings: vault passphrase, wallet key with its API credentials, secrets never shown' : 'creates an account in Settings: vault passphrase, one click, secrets never shown', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    if (!SPEC_ONLY) {
      // No vault yet: the first account asks for its passphrase (e2e/vault.test.ts shows the step).
      await page.getByLabel('New account label').fill('Paper one');
      await page.getByRole('button', { name: 'Create account on this venue' }).click();
      await createVault(page, 'correct horse battery');
      await page.getByTestId('account-row').first().waitFor();
      expect(await page.getByTestId('account-row').first().innerText()).toContain('Paper one');
    }
    await page.getByRole('button', { name: 'Test connection (active venue)' }).click();
    await expect.poll(() => page.getByTestId('connection-test').innerText(), { timeout: 10_000 }).toMatch(/catalog\s+reachable[\s\S]*trading\s+reachable[\s\S]*data\s+reachable[\s\S]*in step/);
    // Where the clock came from, and what the venue offers beyond the spec, in words.
    if (SPEC_ONLY) {
      expect(await page.getByTestId('test-clock').innerText()).toMatch(/from the Date header of its answers \(no server clock\)/);
      expect(await page.getByTestId('test-offers').innerText()).toMatch(/Offers nothing beyond the spec/);
      const lacks = await page.getByTestId('test-lacks').innerText();
      for (const words of ['the server clock', 'its order-signing domain', 'the order book', 'price history', 'open orders', 'cash balances', 'creating API keys']) expect(lacks).toContain(words);
      await expect.poll(() => page.getByTestId('caps-lacking').innerText()).toMatch(/Lacks: .*creating API keys.* — the screens that need these say so/);
      expect(await page.getByTestId('caps-offered').innerText()).toBe('Offers: nothing beyond the spec.');
      // No key endpoint: no button to create an account, and the words why.
      await expect.poll(() => page.getByRole('button', { name: 'Create account on this venue' }).count()).toBe(0);
      expect(await page.getByTestId('no-key-endpoint').innerText()).toMatch(/no key endpoint, so Kairos cannot create an account on it: import a wallet key with the API key, secret and passphrase/);
      // The wallet key alone is not enough here: the form asks for the three API credentials.
      const a = app.venue.account as NonNullable<typeof app.venue.account>;
      await page.getByRole('button', { name: 'Import a wallet key…' }).click();
      await createVault(page, 'correct horse battery');
      const form = page.getByRole('form', { name: 'Import a wallet key' });
      await form.getByLabel('Wallet private key (hex)').fill(a.private_key);
      await form.getByLabel('Label').fill('Paper one');
      expect(await form.getByTestId('import-missing').innerText()).toMatch(/no key endpoint: fill in the API key, secret and passphrase/);
      expect(await form.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
      await form.getByLabel('API key').fill(a.api_key);
      await form.getByLabel('API secret').fill(a.secret);
      await form.getByLabel('API passphrase').fill(a.passphrase);
      await app.shot('settings-import');
      await form.getByRole('button', { name: 'Import' }).click();
      await page.getByTestId('account-row').first().waitFor();
      const row = await page.getByTestId('account-row').first().innerText();
      expect(row).toContain('Paper one');
      expect(row.toLowerCase()).toContain(a.address.toLowerCase());
      expect(row).toContain(a.api_key);
      expect(await form.count()).toBe(0);
      // The deployment's order signing, as added: typed in for its start line's domain.
      const d = app.venue.orderDomain;
      expect(await page.getByTestId('venue-row').filter({ hasText: HOME }).getByTestId('signing-in-force').innerText()).toMatch(new RegExp(`^typed in: ${d.name}, chain ${d.chainId}`));
      const html = await page.content();
      for (const secret of [a.private_key, a.private_key.slice(2), a.secret, a.passphrase]) expect(html).not.toContain(secret);
    } else {
      expect(await page.getByTestId('test-clock').innerText()).toMatch(/from the server clock/);
      expect(await page.getByTestId('test-offers').innerText()).toMatch(/Offers: .*the order book.*price history/);
      expect(await page.getByTestId('test-lacks').innerText()).not.toMatch(/order book|price history|open orders|cancelling|cash balances|API keys/);
      await expect.poll(() => page.getByTestId('caps-offered').innerText()).toMatch(/Offers: .*creating API keys/);
      expect(await page.getByTestId('signing-in-force').first().innerText()).toBe('published by the venue');
    }
    const html = await page.content();
    expect(html).not.toMatch(/privateKey|"secret"/);
    await app.shot('settings');
    await page.getByTestId('connection-test').scrollIntoViewIfNeeded();
    await app.shot('settings-connection-test');
  });

  it('builds a 5-rung ladder, catches a bad line, and sends the fixed batch with per-line results', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await page.getByRole('button', { name: 'Ladder…' }).click();
    const ladder = page.getByRole('region', { name: 'Ladder builder' });
    await ladder.getByLabel('Market search').fill(market.question.split(/\s+/).slice(0, 6).join(' '));
    await ladder.getByRole('option', { name: market.question }).first().click();
    await ladder.getByLabel('Outcome').selectOption(yes);
    await ladder.getByLabel('From price').fill('41');
    await ladder.getByLabel('To price').fill('45');
    await ladder.getByLabel('Total size').fill('50');
    await expect.poll(() => ladder.getByTestId('ladder-preview').innerText()).toBe('10 @ 41¢ · 10 @ 42¢ · 10 @ 43¢ · 10 @ 44¢ · 10 @ 45¢');
    await app.shot('ladder');
    await ladder.getByRole('button', { name: 'Add rungs to ticket' }).click();
    const lines = page.getByTestId('ticket-line');
    await expect.poll(() => lines.count()).toBe(5);

    // Prices show in cents. Off the tick: the core's check names the nearest price and the batch cannot be sent.
    expect(await lines.nth(1).getByLabel('Price').inputValue()).toBe('42');
    await lines.nth(1).getByLabel('Price').fill('42.5');
    await expect.poll(() => page.getByTestId('line-problem').first().innerText(), { timeout: 10_000 }).toBe('42.5¢ is not on the 1¢ tick; nearest 42¢ or 43¢');
    expect(await page.getByTestId('submit-blocked').innerText()).toBe('Fix 1 line first');
    await app.shot('ticket-bad-line');
    await lines.nth(1).getByLabel('Price').fill('42');
    if (SPEC_ONLY) {
      // Every check made but the cash one: the lines are not shown as checked, and say why.
      await expect.poll(() => page.locator('[data-testid=ticket-line][data-check=unchecked]').count(), { timeout: 10_000 }).toBe(5);
      expect(await page.locator('[data-testid=ticket-line][data-ok=true]').count()).toBe(0);
      for (const note of await page.getByTestId('line-unchecked').allInnerTexts()) expect(note).toBe(NO_CASH_CHECK);
      expect(await page.getByTestId('not-checked-count').innerText()).toMatch(/5 lines not checked in full/);
    } else {
      await expect.poll(() => page.locator('[data-testid=ticket-line][data-ok=true]').count(), { timeout: 10_000 }).toBe(5);
    }
    // 10 × (0.41 + … + 0.45) = 21.50 before fees; the top rung would fill against the 0.45 offer.
    await expect.poll(() => page.getByTestId('ticket-totals').innerText(), { timeout: 10_000 }).toMatch(/\$21\.5/);
    // Buying Yes at every rung: paid 50 if Yes wins, the whole cost lost if it does not.
    expect(await page.getByTestId('total-best').innerText()).toBe('$50.00');
    expect(await page.getByTestId('total-worst').innerText()).toBe('$21.50');
    expect(await lines.nth(4).innerText()).toContain('fill');
    expect(await lines.nth(0).innerText()).toContain('rest');
    await app.shot('ticket-preview');

    await page.getByRole('button', { name: 'Sign and send 5 orders' }).click();
    if (SPEC_ONLY) await app.shot('ticket-confirm-unchecked');
    await confirmSend(app, 5);
    await expect.poll(() => page.getByTestId('line-result').count(), { timeout: 15_000 }).toBe(5);
    const results = await page.getByTestId('line-result').allInnerTexts();
    expect(results.slice(0, 4).every((r) => r.startsWith('live'))).toBe(true);
    expect(results[4]).toMatch(/^matched · got 10 for 4\.5/);
    // 4.50 spent on the fill, 17.00 held by the four resting rungs; read again after the batch, so
    // the line shows "Available …" until the answer comes, on either peer.
    await expect
      .poll(() => page.getByTestId('available').innerText(), { timeout: 15_000 })
      .toBe(SPEC_ONLY ? 'Cash balance not reported by this venue' : 'Available $9,978.50 ($17.00 in open orders)');
    await app.shot('ticket-results');

    const accounts = await app.core.router.dispatch('accounts.list', {});
    const acct = (accounts.ok ? (accounts.data as { accounts: Array<{ id: string; address: string }> }).accounts : [])[0] as { id: string; address: string };
    const positions = await app.core.router.dispatch('portfolio.positions', { address: acct.address });
    expect(positions.ok && (positions.data as { data: Array<{ asset: string; size: number }> }).data).toEqual([expect.objectContaining({ asset: `${market.condition_id}:0`, size: 10 })]);
    const open = await app.core.router.dispatch('orders.open', { accountId: acct.id });
    if (SPEC_ONLY) {
      // No open-orders list here: the journal holds the four resting rungs.
      expect(open.ok ? undefined : open.error.code).toBe('NOT_OFFERED');
      const journal = await app.core.router.dispatch('orders.journal', {});
      expect(journal.ok && (journal.data as Array<{ state: string }>).filter((j) => j.state === 'open')).toHaveLength(4);
    } else {
      expect(open.ok && (open.data as { data: unknown[] }).data).toHaveLength(4);
    }

    // The filled rung in the portfolio's positions and trades; the resting ones in open orders.
    await page.getByRole('button', { name: 'Portfolio' }).click();
    await expect.poll(() => page.getByTestId('positions').innerText(), { timeout: 15_000 }).toContain(market.question.slice(0, 30));
    await expect.poll(() => page.getByTestId('trades').innerText(), { timeout: 15_000 }).toMatch(/45(\.0)?¢/);
    await app.shot('ticket-portfolio');
    await page.getByRole('button', { name: 'Orders' }).click();
    await expect.poll(() => page.getByTestId('open-order').count(), { timeout: 15_000 }).toBe(4);
    await app.shot('ticket-orders');
    const lowest = page.getByTestId('open-order').filter({ hasText: '41¢' }).getByRole('button', { name: /^Cancel order/ });
    if (SPEC_ONLY) {
      // Listed from the journal. Cancelling is a write, never sent just to learn whether the venue
      // has it: the first cancel tells, and the buttons then say so instead of cancelling.
      expect(await page.getByTestId('journal-source').innerText()).toMatch(/does not list open orders/);
      await lowest.click();
      await expect.poll(() => lowest.isDisabled(), { timeout: 10_000 }).toBe(true);
      expect(await lowest.getAttribute('title')).toBe('Cancelling is not offered by this venue');
      expect(await page.getByTestId('open-order').count()).toBe(4);
    } else {
      // Cancel the lowest rung.
      await lowest.click();
      await expect.poll(() => page.getByTestId('open-order').count(), { timeout: 10_000 }).toBe(3);
    }
    await page.getByRole('button', { name: 'Order ticket' }).click();
  });

  /** The journal after the batch, the refused line and its retry (the lowest rung cancelled where the venue can). */
  const JOURNAL = SPEC_ONLY ? ['filled', 'filled', 'open', 'open', 'open', 'open', 'rejected'] : ['cancelled', 'filled', 'filled', 'open', 'open', 'open', 'rejected'];

  it('a line the venue refuses shows why, and is retried on its own once fixed', async () => {
    const { page } = app;
    expect(await page.getByRole('button', { name: 'Sign and send 0 orders' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page.getByTestId('ticket-line').nth(5);
    await typeLine(page, line, { question: market.question, token: yes, price: '46', size: '5' });
    await line.getByLabel('Post only').check();
    // Post-only at or above the best ask would trade: the preview says so, the venue refuses it.
    await expect.poll(() => line.innerText(), { timeout: 10_000 }).toContain('reject');
    await page.getByRole('button', { name: 'Sign and send 1 order' }).click();
    await confirmSend(app, 1);
    const note = page.locator('[data-testid=line-result][data-success=false]');
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toMatch(/post-only|cross/i);
    await app.shot('ticket-refused-line');
    await line.getByLabel('Post only').uncheck();
    await expect.poll(() => line.innerText(), { timeout: 10_000 }).toContain('fill');
    await page.getByRole('button', { name: 'Retry this line' }).click();
    // A retry skips the confirmation the setting asks for, never the yes for unchecked lines.
    if (SPEC_ONLY) await confirmSend(app, 1);
    await expect.poll(() => page.locator('[data-testid=line-result][data-success=true]').count(), { timeout: 15_000 }).toBe(6);
    expect(await page.getByTestId('line-result').nth(5).innerText()).toMatch(/^matched · got 5 for 2\.25 /); // at the resting 0.45, not its 0.46 limit
    const journal = await app.core.router.dispatch('orders.journal', {});
    expect(journal.ok && (journal.data as Array<{ state: string }>).map((j) => j.state).sort()).toEqual(JOURNAL);
    await page.getByTestId('ticket-line').nth(5).getByRole('button', { name: 'Remove line' }).click();
    // Written at once; the next test restarts the app, so wait until the core has it.
    await expect.poll(async () => {
      const draft = await app.core.router.dispatch('drafts.load', {});
      return draft.ok ? (draft.data as { lines: unknown[] }).lines.length : -1;
    }).toBe(5);
  });

  it('finds the draft and the journal intact after a restart', async () => {
    const { page } = app;
    await app.restart();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count(), { timeout: 10_000 }).toBe(5);
    // The draft keeps dollar prices; they show in cents again.
    expect(await page.getByTestId('ticket-line').nth(1).getByLabel('Price').inputValue()).toBe('42');
    // The placed lines still say so, and are not offered for sending again.
    await expect.poll(() => page.locator('[data-testid=line-result][data-success=true]').count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Sign and send 0 orders' }).isDisabled()).toBe(true);
    const journal = await app.core.router.dispatch('orders.journal', {});
    expect(journal.ok && (journal.data as Array<{ state: string }>).map((j) => j.state).sort()).toEqual(JOURNAL);
  });

  it('builds one ladder across every open market of an event', async () => {
    const { page, venue } = app;
    type Listed = { id: string; title: string; markets?: Array<{ active?: boolean; closed?: boolean; question?: string; groupItemTitle?: string }> };
    const events = (await (await fetch(`${venue.urls.catalog_url}/events?active=true&closed=false&limit=100`)).json()) as Listed[];
    const open = (e: Listed) => (e.markets ?? []).filter((m) => m.active !== false && m.closed !== true);
    // Not the first event: a venue that ignores the lookup answers with that one.
    const event = events.slice(1).find((e) => open(e).length >= 2 && open(e).length <= 4 && (e.markets ?? []).length > 0) as Listed;
    const before = await page.getByTestId('ticket-line').count();
    await page.getByRole('button', { name: 'Ladder…' }).click();
    const ladder = page.getByRole('region', { name: 'Ladder builder' });
    await ladder.getByRole('radio', { name: 'Every market of an event' }).click();
    await ladder.getByLabel('Event search').fill(event.title.split(/\s+/).slice(0, 5).join(' '));
    await ladder.getByRole('option', { name: event.title }).first().click();
    await ladder.getByLabel('From price').fill('10');
    await ladder.getByLabel('To price').fill('20');
    await ladder.getByLabel('Rungs').fill('2');
    await ladder.getByLabel('Total size').fill('10');
    await ladder.getByRole('button', { name: 'Add rungs to ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(before + 2 * open(event).length);
    const added = (await page.getByTestId('ticket-line').allInnerTexts()).slice(before);
    // Each market of the event gets the same two rungs, one line per rung.
    expect(new Set(added.map((t) => t.split('\n')[1])).size).toBe(open(event).length);
    // ...and they are that event's markets, not another event's.
    const labels = await page.getByTestId('ticket-line').locator('.market-cell .label').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    expect(new Set(labels.slice(before))).toEqual(new Set(open(event).map((m) => String(m.groupItemTitle ?? m.question ?? ''))));
    await app.shot('ticket-event-ladder');
    for (let i = 0; i < 2 * open(event).length; i++) await page.getByTestId('ticket-line').nth(before).getByRole('button', { name: 'Remove line' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(before);
  });

  it('reads "45" as 45¢ and "$0.3" as $0.30, and confirms a Yes and a No with the account’s name, the best and the worst case', async () => {
    const { page } = app;
    // Since the restart the vault is locked: opened for this batch, locked again after it.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Vault passphrase').fill('correct horse battery');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Vault unlocked').waitFor();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    const before = await page.getByTestId('ticket-line').count();
    for (const [token, price] of [[yes, '45'], [no, '$0.3']] as const) {
      await page.getByRole('button', { name: 'Add line' }).click();
      const line = page.getByTestId('ticket-line').last();
      await typeLine(page, line, { question: market.question, token, price, size: '10' });
    }
    const [yesLine, noLine] = [page.getByTestId('ticket-line').nth(before), page.getByTestId('ticket-line').nth(before + 1)];
    // Typed as cents, no hint; typed as dollars (with "$"), said so — and the field keeps what was typed.
    expect(await yesLine.getByTestId('price-hint').count()).toBe(0);
    expect(await noLine.getByTestId('price-hint').innerText()).toBe('read as $0.30 = 30¢');
    expect(await noLine.getByLabel('Price').inputValue()).toBe('$0.3');
    // The field takes cents: "0.3" alone is 0.3¢, said so, never 30¢.
    await noLine.getByLabel('Price').fill('0.3');
    expect(await noLine.getByTestId('price-hint').innerText()).toBe('read as 0.3¢, under a cent — for 30¢ type 30');
    await expect.poll(async () => {
      const d = await app.core.router.dispatch('drafts.load', {});
      return d.ok ? (d.data as { lines: Array<{ price: string }> }).lines.slice(before).map((l) => l.price) : [];
    }).toEqual(['0.45', '0.003']);
    await noLine.getByLabel('Price').fill('$0.3');
    // The draft keeps the dollar prices the core takes.
    await expect.poll(async () => {
      const d = await app.core.router.dispatch('drafts.load', {});
      return d.ok ? (d.data as { lines: Array<{ price: string }> }).lines.slice(before).map((l) => l.price) : [];
    }).toEqual(['0.45', '0.3']);
    await expect.poll(() => noLine.getAttribute('data-check'), { timeout: 10_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    await expect.poll(() => yesLine.getAttribute('data-check'), { timeout: 10_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    // Yes for 4.50 and No for 3.00: one of them pays 10 whichever wins, so no case loses.
    await expect.poll(() => page.getByTestId('total-best').innerText(), { timeout: 10_000 }).toBe('$10.00');
    expect(await page.getByTestId('total-cost').innerText()).toBe('$7.50');
    expect(await page.getByTestId('total-worst').innerText()).toBe('none (gains $2.50)');
    await app.shot('ticket-cents');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('ticket-cents-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');

    await page.getByRole('button', { name: 'Sign and send 2 orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('confirm-account').innerText()).toMatch(/^Signed with Paper one \(0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}\)\./);
    expect(await dialog.getByTestId('confirm-cost').innerText()).toBe('$7.50');
    expect(await dialog.getByTestId('confirm-best').innerText()).toBe('$10.00');
    expect(await dialog.getByTestId('confirm-worst').innerText()).toBe('none (gains $2.50)');
    if (SPEC_ONLY) {
      for (const note of await dialog.getByTestId('confirm-unchecked-line').allInnerTexts()) expect(note).toMatch(/^Line \d+ Buy 10 (Yes|No|\w+) at (45|30)¢/);
    }
    await app.shot('ticket-confirm');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('ticket-confirm-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    await confirmSend(app, 2);
    await expect.poll(() => page.locator('[data-testid=line-result][data-success=true]').count(), { timeout: 15_000 }).toBe(before + 2);
    // Sent at the dollar prices: "45" as 0.45, "$0.3" as 0.3.
    const journal = await app.core.router.dispatch('orders.journal', {});
    const sent = (journal.ok ? (journal.data as Array<{ tokenId: string; price: string; size: string }>) : []).slice(0, 2);
    expect(sent.map((j) => [j.tokenId, j.price, j.size]).sort()).toEqual([[no, '0.3', '10'], [yes, '0.45', '10']].sort());
    for (let i = 0; i < 2; i++) await page.getByTestId('ticket-line').nth(before).getByRole('button', { name: 'Remove line' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(before);
    await app.core.router.dispatch('accounts.lock', {});
    await page.reload();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count(), { timeout: 10_000 }).toBe(before);
  });

  it('holds a price far from the book until its own line is confirmed; a result follows its order; Clear can be undone', async () => {
    const { page, venue } = app;
    await app.core.router.dispatch('accounts.unlock', { passphrase: 'correct horse battery' });
    await page.reload();
    // A fresh offer of Yes at 50¢, so the best ask is known.
    const maker = await otherTrader(venue);
    await app.admin.mint(market.condition_id, maker.address, '50');
    expect((await maker.post([maker.order(yes, 'SELL', '0.5', '20', { negRisk: market.neg_risk === 1 })])).body[0]).toMatchObject({ success: true });
    await page.getByRole('button', { name: 'Order ticket' }).click();
    // The five lines of the first batch, once the draft is loaded.
    await expect.poll(() => page.getByTestId('ticket-line').count(), { timeout: 10_000 }).toBe(5);
    const before = 5;
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page.getByTestId('ticket-line').nth(before);
    // The empty price field shows a word, not a price that looks typed.
    expect(await line.getByLabel('Price').getAttribute('placeholder')).toBe('cents');
    await typeLine(page, line, { question: market.question, token: yes, price: '90', size: '5' });
    // Far above the best ask: held on its line, in words, and the batch waits for the yes.
    await expect.poll(() => line.getAttribute('data-guard'), { timeout: 10_000 }).toBe('held');
    const guard = page.getByTestId('line-guard');
    expect(await guard.innerText()).toMatch(/^Buy at 90¢ is \d+(\.\d+)?¢ above the best ask \d+(\.\d+)?¢ — confirm$/);
    expect(await line.getAttribute('data-ok')).toBe('false');
    expect(await page.getByTestId('submit-blocked').innerText()).toBe(`Confirm the price of line ${before + 1} first: far from the book`);
    expect(await page.getByRole('button', { name: /^Sign and send/ }).isDisabled()).toBe(true);
    await guard.getByRole('checkbox', { name: 'I mean this price' }).check();
    await expect.poll(() => line.getAttribute('data-guard')).toBe('confirmed');
    await expect.poll(() => page.getByTestId('submit-blocked').count(), { timeout: 10_000 }).toBe(0);
    await guard.scrollIntoViewIfNeeded();
    await app.shot('ticket-guard-confirmed');
    // Another price is another question: held again until confirmed again.
    await line.getByLabel('Price').fill('91');
    await expect.poll(() => line.getAttribute('data-guard'), { timeout: 10_000 }).toBe('held');
    expect(await page.getByTestId('line-guard').getByRole('checkbox').isChecked()).toBe(false);
    await app.shot('ticket-guard');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('ticket-guard-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    // At the market: nothing to confirm.
    await line.getByLabel('Price').fill('49');
    await expect.poll(() => line.getAttribute('data-check'), { timeout: 10_000 }).toBe(SPEC_ONLY ? 'unchecked' : 'checked');
    expect(await line.getAttribute('data-guard')).toBe(null);

    // Placed, it rests; on the full venue a cancel shows on its line instead of "live".
    await page.getByRole('button', { name: 'Sign and send 1 order' }).click();
    await confirmSend(app, 1);
    // Each line's result is in the note row under it: the first batch's five, then this one.
    const result = page.getByTestId('line-result').nth(before);
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toMatch(/^live/);
    if (!SPEC_ONLY) {
      const orderId = (await app.core.router.dispatch('orders.journal', {})) as { ok: true; data: Array<{ orderId: string; price: string }> };
      const placed = orderId.data.find((j) => j.price === '0.49') as { orderId: string };
      const accounts = await app.core.router.dispatch('accounts.list', {});
      const acct = (accounts.ok ? (accounts.data as { accounts: Array<{ id: string }> }).accounts : [])[0] as { id: string };
      await app.core.router.dispatch('orders.cancel', { accountId: acct.id, orderIds: [placed.orderId] });
      await expect.poll(() => result.getAttribute('data-state'), { timeout: 15_000 }).toBe('cancelled');
      expect(await result.innerText()).toMatch(/^cancelled \(was live\) · 0x/);
    }

    // Clear takes every line; the bar and Ctrl+Z bring them back.
    const all = await page.getByTestId('ticket-line').count();
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await page.getByTestId('ticket-line').count()).toBe(0);
    expect(await page.getByTestId('ticket-undo').innerText()).toContain(`Cleared ${all} lines.`);
    await app.shot('ticket-undo');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('ticket-undo-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(all);
    expect(await page.getByTestId('ticket-undo').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('ticket-undo').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(all);
    // The lines restored are the draft again (the next tests and a restart find them).
    await expect.poll(async () => {
      const d = await app.core.router.dispatch('drafts.load', {});
      return d.ok ? (d.data as { lines: unknown[] }).lines.length : -1;
    }).toBe(all);
    await page.getByTestId('ticket-line').nth(before).getByRole('button', { name: 'Remove line' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(before);
    await app.core.router.dispatch('accounts.lock', {});
    await page.reload();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count(), { timeout: 10_000 }).toBe(before);
  });

  it('sets a remote venue’s order signing; a switch shows only the new venue’s answers and draft', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Order ticket' }).click();
    const lines = await page.getByTestId('ticket-line').count();
    expect(lines).toBeGreaterThan(0);
    // A venue that answers nothing: no answer of the first one may show while it is active.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add a remote venue…' }).click();
    const nowhere = 'http://127.0.0.1:9';
    const fields: Array<[string, string]> = [['Name', 'Nowhere'], ['Catalog URL', `${nowhere}/catalog`], ['Trading URL', `${nowhere}/trading`], ['Data URL', `${nowhere}/data`]];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Add venue' }).click();
    const row = page.getByTestId('venue-row').filter({ hasText: 'Nowhere' });
    await expect.poll(() => row.getByTestId('signing-in-force').innerText()).toMatch(/^published by the venue/);

    // A preset, then a typed-in domain whose exchange address has a wrong checksum.
    await row.getByRole('button', { name: 'Change order signing of Nowhere' }).click();
    const chooser = page.getByTestId('signing-chooser');
    await chooser.getByRole('radio', { name: /Service family production, chain 137/ }).check();
    await chooser.getByRole('button', { name: 'Save order signing' }).click();
    await expect.poll(() => row.getByTestId('signing-in-force').innerText()).toMatch(/^Service family production, chain 137/);
    await row.getByRole('button', { name: 'Change order signing of Nowhere' }).click();
    await chooser.getByRole('radio', { name: 'Typed in' }).check();
    await chooser.getByLabel('Domain name').fill('Test Exchange');
    await chooser.getByLabel('Chain id').fill('31337');
    await chooser.getByLabel('Exchange address', { exact: true }).fill('0xe111180000d2663C0091e4f400237545B87B996B');
    await chooser.getByLabel('Negative-risk exchange address').fill('0xe2222d279d744050d28e00520010520000310f59');
    await chooser.getByRole('button', { name: 'Save order signing' }).click();
    await expect.poll(() => chooser.getByTestId('signing-error-exchange').innerText()).toMatch(/EIP-55 checksum/);
    expect(await chooser.getByTestId('signing-error-negRiskExchange').count()).toBe(0);
    await app.shot('settings-signing');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app.shot('settings-signing-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    await chooser.getByRole('button', { name: 'Close' }).click();

    // The switch: the status bar names the new venue and shows none of the first one's sync.
    const footer = page.locator('footer.status');
    await expect.poll(() => footer.innerText(), { timeout: 10_000 }).toMatch(/synced|catalog synced/);
    await row.getByRole('button', { name: 'Use' }).click();
    await expect.poll(() => footer.innerText(), { timeout: 10_000 }).toMatch(/^Nowhere/);
    expect(await footer.innerText()).not.toMatch(/synced/);
    expect(await page.getByTestId('sync').count()).toBe(0);
    await expect.poll(() => page.getByTestId('caps-unknown').innerText()).toMatch(/Not yet known: .*the order book/);
    expect(await page.getByTestId('account-row').count()).toBe(0);
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count()).toBe(0);
    await app.shot('switched-venue');

    // And back: the first venue's draft and answers return.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('venue-row').filter({ hasText: HOME }).getByRole('button', { name: 'Use' }).click();
    await expect.poll(() => footer.innerText(), { timeout: 10_000 }).toMatch(new RegExp(`^${HOME}`));
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-line').count(), { timeout: 10_000 }).toBe(lines);
  });

  it('refuses to send while trading is off, and while the venue is unreachable, queuing nothing', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('checkbox', { name: /Trading on/ }).uncheck();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    await expect.poll(() => page.getByTestId('submit-blocked').innerText()).toBe('Trading is switched off in Settings');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('checkbox', { name: /Trading on/ }).check();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    // Since the restart the vault is locked: nothing can be signed until it is opened.
    await expect.poll(() => page.getByTestId('submit-blocked').innerText()).toMatch(/Unlock the vault/);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Vault passphrase').fill('correct horse battery');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Vault unlocked').waitFor();
    await page.getByRole('button', { name: 'Order ticket' }).click();
    // A copy of a placed line is a new order, ready to send.
    await page.getByTestId('ticket-line').first().getByRole('button', { name: 'Duplicate line' }).click();
    await expect.poll(() => page.getByTestId('submit-blocked').count(), { timeout: 10_000 }).toBe(0);
    await app.venue.stop();
    // The next read fails and the trading surface is marked down.
    app.skew.ms += 10 * 60_000; // past every freshness window, so reads go to the venue
    await app.core.router.dispatch('markets.quotes', { conditionId: market.condition_id });
    await expect.poll(() => page.getByTestId('submit-blocked').innerText(), { timeout: 15_000 }).toMatch(/unreachable; nothing is queued/);
    await app.shot('ticket-offline');
    // The portfolio still opens, from the cache, stamped.
    await page.getByRole('button', { name: 'Portfolio' }).click();
    await page.getByTestId('as-of').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('positions').innerText()).toContain(market.question.slice(0, 30));
  });
});
