// The browser host over its transport: the page gets the one host CSP, calls reach the
// dispatcher over the token-guarded WebSocket, and the event sink pushes to connected pages.
import { connect as connectTcp } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HOST_CSP } from '../main/core/csp.js';
import type { Dispatcher } from '../main/core/transport.js';
import { shellFiles, startHost, type RunningHost } from './server.js';

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

  it('says nothing when a page resets its socket, as a reload does', async () => {
    const lines: string[] = [];
    const quiet = await startHost({ router: dispatcher, rendererDir: dir, log: (line) => lines.push(line) });
    try {
      const socket = connectTcp(quiet.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const upgraded = new Promise((resolve) => socket.once('data', resolve));
      socket.write(
        `GET /ipc?token=${quiet.token} HTTP/1.1\r\nHost: 127.0.0.1:${quiet.port}\r\nOrigin: http://127.0.0.1:${quiet.port}\r\n` +
          'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
      expect(String(await upgraded)).toMatch(/^HTTP\/1\.1 101/);
      // A reset, as a reloading page's socket ends: the host's side sees ECONNRESET.
      socket.resetAndDestroy();
      // The host notices the reset once it reads or writes; an event pushed makes it write.
      for (let i = 0; i < 5; i++) {
        quiet.emit('orders.updated', { accountId: 'a', orderIds: [String(i)] });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(lines.filter((l) => /upgrade socket/.test(l))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('tells once a page has been sent the shell and every script and style it names', async () => {
    const built = mkdtempSync(join(tmpdir(), 'kairos-shell-'));
    writeFileSync(
      join(built, 'index.html'),
      '<!doctype html><script type="module" crossorigin src="./assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="./assets/hooks-b2.js"><link rel="stylesheet" crossorigin href="./assets/index-c3.css">',
    );
    mkdirSync(join(built, 'assets'));
    for (const f of ['index-a1.js', 'hooks-b2.js', 'index-c3.css', 'Lazy-d4.js']) writeFileSync(join(built, 'assets', f), 'void 0;');
    const shellHost = await startHost({ router: dispatcher, rendererDir: built });
    let served = false;
    void shellHost.shellServed.then(() => (served = true));
    const get = async (path: string): Promise<void> => void (await (await fetch(`http://127.0.0.1:${shellHost.port}${path}`)).text());
    try {
      await get('/');
      await get('/assets/index-a1.js');
      await get('/assets/Lazy-d4.js');
      expect(served).toBe(false);
      await get('/assets/hooks-b2.js');
      await get('/assets/index-c3.css');
      await shellHost.shellServed;
    } finally {
      await shellHost.close();
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('tells it too once a page connects whose files came from its own cache', async () => {
    const built = mkdtempSync(join(tmpdir(), 'kairos-shell-'));
    writeFileSync(join(built, 'index.html'), '<!doctype html><script type="module" crossorigin src="./assets/index-a1.js"></script>');
    const shellHost = await startHost({ router: dispatcher, rendererDir: built });
    try {
      await (await fetch(`http://127.0.0.1:${shellHost.port}/`)).text();
      const ws = new WebSocket(`ws://127.0.0.1:${shellHost.port}/ipc?token=${shellHost.token}`, { origin: `http://127.0.0.1:${shellHost.port}` });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      await shellHost.shellServed;
      ws.close();
    } finally {
      await shellHost.close();
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('finds the files a built shell names, and nothing it does not load', () => {
    const html = '<script type="module" crossorigin src="./assets/index-CC.js"></script>\n<link rel="modulepreload" crossorigin href="./assets/format-DX.js">\n<link rel="stylesheet" crossorigin href="./assets/index-D0.css"><a href="./other.html">x</a>';
    expect(shellFiles(html)).toEqual(['assets/index-CC.js', 'assets/format-DX.js', 'assets/index-D0.css']);
  });
});
