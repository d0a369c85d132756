// One connection to the live market channel, kept up: it connects, answers the venue's pings,
// notices silence, and when the socket closes it waits (exponential backoff with full jitter, as
// the HTTP retries do) and connects again, until stopped. What the messages mean is the feed's.
import WebSocket from 'ws';
import { formatIssue } from '@shared/spec/common.js';
import { LiveMessage, type LiveClientMessage } from '@shared/spec/live.js';
import type { Logger } from '../ports.js';

export type OpenSocket = (url: string) => WebSocket;

export interface LinkTiming {
  /** First wait after a failure is up to this; it doubles per failure in a row. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** No message (not even the venue's ping) for this long: the connection is dead. */
  silenceMs: number;
  /** A connection open at least this long counts as good: the backoff starts over after it. */
  stableMs: number;
}

export interface LinkDeps {
  /** The channel's address; `again` after a failure, so a moved channel is found. Throws NOT_OFFERED where there is none. */
  url(again: boolean): Promise<string>;
  open: OpenSocket;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
  now(): number;
  timing: LinkTiming;
  log: Logger;
  opened(link: Link): void;
  message(link: Link, msg: LiveMessage): void;
  down(link: Link): void;
  /** The venue has no channel (no address, or 404 at it): nothing more is tried. */
  lacking(why: string): void;
  changed(): void;
}

export type LinkState = 'finding' | 'connecting' | 'open' | 'waiting' | 'stopped';

export class Link {
  readonly tokens = new Set<string>();
  state: LinkState = 'finding';
  /** Failures in a row (a connection that closed before it was stable counts as one). */
  failures = 0;
  everOpen = false;
  private ws: WebSocket | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: LinkDeps) {}

  start(): void {
    void this.loop();
  }

  get open(): boolean {
    return this.state === 'open';
  }

  send(msg: LiveClientMessage): void {
    if (this.state === 'open' && this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  stop(): void {
    if (this.state === 'stopped') return;
    this.set('stopped');
    this.stopping.abort();
    this.ws?.terminate();
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private set(state: LinkState): void {
    if (this.state === state || this.state === 'stopped') return;
    this.state = state;
    this.deps.changed();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let openedAt: number | undefined;
      try {
        const url = await this.deps.url(this.failures > 0);
        if (this.stopped) return;
        this.set('connecting');
        const end = await this.connect(url);
        openedAt = end.openedAt;
        if (end.status === 404) return this.lack(`${url} answered 404`);
      } catch (err) {
        if (this.stopped) return;
        if ((err as { code?: string }).code === 'NOT_OFFERED') return this.lack((err as Error).message);
        // Said once per outage, not on every retry.
        if (this.failures === 0) this.deps.log.warn('the live price feed could not be reached', { error: err instanceof Error ? err.message : String(err) });
      }
      if (this.stopped) return;
      const stable = openedAt !== undefined && this.deps.now() - openedAt >= this.deps.timing.stableMs;
      this.failures = stable ? 1 : this.failures + 1;
      this.set('waiting');
      const { baseDelayMs, maxDelayMs } = this.deps.timing;
      const cap = Math.min(maxDelayMs, baseDelayMs * 2 ** (this.failures - 1));
      await this.deps.sleep(Math.floor(this.deps.random() * cap), this.stopping.signal);
      if (!this.stopped) this.set('finding');
    }
  }

  private lack(why: string): void {
    this.deps.lacking(why);
    this.stop();
  }

  /** One connection, from opening to its close; resolves when it is over. */
  private connect(url: string): Promise<{ openedAt?: number; status?: number }> {
    return new Promise((resolve) => {
      let ws: WebSocket;
      try {
        ws = this.deps.open(url);
      } catch (err) {
        this.deps.log.warn('the live price feed address is not usable', { url, error: (err as Error).message });
        resolve({});
        return;
      }
      this.ws = ws;
      let openedAt: number | undefined;
      let status: number | undefined;
      let silence: ReturnType<typeof setTimeout> | undefined;
      const quiet = (): void => {
        if (silence) clearTimeout(silence);
        silence = setTimeout(() => ws.terminate(), this.deps.timing.silenceMs);
        silence.unref?.();
      };
      ws.on('open', () => {
        openedAt = this.deps.now();
        this.everOpen = true;
        quiet();
        this.set('open');
        this.deps.opened(this);
      });
      ws.on('message', (data, isBinary) => {
        quiet();
        if (this.stopped || isBinary) return;
        let json: unknown;
        try {
          json = JSON.parse(String(data));
        } catch {
          this.deps.log.warn('the live price feed sent a message that is not JSON');
          return;
        }
        const parsed = LiveMessage.safeParse(json);
        if (!parsed.success) {
          // A message of a kind this version does not know is skipped; the rest still counts.
          const issue = parsed.error.issues[0];
          this.deps.log.warn('the live price feed sent a message Kairos does not read', { issue: issue ? formatIssue(issue) : 'invalid' });
          return;
        }
        if (parsed.data.type === 'ping') this.send({ type: 'pong' });
        else this.deps.message(this, parsed.data);
      });
      ws.on('error', (err) => {
        const m = /Unexpected server response: (\d+)/.exec(err.message);
        if (m) status = Number(m[1]);
      });
      ws.on('close', () => {
        if (silence) clearTimeout(silence);
        if (this.ws === ws) this.ws = undefined;
        const wasOpen = this.state === 'open';
        if (!this.stopped) this.set('waiting');
        if (wasOpen) this.deps.down(this);
        resolve({ ...(openedAt !== undefined ? { openedAt } : {}), ...(status !== undefined ? { status } : {}) });
      });
    });
  }
}

/** A wait that ends early when `signal` aborts; never the reason a process stays up. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref?.();
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export const defaultOpen: OpenSocket = (url) => new WebSocket(url, { handshakeTimeout: 10_000, perMessageDeflate: false, maxPayload: 16 * 1024 * 1024 });
