// Orders through the core against the real local venue: checks, a signed batch over the venue's
// limit, cancel, the journal following fills, a lost answer, throttled lines.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { caller, coreForFile, sellInto, startCore, tradable, type TradableMarket } from '../../test-support.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { catalogChanged } from '../../../../venue/market-index.js';
import { isPost, relay } from './test-support.js';

const h = coreForFile();
let m: TradableMarket;
beforeAll(() => {
  m = tradable(h.venue);
});

type Result = { success: boolean; status?: string; orderId?: string; line: number; attempts: number; code?: string; retryAfterSeconds?: number };

describe('a batch', () => {
  it('is checked against the market, then placed, listed and cancelled, 17 lines in two requests', async () => {
    const acct = await h.account();
    const preview = await h.ok<Array<{ ok: boolean; price?: string; makerAmount?: string; problems: Array<{ field: string; message: string }> }>>('orders.preview', {
      lines: [
        { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.123', size: '10' },
        { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.12', size: '10.5' },
        { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.12', size: '2' },
      ],
    });
    expect(preview[0]).toMatchObject({ ok: false, price: '0.12' });
    expect(preview[0]?.problems[0]?.message).toMatch(/tick; nearest 12¢/);
    expect(preview[1]).toMatchObject({ ok: true, makerAmount: '1260000' });
    expect(preview[2]?.problems[0]?.field).toBe('size');

    const lines = Array.from({ length: 17 }, (_, i) => ({ conditionId: m.cid, tokenId: m.tokens[i % 2], side: 'BUY', price: `0.0${(i % 8) + 1}`, size: '5' }));
    const results = await h.ok<Result[]>('orders.submit', { accountId: acct.id, lines });
    expect(results.map((r) => r.line)).toEqual(lines.map((_, i) => i));
    expect(results.every((r) => r.success && r.status === 'live')).toBe(true);
    const open = await h.ok<{ data: Array<{ id: string }> }>('orders.open', { accountId: acct.id });
    expect(open.data.map((o) => o.id).sort()).toEqual(results.map((r) => r.orderId).sort());
    const journal = await h.ok<Array<{ state: string }>>('orders.journal', { accountId: acct.id });
    expect(journal).toHaveLength(17);
    expect(journal.every((j) => j.state === 'open')).toBe(true);
    const cancel = await h.ok<{ canceled: string[] }>('orders.cancel', { accountId: acct.id, all: true });
    expect(cancel.canceled).toHaveLength(17);
    expect((await h.ok<Array<{ state: string }>>('orders.journal', { accountId: acct.id })).every((j) => j.state === 'cancelled')).toBe(true);
    const balance = await h.ok<{ data: { balance: string; available: string } }>('portfolio.balance', { accountId: acct.id });
    expect(balance.data).toMatchObject({ balance: '10000', available: '10000' });
  });

  it('keeps the app busy while it is sent, and a cache reset waits for it', async () => {
    const acct = await h.account();
    expect(h.core.activity.busy()).toBe(false);
    const sending = h.core.router.dispatch('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.02', size: '5' }] });
    expect(h.core.activity.busy()).toBe(true);
    let idle = false;
    const waited = h.core.activity.whenIdle().then(() => (idle = true));
    expect((await h.fails('cache.reset')).code).toBe('BUSY');
    expect(await sending).toMatchObject({ ok: true, data: [{ success: true }] });
    await waited;
    expect(idle).toBe(true);
    expect(h.core.activity.busy()).toBe(false);
    await h.ok('orders.cancel', { accountId: acct.id, all: true });
  });
});

