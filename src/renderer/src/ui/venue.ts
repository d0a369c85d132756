// What the active venue offers beyond the spec (venue-profile E), in words a person reads: the
// pure part, shared by every screen that says what the venue lacks.
import type { CallOutput } from '@shared/ipc/contract';
import type { CapabilityId } from '@shared/ipc/capabilities';

export type Capabilities = CallOutput<'venue.capabilities'>;
export type RouteState = Capabilities['routes'][number]['state'];
export type RouteId = CapabilityId;

/** True for the error a call answers when the venue lacks a route it needs. */
export function isNotOffered(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'NOT_OFFERED';
}

/** A route's state, 'unknown' until the capabilities have arrived or the venue was asked. */
export function routeState(caps: Capabilities | undefined, id: RouteId): RouteState {
  return caps?.routes.find((r) => r.id === id)?.state ?? 'unknown';
}

/** The routes by state, each as its words, in the core's order. */
export function capabilityWords(caps: Pick<Capabilities, 'routes'>): Record<RouteState, string[]> {
  const by: Record<RouteState, string[]> = { offered: [], lacking: [], unknown: [] };
  for (const r of caps.routes) by[r.state].push(r.words);
  return by;
}

/**
 * Why what is not yet known is not known: a route that changes something (a cancel, a redeem)
 * is never sent to find out, so only its first use tells; a read is also asked by a test.
 */
export function unknownWords(caps: Pick<Capabilities, 'routes'>): string | undefined {
  const unknown = caps.routes.filter((r) => r.state === 'unknown');
  if (!unknown.length) return undefined;
  const writes = unknown.filter((r) => r.learnedBy === 'use').map((r) => r.words);
  const reads = unknown.filter((r) => r.learnedBy !== 'use').map((r) => r.words);
  return [
    reads.length ? `${wordList(reads)} (learned when first needed, or by testing the connection)` : '',
    writes.length ? `${wordList(writes)} (learned when first used: a test never sends an order, a cancel or a redeem to find out)` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** "a", "a and b", "a, b and c"; "nothing" for none. */
export function wordList(words: readonly string[]): string {
  if (words.length === 0) return 'nothing';
  if (words.length === 1) return words[0] as string;
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] as string}`;
}

/** Where the clock used to sign requests came from, for the connection test. */
export function clockSourceWords(source: 'time' | 'date-header' | undefined): string {
  return source === 'time' ? 'from the server clock (GET /time)' : source === 'date-header' ? 'from the Date header of its answers (no server clock)' : 'source unknown';
}
