// Changing the active venue (a switch, or new signing settings of the active one): nothing the
// last venue answered may stay on screen, in the status bar or in the ticket.
import type { QueryClient } from '@tanstack/react-query';
import { flushDraft, reloadDraft } from '../features/ticket/store';
import { useUi } from '../state/ui';
import { forgetPrices } from './prices';
import { call } from './transport';

/** Before the change: typing not yet saved goes to the venue it was typed on. */
export function beforeVenueChange(): Promise<void> {
  return flushDraft();
}

/** After the change: every cached answer dropped (screens on show ask the new venue), sync and ticket restarted. */
export async function afterVenueChange(client: QueryClient): Promise<void> {
  useUi.getState().resetVenue();
  forgetPrices();
  await client.cancelQueries();
  await Promise.all([
    client.resetQueries(),
    reloadDraft(),
    // The new venue's catalog fills its own search index, as at start-up.
    call('sync.start', {}).catch(() => undefined),
  ]);
}
