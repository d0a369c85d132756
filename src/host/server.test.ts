// The browser host over its transport: the page gets the one host CSP, calls reach the
// dispatcher over the token-guarded WebSocket, and the event sink pushes to connected pages.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HOST_CSP } from '../main/core/csp.js';
import type { Dispatcher } from '../main/core/transport.js';
import { startHost, type RunningHost } from './server.js';

const dir = mkdtempSync(join(tmpdir(), 'kairos-host-'));
const calls: Array<[unknown, unknown]> = [];
const dispatcher: Dispatcher = {
  dispatch: async (name, input) => {
    calls.push([name, input]);
    return name === 'app.info' ? { ok: true, data: { echo: input } } : { ok: false, error: { code: 'UNKNOWN_CALL', message: 'no' } };
  },
};
let host: RunningHost;

beforeAll(async () => {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'void 0;');
  host = await startHost({ router: dispatcher, rendererDir: dir });
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

function connect(token = host.token): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?token=${token}`, { origin: `http://127.0.0.1:${host.port}` });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}
const next = (ws: WebSocket): Promise<unknown> => new Promise((resolve) => ws.once('message', (raw) => resolve(JSON.parse(String(raw)))));

describe('browser host', () => {
  it('serves the page under the host CSP', async () => {
    const res = await fetch(`http://127.0.0.1:${host.port}/`);
    expect(res.headers.get('content-security-policy')).toBe(HOST_CSP);
    expect(HOST_CSP).toContain("connect-src 'self' ws://127.0.0.1:*");
  });

  it('lets the page keep the hashed assets, never the shell that names them', async () => {
    const shell = await fetch(`http://127.0.0.1:${host.port}/`);
    expect(shell.headers.get('cache-control')).toBe('no-store');
    const asset = await fetch(`http://127.0.0.1:${host.port}/assets/index-abc123.js`);
    expect(await asset.text()).toBe('void 0;');
    expect(asset.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    // A path that falls back to the shell is the shell, whatever it looked like.
    const missing = await fetch(`http://127.0.0.1:${host.port}/assets/gone-000.js`);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('dispatches calls and pushes events through the sink', async () => {
    const ws = await connect();
    const answer = next(ws);
    ws.send(JSON.stringify({ id: 7, name: 'app.info', input: { a: 1 } }));
    expect(await answer).toEqual({ id: 7, result: { ok: true, data: { echo: { a: 1 } } } });
    expect(calls).toContainEqual(['app.info', { a: 1 }]);

    const pushed = next(ws);
    host.emit('orders.updated', { accountId: 'a', orderIds: ['1'] });
    expect(await pushed).toEqual({ event: 'orders.updated', payload: { accountId: 'a', orderIds: ['1'] } });
    ws.close();
  });

  it('refuses a socket without the token', async () => {
    await expect(connect('wrong')).rejects.toThrow(/403/);
  });
});
