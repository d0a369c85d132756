// The core end to end: router.dispatch against the real local venue and temp SQLite files.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogChanged } from '../../venue/market-index.js';
import { startTestVenue, type TestVenue } from '../../venue/test-support.js';
import { createCore, type Core } from './index.js';

let venue: TestVenue;
let dir: string;
let core: Core;
let cid: string;
let tokens: string[];
/** The account that buys in the order-journal test, and so holds a position afterwards. */
let holder: { id: string; address: string } | undefined;

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function make(dataDir: string, v: TestVenue, retries = 1): Core {
  return createCore({
    dataDir,
    defaultProfile: { name: 'Local venue', kind: 'local', catalogUrl: v.urls.catalog_url, tradingUrl: v.urls.trading_url, dataUrl: v.urls.data_url, headerPrefix: 'SERVICE' },
    logger: silent,
    checkOutputs: true,
    http: { policy: { timeoutMs: 2000, retries, baseDelayMs: 10 } },
    watch: false,
  });
}

const called = new Set<string>();

async function ok<T = unknown>(name: string, input: unknown = {}): Promise<T> {
  called.add(name);
  const r = await core.router.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.data as T;
}

async function fails(name: string, input: unknown = {}): Promise<{ code: string; message: string; field?: string }> {
  called.add(name);
  const r = await core.router.dispatch(name, input);
  if (r.ok) throw new Error(`${name} should have failed`);
  return r.error;
}

