// Positions in markets that ended: which markets to ask about, what a position is worth once its
// market resolved (winning tokens × 1, losing × 0, exactly), and what redeeming a market pays.
import { toMicros } from '@shared/domain/money';
import type { MarketResolution } from '@shared/ipc/resolution';
import type { Position } from '@shared/spec/data';
import { held, settlesAt } from '@shared/domain/settlement';

// One place for which markets ended and what a token settles at: the core values positions by them too.
export { endedMarkets, MAX_ASKED, settlesAt } from '@shared/domain/settlement';

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
