// Which tokens a screen follows on the live channel, and when it tells the core. A screen names
// the tokens it shows, in screen order (a virtual list: only its rows on screen); the first
// `max` of them are followed, so a long list never asks for more than the bound, and what is
// dropped is what is furthest down the screen. Lists that change while scrolling are sent once
// they settle; a screen that goes away is let go after the same pause, unless it comes back (a
// re-render with new rows replaces its watch, it does not drop and re-add it).

/** Tokens one screen follows at most (the venue takes 500 per connection). */
export const FOLLOW_MAX = 500;

/** The tokens followed for what a screen shows: each once, none empty, the first `max` on screen. */
export function followed(tokens: readonly string[], max = FOLLOW_MAX): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of tokens) {
    if (out.length >= max) break;
    if (t === '' || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

/** The same set whatever the screen order, as one text: a screen re-rendered with the same rows asks nothing again. */
export function followKey(tokens: readonly string[], max = FOLLOW_MAX): string {
  return followed(tokens, max).sort().join(',');
}

export interface FollowPort {
  /** Replaces what `key` watches with `tokens` (the core's `live.watch`). */
  watch(key: string, tokens: readonly string[]): void;
  /** Drops `key`'s watch (the core's `live.unwatch`). */
  unwatch(key: string): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface FollowTiming {
  /** A list is sent once it has not changed for this long. */
  settleMs: number;
  /** A watch is sent again this often: the core drops one not renewed within a minute. */
  renewMs: number;
}

interface Shown {
  tokens: readonly string[];
  first: unknown;
  renew: unknown;
}

/** The watches of one window's screens, by key, told to the core through `port`. */
export class Follows {
  private readonly shown = new Map<string, Shown>();
  private readonly leaving = new Map<string, unknown>();

  constructor(
    private readonly port: FollowPort,
    private readonly timers: Timers,
    private readonly timing: FollowTiming,
  ) {}

  /** `key` shows `tokens` now (replacing what it showed): sent once settled, then renewed. */
  show(key: string, tokens: readonly string[]): void {
    this.stop(key);
    const waiting = this.leaving.get(key);
    if (waiting !== undefined) this.timers.clearTimeout(waiting);
    this.leaving.delete(key);
    if (tokens.length === 0) return this.leave(key);
    const send = (): void => this.port.watch(key, tokens);
    this.shown.set(key, { tokens, first: this.timers.setTimeout(send, this.timing.settleMs), renew: this.timers.setInterval(send, this.timing.renewMs) });
  }

  /** `key` shows nothing now: its watch is dropped once settled, unless it shows something again first. */
  leave(key: string): void {
    this.stop(key);
    if (this.leaving.has(key)) return;
    this.leaving.set(
      key,
      this.timers.setTimeout(() => {
        this.leaving.delete(key);
        this.port.unwatch(key);
      }, this.timing.settleMs),
    );
  }

  /** What `key` shows now (for tests and `liveCovers`). */
  tokensOf(key: string): readonly string[] | undefined {
    return this.shown.get(key)?.tokens;
  }

  private stop(key: string): void {
    const s = this.shown.get(key);
    if (!s) return;
    this.timers.clearTimeout(s.first);
    this.timers.clearInterval(s.renew);
    this.shown.delete(key);
  }
}
