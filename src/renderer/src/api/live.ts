// Live prices on the renderer's side: screens say which tokens they show (`useLive`), the core
// streams them where the venue can, and `market.live` events refresh the reads through the event
// map (stale.ts). While the feed is live, reads the core answers from its live books stop their
// fast polling (hooks.ts asks `liveCovers`); otherwise they poll as before.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useSyncExternalStore } from 'react';
import type { CallName, LiveStatus } from '@shared/ipc/contract';
import { FOLLOW_MAX, followKey, Follows } from './follow';
import { keyOf } from './keys';
import { call } from './transport';

/** The core drops a screen's watch not renewed within a minute; renewed well within it. */
const RENEW_MS = 20_000;
/** Token lists that change while scrolling are sent once they settle. */
const SETTLE_MS = 120;
/** The reads the core answers from live books. */
const LIVE_READS: ReadonlySet<CallName> = new Set<CallName>(['markets.book', 'markets.quotes']);

// One page load's prefix: keys of another load (a reload) lapse in the core on their own.
const PAGE = Math.random().toString(36).slice(2, 10);

const watched = new Map<string, readonly string[]>();
const counts = new Map<string, number>();
let streaming = false;
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version++;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Notes the tokens a screen's key watches in this window (undefined: none), for `liveCovers`. */
export function hold(key: string, tokens: readonly string[] | undefined): void {
  for (const t of watched.get(key) ?? []) {
    const n = (counts.get(t) ?? 1) - 1;
    if (n > 0) counts.set(t, n);
    else counts.delete(t);
  }
  if (tokens) {
    watched.set(key, tokens);
    for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  } else watched.delete(key);
  changed();
}

/** Mirrors the core's feed state, so polling stops only while it is live. */
export function setLiveState(status: LiveStatus | undefined): void {
  const on = status?.state === 'live';
  if (on === streaming) return;
  streaming = on;
  changed();
}

/** Whether the core's feed is live now: a screen that follows every token it shows need not poll. */
export function streamingNow(): boolean {
  return streaming;
}

/**
 * Whether the core answers this read from its live books (the feed is live and this window
 * watches every token it names), so the screen need not poll it.
 */
export function liveCovers(name: CallName, input: unknown, data: unknown): boolean {
  if (!streaming || !LIVE_READS.has(name)) return false;
  if (name === 'markets.book') return counts.has((input as { tokenId?: string }).tokenId ?? '');
  const tokens = ((data as { data?: Array<{ tokenId: string }> } | undefined)?.data ?? []).map((q) => q.tokenId);
  return tokens.length > 0 && tokens.every((t) => counts.has(t));
}

/** Re-renders a read the core may answer live when that changes (a constant for every other read). */
export function useLiveVersion(name: CallName): number {
  return useSyncExternalStore(subscribe, () => (LIVE_READS.has(name) ? version : 0));
}

function visibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** One window's screens' watches, told to the core. */
let follows: Follows | undefined;
function followsOf(client: QueryClient): Follows {
  const told = (status: LiveStatus): void => void client.setQueryData(keyOf('live.status', {}), status);
  follows ??= new Follows(
    {
      watch: (key, tokenIds) => void call('live.watch', { key, tokenIds: [...tokenIds] }).then(told).catch(() => undefined),
      unwatch: (key) => void call('live.unwatch', { key }).then(told).catch(() => undefined),
    },
    { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>), setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>) },
    { settleMs: SETTLE_MS, renewMs: RENEW_MS },
  );
  return follows;
}

/**
 * Follows `tokenIds` while the calling screen is mounted and the window is shown: the core
 * streams them where the venue can, and their reads refresh on each change. A list names the
 * tokens of its rows on screen, in screen order: at most `max` are followed (follow.ts).
 */
export function useLive(tokenIds: readonly string[], max = FOLLOW_MAX): void {
  const key = `${PAGE}:${useId()}`;
  const client = useQueryClient();
  const shown = useSyncExternalStore(visibility, () => document.visibilityState !== 'hidden');
  const list = followKey(tokenIds, max);
  useEffect(() => {
    if (!shown || list === '') return;
    const tokens = list.split(',');
    const f = followsOf(client);
    hold(key, tokens);
    f.show(key, tokens);
    return () => {
      hold(key, undefined);
      f.leave(key);
    };
  }, [key, list, shown, client]);
}
