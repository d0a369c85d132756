// The core's checks of order lines (`orders.preview`) for the ticket and the order entry: asked
// when typing pauses, each answer matched to the line it was asked for. An answer may be shown
// while a newer one is asked (`shown`), but only an answer asked for these very lines, after
// they became what they are, counts as their check (`checked`): an old "ok" kept in the cache —
// from before a market resolved, say — never makes a line look sendable.
import { useMemo, useRef } from 'react';
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
  const inputKey = JSON.stringify(input);
  const since = useRef({ key: '', at: 0 });
  if (since.current.key !== inputKey) since.current = { key: inputKey, at: Date.now() };
  // An answer for this input: fetched since it became current, or young enough not to be asked again.
  const fresh = check.data !== undefined && !check.isPlaceholderData && (check.dataUpdatedAt >= since.current.at || !check.isStale);
  const shown = lines.map((l, i) => (input[i] && JSON.stringify(input[i]) === JSON.stringify(l) ? check.data?.[i] : undefined));
  return { shown, checked: fresh ? shown : lines.map(() => undefined) };
}
