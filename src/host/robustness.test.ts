// The browser host survives what a hostile page or a broken client sends it: malformed
// requests, oversized or invalid frames, foreign origins and hosts, and handlers that throw.
// Each case is followed by a plain request, which must still be served.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect as connectTcp, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHost } from './server.js';

const dir = mkdtempSync(join(tmpdir(), 'kairos-host-robust-'));
const logged: string[] = [];
let child: ChildProcess;
let host: { port: number; token: string };
let unixSocket: TcpServer;

beforeAll(async () => {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  // A file that exists but cannot be read as one: opening it fails after the stat said "file".
  unixSocket = createTcpServer();
  await new Promise<void>((done) => unixSocket.listen(join(dir, 'unreadable.js'), done));
  // The host runs in a process of its own (host.fixture.ts), so a crash is a crash.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  child = spawn(process.execPath, ['--import', tsx, resolve('src/host/host.fixture.ts'), dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TSX_TSCONFIG_PATH: resolve('tsconfig.json') },
  });
  createInterface({ input: child.stderr! }).on('line', (line) => logged.push(line));
  host = await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the host did not start: ${logged.join('\n')}`)), 30_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      done(JSON.parse(line) as typeof host);
    });
  });
});
afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }
  await new Promise<void>((done) => unixSocket.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
});

const hostHeader = (): string => `127.0.0.1:${host.port}`;
const origin = (): string => `http://127.0.0.1:${host.port}`;

/** Sends raw bytes on a fresh connection; resolves with everything read until the server closes or `ms` passes. */
function raw(bytes: string | Buffer, ms = 2000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectTcp(host.port, '127.0.0.1');
    let got = '';
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(got);
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (chunk) => {
      got += chunk.toString('latin1');
      // One response is enough: stop once its headers (and any short body) are in.
      if (/^HTTP\/1\.1 \d{3}[^\r]*\r\n[\s\S]*\r\n\r\n/.test(got) && !/content-length: [1-9]/i.test(got)) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
  });
}

const get = (path: string, host_ = hostHeader()): Promise<string> => raw(`GET ${path} HTTP/1.1\r\nHost: ${host_}\r\nConnection: close\r\n\r\n`);
const status = (response: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);

