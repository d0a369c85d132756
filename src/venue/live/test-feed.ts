// A client of the live market channel for tests: every message parsed with the shared schemas
// (as the app will), kept in order, with waits that fail naming what they waited for.
import WebSocket from 'ws';
import { LiveMessage } from '@shared/spec/live.js';

export class Feed {
  readonly received: LiveMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(LiveMessage.parse(JSON.parse(String(data))));
      for (const w of [...this.waiters]) w();
    });
    ws.on('error', () => undefined);
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static open(url: string): Promise<Feed> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Feed(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message from index `from` on that passes `test`, waiting up to `timeoutMs` for it. */
  until<T extends LiveMessage>(what: string, test: (m: LiveMessage) => m is T, from?: number, timeoutMs?: number): Promise<T>;
  until(what: string, test: (m: LiveMessage) => boolean, from?: number, timeoutMs?: number): Promise<LiveMessage>;
  until(what: string, test: (m: LiveMessage) => boolean, from = 0, timeoutMs = 5_000): Promise<LiveMessage> {
    return new Promise((resolve, reject) => {
      const look = (): boolean => {
        for (let i = from; i < this.received.length; i++) {
          const m = this.received[i] as LiveMessage;
          if (test(m)) {
            resolve(m);
            return true;
          }
        }
        from = this.received.length;
        return false;
      };
      if (look()) return;
      const waiter = (): void => {
        if (!look()) return;
        this.waiters.delete(waiter);
        clearTimeout(timer);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no ${what} within ${timeoutMs} ms (${this.received.length} messages received)`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Waits until `count` messages passing `test` have arrived since index `from`. */
  async count(what: string, test: (m: LiveMessage) => boolean, count: number, from = 0, timeoutMs = 5_000): Promise<LiveMessage[]> {
    let seen = 0;
    await this.until(`${count} × ${what}`, (m) => test(m) && ++seen >= count, from, timeoutMs);
    return this.received.slice(from).filter(test);
  }

  /** Everything the venue sent before now has arrived: a ping answered by its pong. */
  async settled(): Promise<void> {
    const from = this.received.length;
    this.send({ type: 'ping' });
    await this.until('pong', (m) => m.type === 'pong', from);
  }

  close(): void {
    this.ws.terminate();
  }
}
