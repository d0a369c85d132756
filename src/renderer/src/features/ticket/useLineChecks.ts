// The core's checks of order lines (`orders.preview`) for the ticket and the order entry: asked
// when typing pauses, each answer matched to the line it was asked for. An answer may be shown
// while a newer one is asked (`shown`), but only a current answer for these very lines counts as
// their check (`checked`): an old "ok" kept in the cache — from before a market resolved, say —
// never makes a line look sendable while it is asked again.
import { useMemo } from 'react';
import type { OrderLine } from '@shared/ipc/contract';
import { useCall } from '../../api/hooks';
import { useDebounced } from '../../ui/timing';
import type { Preview } from './checks';

export function useLineChecks(lines: readonly OrderLine[], accountId: string | undefined): { shown: Array<Preview | undefined>; checked: Array<Preview | undefined> } {
  const key = JSON.stringify(lines);
  // The lines by content, not identity: a new array each render must not restart the pause.
  const stable = useMemo(() => JSON.parse(key) as OrderLine[], [key]);
  const input = useDebounced(stable, 200);
  const check = useCall('orders.preview', { lines: input, ...(accountId ? { accountId } : {}) }, {
    enabled: input.length > 0,
    staleTime: 2000,
    placeholderData: (prev) => prev,
    // Lines the venue would not let us check yet are checked again when it says.
    refetchInterval: (q) => {
      const waits = (q.state.data ?? []).flatMap((p) => (p.retryAfterSeconds !== undefined ? [p.retryAfterSeconds] : []));
      return waits.length > 0 ? Math.max(1, Math.max(...waits)) * 1000 : false;
    },
  });
  // An answer for this input: not one kept from other lines, and not a stale one being asked again.
  const fresh = check.data !== undefined && !check.isPlaceholderData && !(check.isStale && check.isFetching);
  const shown = lines.map((l, i) => (input[i] && JSON.stringify(input[i]) === JSON.stringify(l) ? check.data?.[i] : undefined));
  return { shown, checked: fresh ? shown : lines.map(() => undefined) };
}
