// The browser host: serves the built renderer and the same IPC router over a WebSocket, on
// 127.0.0.1 only, behind a random per-run token. End-to-end tests and `npm run web` use it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
// The plain name list, not the zod contract: the host serves the page before the core loads.
import { EVENT_NAMES } from '@shared/ipc/names.js';
import { HOST_CSP } from '../main/core/csp.js';
import type { Dispatcher, EventSink } from '../main/core/transport.js';

export interface HostOptions {
  router: Dispatcher;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  port?: number;
  token?: string;
  /** Where the host reports what went wrong while it kept serving (default: stderr). */
  log?: (line: string) => void;
}

export interface RunningHost {
  url: string;
  port: number;
  token: string;
  /** Pushes an event to every connected page. */
  emit: EventSink;
  /** Settles once a page has been sent the shell and every file it names (its scripts and
   *  styles), or a page has connected (its files kept from before): the page then runs them
   *  without the host, which may go on to other work. */
  shellServed: Promise<void>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * The decoded path of a request target, or null when it is not an origin-form path or does not
 * decode (`/%`, `/%E0%A4%A`): both are the client's fault and answered 400, never thrown.
 */
function requestPath(target: string | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  try {
    return decodeURIComponent(new URL(target, 'http://127.0.0.1').pathname);
  } catch {
    return null;
  }
}

/** The files a built shell loads as it opens (`./assets/…` scripts, preloads and styles), relative to it. */
export function shellFiles(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1] as string);
}

const INTERNAL = { ok: false, error: { code: 'INTERNAL', message: 'the call failed inside the app' } } as const;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const root = resolve(opts.rendererDir);
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const report = (where: string, err: unknown): void => log(`kairos host: ${where}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  if (!existsSync(join(root, 'index.html'))) throw new Error(`no built renderer in ${root}; run \`npm run build\` first`);

  // The shell and the files it names, each still to be sent in full once.
  const shell = join(root, 'index.html');
  const unsent = new Set([shell, ...shellFiles(readFileSync(shell, 'utf8')).map((f) => normalize(join(root, f)))]);
  let shellSent: () => void = () => undefined;
  const shellServed = new Promise<void>((done) => (shellSent = done));
  const sent = (file: string): void => {
    if (unsent.delete(file) && unsent.size === 0) shellSent();
  };

  const serveFile = (req: IncomingMessage, res: ServerResponse): void => {
    const path = requestPath(req.url);
    if (path === null) {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    // Unknown paths get the app shell: the renderer routes by hash, but deep links stay safe.
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    // Headers go out once the file is open, so a file that cannot be read is still a clean 500.
    const stream = createReadStream(file);
    const failed = (err: Error): void => {
      report(`could not read ${file}`, err);
      res.writeHead(500).end();
    };
    stream.once('error', failed);
    stream.once('open', () => {
      stream.off('error', failed);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': HOST_CSP,
        'x-content-type-options': 'nosniff',
        // Built assets are named by their content hash, so the page may keep them (and their
        // compiled code) across reloads; the shell, which names them, is always asked again.
        'cache-control': file.startsWith(join(root, 'assets') + sep) ? 'private, max-age=31536000, immutable' : 'no-store',
      });
      pipeline(stream, res, (err) => {
        // A page that goes away mid-file is not worth a line.
        if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') report(`could not send ${file}`, err);
        if (!err) sent(file);
      });
    });
  };

  /** Sends one answer; an answer that cannot be serialized becomes INTERNAL rather than nothing. */
  const answer = (ws: WebSocket, id: unknown, result: unknown): void => {
    if (ws.readyState !== ws.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify({ id, result });
    } catch (err) {
      report('could not serialize an answer', err);
      text = JSON.stringify({ id, result: INTERNAL });
    }
    ws.send(text);
  };

  // Its own authority, known once it listens. Only that is served: a page elsewhere cannot open
  // the socket (Origin), and a name rebound to 127.0.0.1 cannot read the app (Host). localhost
  // is not accepted: the host hands out only the 127.0.0.1 URL, and one exact origin keeps the
  // socket, the CSP and the page's storage agreeing on what "self" is.
  let ownHost = '';
  let ownOrigin = '';

  const server: Server = createServer((req, res) => {
    try {
      handleRequest(req, res);
    } catch (err) {
      report(`${req.method ?? '?'} ${req.url ?? '?'} failed`, err);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }
  });
  const handleRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.headers.host !== ownHost) {
      res.writeHead(403).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    serveFile(req, res);
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  // A client may half-close once its request is sent. By default Node then ends the socket at
  // once, before a file opened asynchronously is written; allowed half-open, it ends the socket
  // once the answer under way is sent (Node's own switch, absent from its typings; the
  // robustness tests hold it to that).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('upgrade', (req, socket, head) => {
    // Until ws takes the socket over, its errors (a client that resets) are ours to catch.
    // A page that reloads or closes resets its socket: that is the page going, not a fault.
    socket.on('error', (err) => {
      if (!isPeerGone(err)) report('upgrade socket', err);
    });
    try {
      handleUpgrade(req, socket, head);
    } catch (err) {
      report('upgrade failed', err);
      socket.destroy();
    }
  });
  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = requestPath(req.url) === '/ipc' ? new URL(req.url ?? '/', 'http://127.0.0.1') : null;
    const own = req.headers.host === ownHost && req.headers.origin === ownOrigin;
    if (!url || !own || !sameToken(url.searchParams.get('token') ?? '', token)) {
      socket.write('HTTP/1.1 403 Forbidden\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  };
  wss.on('connection', (ws: WebSocket) => {
    // A page whose scripts came from its own cache asks for none of them: it runs once it calls.
    shellSent();
    // A frame over maxPayload (1009) or a text frame that is not UTF-8 (1007): ws has already
    // sent the close frame with that code; without a listener the error would end the process.
    ws.on('error', (err) => report('closed a page socket', err));
    ws.on('message', (raw) => {
      try {
        handleMessage(ws, String(raw));
      } catch (err) {
        report('a page message failed', err);
      }
    });
  });

  const handleMessage = (ws: WebSocket, text: string): void => {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      answer(ws, null, { ok: false, error: { code: 'INVALID_INPUT', message: 'message is not JSON' } });
      return;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      answer(ws, null, { ok: false, error: { code: 'INVALID_INPUT', message: 'message is not an object' } });
      return;
    }
    const { id, name, input } = msg as { id?: unknown; name?: unknown; input?: unknown };
    // The dispatcher promises a result and never a rejection; if it breaks that, the page still
    // gets an answer and the host a log line instead of an unhandled rejection.
    new Promise<unknown>((done) => done(opts.router.dispatch(name, input)))
      .catch((err: unknown) => {
        report(`the call ${typeof name === 'string' ? name : '?'} failed`, err);
        return INTERNAL;
      })
      .then((result) => answer(ws, id ?? null, result))
      .catch((err: unknown) => report('could not answer a call', err));
  };

  // A port in use is a failed start the caller can report, not an 'error' event nobody hears.
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
  server.on('error', (err) => report('server', err));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  ownHost = `127.0.0.1:${port}`;
  ownOrigin = `http://${ownHost}`;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    shellServed,
    port,
    token,
    emit(name, payload) {
      if (!EVENT_NAMES.includes(name)) return;
      try {
        const text = JSON.stringify({ event: name, payload });
        for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
      } catch (err) {
        report(`could not push ${name}`, err);
      }
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((done) => wss.close(() => done()));
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The peer dropped the connection (a reload, a closed tab): nothing to report. */
function isPeerGone(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}
