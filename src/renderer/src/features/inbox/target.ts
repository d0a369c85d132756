// What a notice opens: its market (by the local catalog's id), its event (by slug) or a wallet's
// trader page; a notice about a market the catalog does not list yet says so instead.
import type { InboxItem } from '@shared/ipc/inbox';

export type Target =
  | { kind: 'market'; ref: string; label: string }
  | { kind: 'event'; slug: string; label: string }
  | { kind: 'trader'; address: string; label: string }
  | { kind: 'none'; why: string };

export function targetOf(n: Pick<InboxItem, 'conditionId' | 'marketRef' | 'eventSlug' | 'address'> & { kind?: InboxItem['kind'] }): Target {
  // A followed wallet's trade is news about the wallet: its page shows the trade and the market.
  if (n.kind === 'followed' && n.address) return { kind: 'trader', address: n.address, label: 'Open the trader' };
  if (n.marketRef) return { kind: 'market', ref: n.marketRef, label: 'Open the market' };
  if (n.eventSlug) return { kind: 'event', slug: n.eventSlug, label: 'Open the event' };
  if (n.address) return { kind: 'trader', address: n.address, label: 'Open the trader' };
  if (n.conditionId) return { kind: 'none', why: 'its market is not in the local catalog yet; it opens once the catalog sync has it' };
  return { kind: 'none', why: 'this notice is about no market, event or wallet' };
}

/** The few words of a notice's kind, shown before its title. */
export const KIND_WORDS: Record<InboxItem['kind'], string> = { fill: 'Fill', resolved: 'Market', alert: 'Alert', followed: 'Followed', venue: 'Venue' };

/** The bell's count as shown: up to 99, then "99+". */
export function countText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
