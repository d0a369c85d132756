// Positions in markets that ended, for the core and the screens alike: which markets to ask
// about, and what a position's token settles at once its market resolved.
import type { Settles } from './resolution.js';
import { toMicros } from './money.js';

/** What of a data-surface position these rules read. */
export interface HeldPosition {
  asset?: string | undefined;
  conditionId?: string | undefined;
  size?: number | undefined;
  curPrice?: number | undefined;
  redeemable?: boolean | undefined;
  outcomeIndex?: number | undefined;
  endDate?: string | undefined;
}

/** What of a market's resolution these rules read. */
export interface SettledMarket {
  state: string;
  outcomes: ReadonlyArray<{ settles?: Settles | undefined }>;
}

/** The most markets one resolution call takes. */
export const MAX_ASKED = 100;

export const held = (p: HeldPosition): boolean => (toMicros(p.size) ?? 0n) > 0n;

/**
 * The markets of held positions that may have ended: the venue marks a claim redeemable, prices
 * it at exactly 0 or 1 (never a traded price), or its end date has passed.
 */
export function endedMarkets(rows: readonly HeldPosition[], now: number): string[] {
  const out = new Set<string>();
  for (const p of rows) {
    if (!p.conditionId || !held(p)) continue;
    const ended = p.endDate !== undefined && Date.parse(String(p.endDate)) < now;
    if (p.redeemable === true || p.curPrice === 0 || p.curPrice === 1 || ended) out.add(p.conditionId);
    if (out.size >= MAX_ASKED) break;
  }
  return [...out].sort();
}

/** The outcome index of a position: its own field, or the `<condition_id>:<index>` of its token id. */
export function outcomeIndex(p: HeldPosition): number | undefined {
  if (typeof p.outcomeIndex === 'number') return p.outcomeIndex;
  const m = /:(\d+)$/.exec(String(p.asset ?? ''));
  return m ? Number(m[1]) : undefined;
}

/** What a position's token settles at ('1' or '0'), once its market resolved to a known winner. */
export function settlesAt(p: HeldPosition, r: SettledMarket | undefined): Settles | undefined {
  if (r?.state !== 'resolved') return undefined;
  const i = outcomeIndex(p);
  return i === undefined ? undefined : r.outcomes[i]?.settles;
}
