// Shared by the live feed's tests: a WebSocket relay between the core and the venue's market
// channel that can lose a message, cut every connection with a close code, and turn new ones
// away — the venue stays the real one; only the wire between is made unreliable. Also a count of
// the venue's HTTP requests, as it receives them.
import WebSocket, { WebSocketServer } from 'ws';
import type { TestVenue } from '../../../venue/test-support.js';

export interface Relay {
  /** The core's `live.open`: connects through the relay to the address the venue advertised. */
  open(url: string): WebSocket;
  /** Messages the core sent, parsed, in order. */
  sent: Array<{ type: string; assets_ids?: string[] }>;
  /** Connections the relay took (not those it turned away). */
  opened: number;
  /** Client sockets open right now. */
  connections(): number;
  /** The next venue message that passes `test` is lost on the way. */
  dropNext(test: (msg: { type: string; asset_id?: string }) => boolean): void;
  dropped: unknown[];
  /** Closes every connection from the venue's side with `code`; while `refuse`, new ones are turned away. */
  cut(code: number, refuse?: boolean): void;
  /** Takes connections again. */
  resume(): void;
  close(): Promise<void>;
}

export async function liveRelay(): Promise<Relay> {
  let refusing = false;
  // Turned away at the handshake, as a venue that is not taking connections would.
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, verifyClient: (_info, done) => done(!refusing, 503) });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as { port: number }).port;
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket }>();
  let drop: ((msg: { type: string; asset_id?: string }) => boolean) | undefined;
  const relay: Relay = {
    open: (url) => new WebSocket(`ws://127.0.0.1:${port}/?to=${encodeURIComponent(url)}`),
    sent: [],
    opened: 0,
    connections: () => [...pairs].filter((p) => p.client.readyState === WebSocket.OPEN).length,
    dropNext(test) {
      drop = test;
    },
    dropped: [],
    cut(code, refuse = false) {
      refusing = refuse;
      for (const p of pairs) {
        p.client.close(code, 'cut by the test relay');
        p.upstream.terminate();
      }
    },
    resume() {
      refusing = false;
    },
    async close() {
      for (const p of pairs) {
        p.client.terminate();
        p.upstream.terminate();
      }
      await new Promise((resolve) => wss.close(resolve));
    },
  };
  wss.on('connection', (client, req) => {
    relay.opened++;
    const to = new URL(req.url ?? '/', 'ws://relay').searchParams.get('to') ?? '';
    const upstream = new WebSocket(to);
    const pair = { client, upstream };
    pairs.add(pair);
    const early: string[] = [];
    upstream.on('open', () => {
      for (const m of early.splice(0)) upstream.send(m);
    });
    upstream.on('message', (data) => {
      const text = String(data);
      if (drop) {
        const msg = JSON.parse(text) as { type: string; asset_id?: string };
        if (drop(msg)) {
          drop = undefined;
          relay.dropped.push(msg);
          return;
        }
      }
      if (client.readyState === WebSocket.OPEN) client.send(text);
    });
    client.on('message', (data) => {
      const text = String(data);
      relay.sent.push(JSON.parse(text) as Relay['sent'][number]);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else early.push(text);
    });
    const end = (): void => {
      pairs.delete(pair);
      if (client.readyState === WebSocket.OPEN) client.close(1011, 'the venue side closed');
      upstream.terminate();
    };
    upstream.on('close', end);
    upstream.on('error', () => undefined);
    client.on('close', () => {
      pairs.delete(pair);
      upstream.terminate();
    });
    client.on('error', () => undefined);
  });
  return relay;
}

/** Every HTTP request the venue receives from now on, as "METHOD /path" (query left off). */
export function countRequests(venue: TestVenue): string[] {
  const seen: string[] = [];
  venue.app.server.on('request', (req: { method?: string; url?: string }) => seen.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0]}`));
  return seen;
}

/** Requests for a token's book or best prices among `seen`. */
export const priceReads = (seen: readonly string[]): string[] => seen.filter((r) => /^(GET \/trading\/book|POST \/trading\/prices)$/.test(r));
