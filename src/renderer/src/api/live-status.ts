// The live feed's state as the status bar shows it, mirrored into live.ts for the polling choice.
// Apart from live.ts, which the one query binding (hooks.ts) reads: neither imports the other back.
import { useEffect } from 'react';
import { useCall } from './hooks';
import { setLiveState } from './live';

/** The feed's state (refreshed by `live.status`), mirrored for the polling choice. */
export function useLiveStatus() {
  const status = useCall('live.status', {}, { staleTime: 60_000 });
  useEffect(() => setLiveState(status.data), [status.data]);
  return status;
}
