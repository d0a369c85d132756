// The price every screen shows for a token: the core's freshest (`markets.prices`, one board per
// venue in the core; see core/live/board.ts), asked for the tokens a screen shows, refreshed by
// live changes a few times a second (stale.ts) and polled where nothing streams. Two screens
// asking at different moments could hold answers of different ages, so each answer's prices are
// also kept here by token, newest reading first: whichever screen asked last, all show the same.
// A row's cell follows its own token (`useTokenPrice`): an answer re-renders the cells whose
// figure or age it changed, not the whole list around them.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TokenPrice } from '@shared/ipc/contract';
import { useCall } from './hooks';
import { streamingNow } from './live';

/** Polled this often where the feed does not cover a token (the core reads the venue at most every 5 s). */
const POLL_MS = 5000;
/** Tokens remembered at most; the least recently told go first. */
const KEEP = 5000;

const newest = new Map<string, TokenPrice>();
const listeners = new Set<() => void>();
const byToken = new Map<string, Set<() => void>>();
let version = 0;

/** Whether a cell showing `had` would show something else for `now`: its figure, its reading, or its age (a streamed price's age is "live" whatever its time). */
function shownDiffers(had: TokenPrice | undefined, now: TokenPrice): boolean {
  return !had || had.price !== now.price || had.basis !== now.basis || had.live !== now.live || (!now.live && had.at !== now.at);
}

/** Tells the cells of these tokens, then every screen that reads prices as a whole. */
function tell(tokens: Iterable<string>): void {
  version++;
  for (const t of tokens) for (const l of byToken.get(t) ?? []) l();
  for (const l of listeners) l();
}

/** Takes in an answer's prices where they are newer than what is known (or as new and now live). */
export function notePrices(prices: readonly TokenPrice[]): void {
  const moved: string[] = [];
  let newer = false;
  for (const p of prices) {
    const had = newest.get(p.tokenId);
    if (had && (had.at > p.at || (had.at === p.at && had.price === p.price && had.live === p.live && had.basis === p.basis))) continue;
    newest.delete(p.tokenId);
    newest.set(p.tokenId, p);
    newer = true;
    // A streamed price read again is kept (its time matters once the feed drops) but shows the same.
    if (shownDiffers(had, p)) moved.push(p.tokenId);
  }
  while (newest.size > KEEP) newest.delete(newest.keys().next().value as string);
  // Screens that read prices as a whole (a chart's last point is dated) hear of any newer reading.
  if (newer) tell(moved);
}

/** The feed stopped being live: what streamed is now as old as its last answer, and says so. */
export function unlivePrices(): void {
  const moved: string[] = [];
  for (const [t, p] of newest) {
    if (!p.live) continue;
    newest.set(t, { ...p, live: false });
    moved.push(t);
  }
  if (moved.length > 0) tell(moved);
}

/** After a change of venue: its tokens' prices are not the next venue's. */
export function forgetPrices(): void {
  const had = [...newest.keys()];
  newest.clear();
  tell(had);
}

/** The newest known price of a token, or undefined. */
export function priceOf(tokenId: string | undefined): TokenPrice | undefined {
  return tokenId ? newest.get(tokenId) : undefined;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Calls `l` when what a cell shows for `tokenId` changes; returns the unsubscribe. */
export function subscribeToken(tokenId: string, l: () => void): () => void {
  let set = byToken.get(tokenId);
  if (!set) byToken.set(tokenId, (set = new Set()));
  set.add(l);
  return () => {
    set.delete(l);
    if (set.size === 0) byToken.delete(tokenId);
  };
}

/** The newest known price of one token, re-rendering its caller only when what it shows changes. */
export function useTokenPrice(tokenId: string | undefined): TokenPrice | undefined {
  const sub = useCallback((l: () => void) => (tokenId ? subscribeToken(tokenId, l) : () => undefined), [tokenId]);
  const get = useCallback(() => priceOf(tokenId), [tokenId]);
  return useSyncExternalStore(sub, get);
}

/** How often a screen's prices are polled: where nothing streams always; `followed` screens only while the feed is not live. */
export function pricesPollMs(followed: boolean, streaming: boolean): number | false {
  return followed && streaming ? false : POLL_MS;
}

/**
 * Asks for the prices of these tokens while the screen shows them, without re-rendering on them:
 * for a screen whose cells read their own (`useTokenPrice`). The list is kept sorted, so the
 * same tokens share one answer. A screen that follows the tokens it shows on the live channel
 * (`followed`) is not polled while the feed is live: each change asks again (stale.ts), and so
 * reads again, at most every few seconds, what the feed does not carry.
 */
export function useReadPrices(tokenIds: readonly string[], followed = false): void {
  const key = [...new Set(tokenIds.filter((t) => t !== ''))].sort().slice(0, 500).join(',');
  const list = useMemo(() => (key === '' ? [] : key.split(',')), [key]);
  const q = useCall('markets.prices', { tokenIds: list }, { enabled: list.length > 0, refetchInterval: () => pricesPollMs(followed, streamingNow()), placeholderData: (prev) => prev });
  useEffect(() => {
    if (q.data) notePrices(q.data);
  }, [q.data]);
}

/** `useReadPrices`, re-rendering the caller on any newer price; read each with `priceOf`. */
export function usePrices(tokenIds: readonly string[]): number {
  useReadPrices(tokenIds);
  return useSyncExternalStore(subscribe, () => version);
}
