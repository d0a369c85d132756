// Closing the core while calls and background passes are under way, on a real venue and real
// SQLite files: what is under way finishes (or is told the app is closing) before the databases
// close, nothing arriving later reaches them, an order being sent keeps its journal row, and
// nothing of "the database connection is not open" reaches a caller, the log or the process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '@shared/ipc/errors.js';
import { startTestVenue, type TestVenue } from '../../venue/test-support.js';
import type { Core, CoreOptions } from './index.js';
import type { Logger } from './ports.js';
import { caller, coreFor, tradable, type TradableMarket } from './test-support.js';

let venue: TestVenue;
let m: TradableMarket;
const rejections: unknown[] = [];
const onRejection = (err: unknown): void => void rejections.push(err);

beforeAll(async () => {
  venue = await startTestVenue();
  m = tradable(venue);
  process.on('unhandledRejection', onRejection);
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await venue?.stop();
});

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close({ graceMs: 0, ordersGraceMs: 0 });
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * A fetch that holds the venue's answers to the requests `hold` picks (the venue has done them;
 * the core has not heard yet) until `release`.
 */
function gate() {
  let pick: (method: string, url: string) => boolean = () => false;
  const waiting: Array<{ what: string; go: () => void }> = [];
  let after = 0;
  let closed = false;
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    if (closed) after++;
    const res = await fetch(input, init);
    if (pick(method, url)) await new Promise<void>((go) => waiting.push({ what: `${method} ${new URL(url).pathname}`, go }));
    return res;
  };
  return {
    fetch: fetchImpl,
    hold(p: typeof pick) {
      pick = p;
    },
    /** What is held, as `METHOD /path`. */
    held: () => waiting.map((w) => w.what),
    release() {
      pick = () => false;
      for (const w of waiting.splice(0)) w.go();
    },
    /** Counts the requests made from now on. */
    markClosed() {
      closed = true;
    },
    requestsAfterClose: () => after,
  };
}

/** Every line the core logs, as `level message {fields}`. */
function recorder(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const put = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, info: put('info'), warn: put('warn'), error: put('error') };
}

function start(opts: Partial<CoreOptions> = {}, dir = mkdtempSync(join(tmpdir(), 'kairos-closing-'))) {
  dirs.push(dir);
  const g = gate();
  const log = recorder();
  const core = coreFor(dir, venue, { logger: log, http: { fetch: g.fetch, policy: { timeoutMs: 5000, retries: 0, baseDelayMs: 10 } }, ...opts });
  cores.push(core);
  return { core, g, log, dir, ...caller(() => core) };
}

const isTrades = (method: string, url: string): boolean => method === 'GET' && new URL(url).pathname.endsWith('/trades');
const isOrderPost = (method: string, url: string): boolean => method === 'POST' && new URL(url).pathname.endsWith('/orders');
const line = { conditionId: '', tokenId: '', side: 'BUY', price: '0.02', size: '5' };
/** What no caller, log line or rejection may say: a closed database, or a call failing because of one. */
const DB_CLOSED = /not open|failed|INTERNAL/i;

function expectQuiet(log: { lines: string[] }): void {
  expect(log.lines.filter((l) => DB_CLOSED.test(l))).toEqual([]);
  expect(rejections).toEqual([]);
}

/** The call answered, or was told the app is closing: never a database's error. */
function expectAnsweredOrClosing(r: IpcResult<unknown>): void {
  if (!r.ok) expect(r.error).toMatchObject({ code: 'BUSY', message: expect.stringMatching(/Kairos is closing/) });
}

/** The journal of `accountId` as a new core on the same folder reads it. */
async function journalOf(dir: string, accountId: string): Promise<Array<{ orderId: string; state: string; code?: string | null }>> {
  const again = coreFor(dir, venue, { alerts: false });
  try {
    return await caller(() => again).ok('orders.journal', { accountId });
  } finally {
    await again.close();
  }
}

