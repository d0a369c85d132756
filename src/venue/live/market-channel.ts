// The live market channel (venue-profile I): `{trading_url}/ws/market`. A client subscribes to
// tokens and gets each one's book, then every change of it as the exchange commits it, whoever
// caused it (an HTTP order, a cancel, the simulator, an expiry). Each change is serialised once,
// for the tokens someone follows only, and sent to every client that follows that token.
// Clients are pinged and cut off spread over time (ping-wheel.ts); books and their sequences are
// book-texts.ts's.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { formatMicros } from '@shared/domain/money.js';
import { formatIssue } from '@shared/spec/common.js';
import { FAMILY_PING, FAMILY_PONG, fromFamilyMessage } from './family-messages.js';
import { LIVE_CLOSE_BEHIND, LIVE_MAX_BACKLOG, LIVE_MAX_BACKLOG_BYTES, LIVE_MAX_TOKENS, LIVE_MAX_UNANSWERED_PINGS, LIVE_PING_MS, LiveClientMessage } from '@shared/spec/live.js';
import type { Audience } from '../audience.js';
import type { Books } from '../exchange/books.js';
import type { BookObserver, LevelChange, TradeEvent } from '../exchange/feed.js';
import type { Tokens } from '../exchange/tokens.js';
import { BookTexts, encode } from './book-texts.js';
import { Chores, PingWheel } from './ping-wheel.js';
import { systemLiveTimers, type LiveTimers } from './timers.js';

export const MARKET_CHANNEL_PATH = '/trading/ws/market';

export interface LiveOptions {
  /** Milliseconds between the venue's pings (default 10 s). */
  pingMs?: number;
  /** Milliseconds a closing client has to answer the close before its socket is destroyed. */
  closeTimeoutMs?: number;
  /** The ping wheel's timers and the event loop's later turns (tests pass manual ones). */
  timers?: LiveTimers;
}

interface Client {
  ws: WebSocket;
  tokens: Set<string>;
  /** Messages handed to the socket and not yet written out to the network. */
  unflushed: number;
  /** Their bytes. */
  unflushedBytes: number;
  /** Protocol pings sent since the client last answered one. */
  unanswered: number;
  /** Cut off or gone: nothing more is sent. */
  done: boolean;
  /** Its socket holds what it is sent until the work under way ends (see `send`). */
  corked: boolean;
}

interface Topic {
  clients: Set<Client>;
}

const MiB = 1024 * 1024;
const price = (micro: number | undefined): string | null => (micro === undefined ? null : formatMicros(micro));

export class MarketChannel implements BookObserver {
  private readonly topics = new Map<string, Topic>();
  private readonly clients = new Set<Client>();
  private readonly texts: BookTexts;
  private readonly pingMs: number;
  private readonly closeTimeoutMs: number;
  private readonly timers: LiveTimers;
  private readonly wheel: PingWheel<Client>;
  /** Cut-offs and socket destructions, a few a turn of the event loop. */
  private readonly chores: Chores;
  private wss: WebSocketServer | undefined;
  /** Clients whose sockets hold a burst of messages, written out once the work under way ends. */
  private corked: Client[] = [];

  constructor(
    private readonly tokens: Tokens,
    books: Books,
    now: () => number,
    opts: LiveOptions = {},
    /** Told that someone watches while a token has a follower (the simulator speeds up). */
    private readonly audience?: Audience,
  ) {
    this.pingMs = opts.pingMs ?? LIVE_PING_MS;
    this.closeTimeoutMs = opts.closeTimeoutMs ?? 5_000;
    this.timers = opts.timers ?? systemLiveTimers;
    this.texts = new BookTexts(tokens, books, now);
    this.wheel = new PingWheel(this.pingMs, this.timers, (c) => this.beat(c));
    this.chores = new Chores(this.timers);
    audience?.watchedBy(
      () => this.followed > 0,
      () => this.markets(),
    );
  }

