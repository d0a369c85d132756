// The core on a deployment that offers only the spec (the local venue's --spec-only mode, with
// real-world representations): what it lacks is said in words, never polled again, and a signed
// batch still goes out once the profile knows its order domain.
import { describe, expect, it, vi } from 'vitest';
import type { OrderDomainInfo, PaperAccount } from '../../venue/account.js';
import { coreForFile, startCore, tradable, venueProfile, type CoreHarness } from './test-support.js';
import { FRESH } from './context.js';

const asked: string[] = [];
const counting: typeof fetch = (url, init) => {
  asked.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
  return fetch(url, init);
};
const h = coreForFile({ venue: { specOnly: true, representation: 'varied' }, core: { http: { fetch: counting, policy: { timeoutMs: 2000, retries: 0 } } } });

/** A remote profile for the venue, active, with the start line's account imported. */
async function deployment(signing?: { source: 'custom'; domain: Record<string, unknown> }, on: CoreHarness = h) {
  const profile = await on.ok<{ id: string }>('profiles.add', { ...venueProfile(on.venue, 'Spec-only deployment'), kind: undefined, ...(signing ? { signing } : {}) });
  await on.ok('profiles.switch', { id: profile.id });
  await on.ok('accounts.unlock', { passphrase: 'pw' });
  const a = on.venue.account as PaperAccount;
  const acct = await on.ok<{ id: string; address: string }>('accounts.import', { privateKey: a.private_key, apiKey: a.api_key, secret: a.secret, passphrase: a.passphrase, label: 'Start line' });
  return { profile, acct };
}

function domainOf(d: OrderDomainInfo) {
  return { name: d.name, version: d.version, chainId: d.chainId, exchange: d.verifyingContract, negRiskExchange: d.negRiskVerifyingContract };
}