describe('the order journal', () => {
  it('follows fills: partly filled while resting, filled once gone from the book of a trading market', async () => {
    const acct = await h.account();
    const [a, b] = await h.ok<Result[]>('orders.submit', {
      accountId: acct.id,
      lines: [
        { conditionId: m.cid, tokenId: m.tokens[1], side: 'BUY', price: '0.31', size: '10' },
        { conditionId: m.cid, tokenId: m.tokens[1], side: 'BUY', price: '0.30', size: '10' },
      ],
    });
    await sellInto(h.venue, m, 1, '0.30', '15');
    // A batch makes the next open-orders read go to the venue, inside the freshness window too.
    const open = await h.ok<{ data: Array<{ id: string; question?: string }> }>('orders.open', { accountId: acct.id });
    expect(open.data.map((o) => o.id)).toEqual([b?.orderId]);
    expect(open.data[0]?.question).toBe(m.question);
    const journal = await h.ok<Array<{ orderId: string; state: string; sizeMatched: string; conditionId?: string; question?: string; outcome?: string }>>('orders.journal', { accountId: acct.id });
    expect(journal.find((j) => j.orderId === a?.orderId)).toMatchObject({ state: 'filled', sizeMatched: '10', conditionId: m.cid, question: m.question });
    expect(journal.find((j) => j.orderId === b?.orderId)).toMatchObject({ state: 'partly_filled', sizeMatched: '5' });
    expect(journal[0]?.outcome).toBeTruthy();
  });
});

describe('the fat-finger guard', () => {
  it('comes with the preview of a price that crosses the book by more than a few ticks, in words', async () => {
    const g = tradable(h.venue, 5);
    // Someone asks 40¢ for the market's first outcome; nothing else of it is on the book then.
    h.venue.db.prepare("UPDATE orders SET status = 'canceled' WHERE condition_id = ?").run(g.cid);
    const maker = await Trader.create(h.venue.urls);
    h.venue.exchange.mint(maker.address.toLowerCase(), g.cid, 30_000_000, 500_000);
    expect((await maker.post([maker.order(g.tokens[0] as string, 'SELL', '0.40', '10', { negRisk: g.negRisk })])).body[0]).toMatchObject({ success: true });
    const line = (price: string) => ({ conditionId: g.cid, tokenId: g.tokens[0], side: 'BUY', price, size: '5' });
    const [far, near, rest] = await h.ok<Array<{ ok: boolean; guard?: string; bestOpposite?: string }>>('orders.preview', { lines: [line('0.9'), line('0.45'), line('0.39')] });
    expect(far).toMatchObject({ ok: true, bestOpposite: '0.4', guard: 'Buy at 90¢ is 50¢ above the best ask 40¢ — confirm' });
    expect(near?.guard).toBeUndefined();
    expect(rest?.guard).toBeUndefined();
  });
});

describe('a fill on arrival', () => {
  it('raises the same notice as a fill found later, at the price it filled at, so the trader is told of it', async () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    const t = await startCore({ core: { emit: (name, payload) => seen.push([name, payload as Record<string, unknown>]) } });
    try {
      const g = tradable(t.venue, 2);
      const maker = await Trader.create(t.venue.urls);
      t.venue.exchange.mint(maker.address.toLowerCase(), g.cid, 30_000_000, 500_000);
      expect((await maker.post([maker.order(g.tokens[0] as string, 'SELL', '0.35', '6', { negRisk: g.negRisk })])).body[0]).toMatchObject({ success: true });
      const acct = await t.account();
      const [r] = await t.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [{ conditionId: g.cid, tokenId: g.tokens[0], side: 'BUY', price: '0.4', size: '6', type: 'FOK' }] });
      expect(r).toMatchObject({ success: true, status: 'matched' });
      const notices = seen.filter(([name]) => name === 'notices.raised').map(([, n]) => n);
      // A 40¢ limit that met the 35¢ ask: told at 35¢.
      expect(notices).toEqual([expect.objectContaining({ kind: 'fill', title: 'Order filled', orderId: r?.orderId, body: expect.stringMatching(/^Buy 6 .+ at 35¢ · /) })]);
    } finally {
      await t.close();
    }
  });
});

