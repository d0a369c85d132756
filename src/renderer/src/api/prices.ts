// The price every screen shows for a token: the core's freshest (`markets.prices`, one board per
// venue in the core; see core/live/board.ts), asked for the tokens a screen shows, refreshed by
// live changes a few times a second (stale.ts) and polled where nothing streams. Two screens
// asking at different moments could hold answers of different ages, so each answer's prices are
// also kept here by token, newest reading first: whichever screen asked last, all show the same.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TokenPrice } from '@shared/ipc/contract';
import { useCall } from './hooks';

/** Polled this often where the feed does not cover a token (the core reads the venue at most every 5 s). */
const POLL_MS = 5000;
/** Tokens remembered at most; the least recently told go first. */
const KEEP = 5000;

const newest = new Map<string, TokenPrice>();
const listeners = new Set<() => void>();
let version = 0;

/** Takes in an answer's prices where they are newer than what is known (or as new and now live). */
export function notePrices(prices: readonly TokenPrice[]): void {
  let changed = false;
  for (const p of prices) {
    const had = newest.get(p.tokenId);
    if (had && (had.at > p.at || (had.at === p.at && had.price === p.price && had.live === p.live && had.basis === p.basis))) continue;
    newest.delete(p.tokenId);
    newest.set(p.tokenId, p);
    changed = true;
  }
  while (newest.size > KEEP) newest.delete(newest.keys().next().value as string);
  if (!changed) return;
  version++;
  for (const l of listeners) l();
}

/** The feed stopped being live: what streamed is now as old as its last answer, and says so. */
export function unlivePrices(): void {
  let changed = false;
  for (const [t, p] of newest) {
    if (!p.live) continue;
    newest.set(t, { ...p, live: false });
    changed = true;
  }
  if (!changed) return;
  version++;
  for (const l of listeners) l();
}

/** After a change of venue: its tokens' prices are not the next venue's. */
export function forgetPrices(): void {
  newest.clear();
  version++;
  for (const l of listeners) l();
}

/** The newest known price of a token, or undefined. */
export function priceOf(tokenId: string | undefined): TokenPrice | undefined {
  return tokenId ? newest.get(tokenId) : undefined;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * Asks for the prices of these tokens while the screen shows them and re-renders on any newer
 * price; read each with `priceOf`. The list is kept sorted, so the same tokens share one answer.
 */
export function usePrices(tokenIds: readonly string[]): number {
  const key = [...new Set(tokenIds.filter((t) => t !== ''))].sort().slice(0, 500).join(',');
  const list = useMemo(() => (key === '' ? [] : key.split(',')), [key]);
  const q = useCall('markets.prices', { tokenIds: list }, { enabled: list.length > 0, refetchInterval: POLL_MS, placeholderData: (prev) => prev });
  useEffect(() => {
    if (q.data) notePrices(q.data);
  }, [q.data]);
  return useSyncExternalStore(subscribe, () => version);
}