describe('closing the core', () => {
  it('lets calls under way finish before the databases close, and refuses the ones after with the closing error', async () => {
    const app = start({ alerts: false });
    await app.ok('accounts.unlock', { passphrase: 'pw' });
    const acct = await app.ok<{ id: string }>('accounts.createLocal', {});
    app.g.hold((method, url) => isTrades(method, url) || isOrderPost(method, url));

    // A screen's 24h change column (a cache write once its trades come) and an order batch (journal rows).
    const changes = app.core.router.dispatch('markets.changes', { conditionIds: [m.cid] });
    const submit = app.core.router.dispatch('orders.submit', { accountId: acct.id, lines: [{ ...line, conditionId: m.cid, tokenId: m.tokens[0] }] });
    await vi.waitFor(() => expect(app.g.held().sort()).toEqual(['GET /data/trades', 'POST /trading/orders']), { timeout: 10_000 });

    const closed = app.core.close({ graceMs: 10_000, ordersGraceMs: 10_000 });
    // A call arriving while it closes is refused in words, and touches nothing.
    expect(await app.core.router.dispatch('markets.list', { limit: 5 })).toEqual({ ok: false, error: { code: 'BUSY', message: expect.stringMatching(/Kairos is closing/) } });
    let done = false;
    void closed.then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);

    app.g.release();
    await closed;
    expect(await changes).toMatchObject({ ok: true, data: { data: [{ conditionId: m.cid }] } });
    const sent = await submit;
    expect(sent).toMatchObject({ ok: true, data: [{ success: true, status: 'live' }] });
    // After the close, calls are refused the same way.
    expect(await app.core.router.dispatch('markets.changes', { conditionIds: [m.cid] })).toMatchObject({ ok: false, error: { code: 'BUSY' } });
    expectQuiet(app.log);

    const orderId = (sent as { data: Array<{ orderId: string }> }).data[0]?.orderId;
    expect(await journalOf(app.dir, acct.id)).toMatchObject([{ orderId, state: 'open' }]);
  });

  it('closes after a bounded wait, and calls that outlive it are told the app is closing, not that a database is closed', async () => {
    const app = start({ alerts: false });
    await app.ok('accounts.unlock', { passphrase: 'pw' });
    const acct = await app.ok<{ id: string }>('accounts.createLocal', {});
    const other = tradable(venue, 1);
    app.g.hold((method, url) => isTrades(method, url) || isOrderPost(method, url));

    const calls = [
      app.core.router.dispatch('markets.changes', { conditionIds: [m.cid] }),
      app.core.router.dispatch('markets.trades', { conditionId: other.cid }),
      app.core.router.dispatch('orders.submit', { accountId: acct.id, lines: [{ ...line, conditionId: m.cid, tokenId: m.tokens[0] }] }),
    ];
    await vi.waitFor(() => expect(app.g.held()).toHaveLength(3), { timeout: 10_000 });

    await app.core.close({ graceMs: 20, ordersGraceMs: 20 });
    expect(app.log.lines.some((l) => /cut short/.test(l))).toBe(true);
    app.g.release();
    for (const r of await Promise.all(calls)) expectAnsweredOrClosing(r);
    expect(await app.core.router.dispatch('settings.get', {})).toMatchObject({ ok: false, error: { code: 'BUSY' } });
    expectQuiet(app.log);

    // The order the venue took while the app closed is not left 'sending': the next start looks for it.
    const rows = await journalOf(app.dir, acct.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'unknown', code: 'SEND_FAILED' });
  });

  it.each([
    ['finish within the wait', 10_000],
    ['outlive the wait', 20],
  ])('stops the alerts and the order watcher: their passes under way %s, and nothing of theirs runs after', async (_, graceMs) => {
    const skew = { ms: 0 };
    const app = start({ alerts: { everyMs: 40 }, watch: { everyMs: 40 }, clock: { now: () => Date.now() + skew.ms } });
    await app.ok('accounts.unlock', { passphrase: 'pw' });
    await app.ok('accounts.createLocal', {});
    await app.ok('alerts.create', { conditionId: m.cid, condition: { kind: 'price', outcome: 0, op: '>=', price: '0.99' } });
    // The prices read for the alert are stale from here: the next sweep reads them from the venue.
    skew.ms += 60_000;
    app.g.hold((_method, url) => /\/(prices|last-trades-prices|data\/orders)$/.test(new URL(url).pathname));
    await vi.waitFor(() => expect(app.g.held()).toEqual(expect.arrayContaining(['GET /trading/data/orders', 'POST /trading/prices'])), { timeout: 10_000 });

    const closed = app.core.close({ graceMs });
    if (graceMs > 1000) {
      // It waits for them.
      let done = false;
      void closed.then(() => (done = true));
      await new Promise((r) => setTimeout(r, 50));
      expect(done).toBe(false);
      app.g.release();
      await closed;
    } else {
      await closed;
      app.g.release();
    }
    app.g.markClosed();
    // Five periods of each timer: none starts a pass, and what was under way ends quietly.
    await new Promise((r) => setTimeout(r, 200));
    expect(app.g.requestsAfterClose()).toBe(0);
    expectQuiet(app.log);
  });
});
