// What the status bar says while the embedded venue starts: on a new world, how far its
// generation has come, in the generator's own units where it has some a trader knows.
import type { VenueStatus, WorldPhase, WorldProgress } from '@shared/ipc/venue-status';

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Each phase in words: those with units say what they count. */
const PHASES: Record<WorldPhase, string> = {
  catalog: 'planning the catalog',
  trades: 'trades',
  positions: 'tallying positions',
  books: 'order books',
  comments: 'comments',
  orders: 'orders signed',
  writing: 'writing it to disk',
  saving: 'saving',
};

/** "42% (trades 28,000 of 56,000)", or "86% (saving)" where the phase counts nothing. */
export function worldProgressText(p: WorldProgress): string {
  const counted = p.done !== undefined && p.total !== undefined ? ` ${counts.format(p.done)} of ${counts.format(p.total)}` : '';
  return `${p.percent}% (${PHASES[p.phase]}${counted})`;
}

/**
 * The note for a venue starting or restarting: on a new world being generated, how far it has
 * come. Short enough to share the status bar of a 1280 px window with the rest, at any phase.
 */
export function venueNote(status: Pick<VenueStatus, 'state' | 'reason' | 'progress'>): string {
  if (status.progress) return `Generating the venue's world: ${worldProgressText(status.progress)}…`;
  if (status.state === 'starting' && status.reason?.includes('generating')) return 'Starting the local venue (first start: generating its world)…';
  return `${status.state === 'restarting' ? 'Restarting' : 'Starting'} the local venue…`;
}
