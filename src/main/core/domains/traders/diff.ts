// What changed in a followed wallet between two snapshots of its positions: positions opened,
// closed and resized, and the P&L made over the period. Pure, on exact micro units.
import { formatMicros } from '@shared/domain/money.js';
import type { FollowChanges, PositionChange } from '@shared/ipc/following.js';

/** One position of a snapshot; sizes, P&L and prices in micro units. */
export interface SnapPosition {
  /** The data surface's token id (`<condition_id>:<outcome_index>`): what a position is known by. */
  asset: string;
  conditionId: string;
  title: string;
  slug?: string | undefined;
  outcome: string;
  size: bigint;
  /** Realised + unrealised, as the venue reports them; absent when it gave neither. */
  pnl?: bigint | undefined;
  price?: bigint | undefined;
}

export interface Snapshot {
  at: number;
  /** Every position of the wallet was read (false: the list was cut at the read's bound). */
  complete: boolean;
  positions: SnapPosition[];
}

const text = (m: bigint | undefined): string | undefined => (m === undefined ? undefined : formatMicros(m));

function change(b: SnapPosition | undefined, a: SnapPosition | undefined): PositionChange {
  const p = (a ?? b) as SnapPosition;
  const pnlBefore = text(b?.pnl);
  const pnlAfter = text(a?.pnl);
  const price = text(a?.price ?? b?.price);
  return {
    asset: p.asset,
    conditionId: p.conditionId,
    title: p.title,
    ...(p.slug ? { slug: p.slug } : {}),
    outcome: p.outcome,
    sizeBefore: formatMicros(b?.size ?? 0n),
    sizeAfter: formatMicros(a?.size ?? 0n),
    ...(pnlBefore !== undefined ? { pnlBefore } : {}),
    ...(pnlAfter !== undefined ? { pnlAfter } : {}),
    ...(price !== undefined ? { price } : {}),
  };
}

const byTitle = (x: PositionChange, y: PositionChange): number => x.title.localeCompare(y.title) || x.outcome.localeCompare(y.outcome) || x.asset.localeCompare(y.asset);

/**
 * The changes from `before` (the snapshot last seen) to `after` (the latest). A position of size
 * 0, or absent, is no position. The P&L over the period sums, per position, its P&L now less its
 * P&L then (0 for one opened since); a position held then that the venue no longer lists cannot
 * be counted, and the figure says so rather than guess it.
 */
export function followDiff(before: Snapshot | undefined, after: Snapshot | undefined): FollowChanges {
  const was = new Map((before?.positions ?? []).map((p) => [p.asset, p]));
  const now = new Map((after?.positions ?? []).map((p) => [p.asset, p]));
  const opened: PositionChange[] = [];
  const closed: PositionChange[] = [];
  const resized: PositionChange[] = [];
  let pnl = 0n;
  let unlisted = 0;
  let unpriced = 0;
  for (const asset of new Set([...was.keys(), ...now.keys()])) {
    const b = was.get(asset);
    const a = now.get(asset);
    const sb = b?.size ?? 0n;
    const sa = a?.size ?? 0n;
    if (sb === 0n && sa > 0n) opened.push(change(b, a));
    else if (sb > 0n && sa === 0n) closed.push(change(b, a));
    else if (sb !== sa) resized.push(change(b, a));
    if (a === undefined) {
      // Gone from the list: what it made after the last look is not known (a closed one held no size then).
      if (sb > 0n) unlisted++;
      continue;
    }
    if (a.pnl === undefined || (b !== undefined && b.pnl === undefined)) {
      unpriced++;
      continue;
    }
    pnl += a.pnl - (b?.pnl ?? 0n);
  }
  const notes: string[] = [];
  if (unlisted) notes.push(`${unlisted} closed ${unlisted === 1 ? 'position is' : 'positions are'} no longer listed by the venue and not counted`);
  if (unpriced) notes.push(`${unpriced} ${unpriced === 1 ? 'position has' : 'positions have'} no P&L from the venue and ${unpriced === 1 ? 'is' : 'are'} not counted`);
  if ((before && !before.complete) || (after && !after.complete)) notes.push('only the largest positions were read');
  return {
    opened: opened.sort(byTitle),
    closed: closed.sort(byTitle),
    resized: resized.sort(byTitle),
    ...(before && after ? { pnlChange: formatMicros(pnl) } : {}),
    ...(before && after && notes.length ? { pnlNote: `${notes.join('; ')}.` } : {}),
  };
}