describe('a venue that offers only the spec', () => {
  it('passes the connection test and says in words what it lacks', async () => {
    const t = await h.ok<{ surfaces: Array<{ ok: boolean }>; clockSource?: string; clockSkewMs?: number; offers: string[]; lacks: string[] }>('profiles.test');
    expect(t.surfaces.every((s) => s.ok)).toBe(true);
    expect(t.clockSource).toBe('date-header');
    expect(Math.abs(t.clockSkewMs ?? Infinity)).toBeLessThan(1500);
    expect(t.offers).toEqual([]);
    expect(t.lacks).toEqual(expect.arrayContaining(['the server clock', 'its order-signing domain', 'the order book', 'price history', 'open orders', 'cash balances', 'creating API keys', 'tags', 'search']));
    // Cancelling is a write: never sent to find out, so not known until first used.
    expect(t.lacks).not.toContain('cancelling orders');
  });

  it('has no key endpoint: creating an account says to import one, importing with credentials works', async () => {
    await h.ok('accounts.unlock', { passphrase: 'pw' });
    const refused = await h.fails('accounts.createLocal');
    expect(refused).toMatchObject({ code: 'NOT_OFFERED' });
    expect(refused.message).toMatch(/no key endpoint: import the wallet key with the API key, secret and passphrase/);
    const { acct } = await deployment();
    expect(acct.address).toBe((h.venue.account as PaperAccount).address);
  });

  it('refuses to sign without an order domain, with words pointing at the setting; sends once one is chosen', async () => {
    const m = tradable(h.venue);
    const { profile, acct } = await deployment();
    const lines = [
      { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.05', size: '5' },
      { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.123', size: '5' },
    ];
    const refused = await h.fails('orders.submit', { accountId: acct.id, lines });
    expect(refused.code).toBe('NOT_OFFERED');
    expect(refused.message).toMatch(/does not publish which exchange orders are signed for \(GET \/version\); choose one in Settings → Venues → Order signing/);
    await h.ok('profiles.setSigning', { id: profile.id, signing: { source: 'custom', domain: domainOf(h.venue.orderDomain) } });
    const results = await h.ok<Array<{ line: number; success: boolean; status?: string; code?: string }>>('orders.submit', { accountId: acct.id, lines });
    // Answered line by line: the good one rests, the one off the tick never left.
    expect(results.map((r) => [r.line, r.success, r.status ?? r.code])).toEqual([[0, true, 'live'], [1, false, 'INVALID_ORDER']]);
    expect((await h.ok<Array<{ state: string }>>('orders.journal', { accountId: acct.id })).map((j) => j.state)).toEqual(['open']);
  });

  it('closes in the journal a resting order whose market closed, with no open-orders list to say so', async () => {
    // A core of its own, with the watcher on, on a clock the test moves past the data freshness window.
    const skew = { ms: 0 };
    const t = await startCore({ venue: { specOnly: true, representation: 'varied' }, core: { watch: { everyMs: 100 }, clock: { now: () => Date.now() + skew.ms } } });
    try {
      const m = tradable(t.venue, 2);
      const { acct } = await deployment({ source: 'custom', domain: domainOf(t.venue.orderDomain) }, t);
      const [placed] = await t.ok<Array<{ success: boolean; orderId?: string }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.05', size: '5' }] });
      expect(placed).toMatchObject({ success: true });
      const state = async () => (await t.ok<Array<{ orderId: string; state: string }>>('orders.journal', { accountId: acct.id })).find((j) => j.orderId === placed?.orderId)?.state;
      expect(await state()).toBe('open');
      t.venue.exchange.setMarketStatus(m.cid, 'closed');
      // Past the data freshness window, the watcher's passes read the market again and find it closed.
      skew.ms = FRESH.data + 1_000;
      await vi.waitFor(async () => expect(await state()).toBe('closed'), { timeout: 20_000, interval: 100 });
    } finally {
      await t.close();
    }
  }, 60_000);

  it('never previews an unchecked line as checked: tokens from positions and the journal, cash not reported', async () => {
    const m = tradable(h.venue, 1);
    const { acct } = await deployment({ source: 'custom', domain: domainOf(h.venue.orderDomain) });
    const preview = await h.ok<Array<{ ok: boolean; unchecked?: string[]; problems: Array<{ message: string }> }>>('orders.preview', {
      accountId: acct.id,
      lines: [
        { conditionId: m.cid, tokenId: m.tokens[0], side: 'SELL', price: '0.5', size: '1000000' },
        { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.5', size: '10' },
      ],
    });
    expect(preview[0]?.ok).toBe(false);
    expect(preview[0]?.problems[0]?.message).toMatch(/^not enough tokens: sells 1,000,000, you hold 0$/);
    expect(preview[1]).toMatchObject({ ok: true, unchecked: ['cash not checked: this venue does not report balances'] });
  });

  it('says what it lacks for orders, cancels and cash, and asks for each missing route once', async () => {
    const { acct } = await deployment({ source: 'custom', domain: domainOf(h.venue.orderDomain) });
    asked.length = 0;
    for (let i = 0; i < 2; i++) {
      expect(await h.fails('orders.open', { accountId: acct.id })).toMatchObject({ code: 'NOT_OFFERED', message: 'Open orders: not offered by this venue' });
      expect(await h.fails('orders.cancel', { accountId: acct.id, all: true })).toMatchObject({ code: 'NOT_OFFERED', message: 'Cancelling orders: not offered by this venue' });
      expect(await h.fails('portfolio.balance', { accountId: acct.id })).toMatchObject({ code: 'NOT_OFFERED', message: 'Cash balances: not offered by this venue' });
    }
    // Each missing route was asked once, by the first round; the second sent nothing.
    const count = (route: string) => asked.filter((a) => a.endsWith(route)).length;
    expect([count('GET /trading/data/orders'), count('DELETE /trading/cancel-all'), count('GET /trading/balance-allowance')]).toEqual([1, 1, 1]);
    const caps = await h.ok<{ lacks: string[] }>('venue.capabilities');
    expect(caps.lacks).toEqual(expect.arrayContaining(['open orders', 'cancelling orders', 'cash balances']));
  });

  it('draws the chart from trades, says the book is not offered, and prices event markets itself', async () => {
    await deployment();
    const traded = h.venue.db.prepare("SELECT m.condition_id AS c FROM markets m JOIN last_trades t ON t.condition_id = m.condition_id WHERE m.status = 'active' GROUP BY m.condition_id HAVING COUNT(*) = 2 LIMIT 1").get() as { c: string };
    const token = (h.venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? AND outcome_index = 0').get(traded.c) as { token_id: string }).token_id;
    expect(await h.fails('markets.book', { tokenId: token })).toMatchObject({ code: 'NOT_OFFERED', message: 'The order book: not offered by this venue' });
    expect(await h.fails('markets.history', { tokenId: token, range: 'ALL' })).toMatchObject({ code: 'NOT_OFFERED', message: 'Price history: not offered by this venue' });
    const drawn = await h.ok<{ data: { source: string; candles: Array<{ t: number; o: number; h: number; l: number; c: number; v: number }> } }>('markets.history', { tokenId: token, conditionId: traded.c, range: 'ALL' });
    expect(drawn.data.source).toBe('trades');
    expect(drawn.data.candles.length).toBeGreaterThan(0);
    const times = drawn.data.candles.map((x) => x.t);
    expect(times).toEqual([...new Set(times)].sort((a, b) => a - b));
    expect(drawn.data.candles.every((x) => x.l > 0 && x.h < 1 && x.l <= x.c && x.c <= x.h)).toBe(true);
    expect(drawn.data.candles.some((x) => x.v > 0)).toBe(true);

    // The event's market summaries carry no prices on this venue; the event page gets them anyway.
    const event = h.venue.db.prepare('SELECT e.slug AS slug FROM events e JOIN markets m ON m.event_id = e.id WHERE m.status = \'active\' LIMIT 1').get() as { slug: string };
    const raw = (await (await fetch(`${h.venue.urls.catalog_url}/events?slug=${event.slug}`)).json()) as Array<{ markets: Array<Record<string, unknown>> }>;
    expect(raw[0]?.markets.every((m) => m['outcomePrices'] === undefined)).toBe(true);
    const got = await h.ok<{ data: { slug: string; markets: Array<{ outcomePrices?: string[] }> } }>('events.get', { idOrSlug: event.slug });
    expect(got.data.slug).toBe(event.slug);
    expect(got.data.markets.some((m) => (m.outcomePrices?.length ?? 0) > 0)).toBe(true);
  });

  it('syncs the catalog without tags, which it does not list', async () => {
    await deployment();
    expect(await h.fails('tags.list', { limit: 5 })).toMatchObject({ code: 'NOT_OFFERED', message: 'Tags: not offered by this venue' });
    await h.ok('sync.start');
    await expect.poll(async () => (await h.ok<{ running: boolean }>('sync.status')).running, { timeout: 30_000 }).toBe(false);
    const status = await h.ok<{ kinds: Array<{ kind: string; done: number; complete: boolean }> }>('sync.status');
    expect(status.kinds.filter((k) => k.kind !== 'tags').every((k) => k.done > 0 && k.complete)).toBe(true);
    const list = await h.ok<{ data: { rows: unknown[]; total: number } }>('markets.list', { limit: 5 });
    expect(list.data.total).toBeGreaterThan(5);
  });
});
