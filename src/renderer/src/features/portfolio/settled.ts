// Positions in markets that ended: which markets to ask about, what a position is worth once its
// market resolved (winning tokens × 1, losing × 0, exactly), and what redeeming a market pays.
import { toMicros } from '@shared/domain/money';
import type { MarketResolution } from '@shared/ipc/resolution';
import type { Position } from '@shared/spec/data';

/** The most markets one `markets.resolution` call takes. */
export const MAX_ASKED = 100;

const held = (p: Position): boolean => (toMicros(p.size) ?? 0n) > 0n;

/**
 * The markets of held positions that may have ended: the venue marks a claim redeemable, prices
 * it at exactly 0 or 1 (never a traded price), or its end date has passed.
 */
export function endedMarkets(rows: readonly Position[], now: number): string[] {
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
function outcomeIndex(p: Position): number | undefined {
  if (typeof p.outcomeIndex === 'number') return p.outcomeIndex;
  const m = /:(\d+)$/.exec(String(p.asset ?? ''));
  return m ? Number(m[1]) : undefined;
}

/** What a position's token settles at ('1' or '0'), once its market resolved to a known winner. */
export function settlesAt(p: Position, r: MarketResolution | undefined): '1' | '0' | undefined {
  if (r?.state !== 'resolved') return undefined;
  const i = outcomeIndex(p);
  return i === undefined ? undefined : r.outcomes[i]?.settles;
}

/** The position's worth in micros: size × 1 or × 0 once settled, else the venue's current value. */
export function worthOf(p: Position, r: MarketResolution | undefined): bigint | undefined {
  const s = settlesAt(p, r);
  if (s === undefined) return toMicros(p.currentValue);
  return s === '1' ? (toMicros(p.size) ?? 0n) : 0n;
}

/** A winning claim the account still holds: the venue says redeemable, or the resolution settles it at 1. */
export function isRedeemable(p: Position, r: MarketResolution | undefined): boolean {
  return held(p) && (p.redeemable === true || settlesAt(p, r) === '1');
}

/** What redeeming the market pays: the size of every winning claim held in it, exactly. */
export function payoutOf(rows: readonly Position[], conditionId: string, r: MarketResolution | undefined): bigint {
  let total = 0n;
  for (const p of rows) if (p.conditionId === conditionId && isRedeemable(p, r)) total += toMicros(p.size) ?? 0n;
  return total;
}

/** The resolutions by condition id. */
export function byMarket(list: readonly MarketResolution[] | undefined): ReadonlyMap<string, MarketResolution> {
  return new Map((list ?? []).map((r) => [r.conditionId, r]));
}
