// HTTP policy against the real venue and against deliberately broken peers on loopback.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestVenue, type TestVenue } from '../../../venue/test-support.js';
import { createClients } from '../clients/index.js';
import { AnswerLostError, HttpStatusError, NetworkError, SchemaError } from './errors.js';
import { BUDGETS, Limiter } from './limiter.js';
import { SurfaceHttp } from './surface.js';

let venue: TestVenue;
beforeAll(async () => {
  venue = await startTestVenue();
});
afterAll(async () => {
  await venue?.stop();
});

/** A loopback peer that answers each request with the next scripted reply. */
async function peer(replies: Array<(res: ServerResponse) => void>): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    const reply = replies[Math.min(n, replies.length - 1)];
    n++;
    reply?.(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, hits: () => n, close: () => new Promise((r) => server.close(() => r())) };
}

const fast = { policy: { timeoutMs: 500, retries: 2, baseDelayMs: 5, maxDelayMs: 20 } };

describe('clients against the venue', () => {
  it('parse real answers and name the parameter of a refused query', async () => {
    const c = createClients({ catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url }, fast);
    expect((await c.catalog.markets({ limit: 3 })).length).toBe(3);
    expect((await c.data.trades({ limit: 5 })).length).toBe(5);
    expect((await c.data.leaderboard({ timePeriod: 'ALL' })).length).toBeGreaterThan(0);
    expect(typeof (await c.trading.time())).toBe('number');
    const err = await c.catalog.markets({ limit: 101 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpStatusError);
    expect(err).toMatchObject({ status: 400, code: 'INVALID_PARAMETER', param: 'limit' });
  });

  it('honours Retry-After on 429 and then succeeds', async () => {
    const tight = await startTestVenue({ rateLimitScale: 1 / 300 }); // GET /markets: 1 per 10 s
    try {
      const waits: number[] = [];
      const http = new SurfaceHttp(tight.urls.catalog_url, BUDGETS.catalogAll, { ...fast, sleep: async (ms) => void waits.push(ms) });
      await http.request('GET', '/markets', z.array(z.unknown()), { query: { limit: 1 } });
      const second = await http.request('GET', '/markets', z.array(z.unknown()), { query: { limit: 1 } }).catch((e: unknown) => e);
      // The fake sleep does not wait, so both retries hit the 429 too: the delays asked are the venue's.
      expect(second).toMatchObject({ status: 429 });
      expect(waits.length).toBe(2);
      expect(waits.every((w) => w >= 1000)).toBe(true);
    } finally {
      await tight.stop();
    }
  });
});

describe('broken peers', () => {
  it('a malformed answer is a SchemaError naming the endpoint and field', async () => {
    const p = await peer([(res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":"1","conditionId":"0x1","question":7,"outcomes":"nope"}]')]);
    try {
      const c = createClients({ catalogUrl: p.url, tradingUrl: p.url, dataUrl: p.url }, fast);
      const err = await c.catalog.markets().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SchemaError);
      expect(String((err as Error).message)).toMatch(/^GET \/markets: \[0\]\./);
    } finally {
      await p.close();
    }
  });

  it('retries reads on 503 with backoff, but sends a write once', async () => {
    const p = await peer([(res) => res.writeHead(503).end(), (res) => res.writeHead(503).end(), (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]')]);
    try {
      const http = new SurfaceHttp(p.url, BUDGETS.dataAll, fast);
      expect(await http.request('GET', '/trades', z.array(z.unknown()))).toEqual([]);
      expect(p.hits()).toBe(3);
      const w = await peer([(res) => res.writeHead(503).end()]);
      try {
        const write = new SurfaceHttp(w.url, BUDGETS.tradingAll, fast);
        await expect(write.request('POST', '/orders', z.unknown(), { body: [] })).rejects.toMatchObject({ status: 503 });
        expect(w.hits()).toBe(1);
      } finally {
        await w.close();
      }
    } finally {
      await p.close();
    }
  });

  it('a cut connection after a write is an AnswerLostError, a timeout and a refused connection are NetworkErrors', async () => {
    const cut = await peer([(res) => res.socket?.destroy()]);
    try {
      const http = new SurfaceHttp(cut.url, BUDGETS.tradingAll, fast);
      await expect(http.request('POST', '/orders', z.unknown(), { body: [{}] })).rejects.toBeInstanceOf(AnswerLostError);
      expect(cut.hits()).toBe(1);
    } finally {
      await cut.close();
    }
    const slow = await peer([() => undefined]);
    try {
      const http = new SurfaceHttp(slow.url, BUDGETS.catalogAll, { policy: { timeoutMs: 100, retries: 0 } });
      await expect(http.request('GET', '/markets', z.unknown())).rejects.toThrow(/timed out after 100 ms/);
    } finally {
      await slow.close();
    }
    const closed = await peer([]);
    await closed.close(); // a port nobody listens on any more
    const gone = new SurfaceHttp(closed.url, BUDGETS.catalogAll, { policy: { timeoutMs: 500, retries: 0 } });
    const err = await gone.request('POST', '/orders', z.unknown(), { body: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).maybeSent).toBe(false);
  });

  it('client budgets delay a burst instead of letting it reach the limit', async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = new Limiter(() => now, async (ms) => {
      waits.push(ms);
      now += ms;
    });
    const budget = { name: 'test', limit: 3, windowMs: 10_000 };
    for (let i = 0; i < 5; i++) await limiter.take([budget]);
    expect(waits.length).toBe(1);
    expect(now).toBeGreaterThanOrEqual(10_000);
  });
});

describe('paging', () => {
  it('walks offsets and cursors to the end without overlap, against the venue', async () => {
    const { CAPS, pageByCursor, pageByOffset } = await import('./paginate.js');
    const c = createClients({ catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url }, fast);
    const all = await pageByOffset((limit, offset) => c.catalog.markets({ limit, offset, order: 'id', ascending: true }), CAPS.catalog, (m) => String(m.id));
    const n = (venue.db.prepare('SELECT COUNT(*) AS n FROM markets').get() as { n: number }).n;
    expect(all.complete).toBe(true);
    expect(new Set(all.items.map((m) => m.id)).size).toBe(n);
    const sampled = await pageByCursor((cursor) => c.trading.samplingSimplifiedMarkets(cursor));
    expect(sampled.complete).toBe(true);
    expect(sampled.items.length).toBeGreaterThan(0);
  });

  it('reports incomplete at an offset cap, on a repeated page and on a repeated cursor', async () => {
    const { pageByCursor, pageByOffset } = await import('./paginate.js');
    const capped = await pageByOffset(async (limit, offset) => Array.from({ length: limit }, (_, i) => offset + i), { pageSize: 10, maxOffset: 20 }, String);
    expect(capped).toMatchObject({ complete: false, reason: expect.stringMatching(/offset 20/) });
    expect(capped.items).toHaveLength(30);
    const stuck = await pageByOffset(async () => [1, 2, 3], { pageSize: 3, maxOffset: 1000 }, String);
    expect(stuck).toMatchObject({ complete: false, reason: expect.stringMatching(/already seen/) });
    const loop = await pageByCursor(async (cursor) => ({ data: [cursor], next_cursor: cursor === 'MA==' ? 'MTA=' : 'MA==' }));
    expect(loop).toMatchObject({ complete: false, items: ['MA==', 'MTA='] });
  });
});
