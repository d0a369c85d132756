// While the embedded venue starts, reads answer from what the cache kept, at once and marked
// stale, instead of waiting on a venue that cannot answer yet (the window opens before the venue
// listens). Once it runs, reads go to it again.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../../venue/test-support.js';
import { createCore } from './index.js';
import { localProfile } from './local-profile.js';
import type { LocalVenue, LocalVenueStatus } from './ports.js';
import { caller, silent } from './test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'kairos-starting-'));
let venue: TestVenue;
// Where the venue will listen, answering 503 until then: each read would be retried, then fail.
let notYet: Server;
let notYetUrl = '';
let asked = 0;

beforeAll(async () => {
  venue = await startTestVenue({ size: 'small' });
  notYet = createServer((_req, res) => {
    asked++;
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"starting","code":"UNAVAILABLE"}');
  });
  await new Promise<void>((done) => notYet.listen(0, '127.0.0.1', done));
  notYetUrl = `http://127.0.0.1:${(notYet.address() as { port: number }).port}`;
});
afterAll(async () => {
  await venue?.stop();
  await new Promise((done) => notYet?.close(done));
  rmSync(dir, { recursive: true, force: true });
});

/** A local venue whose status the test sets; listeners hear every change, as from the launcher. */
function stubVenue(): LocalVenue & { set(next: LocalVenueStatus): void } {
  let status: LocalVenueStatus = { state: 'starting', since: Date.now() };
  const listeners = new Set<(s: LocalVenueStatus) => void>();
  return {
    status: () => status,
    onStatus: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    restart: async () => undefined,
    startNewWorld: async () => ({ movedTo: '' }),
    set(next) {
      status = next;
      for (const l of [...listeners]) l(next);
    },
  };
}

it('answers from the cache at once while the local venue starts, and from the venue once it runs', async () => {
  // A first run fills the cache from the venue (the second read lists the markets it kept).
  const first = createCore({ dataDir: dir, defaultProfile: localProfile(venue.urls), logger: silent, watch: false, collectGarbage: () => undefined });
  await caller(() => first).ok('markets.list', { limit: 20 });
  const listed = await caller(() => first).ok<{ data: { rows: Array<{ id: string }> } }>('markets.list', { limit: 20 });
  first.close();

  // The next launch, an hour on: the venue is starting at URLs that do not answer yet.
  const local = stubVenue();
  const base = `${notYetUrl}`;
  const core = createCore({
    dataDir: dir,
    defaultProfile: localProfile({ catalog_url: `${base}/catalog`, trading_url: `${base}/trading`, data_url: `${base}/data` }),
    localVenue: local,
    logger: silent,
    watch: false,
    collectGarbage: () => undefined,
    clock: { now: () => Date.now() + 3_600_000 },
    http: { policy: { timeoutMs: 2000, retries: 3, baseDelayMs: 50, maxDelayMs: 200 } },
  });
  const o = caller(() => core);
  try {
    const kept = await o.ok<{ stale: boolean; data: { rows: Array<{ id: string }> } }>('markets.list', { limit: 20 });
    expect(kept.stale).toBe(true);
    expect(kept.data.rows.map((r) => r.id)).toEqual(listed.data.rows.map((r) => r.id));

    // Running: reads go to the venue again (here still answering 503, so the read fails).
    asked = 0;
    local.set({ state: 'running', since: Date.now() });
    expect(await o.fails('markets.list', { limit: 20 })).toMatchObject({ code: expect.any(String) });
    expect(asked).toBeGreaterThan(0);
  } finally {
    core.close();
  }
});

it('with nothing kept, a read waits for the starting venue and goes out the moment it runs', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'kairos-starting-empty-'));
  const urls = (base: string) => ({ catalog_url: `${base}/catalog`, trading_url: `${base}/trading`, data_url: `${base}/data` });
  const http = { policy: { timeoutMs: 2000, retries: 1, baseDelayMs: 50, maxDelayMs: 50 } };
  const cores: Array<ReturnType<typeof createCore>> = [];
  const pending = (p: Promise<unknown>): (() => boolean) => {
    let settled = false;
    void p.finally(() => (settled = true));
    return () => !settled;
  };
  try {
    // Nothing is asked of a venue that is starting (here, one answering 503 when asked)…
    const a = stubVenue();
    cores.push(createCore({ dataDir: join(empty, 'a'), defaultProfile: localProfile(urls(notYetUrl)), localVenue: a, logger: silent, watch: false, collectGarbage: () => undefined, http }));
    asked = 0;
    const refused = cores[0]!.router.dispatch('markets.list', { limit: 20 });
    const stillA = pending(refused);
    await new Promise((r) => setTimeout(r, 300));
    expect(stillA()).toBe(true);
    expect(asked).toBe(0);
    // …and once it runs the read goes out.
    a.set({ state: 'running', since: Date.now() });
    expect((await refused).ok).toBe(false);
    expect(asked).toBeGreaterThan(0);

    // A venue that answers gives the waiting read its first, fresh answer.
    const b = stubVenue();
    cores.push(createCore({ dataDir: join(empty, 'b'), defaultProfile: localProfile(venue.urls), localVenue: b, logger: silent, watch: false, collectGarbage: () => undefined, http }));
    const read = cores[1]!.router.dispatch('markets.list', { limit: 20 });
    const stillB = pending(read);
    await new Promise((r) => setTimeout(r, 300));
    expect(stillB()).toBe(true);
    b.set({ state: 'running', since: Date.now() });
    const answer = await read;
    expect(answer.ok).toBe(true);
    const data = (answer as { data: { stale: boolean; data: { rows: unknown[] } } }).data;
    expect(data.stale).toBe(false);
    expect(data.data.rows.length).toBe(20);
  } finally {
    for (const c of cores) c.close();
    rmSync(empty, { recursive: true, force: true });
  }
});

it("a screen's read goes out and comes back before the catalog sync's next page", async () => {
  const fresh = mkdtempSync(join(tmpdir(), 'kairos-starting-order-'));
  const log: string[] = [];
  // The core's requests as they go out and come back; the list's answer is slow to come.
  const recording: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const what = url.includes('order=id') ? 'page' : url.includes('limit=20') ? 'list' : 'other';
    log.push(`send ${what}`);
    try {
      if (what === 'list') await new Promise((r) => setTimeout(r, 300));
      return await fetch(input, init);
    } finally {
      log.push(`done ${what}`);
    }
  };
  const core = createCore({ dataDir: fresh, defaultProfile: localProfile(venue.urls), logger: silent, watch: false, collectGarbage: () => undefined, http: { fetch: recording } });
  try {
    // As a window's first load asks them: the sync, and the list it shows.
    await core.router.dispatch('sync.start', {});
    expect((await core.router.dispatch('markets.list', { limit: 20 })).ok).toBe(true);
    const sent = log.indexOf('send list');
    expect(sent).toBeGreaterThanOrEqual(0);
    expect(log.slice(sent, log.indexOf('done list'))).not.toContain('send page');
    // The sync went on afterwards.
    await expect.poll(() => log.filter((e) => e === 'done page').length).toBeGreaterThan(0);
  } finally {
    core.close();
    rmSync(fresh, { recursive: true, force: true });
  }
});