beforeAll(async () => {
  venue = await startTestVenue();
  dir = mkdtempSync(join(tmpdir(), 'kairos-core-'));
  core = make(dir, venue);
  cid = (venue.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { condition_id: string }).condition_id;
  venue.db.prepare('UPDATE markets SET tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0, min_order_age = 0 WHERE condition_id = ?').run(cid);
  catalogChanged(venue.db);
  tokens = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(cid) as Array<{ token_id: string }>).map((t) => t.token_id);
});
afterAll(async () => {
  core?.close();
  await venue?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('contract and router', () => {
  it('refuses unknown calls and bad input, naming the field', async () => {
    expect((await fails('nope.never')).code).toBe('UNKNOWN_CALL');
    const bad = await fails('markets.list', { limit: 0 });
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'limit' });
    expect(bad.message).toMatch(/limit/);
    expect((await fails('portfolio.positions', { address: 'me' })).field).toBe('address');
  });

  it('browses the catalog, market detail, prices, trades, holders, leaderboard, comments', async () => {
    const list = await ok<{ data: { rows: Array<{ conditionId: string; question: string }> }; stale: boolean }>('markets.list', { limit: 20 });
    expect(list.stale).toBe(false);
    expect(list.data.rows.length).toBeGreaterThan(5);
    const quotes = await ok<{ data: Array<{ tokenId: string }> }>('markets.quotes', { conditionId: cid });
    expect(quotes.data.map((q) => q.tokenId)).toEqual(tokens);
    await ok('markets.settings', { conditionId: cid });
    await ok('markets.book', { tokenId: tokens[0] });
    await ok('markets.history', { tokenId: tokens[0], range: '1W' });
    await ok('markets.trades', { conditionId: cid, limit: 10 });
    await ok('markets.holders', { conditionId: cid });
    const board = await ok<{ data: unknown[] }>('leaderboard.list', { timePeriod: 'ALL' });
    expect(board.data.length).toBeGreaterThan(0);
    await ok('events.list', { limit: 5 });
    await ok('series.list', {});
    await ok('tags.list', {});
    const ev = venue.db.prepare("SELECT parent_entity_id AS id FROM comments WHERE parent_entity_type = 'Event' LIMIT 1").get() as { id: number };
    const comments = await ok<{ data: unknown[] }>('comments.list', { parentType: 'Event', parentId: String(ev.id) });
    expect(comments.data.length).toBeGreaterThan(0);
    expect((await ok<{ secp256k1: string }>('app.info')).secp256k1).toMatch(/secp256k1|noble/);
  });

  it('syncs the catalog and searches it locally', async () => {
    await ok('sync.start');
    const word = (venue.db.prepare("SELECT question FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { question: string }).question.split(/\W+/).find((w) => w.length > 5) as string;
    for (let i = 0; i < 100; i++) {
      const hits = await ok<Array<{ kind: string }>>('markets.search', { query: word.slice(0, 4) });
      if (hits.some((h) => h.kind === 'markets')) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`search never found "${word}"`);
  });

  it('lists the whole synced catalog locally: totals, whole-catalog sorts, paging, series and tag filters', async () => {
    for (let i = 0; i < 400 && (await ok<{ running: boolean }>('sync.status')).running; i++) await new Promise((r) => setTimeout(r, 50));
    type Row = { id: string; volume24hr?: number; eventIds: string[] };
    type Page = { data: { rows: Row[]; total: number }; stale: boolean };
    const venueAll = async (path: string): Promise<Array<Record<string, unknown>>> => {
      const out: Array<Record<string, unknown>> = [];
      for (let offset = 0; ; offset += 100) {
        const page = (await (await fetch(`${venue.urls.catalog_url}${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`)).json()) as Array<Record<string, unknown>>;
        out.push(...page);
        if (page.length < 100) return out;
      }
    };
    const active = await venueAll('/markets?active=true&closed=false');
    const first = await ok<Page>('markets.list', { status: 'active', sort: 'volume24hr', limit: 500 });
    expect(first.stale).toBe(false);
    expect(first.data.total).toBe(active.length);
    // Ranked over every market, not within one page of the venue's answer.
    const volumes = active.map((m) => Number(m['volume24hr'] ?? 0)).sort((a, b) => b - a);
    expect(first.data.rows.slice(0, 50).map((r) => r.volume24hr ?? 0)).toEqual(volumes.slice(0, 50));
    const pages: string[] = [];
    for (let offset = 0; offset < active.length; offset += 500) pages.push(...(await ok<Page>('markets.list', { status: 'active', sort: 'volume24hr', limit: 500, offset })).data.rows.map((r) => r.id));
    expect(new Set(pages).size).toBe(active.length);

    const series = (await venueAll('/series')).find((s) => Array.isArray(s['events']) && (s['events'] as unknown[]).length > 0) as { id: string; events: Array<{ id: string }> };
    const seriesEvents = new Set(series.events.map((e) => String(e.id)));
    const inSeries = await ok<Page>('markets.list', { status: 'all', seriesId: series.id, limit: 500 });
    expect(inSeries.data.total).toBeGreaterThan(0);
    for (const r of inSeries.data.rows) expect(r.eventIds.some((e) => seriesEvents.has(e))).toBe(true);

    const tag = (await venueAll('/tags'))[0] as { id: string };
    const tagged = await venueAll(`/markets?tag_id=${tag.id}`);
    const local = await ok<Page>('markets.list', { status: 'all', tagId: tag.id, limit: 500 });
    expect(local.data.rows.map((r) => r.id).sort()).toEqual(tagged.map((m) => String(m['id'])).sort());

    // A quotes read moves the list's price to the last trades it saw, and the price sort with it.
    const traded = venue.db.prepare("SELECT m.condition_id AS c FROM markets m JOIN last_trades t ON t.condition_id = m.condition_id WHERE m.status = 'active' GROUP BY m.condition_id HAVING COUNT(*) = 2 LIMIT 1").get() as { c: string };
    const quotes = await ok<{ data: Array<{ lastPrice?: string }> }>('markets.quotes', { conditionId: traded.c });
    const byPrice = await ok<{ data: { rows: Array<{ conditionId: string; outcomePrices: string[] }> } }>('markets.list', { status: 'all', sort: 'lastPrice', limit: 500 });
    const row = byPrice.data.rows.find((r) => r.conditionId.toLowerCase() === traded.c.toLowerCase());
    expect(row?.outcomePrices).toEqual(quotes.data.map((q) => q.lastPrice));
    const prices = byPrice.data.rows.map((r) => Number(r.outcomePrices[0] ?? -1)).filter((p) => p >= 0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe('accounts, orders and the journal', () => {
  it('keeps secrets in the locked vault, and places, lists and cancels a batch of 17', async () => {
    expect((await fails('accounts.createLocal')).code).toBe('VAULT_LOCKED');
    await ok('accounts.unlock', { passphrase: 'correct horse' });
    const acct = await ok<{ id: string; address: string; apiKey: string }>('accounts.createLocal', { label: 'Paper' });
    expect(acct.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const listed = await ok<{ accounts: unknown[] }>('accounts.list');
    expect(JSON.stringify(listed)).not.toMatch(/privateKey|secret|passphrase/);
    expect(readFileSync(join(dir, 'vault.json'), 'utf8')).not.toMatch(/"privateKey"|"passphrase"|"secret"/);

    const preview = await ok<Array<{ ok: boolean; price?: string; makerAmount?: string; problems: Array<{ field: string; message: string }> }>>('orders.preview', {
      lines: [
        { conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.123', size: '10' },
        { conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.12', size: '10.5' },
        { conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.12', size: '2' },
      ],
    });
    expect(preview[0]).toMatchObject({ ok: false, price: '0.12' });
    expect(preview[0]?.problems[0]?.message).toMatch(/tick; nearest is 0.12/);
    expect(preview[1]).toMatchObject({ ok: true, makerAmount: '1260000' });
    expect(preview[2]?.problems[0]?.field).toBe('size');

    const lines = Array.from({ length: 17 }, (_, i) => ({ conditionId: cid, tokenId: tokens[i % 2], side: 'BUY', price: `0.0${(i % 8) + 1}`, size: '5' }));
    const results = await ok<Array<{ success: boolean; status?: string; orderId?: string; line: number }>>('orders.submit', { accountId: acct.id, lines });
    expect(results.map((r) => r.line)).toEqual(lines.map((_, i) => i));
    expect(results.every((r) => r.success && r.status === 'live')).toBe(true);
    const open = await ok<{ data: Array<{ id: string }> }>('orders.open', { accountId: acct.id });
    expect(open.data.map((o) => o.id).sort()).toEqual(results.map((r) => r.orderId).sort());
    const journal = await ok<Array<{ state: string }>>('orders.journal', { accountId: acct.id });
    expect(journal).toHaveLength(17);
    expect(journal.every((j) => j.state === 'open')).toBe(true);
    const cancel = await ok<{ canceled: string[] }>('orders.cancel', { accountId: acct.id, all: true });
    expect(cancel.canceled).toHaveLength(17);
    expect((await ok<Array<{ state: string }>>('orders.journal', { accountId: acct.id })).every((j) => j.state === 'cancelled')).toBe(true);
    const balance = await ok<{ data: { balance: string; available: string } }>('portfolio.balance', { accountId: acct.id });
    expect(balance.data).toMatchObject({ balance: '10000', available: '10000' });
  });

  it('a wrong passphrase is refused and the vault stays usable', async () => {
    const other = make(dir, venue);
    try {
      const r = await other.router.dispatch('accounts.unlock', { passphrase: 'wrong' });
      expect(r).toMatchObject({ ok: false, error: { code: 'WRONG_PASSPHRASE' } });
      expect(await other.router.dispatch('accounts.unlock', { passphrase: 'correct horse' })).toMatchObject({ ok: true });
    } finally {
      other.close();
    }
  });
});

describe('offline', () => {
  it('answers reads from the cache marked stale, and refuses writes with OFFLINE', async () => {
    const own = await startTestVenue();
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-offline-'));
    const c = make(d, own);
    try {
      const first = await c.router.dispatch('markets.list', { limit: 10 });
      expect(first.ok).toBe(true);
      await c.router.dispatch('accounts.unlock', { passphrase: 'pw' });
      const acct = await c.router.dispatch('accounts.createLocal', {});
      await own.stop();
      // Older than the freshness window: the cache must try the venue, fail, and serve stale.
      c.close();
      const seen: unknown[] = [];
      const again = createCore({
        emit: (name, payload) => seen.push([name, payload]),
        dataDir: d,
        defaultProfile: { name: 'Local venue', kind: 'local', catalogUrl: own.urls.catalog_url, tradingUrl: own.urls.trading_url, dataUrl: own.urls.data_url, headerPrefix: 'SERVICE' },
        logger: silent,
        clock: { now: () => Date.now() + 3_600_000 },
        http: { policy: { timeoutMs: 1000, retries: 0 } },
      });
      try {
        const stale = await again.router.dispatch('markets.list', { limit: 10 });
        expect(stale).toMatchObject({ ok: true, data: { stale: true } });
        expect(seen).toContainEqual(['connection.changed', expect.objectContaining({ surface: 'catalog', online: false })]);
        await again.router.dispatch('accounts.unlock', { passphrase: 'pw' });
        const id = acct.ok ? (acct.data as { id: string }).id : '';
        const write = await again.router.dispatch('orders.cancel', { accountId: id, all: true });
        expect(write).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
      } finally {
        again.close();
      }
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('a lost answer to POST /orders', () => {
  it('is reconciled through open orders, never sent twice', async () => {
    const { createServer } = await import('node:http');
    let posts = 0;
    // Relays to the venue, but cuts the connection after the venue has taken an order batch.
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
        void fetch(`${venue.urls.trading_url}${req.url?.replace(/^\/trading/, '') ?? ''}`, {
          method: req.method ?? 'GET',
          headers,
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        }).then(async (r) => {
          const text = await r.text();
          if (req.method === 'POST' && req.url?.endsWith('/orders')) {
            posts++;
            res.socket?.destroy();
            return;
          }
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(text);
        });
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const port = (proxy.address() as { port: number }).port;
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-lost-'));
    const c = createCore({
      dataDir: d,
      defaultProfile: { name: 'Via proxy', kind: 'local', catalogUrl: venue.urls.catalog_url, tradingUrl: `http://127.0.0.1:${port}/trading`, dataUrl: venue.urls.data_url, headerPrefix: 'SERVICE' },
      logger: silent,
      http: { policy: { timeoutMs: 3000, retries: 2, baseDelayMs: 10 } },
    });
    try {
      await c.router.dispatch('accounts.unlock', { passphrase: 'pw' });
      const acct = await c.router.dispatch('accounts.createLocal', {});
      if (!acct.ok) throw new Error(acct.error.message);
      const id = (acct.data as { id: string }).id;
      const lines = [1, 2, 3].map((i) => ({ conditionId: cid, tokenId: tokens[0], side: 'BUY', price: `0.0${i}`, size: '5' }));
      const r = await c.router.dispatch('orders.submit', { accountId: id, lines });
      expect(r.ok).toBe(true);
      const results = r.ok ? (r.data as Array<{ success: boolean; status: string; attempts: number }>) : [];
      expect(posts).toBe(1); // sent once
      expect(results.map((x) => [x.success, x.status])).toEqual([[true, 'live'], [true, 'live'], [true, 'live']]);
      const address = (acct.data as { address: string }).address.toLowerCase();
      expect((venue.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE wallet = ?').get(address) as { n: number }).n).toBe(3);
    } finally {
      c.close();
      await new Promise((r) => proxy.close(r));
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('clock skew', () => {
  it('signs on the venue’s clock, learned from /time, when this machine is two minutes off', async () => {
    const ahead = await startTestVenue({ now: () => Date.now() + 120_000 });
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-skew-'));
    const c = make(d, ahead);
    try {
      await c.router.dispatch('accounts.unlock', { passphrase: 'pw' });
      const acct = await c.router.dispatch('accounts.createLocal', {});
      expect(acct.ok).toBe(true);
      const bal = await c.router.dispatch('portfolio.balance', { accountId: acct.ok ? (acct.data as { id: string }).id : '' });
      expect(bal).toMatchObject({ ok: true, data: { data: { balance: '10000' } } });
    } finally {
      c.close();
      await ahead.stop();
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('switching profile switches cache and accounts', async () => {
    const added = await ok<{ id: string }>('profiles.add', { name: 'Remote', catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url, headerPrefix: 'SERVICE' });
    const before = await ok<{ accounts: unknown[] }>('accounts.list');
    expect(before.accounts.length).toBeGreaterThan(0);
    await ok('profiles.switch', { id: added.id });
    expect((await ok<{ accounts: unknown[] }>('accounts.list')).accounts).toHaveLength(0);
    expect((await ok<{ active: string }>('profiles.list')).active).toMatch(/^remote-/);
    await ok('profiles.switch', { id: 'local' });
    expect((await ok<{ accounts: unknown[] }>('accounts.list')).accounts.length).toBe(before.accounts.length);
  });
});

describe('the order journal', () => {
  it('follows fills: partly filled while resting, filled once gone from the book of a trading market', async () => {
    const { Trader } = await import('../../venue/trading/test-trader.js');
    const acct = await ok<{ id: string; address: string }>('accounts.createLocal', {});
    holder = acct;
    const [a, b] = await ok<Array<{ orderId: string }>>('orders.submit', {
      accountId: acct.id,
      lines: [
        { conditionId: cid, tokenId: tokens[1], side: 'BUY', price: '0.31', size: '10' },
        { conditionId: cid, tokenId: tokens[1], side: 'BUY', price: '0.30', size: '10' },
      ],
    });
    const seller = await Trader.create(venue.urls);
    venue.exchange.mint(seller.address.toLowerCase(), cid, 30_000_000, 500_000);
    const neg = (venue.db.prepare('SELECT neg_risk FROM markets WHERE condition_id = ?').get(cid) as { neg_risk: number }).neg_risk === 1;
    await seller.post([seller.order(tokens[1] as string, 'SELL', '0.30', '15', { type: 'FAK', negRisk: neg })]);
    // A batch makes the next open-orders read go to the venue, inside the freshness window too.
    const open = await ok<{ data: Array<{ id: string; question?: string }> }>('orders.open', { accountId: acct.id });
    expect(open.data.map((o) => o.id)).toEqual([b?.orderId]);
    expect(open.data[0]?.question).toBe((venue.db.prepare('SELECT question FROM markets WHERE condition_id = ?').get(cid) as { question: string }).question);
    const journal = await ok<Array<{ orderId: string; state: string; sizeMatched: string; conditionId?: string; question?: string; outcome?: string }>>('orders.journal', { accountId: acct.id });
    expect(journal.find((j) => j.orderId === a?.orderId)).toMatchObject({ state: 'filled', sizeMatched: '10', conditionId: cid, question: open.data[0]?.question });
    expect(journal.find((j) => j.orderId === b?.orderId)).toMatchObject({ state: 'partly_filled', sizeMatched: '5' });
    expect(journal[0]?.outcome).toBeTruthy();
  });
});

describe('the watcher', () => {
  it('tells of fills on resting orders and of a held market that resolves, once each', async () => {
    const { Trader } = await import('../../venue/trading/test-trader.js');
    const m = (venue.db.prepare("SELECT condition_id, neg_risk FROM markets WHERE status = 'active' AND condition_id != ? ORDER BY id LIMIT 1").get(cid) as { condition_id: string; neg_risk: number });
    venue.db.prepare('UPDATE markets SET tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0, min_order_age = 0 WHERE condition_id = ?').run(m.condition_id);
    catalogChanged(venue.db);
    const token = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? AND outcome_index = 0').get(m.condition_id) as { token_id: string }).token_id;
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-watch-'));
    const seen: Array<[string, Record<string, unknown>]> = [];
    const start = () =>
      createCore({
        dataDir: d,
        defaultProfile: { name: 'Local venue', kind: 'local', catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url, headerPrefix: 'SERVICE' },
        logger: silent,
        checkOutputs: true,
        emit: (name, payload) => seen.push([name, payload as Record<string, unknown>]),
        watch: { everyMs: 150 },
      });
    const notices = (kind: string) => seen.filter(([n, p]) => n === 'notices.raised' && p['kind'] === kind).map(([, p]) => p);
    let c = start();
    try {
      const call = async <T>(name: string, input: unknown): Promise<T> => {
        const r = await c.router.dispatch(name, input);
        if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
        return r.data as T;
      };
      await call('accounts.unlock', { passphrase: 'pw' });
      const acct = await call<{ id: string }>('accounts.createLocal', {});
      const [order] = await call<Array<{ orderId: string; success: boolean }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.condition_id, tokenId: token, side: 'BUY', price: '0.30', size: '10' }] });
      expect(order?.success).toBe(true);
      await new Promise((r) => setTimeout(r, 400)); // the watcher has seen the order resting, and nothing is over yet
      expect(notices('fill')).toEqual([]);

      const seller = await Trader.create(venue.urls);
      venue.exchange.mint(seller.address.toLowerCase(), m.condition_id, 30_000_000, 500_000);
      await seller.post([seller.order(token, 'SELL', '0.30', '5', { type: 'FAK', negRisk: m.neg_risk === 1 })]);
      await vi.waitFor(() => expect(notices('fill')).toHaveLength(1), { timeout: 5000, interval: 50 });
      expect(notices('fill')[0]).toMatchObject({ title: 'Order partly filled', accountId: acct.id, orderId: order?.orderId, conditionId: m.condition_id });
      expect(notices('fill')[0]?.['body']).toMatch(/^Buy 5 of 10 Yes at 30¢ · Will /);
      await seller.post([seller.order(token, 'SELL', '0.30', '5', { type: 'FAK', negRisk: m.neg_risk === 1 })]);
      await vi.waitFor(() => expect(notices('fill')).toHaveLength(2), { timeout: 5000, interval: 50 });
      expect(notices('fill')[1]).toMatchObject({ title: 'Order filled', orderId: order?.orderId });
      expect(notices('fill')[1]?.['body']).toMatch(/^Buy 10 .+ at 30¢ · /);
      expect(seen).toContainEqual(['orders.updated', { accountId: acct.id, orderIds: [order?.orderId] }]);
      expect((await call<Array<{ state: string }>>('orders.journal', { accountId: acct.id }))[0]).toMatchObject({ state: 'filled', sizeMatched: '10' });

      expect(notices('resolved')).toEqual([]);
      venue.exchange.setMarketStatus(m.condition_id, 'resolved', 0);
      await vi.waitFor(() => expect(notices('resolved')).toHaveLength(1), { timeout: 5000, interval: 50 });
      expect(notices('resolved')[0]).toMatchObject({ title: 'Market resolved', accountId: acct.id, conditionId: m.condition_id });
      expect(notices('resolved')[0]?.['body']).toMatch(/ won · you hold 10 /);
      // Told once: not again on later passes, nor after a restart.
      await new Promise((r) => setTimeout(r, 500));
      c.close();
      c = start();
      await call('accounts.unlock', { passphrase: 'pw' });
      await new Promise((r) => setTimeout(r, 800));
      expect(notices('resolved')).toHaveLength(1);
      expect(notices('fill')).toHaveLength(2);
    } finally {
      c.close();
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('portfolio sorts and filters', () => {
  type Row = { asset?: string; title?: string; conditionId?: string; side?: string; size?: number; avgPrice?: number };
  const venueData = async (path: string): Promise<Row[]> => (await (await fetch(`${venue.urls.data_url}${path}`)).json()) as Row[];
  const assets = (rows: Row[]): Array<string | undefined> => rows.map((r) => r.asset);

  it('gives the venue’s own answer for every sort, direction and filter of /positions and /trades', async () => {
    const wallet = (venue.db.prepare('SELECT wallet FROM positions WHERE size >= 1000000 GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
    const all = (await ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500 })).data;
    expect(all.length).toBeGreaterThan(3);
    const { POSITION_SORT_BY } = await import('@shared/spec/index.js');
    for (const sortBy of POSITION_SORT_BY) {
      for (const sortDirection of ['ASC', 'DESC'] as const) {
        const mine = await ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, sortBy, sortDirection });
        expect(assets(mine.data), `${sortBy} ${sortDirection}`).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&sortBy=${sortBy}&sortDirection=${sortDirection}`)));
      }
    }
    const byTitle = (await ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, sortBy: 'TITLE', sortDirection: 'ASC' })).data.map((r) => (r.title ?? '').toLowerCase());
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // A title search narrows to the titles that hold it, as the venue answers it.
    const word = (all[0]?.title ?? '').split(/\s+/).find((w) => w.length > 4) as string;
    const titled = (await ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, title: word })).data;
    expect(titled.length).toBeGreaterThan(0);
    expect(titled.length).toBeLessThan(all.length);
    expect(titled.every((r) => (r.title ?? '').toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(assets(titled)).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&title=${encodeURIComponent(word)}`)));

    const market = all[0]?.conditionId as string;
    const inMarket = (await ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, market: [market] })).data;
    expect(inMarket.length).toBeGreaterThan(0);
    expect(inMarket.every((r) => r.conditionId === market)).toBe(true);
    for (const flag of ['redeemable', 'mergeable'] as const) {
      const mine = (await ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, [flag]: true })).data;
      expect(assets(mine), flag).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&${flag}=true`)));
    }
    const dust = (await ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, sizeThreshold: 0 })).data;
    expect(dust.length).toBeGreaterThanOrEqual(all.length);
    expect(assets(dust)).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&sizeThreshold=0`)));

    const sells = (await ok<{ data: Row[] }>('portfolio.trades', { address: wallet, limit: 500, side: 'SELL' })).data;
    expect(sells.every((t) => t.side === 'SELL')).toBe(true);
    expect(sells.length).toBe((await venueData(`/trades?user=${wallet}&limit=500&side=SELL&takerOnly=false`)).length);
    const traded = (await ok<{ data: Row[] }>('portfolio.trades', { address: wallet, limit: 500, market: [market] })).data;
    expect(traded.every((t) => t.conditionId === market)).toBe(true);
  });

  it('refuses a bad sort or filter with INVALID_INPUT naming the field', async () => {
    const address = '0x' + 'ab'.repeat(20);
    const bad = await fails('portfolio.positions', { address, sortBy: 'SIZE' });
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'sortBy' });
    expect(bad.message).toMatch(/sortBy: expected one of CURRENT, INITIAL, TOKENS/);
    expect(await fails('portfolio.positions', { address, sortDirection: 'UP' })).toMatchObject({ code: 'INVALID_INPUT', field: 'sortDirection' });
    expect(await fails('portfolio.positions', { address, title: 'x'.repeat(101) })).toMatchObject({ code: 'INVALID_INPUT', field: 'title' });
    expect(await fails('portfolio.positions', { address, sizeThreshold: -1 })).toMatchObject({ code: 'INVALID_INPUT', field: 'sizeThreshold' });
    expect(await fails('portfolio.positions', { address, redeemable: 'yes' })).toMatchObject({ code: 'INVALID_INPUT', field: 'redeemable' });
    expect(await fails('portfolio.positions', { address, market: [] })).toMatchObject({ code: 'INVALID_INPUT', field: 'market' });
    expect(await fails('portfolio.trades', { address, side: 'HOLD' })).toMatchObject({ code: 'INVALID_INPUT', field: 'side' });
  });

  it('records a value snapshot for a whole answer only, not for a filtered one', async () => {
    const acct = holder as { id: string; address: string };
    const before = (await ok<unknown[]>('portfolio.history', { accountId: acct.id })).length;
    const held = (await ok<{ data: Row[]; stale: boolean }>('portfolio.positions', { address: acct.address, title: 'no market is called this' }));
    expect(held.data).toEqual([]);
    expect(await ok<unknown[]>('portfolio.history', { accountId: acct.id })).toHaveLength(before);
    const whole = await ok<{ data: Row[]; stale: boolean }>('portfolio.positions', { address: acct.address, sortBy: 'TITLE', sortDirection: 'ASC' });
    // Bought 10 at 0.31 and 5 at 0.30 in the journal test.
    expect(whole.data.find((p) => p.asset === `${cid}:1`)).toMatchObject({ size: 15, avgPrice: expect.closeTo(4.6 / 15, 6) });
    const history = await ok<Array<{ value: string; cashPnl: string }>>('portfolio.history', { accountId: acct.id });
    expect(history).toHaveLength(before + 1);
    expect(Number(history.at(-1)?.value)).toBeGreaterThan(0);
  });
});

describe('settings, drafts and the connection test', () => {
  it('tests each surface of the active venue and of one that is not there', async () => {
    const here = await ok<{ surfaces: Array<{ surface: string; ok: boolean }>; clockSkewMs?: number }>('profiles.test');
    expect(here.surfaces.map((s) => [s.surface, s.ok])).toEqual([['catalog', true], ['trading', true], ['data', true]]);
    expect(Math.abs(here.clockSkewMs ?? Infinity)).toBeLessThan(1500);
    const gone = await ok<{ surfaces: Array<{ ok: boolean; message?: string }>; clockSkewMs?: number }>('profiles.test', {
      catalogUrl: 'http://127.0.0.1:9/c', tradingUrl: 'http://127.0.0.1:9/t', dataUrl: 'http://127.0.0.1:9/d',
    });
    expect(gone.surfaces.every((s) => !s.ok && (s.message ?? '').length > 0)).toBe(true);
    expect(gone.clockSkewMs).toBeUndefined();
    expect((await fails('profiles.test', { catalogUrl: 'not a url' })).field).toBe('catalogUrl');
  });

  it('keeps drafts and settings across a restart; trading off refuses to sign anything', async () => {
    const d = mkdtempSync(join(tmpdir(), 'kairos-prefs-'));
    let c = make(d, venue);
    try {
      const line = { key: 'a', conditionId: cid, tokenId: tokens[0], label: 'Q', side: 'BUY', price: '0.4x', size: '10' };
      const bad = await c.router.dispatch('drafts.save', { lines: Array.from({ length: 16 }, (_, i) => ({ ...line, key: String(i) })) });
      expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'lines' } });
      expect(await c.router.dispatch('drafts.save', { lines: [line] })).toMatchObject({ ok: true });
      expect(await c.router.dispatch('settings.set', { tradingOff: true, confirm: false })).toMatchObject({ ok: true, data: { tradingOff: true, confirm: false } });
      c.close();
      c = make(d, venue);
      // What was typed comes back as typed, invalid price included.
      expect(await c.router.dispatch('drafts.load', {})).toMatchObject({ ok: true, data: { lines: [{ key: 'a', price: '0.4x', size: '10', type: 'GTC' }] } });
      expect(await c.router.dispatch('settings.get', {})).toMatchObject({ ok: true, data: { tradingOff: true, confirm: false } });
      await c.router.dispatch('accounts.unlock', { passphrase: 'pw' });
      const acct = await c.router.dispatch('accounts.createLocal', {});
      const id = acct.ok ? (acct.data as { id: string }).id : '';
      // The preview checks the batch against the new account's 10,000 of paper cash and no tokens.
      const pv = await c.router.dispatch('orders.preview', {
        accountId: id,
        lines: [
          { conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.5', size: '24000' },
          { conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.5', size: '8000' },
          { conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.5', size: '16000' },
          { conditionId: cid, tokenId: tokens[1], side: 'SELL', price: '0.5', size: '5' },
        ],
      });
      if (!pv.ok) throw new Error(pv.error.message);
      const lines = pv.data as Array<{ ok: boolean; cost?: string; payoutIfRight?: string; execution?: string; problems: Array<{ message: string }> }>;
      expect(lines.map((l) => l.ok)).toEqual([false, true, false, false]);
      expect(lines[0]?.problems[0]?.message).toMatch(/^not enough cash: this line needs \$12000(\.\d+)?, \$10000 is left/);
      expect(lines[2]?.problems[0]?.message).toMatch(/\$(6000|5999\.\d+) is left/);
      expect(lines[3]?.problems[0]?.message).toMatch(/not enough tokens/);
      expect(lines[1]).toMatchObject({ payoutIfRight: '8000' });
      expect(['rests', 'crosses']).toContain(lines[1]?.execution);
      const refused = await c.router.dispatch('orders.submit', { accountId: id, lines: [{ conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.1', size: '5' }] });
      expect(refused).toMatchObject({ ok: false, error: { code: 'TRADING_OFF' } });
      expect(await c.router.dispatch('orders.journal', { accountId: id })).toEqual({ ok: true, data: [] });
      // A draft this build cannot read is kept aside, not fatal.
      c.close();
      const user = new Database(join(d, 'user-local.sqlite'));
      user.prepare("UPDATE drafts SET body = '{\"lines\": [tor' WHERE name = 'ticket'").run();
      user.close();
      c = make(d, venue);
      expect(await c.router.dispatch('drafts.load', {})).toEqual({ ok: true, data: { lines: [], results: {}, updatedAt: 0 } });
      const kept = new Database(join(d, 'user-local.sqlite'), { readonly: true });
      expect(kept.prepare("SELECT body FROM drafts WHERE name LIKE 'ticket.unreadable-%'").pluck().all()).toEqual(['{"lines": [tor']);
      kept.close();
    } finally {
      c.close();
      rmSync(d, { recursive: true, force: true });
    }
    called.add('settings.get').add('settings.set').add('drafts.load').add('drafts.save');
  });
});

describe('data folder, cache reset and updates', () => {
  it('reveals the data folder by path, says updates are off here, and resets the cache but never the vault', async () => {
    expect(await ok('app.revealDataFolder')).toEqual({ path: dir, revealed: false });
    expect(await ok('app.checkForUpdates')).toMatchObject({ state: 'disabled', currentVersion: '0.1.0' });
    await ok('markets.list', { limit: 5 });
    const vault = readFileSync(join(dir, 'vault.json'));
    const accounts = await ok<{ accounts: unknown[] }>('accounts.list');
    const journal = await ok<unknown[]>('orders.journal', {});
    expect(journal.length).toBeGreaterThan(0);
    const before = await ok<{ kinds: Array<{ done: number }> }>('sync.status');
    expect(before.kinds.some((k) => k.done > 0)).toBe(true);
    const reset = await ok<{ removed: string[]; bytes: number }>('cache.reset');
    expect(reset.removed).toContain('cache/cache-local.sqlite');
    expect(reset.bytes).toBeGreaterThan(0);
    // The synced catalog is gone; the vault, accounts and journal are as they were.
    expect((await ok<{ kinds: Array<{ done: number }> }>('sync.status')).kinds.every((k) => k.done === 0)).toBe(true);
    expect(readFileSync(join(dir, 'vault.json')).equals(vault)).toBe(true);
    expect(await ok('accounts.list')).toEqual(accounts);
    expect(await ok('orders.journal', {})).toEqual(journal);
    // The fresh cache fills again from the venue.
    expect((await ok<{ data: { rows: unknown[] }; stale: boolean }>('markets.list', { limit: 5 })).data.rows).toHaveLength(5);
  });

  it('is busy while an order batch is sent, and refuses a cache reset until it is done', async () => {
    const acct = (await ok<{ accounts: Array<{ id: string }> }>('accounts.list')).accounts[0] as { id: string };
    expect(core.activity.busy()).toBe(false);
    const sending = core.router.dispatch('orders.submit', { accountId: acct.id, lines: [{ conditionId: cid, tokenId: tokens[0], side: 'BUY', price: '0.02', size: '5' }] });
    expect(core.activity.busy()).toBe(true);
    let idle = false;
    const waited = core.activity.whenIdle().then(() => (idle = true));
    expect((await fails('cache.reset')).code).toBe('BUSY');
    const r = await sending;
    expect(r).toMatchObject({ ok: true, data: [{ success: true }] });
    await waited;
    expect(idle).toBe(true);
    expect(core.activity.busy()).toBe(false);
    await ok('orders.cancel', { accountId: acct.id, all: true });
  });
});

describe('every contract entry', () => {
  it('answers through the router with output that fits the contract', async () => {
    const { CALL_NAMES } = await import('@shared/ipc/contract.js');
    const slug = (venue.db.prepare("SELECT slug FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { slug: string }).slug;
    const event = venue.db.prepare('SELECT id, slug FROM events ORDER BY id LIMIT 1').get() as { id: number; slug: string };
    const wallet = (venue.db.prepare('SELECT wallet FROM positions GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
    const commenter = (venue.db.prepare('SELECT user_address FROM comments LIMIT 1').get() as { user_address: string }).user_address;
    expect(((await ok<{ data: { slug: string } }>('markets.get', { idOrSlug: slug })).data.slug)).toBe(slug);
    expect(((await ok<{ data: { id: string } }>('events.get', { idOrSlug: event.slug })).data.id)).toBe(String(event.id));
    expect((await ok<{ data: unknown[] }>('comments.byUser', { address: commenter })).data.length).toBeGreaterThan(0);
    expect((await ok<{ data: unknown[] }>('portfolio.positions', { address: wallet })).data.length).toBeGreaterThan(0);
    expect((await ok<{ data: unknown[] }>('portfolio.trades', { address: wallet })).data.length).toBeGreaterThan(0);
    expect((await ok<{ profiles: unknown[] }>('profiles.list')).profiles.length).toBeGreaterThan(0);
    await ok('sync.status');
    const acct = await ok<{ id: string }>('accounts.import', { privateKey: '11'.repeat(32), label: 'Imported' });
    expect(await ok<unknown[]>('portfolio.history', { accountId: acct.id })).toEqual([]);
    expect(await ok('accounts.remove', { id: acct.id })).toEqual({ removed: true });
    expect(await ok('accounts.lock')).toEqual({ locked: true });
    expect((await fails('orders.open', { accountId: acct.id })).code).toBe('NO_ACCOUNT');
    await ok('accounts.unlock', { passphrase: 'correct horse' });
    expect(CALL_NAMES.filter((n) => !called.has(n))).toEqual([]);
  });
});

describe('rate-limited lines', () => {
  it('are retried after the venue’s delay, and only they', async () => {
    const tight = await startTestVenue({ rateLimitScale: 3 / 2400 }); // 3 orders per 10 s
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-429-'));
    const c = make(d, tight);
    try {
      const m = (tight.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { condition_id: string }).condition_id;
      tight.db.prepare('UPDATE markets SET tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0 WHERE condition_id = ?').run(m);
      catalogChanged(tight.db);
      const token = (tight.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').get(m) as { token_id: string }).token_id;
      await c.router.dispatch('accounts.unlock', { passphrase: 'pw' });
      const acct = await c.router.dispatch('accounts.createLocal', {});
      const id = acct.ok ? (acct.data as { id: string }).id : '';
      const started = Date.now();
      const r = await c.router.dispatch('orders.submit', { accountId: id, lines: [1, 2, 3, 4, 5].map((i) => ({ conditionId: m, tokenId: token, side: 'BUY', price: `0.0${i}`, size: '5' })) });
      expect(r.ok).toBe(true);
      const results = r.ok ? (r.data as Array<{ success: boolean; attempts: number }>) : [];
      expect(results.map((x) => [x.success, x.attempts])).toEqual([[true, 1], [true, 1], [true, 1], [true, 2], [true, 2]]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect((tight.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n).toBe(5);
    } finally {
      c.close();
      await tight.stop();
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('wait, rather than fail, when the venue throttles the read of their market’s rules', async () => {
    const tight = await startTestVenue({ rateLimitScale: 3 / 2400 });
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-429-rules-'));
    const c = make(d, tight, 0);
    try {
      const m = (tight.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' ORDER BY id LIMIT 1 OFFSET 1").get() as { condition_id: string }).condition_id;
      const token = (tight.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').get(m) as { token_id: string }).token_id;
      await c.router.dispatch('accounts.unlock', { passphrase: 'pw' });
      const acct = await c.router.dispatch('accounts.createLocal', {});
      const accountId = acct.ok ? (acct.data as { id: string }).id : '';
      // Someone else spends the trading surface's budget.
      let status = 0;
      for (let i = 0; i < 100 && status !== 429; i++) status = (await fetch(`${tight.urls.trading_url}/markets/${m}`)).status;
      expect(status).toBe(429);
      const line = { conditionId: m, tokenId: token, side: 'BUY', price: '0.05', size: '5' };
      const p = await c.router.dispatch('orders.preview', { lines: [line] });
      const checked = p.ok ? (p.data as Array<{ ok: boolean; retryAfterSeconds?: number; problems: Array<{ message: string }> }>)[0] : undefined;
      expect(checked).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });
      expect(checked?.problems[0]?.message).toMatch(/throttling .* checking again in \d+ s/);
      const r = await c.router.dispatch('orders.submit', { accountId, lines: [line] });
      const result = r.ok ? (r.data as Array<{ success: boolean; code?: string; retryAfterSeconds?: number }>)[0] : undefined;
      expect(result).toMatchObject({ success: false, code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect((tight.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n).toBe(0);
    } finally {
      c.close();
      await tight.stop();
      rmSync(d, { recursive: true, force: true });
    }
  });
});