describe('a fill on arrival in a market with a taker fee', () => {
  it('is told at the price it filled at, with the fee apart, as the venue charged them', async () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    const t = await startCore({ core: { emit: (name, payload) => seen.push([name, payload as Record<string, unknown>]) } });
    try {
      const g = tradable(t.venue, 3);
      t.venue.db.prepare('UPDATE markets SET taker_base_fee = 200 WHERE condition_id = ?').run(g.cid);
      catalogChanged(t.venue.db);
      const maker = await Trader.create(t.venue.urls);
      t.venue.exchange.mint(maker.address.toLowerCase(), g.cid, 30_000_000, 500_000);
      const sell = (token: number, price: string, size: string) => maker.order(g.tokens[token] as string, 'SELL', price, size, { negRisk: g.negRisk });
      const acct = await t.account();
      t.venue.exchange.mint(acct.address.toLowerCase(), g.cid, 5_000_000, 500_000);
      const bodies: string[] = [];
      const take = async (token: number, side: 'BUY' | 'SELL', price: string, size: string) => {
        seen.length = 0;
        const [r] = await t.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [{ conditionId: g.cid, tokenId: g.tokens[token], side, price, size, type: 'FAK' }] });
        expect(r).toMatchObject({ success: true, status: 'matched' });
        bodies.push(seen.filter(([name]) => name === 'notices.raised').map(([, n]) => String(n['body']))[0] ?? '');
      };
      expect((await maker.post([sell(0, '0.35', '6'), sell(1, '0.1', '5'), sell(1, '0.11', '5')])).body.map((r) => r['success'])).toEqual([true, true, true]);
      await take(0, 'BUY', '0.4', '6');
      expect((await maker.post([maker.order(g.tokens[0] as string, 'BUY', '0.6', '5', { negRisk: g.negRisk })])).body[0]).toMatchObject({ success: true, status: 'live' });
      await take(0, 'SELL', '0.55', '5');
      await take(1, 'BUY', '0.2', '10');
      // The venue's own record of the first two: one price each, a 2% fee on the nearer edge.
      const taken = t.venue.db.prepare("SELECT side, price, size, fee FROM fills WHERE wallet = ? AND role = 'T' ORDER BY id").all(acct.address.toLowerCase());
      expect(taken.slice(0, 2)).toEqual([{ side: 'BUY', price: 350_000, size: 6_000_000, fee: 42_000 }, { side: 'SELL', price: 600_000, size: 5_000_000, fee: 40_000 }]);
      // 6 at 35¢ cost $2.10 and $0.042 of fee, not "35.7¢"; 5 sold at 60¢ paid $0.04.
      expect(bodies[0]).toMatch(/^Buy 6 .+ at 35¢ \(fee \$0\.042\) · /);
      expect(bodies[1]).toMatch(/^Sell 5 .+ at 60¢ \(fee \$0\.04\) · /);
      // 5 at 10¢ and 5 at 11¢: $1.05 and $0.021 of fee; no one price, so the average says the fee is in it.
      expect(bodies[2]).toMatch(/^Buy 10 .+ at 10\.71¢ on average, fee included · /);
    } finally {
      await t.close();
    }
  });
});

type Journal = Array<{ orderId: string; state: string; sizeMatched: string; code?: string; message?: string; conditionId?: string }>;

