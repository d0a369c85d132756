// Shared by the orders domain's tests: a relay in front of a test venue's trading surface that
// can lose the answer to a request, drop it unsent or answer it itself, and a core behind it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VenueProfile } from '@shared/ipc/contract.js';
import type { TestVenue } from '../../../../venue/test-support.js';
import type { Core, CoreOptions } from '../../index.js';
import { coreFor, venueProfile } from '../../test-support.js';

/** 'cut' relays the request and then cuts the connection (the answer is lost), 'drop' cuts it unsent, an object answers it. */
export type RelayHook = (method: string, url: string) => 'cut' | 'drop' | { status: number; body: string } | undefined;

export const isPost = (method: string, url: string): boolean => method === 'POST' && url.endsWith('/orders');

export async function relay(venue: TestVenue, hook: RelayHook = () => undefined) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const act = hook(req.method ?? 'GET', req.url ?? '');
      if (act === 'drop') return void res.socket?.destroy();
      if (typeof act === 'object') return void res.writeHead(act.status, { 'content-type': 'application/json' }).end(act.body);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
      void fetch(`${venue.urls.trading_url}${req.url?.replace(/^\/trading/, '') ?? ''}`, {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      }).then(async (r) => {
        const text = await r.text();
        if (act === 'cut') return void res.socket?.destroy();
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(text);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const dir = mkdtempSync(join(tmpdir(), 'kairos-core-relay-'));
  const tradingUrl = `http://127.0.0.1:${port}/trading`;
  return {
    dir,
    tradingUrl,
    /** A core on the relay's folder whose profile reaches the trading surface through the relay. */
    start(opts: Partial<CoreOptions> = {}, profile: Partial<VenueProfile> = {}): Core {
      return coreFor(dir, venue, { defaultProfile: { ...venueProfile(venue, 'Via relay'), tradingUrl, ...profile }, http: { policy: { timeoutMs: 3000, retries: 2, baseDelayMs: 10 } }, ...opts });
    },
    async close() {
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