/** The host's stderr reaches the test a little after its answer does. */
async function loggedSoon(pattern: RegExp): Promise<void> {
  const until = Date.now() + 2000;
  while (!pattern.test(logged.join('\n')) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  expect(logged.join('\n')).toMatch(pattern);
}

async function stillServes(): Promise<void> {
  expect(child.exitCode, logged.join('\n')).toBe(null);
  expect(status(await get('/'))).toBe(200);
  const ws = await connectWs();
  const answer = next(ws);
  ws.send(JSON.stringify({ id: 1, name: 'app.info', input: 'still here' }));
  expect(await answer).toEqual({ id: 1, result: { ok: true, data: { echo: 'still here' } } });
  ws.close();
}

function connectWs(headers: { origin?: string; host?: string } = {}): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?token=${host.token}`, {
    origin: headers.origin ?? origin(),
    headers: headers.host ? { host: headers.host } : {},
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}
const next = (ws: WebSocket, ms = 2000): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer')), ms);
    ws.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)));
    });
  });

/** Opens the IPC socket by hand, so frames the ws client would never send can be written. */
async function rawWs(): Promise<{ socket: Socket; read: (ms?: number) => Promise<Buffer> }> {
  const socket = connectTcp(host.port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let closed = false;
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET /ipc?token=${host.token} HTTP/1.1\r\nHost: ${hostHeader()}\r\nOrigin: ${origin()}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const deadline = Date.now() + 2000;
  while (!Buffer.concat(chunks).includes('\r\n\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const head = Buffer.concat(chunks);
  expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
  chunks.length = 0;
  chunks.push(head.subarray(head.indexOf('\r\n\r\n') + 4));
  return {
    socket,
    // Everything the server sent after the handshake, once it closed the connection or `ms` passed.
    read: async (ms = 2000) => {
      const until = Date.now() + ms;
      while (!closed && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return Buffer.concat(chunks);
    },
  };
}

/** A client frame (clients must mask); `length` may claim more than `payload` holds. */
function frame(opcode: number, payload: Buffer, length = payload.length): Buffer {
  const mask = randomBytes(4);
  let header: Buffer;
  if (length < 126) header = Buffer.from([0x80 | opcode, 0x80 | length]);
  else if (length < 65536) {
    header = Buffer.from([0x80 | opcode, 0x80 | 126, 0, 0]);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([header, mask, masked]);
}

/** The close code in the server's close frame (unmasked, short payload), if it sent one. */
function closeCode(bytes: Buffer): number | undefined {
  const at = bytes.findIndex((byte, i) => byte === 0x88 && i + 3 < bytes.length);
  return at < 0 ? undefined : bytes.readUInt16BE(at + 2);
}

describe('malformed requests', () => {
  it.each(['/%', '/%E0%A4%A', '/assets/%zz.js'])('answers 400 to the undecodable path %s and keeps serving', async (path) => {
    expect(status(await get(path))).toBe(400);
    await stillServes();
  });

  it('answers 400 to a request target that is not a path', async () => {
    expect(status(await get('//'))).toBe(400);
    expect(status(await get('http://127.0.0.1/'))).toBe(400);
    await stillServes();
  });

  it('answers 500 when a file cannot be read, logs it, and keeps serving', async () => {
    logged.length = 0;
    expect(status(await get('/unreadable.js'))).toBe(500);
    await loggedSoon(/unreadable\.js/);
    await stillServes();
  });
});

describe('a client that half-closes after its request', () => {
  /** Sends `request`, then ends its side; resolves with all the host sends until it closes. */
  const halfClosed = (request: string): Promise<string> =>
    new Promise((resolve) => {
      const socket = connectTcp(host.port, '127.0.0.1');
      let got = '';
      const timer = setTimeout(() => socket.destroy(), 2000);
      socket.on('data', (chunk) => void (got += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(got);
      });
      socket.end(request);
    });

  it.each([
    ['the app shell', '/', '<!doctype html><title>t</title>'],
    ['a file', '/index.html', '<!doctype html><title>t</title>'],
    ['a deep link', '/markets/some-slug', '<!doctype html><title>t</title>'],
  ])('still gets %s whole', async (_what, path, body) => {
    for (const connection of ['', 'Connection: close\r\n']) {
      const answer = await halfClosed(`GET ${path} HTTP/1.1\r\nHost: ${hostHeader()}\r\n${connection}\r\n`);
      expect(status(answer), JSON.stringify(answer)).toBe(200);
      expect(answer.endsWith(`\r\n\r\n${body}`) || answer.includes(`\r\n\r\n${body.length.toString(16)}\r\n${body}`), JSON.stringify(answer)).toBe(true);
    }
    await stillServes();
  });

  it('still gets the refusals it got before', async () => {
    expect(status(await halfClosed(`GET /% HTTP/1.1\r\nHost: ${hostHeader()}\r\n\r\n`))).toBe(400);
    expect(status(await halfClosed('GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n'))).toBe(403);
  });
});

describe('WebSocket frames', () => {
  it('closes a socket whose frame is over the size limit with 1009 and keeps serving', async () => {
    const { socket, read } = await rawWs();
    socket.write(frame(0x1, Buffer.from('{}'), 5 * 1024 * 1024));
    expect(closeCode(await read())).toBe(1009);
    socket.destroy();
    await stillServes();
  });

  it('closes a socket whose text frame is not UTF-8 with 1007 and keeps serving', async () => {
    const { socket, read } = await rawWs();
    socket.write(frame(0x1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])));
    expect(closeCode(await read())).toBe(1007);
    socket.destroy();
    await stillServes();
  });

  it('answers a message that is JSON but not an object, and keeps serving', async () => {
    const ws = await connectWs();
    for (const text of ['null', '7', '"x"', '[]']) {
      const answer = next(ws);
      ws.send(text);
      expect(await answer).toMatchObject({ id: null, result: { ok: false, error: { code: 'INVALID_INPUT' } } });
    }
    ws.close();
    await stillServes();
  });
});

describe('origin and host', () => {
  it('serves only its own Host over HTTP (DNS rebinding)', async () => {
    expect(status(await get('/', `evil.example:${host.port}`))).toBe(403);
    expect(status(await get('/', `localhost:${host.port}`))).toBe(403);
    expect(status(await get('/', '127.0.0.1:1'))).toBe(403);
    expect(status(await get('/', '127.0.0.1'))).toBe(403);
    expect(status(await raw('GET / HTTP/1.0\r\n\r\n'))).toBe(403);
    expect(status(await get('/'))).toBe(200);
  });

  it('accepts the socket only from its own origin, exactly', async () => {
    for (const other of [`http://127.0.0.1:${host.port === 1 ? 2 : 1}`, `http://127.0.0.1:${host.port}.evil.example`, `http://localhost:${host.port}`, `https://127.0.0.1:${host.port}`, 'null', '']) {
      await expect(connectWs({ origin: other })).rejects.toThrow(/403/);
    }
  });

  it('accepts the socket only on its own Host', async () => {
    await expect(connectWs({ host: `evil.example:${host.port}` })).rejects.toThrow(/403/);
    await expect(connectWs({ host: `localhost:${host.port}` })).rejects.toThrow(/403/);
    await stillServes();
  });
});

describe('errors inside handlers', () => {
  it.each(['test.throw', 'test.reject', 'test.unserializable'])('answers INTERNAL when the call %s fails, logs it, and keeps serving', async (name) => {
    logged.length = 0;
    const ws = await connectWs();
    const answer = next(ws);
    ws.send(JSON.stringify({ id: 3, name, input: null }));
    expect(await answer).toMatchObject({ id: 3, result: { ok: false, error: { code: 'INTERNAL' } } });
    await loggedSoon(/kairos host: /);
    ws.close();
    await stillServes();
  });

  it('survives a client that resets while being refused', async () => {
    for (let i = 0; i < 20; i++) {
      const socket = connectTcp(host.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(`GET /ipc?token=wrong HTTP/1.1\r\nHost: ${hostHeader()}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`);
      socket.resetAndDestroy();
    }
    await new Promise((r) => setTimeout(r, 100));
    await stillServes();
  });
});

describe('starting', () => {
  it('rejects when its port is taken, rather than throwing an unheard error', { timeout: 5000 }, async () => {
    await expect(startHost({ router: { dispatch: () => Promise.resolve({ ok: true, data: null }) }, rendererDir: dir, port: host.port })).rejects.toThrow(/EADDRINUSE/);
    await stillServes();
  });
});