const wallet = (address: string) => (h.venue.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE wallet = ?').get(address.toLowerCase()) as { n: number }).n;

describe('a lost answer to POST /orders', () => {
  it('is reconciled through open orders, never sent twice', async () => {
    let posts = 0;
    // Relays to the venue, but cuts the connection after the venue has taken an order batch.
    const r = await relay(h.venue, (method, url) => (isPost(method, url) ? (posts++, 'cut') : undefined));
    const core = r.start();
    const via = caller(() => core);
    try {
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await via.ok<{ id: string; address: string }>('accounts.createLocal');
      const lines = [1, 2, 3].map((i) => ({ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: `0.0${i}`, size: '5' }));
      const results = await via.ok<Result[]>('orders.submit', { accountId: acct.id, lines });
      expect(posts).toBe(1); // sent once
      expect(results.map((x) => [x.success, x.status])).toEqual([[true, 'live'], [true, 'live'], [true, 'live']]);
      expect(wallet(acct.address)).toBe(3);
      await via.ok('orders.cancel', { accountId: acct.id, all: true });
    } finally {
      core.close();
      await r.close();
    }
  });

  it('leaves orders unknown when the venue cannot be asked, and the watcher finds them: resting, then filled by their trades', async () => {
    let blind = true;
    // The batch's answer is lost, and so is the open-orders read right after it.
    const r = await relay(h.venue, (method, url) => (isPost(method, url) ? 'cut' : blind && url.includes('/data/orders') ? 'drop' : undefined));
    const core = r.start({ watch: { everyMs: 100 } });
    const via = caller(() => core);
    try {
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await via.ok<{ id: string; address: string }>('accounts.createLocal');
      const lines = [4, 5].map((i) => ({ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: `0.0${i}`, size: '5' }));
      const results = await via.ok<Result[]>('orders.submit', { accountId: acct.id, lines });
      expect(results.map((x) => [x.success, x.status, x.code])).toEqual([[false, 'unknown', 'ANSWER_LOST'], [false, 'unknown', 'ANSWER_LOST']]);
      const [low, high] = results.map((x) => x.orderId);
      // Another trader sells into the higher one, taking it off the book.
      await sellInto(h.venue, m, 0, '0.05', '5');
      blind = false;
      await vi.waitFor(async () => {
        const journal = await via.ok<Journal>('orders.journal', { accountId: acct.id });
        expect(journal.find((j) => j.orderId === high)).toMatchObject({ state: 'filled', sizeMatched: '5' });
        expect(journal.find((j) => j.orderId === low)).toMatchObject({ state: 'open' });
      }, { timeout: 5000, interval: 50 });
      await via.ok('orders.cancel', { accountId: acct.id, all: true });
    } finally {
      core.close();
      await r.close();
    }
  });

  it('is given up on, still unknown and saying so, 10 minutes after sending when the venue has no trace of it', async () => {
    const time = { ms: 0 };
    // The batch never reaches the venue, and neither does the read of open orders right after.
    const r = await relay(h.venue, (method, url) => (isPost(method, url) || url.includes('/data/orders') ? 'drop' : undefined));
    const core = r.start({ watch: { everyMs: 100 }, clock: { now: () => Date.now() + time.ms } });
    const via = caller(() => core);
    try {
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await via.ok<{ id: string; address: string }>('accounts.createLocal');
      const [sent] = await via.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.06', size: '5' }] });
      expect(sent).toMatchObject({ status: 'unknown' });
      await new Promise((res) => setTimeout(res, 400)); // passes looked, and still look
      expect((await via.ok<Journal>('orders.journal', { accountId: acct.id }))[0]).toMatchObject({ state: 'unknown', code: 'ANSWER_LOST' });
      time.ms = 10 * 60_000;
      await vi.waitFor(async () => {
        const [row] = await via.ok<Journal>('orders.journal', { accountId: acct.id });
        expect(row).toMatchObject({ orderId: sent?.orderId, state: 'unknown', code: 'NOT_FOUND' });
        expect(row?.message).toMatch(/not found on the venue after 10 minutes; check its trades/);
      }, { timeout: 5000, interval: 50 });
      expect(wallet(acct.address)).toBe(0);
    } finally {
      core.close();
      await r.close();
    }
  });
});

describe('a batch that cannot be sent', () => {
  it('leaves no row sending when the venue refuses the POST (4xx), or answers it with something that is not an answer', async () => {
    let answer: { status: number; body: string } | undefined;
    const r = await relay(h.venue, (method, url) => (isPost(method, url) && answer ? answer : undefined));
    const core = r.start();
    const via = caller(() => core);
    try {
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await via.ok<{ id: string; address: string }>('accounts.createLocal');
      const line = { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.07', size: '5' };
      answer = { status: 400, body: JSON.stringify({ error: 'the batch is malformed' }) };
      await via.fails('orders.submit', { accountId: acct.id, lines: [line] });
      let journal = await via.ok<Journal>('orders.journal', { accountId: acct.id });
      expect(journal).toHaveLength(1);
      expect(journal[0]).toMatchObject({ state: 'rejected', conditionId: m.cid });
      answer = { status: 200, body: '"not a list"' };
      await via.fails('orders.submit', { accountId: acct.id, lines: [line] });
      journal = await via.ok<Journal>('orders.journal', { accountId: acct.id });
      expect(journal).toHaveLength(2);
      // The venue may have taken that one: unknown, to be looked for.
      expect(journal.map((j) => j.state).sort()).toEqual(['rejected', 'unknown']);
      expect(journal.some((j) => j.state === 'sending')).toBe(false);
    } finally {
      core.close();
      await r.close();
    }
  });

  it('signs nothing, sends nothing and writes no row when the order domain cannot be had', async () => {
    let versionGone = false;
    const r = await relay(h.venue, (method, url) => (versionGone && url.endsWith('/version') ? { status: 404, body: JSON.stringify({ error: 'not found' }) } : undefined));
    let core = r.start();
    const via = caller(() => core);
    try {
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await via.ok<{ id: string; address: string }>('accounts.createLocal');
      // Restarted: the domain the account was made with is no longer known, and cannot be read.
      core.close();
      versionGone = true;
      core = r.start();
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const lines = [1, 2].map((i) => ({ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: `0.0${i}`, size: '5' }));
      const e = await via.fails('orders.submit', { accountId: acct.id, lines });
      expect(e.message).toMatch(/does not publish which exchange orders are signed for/);
      expect(await via.ok<Journal>('orders.journal', { accountId: acct.id })).toEqual([]);
      expect(wallet(acct.address)).toBe(0);
    } finally {
      core.close();
      await r.close();
    }
  });
});

describe('throttled lines', () => {
  /**
   * A venue that takes 3 orders per 10 s, whose clock the core's waits move forward: a retry
   * after the venue's delay costs no real time.
   */
  async function throttled() {
    const time = { ms: 0 };
    const now = () => Date.now() + time.ms;
    const t = await startCore({
      venue: { rateLimitScale: 3 / 2400, now },
      core: { clock: { now }, sleep: async (ms) => void (time.ms += ms), http: { policy: { timeoutMs: 2000, retries: 0, baseDelayMs: 10 } } },
    });
    return { t, time };
  }

  it('are retried after the venue’s delay, and only they', async () => {
    const { t, time } = await throttled();
    try {
      const tm = tradable(t.venue);
      const acct = await t.account();
      const results = await t.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [1, 2, 3, 4, 5].map((i) => ({ conditionId: tm.cid, tokenId: tm.tokens[0], side: 'BUY', price: `0.0${i}`, size: '5' })) });
      expect(results.map((x) => [x.success, x.attempts])).toEqual([[true, 1], [true, 1], [true, 1], [true, 2], [true, 2]]);
      // The retry waited as long as the venue asked, on the clock the venue keeps.
      expect(time.ms).toBeGreaterThanOrEqual(1000);
      expect((t.venue.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n).toBe(5);
    } finally {
      await t.close();
    }
  });

  it('wait, rather than fail, when the venue throttles the read of their market’s rules', async () => {
    const { t } = await throttled();
    try {
      const tm = tradable(t.venue, 1);
      const acct = await t.account();
      // Someone else spends the trading surface's budget.
      let status = 0;
      for (let i = 0; i < 100 && status !== 429; i++) status = (await fetch(`${t.venue.urls.trading_url}/markets/${tm.cid}`)).status;
      expect(status).toBe(429);
      const line = { conditionId: tm.cid, tokenId: tm.tokens[0], side: 'BUY', price: '0.05', size: '5' };
      const [checked] = await t.ok<Array<{ ok: boolean; retryAfterSeconds?: number; problems: Array<{ message: string }> }>>('orders.preview', { lines: [line] });
      expect(checked).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });
      expect(checked?.problems[0]?.message).toMatch(/throttling .* checking again in \d+ s/);
      const [result] = await t.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [line] });
      expect(result).toMatchObject({ success: false, code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect((t.venue.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n).toBe(0);
    } finally {
      await t.close();
    }
  });
});