  /**
   * Serves the channel on `app`'s server (before it listens). Node hands every upgrade request
   * to this listener, so one for another path is answered 404 here; a plain GET of the channel
   * is told to upgrade.
   */
  attach(app: FastifyInstance): void {
    const wss = new WebSocketServer({ noServer: true, maxPayload: MiB });
    this.wss = wss;
    app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Until ws takes the socket over, a client that resets it is ours to ignore.
      socket.on('error', () => undefined);
      if ((req.url ?? '').split('?')[0] !== MARKET_CHANNEL_PATH) {
        refuse(socket, 404, 'Not Found', { error: `No WebSocket at ${(req.url ?? '').split('?')[0]}`, code: 'NOT_FOUND' });
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => this.connect(ws));
    });
    app.get(MARKET_CHANNEL_PATH, async (_req, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ error: `${MARKET_CHANNEL_PATH} is a WebSocket: connect with Upgrade: websocket`, code: 'UPGRADE_REQUIRED' }),
    );
    // Open sockets would keep the server from closing.
    app.addHook('preClose', async () => this.close());
  }

  close(): void {
    for (const c of [...this.clients]) {
      this.drop(c);
      c.ws.terminate();
    }
    this.chores.clear();
    this.wheel.stop();
    this.wss?.close();
  }

  /** Clients connected and not cut off. */
  get connections(): number {
    return [...this.clients].filter((c) => !c.done).length;
  }

  /** Clients cut off whose close has not been sent yet (it waits for a later turn). */
  get cutting(): number {
    return [...this.clients].filter((c) => c.done).length;
  }

  /** How many tokens someone follows now. */
  get followed(): number {
    return this.topics.size;
  }

  /** The markets (condition ids) of the tokens someone follows now. */
  markets(): Set<string> {
    const out = new Set<string>();
    for (const id of this.topics.keys()) {
      const c = this.tokens.get(id)?.conditionId;
      if (c !== undefined) out.add(c);
    }
    return out;
  }

  // ---------------------------------------------------------------- the exchange's side

  watches(tokenId: string): boolean {
    return this.topics.has(tokenId);
  }

  level(c: LevelChange): void {
    const topic = this.topics.get(c.tokenId);
    if (!topic) return;
    // Encoded once for every client: each would otherwise measure and encode the text again.
    const text = encode({
      type: 'price_change',
      asset_id: c.tokenId,
      price: formatMicros(c.price),
      size: formatMicros(c.size),
      side: c.side,
      best_bid: price(c.bestBid),
      best_ask: price(c.bestAsk),
      seq: this.texts.nextSeq(c.tokenId),
    });
    for (const client of topic.clients) this.send(client, text);
  }

  trade(t: TradeEvent): void {
    const topic = this.topics.get(t.tokenId);
    if (!topic) return;
    const text = encode({ type: 'last_trade_price', asset_id: t.tokenId, price: formatMicros(t.price), size: formatMicros(t.size), side: t.side, timestamp: String(t.ts) });
    for (const client of topic.clients) this.send(client, text);
  }

  reset(): void {
    for (const [tokenId, topic] of this.topics) {
      this.texts.nextSeq(tokenId);
      const text = this.texts.snapshot(tokenId);
      for (const client of topic.clients) this.send(client, text);
    }
  }

  // ---------------------------------------------------------------- clients

  private connect(ws: WebSocket): void {
    const client: Client = { ws, tokens: new Set(), unflushed: 0, unflushedBytes: 0, unanswered: 0, done: false, corked: false };
    this.clients.add(client);
    this.wheel.join(client);
    // Every WebSocket client answers a protocol ping by itself as it reads: one that has not
    // answered the last few reads nothing, however much the kernel still buffers for it.
    ws.on('pong', () => (client.unanswered = 0));
    // A frame over maxPayload or text that is not UTF-8: ws closes with 1009/1007 and reports it here.
    ws.on('error', () => this.drop(client));
    ws.on('close', () => this.drop(client));
    ws.on('message', (data, isBinary) => {
      try {
        this.receive(client, data, isBinary);
      } catch (err) {
        this.error(client, 'INTERNAL', `the message could not be handled: ${(err as Error).message}`);
      }
    });
  }

  private receive(client: Client, data: RawData, isBinary: boolean): void {
    if (client.done) return;
    if (isBinary) {
      this.error(client, 'INVALID_MESSAGE', 'messages must be JSON text, not binary');
      return;
    }
    const text = rawText(data);
    if (text === FAMILY_PING) {
      this.send(client, FAMILY_PONG);
      return;
    }
    let json: unknown;
    try {
      json = fromFamilyMessage(JSON.parse(text));
    } catch (err) {
      this.error(client, 'INVALID_MESSAGE', `message is not JSON: ${(err as Error).message}`);
      return;
    }
    const parsed = LiveClientMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.error(client, 'INVALID_MESSAGE', issue ? formatIssue(issue) : 'message is not one of subscribe, unsubscribe, ping, pong');
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'subscribe') this.subscribe(client, msg.assets_ids);
    else if (msg.type === 'unsubscribe') for (const id of msg.assets_ids) this.leave(client, id);
    else if (msg.type === 'ping') this.send(client, '{"type":"pong"}');
  }

  /** The ping interval: a protocol ping and the channel's own `ping` message, unless the client stopped answering. */
  private beat(client: Client): void {
    if (client.done) return;
    if (client.unanswered >= LIVE_MAX_UNANSWERED_PINGS) {
      this.behind(client, `no answer to a ping within ${this.pingMs} ms; subscribe again`);
      return;
    }
    client.unanswered++;
    client.ws.ping();
    this.send(client, '{"type":"ping"}');
  }

  /** Follows the known tokens and sends each new one's book; a token already followed sends nothing. */
  private subscribe(client: Client, ids: readonly string[]): void {
    const wanted = [...new Set(ids)];
    const unknown = wanted.filter((id) => this.tokens.get(id) === undefined);
    const known = wanted.filter((id) => this.tokens.get(id) !== undefined);
    const total = client.tokens.size + known.filter((id) => !client.tokens.has(id)).length;
    if (total > LIVE_MAX_TOKENS) {
      this.error(client, 'TOO_MANY_SUBSCRIPTIONS', `a connection may follow at most ${LIVE_MAX_TOKENS} tokens; this subscription would make ${total} (nothing of it was subscribed)`);
      return;
    }
    const before = this.topics.size;
    for (const id of known) {
      if (client.tokens.has(id)) continue;
      client.tokens.add(id);
      let topic = this.topics.get(id);
      if (!topic) this.topics.set(id, (topic = { clients: new Set() }));
      topic.clients.add(client);
      this.send(client, this.texts.snapshot(id));
    }
    if (before === 0 && this.topics.size > 0) this.audience?.arrived();
    if (unknown.length > 0) {
      const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
      this.error(client, 'UNKNOWN_TOKEN', `not tokens of this venue, not subscribed: ${shown}`, { assets_ids: unknown });
    }
  }

  private leave(client: Client, tokenId: string): void {
    client.tokens.delete(tokenId);
    const topic = this.topics.get(tokenId);
    if (!topic) return;
    topic.clients.delete(client);
    if (topic.clients.size === 0) {
      this.topics.delete(tokenId);
      this.texts.forget(tokenId);
    }
  }

  /** Stops everything for a client: its subscriptions, its pings. */
  private drop(client: Client): void {
    if (!this.clients.delete(client)) return;
    client.done = true;
    this.wheel.leave(client);
    for (const id of [...client.tokens]) this.leave(client, id);
  }

  /**
   * Sends one message, counting it and its bytes until the socket has written it out; a client
   * that leaves more than LIVE_MAX_BACKLOG messages or LIVE_MAX_BACKLOG_BYTES unwritten (it stopped
   * reading) is closed with 4008 and must resubscribe.
   */
  private send(client: Client, message: string | Buffer): void {
    if (client.done) return;
    const data = typeof message === 'string' ? Buffer.from(message) : message;
    const bytes = data.length;
    client.unflushed++;
    client.unflushedBytes += bytes;
    this.cork(client);
    // A text frame, as every message of the channel is JSON.
    client.ws.send(data, { binary: false }, () => {
      client.unflushed--;
      client.unflushedBytes -= bytes;
    });
    if (client.unflushed > LIVE_MAX_BACKLOG) this.behind(client, `more than ${LIVE_MAX_BACKLOG} messages behind; subscribe again`);
    else if (client.unflushedBytes > LIVE_MAX_BACKLOG_BYTES) this.behind(client, `more than ${LIVE_MAX_BACKLOG_BYTES / MiB} MiB behind; subscribe again`);
  }

  /**
   * Holds a client's writes until the work under way ends, so that a burst of changes (a
   * re-quote touches many levels) goes out in one write rather than one system call a message:
   * with many followers, the writes were most of a burst's cost. ws has no cork of its own; its
   * sender corks around each frame, inside this one.
   */
  private cork(client: Client): void {
    if (client.corked) return;
    const socket = (client.ws as unknown as { _socket?: Duplex | null })._socket;
    if (!socket) return;
    socket.cork();
    client.corked = true;
    if (this.corked.push(client) > 1) return;
    process.nextTick(() => {
      const corked = this.corked;
      this.corked = [];
      for (const c of corked) {
        c.corked = false;
        (c.ws as unknown as { _socket?: Duplex | null })._socket?.uncork();
      }
    });
  }

  /**
   * Cuts off a client that stopped reading: nothing more is sent to it from now; its
   * subscriptions go and 4008 is sent on a later turn, a few clients a turn (letting go of 500
   * tokens each for many clients at once held reads up).
   */
  private behind(client: Client, reason: string): void {
    if (client.done) return;
    client.done = true;
    this.chores.add(() => {
      this.drop(client);
      client.ws.close(LIVE_CLOSE_BEHIND, reason);
      // The close frame waits behind what the client has not read; it may never read it.
      this.timers.after(this.closeTimeoutMs, () => this.chores.add(() => client.ws.terminate()));
    });
  }

  private error(client: Client, code: string, error: string, extra: Record<string, unknown> = {}): void {
    this.send(client, JSON.stringify({ type: 'error', error, code, ...extra }));
  }

}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** An HTTP answer on a socket that asked to upgrade, in the venue's error shape. */
function refuse(socket: Duplex, status: number, reason: string, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
}
