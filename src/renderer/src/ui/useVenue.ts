// The active venue's capabilities as react-query holds them (refreshed by `capabilities.changed`).
import { useCall } from '../api/hooks';
import { routeState, type RouteId, type RouteState } from './venue';

export function useCapabilities() {
  return useCall('venue.capabilities', {}, { staleTime: 60_000 });
}

/** One route's state: 'unknown' until the venue was asked (or while the answer loads). */
export function useRouteState(id: RouteId): RouteState {
  return routeState(useCapabilities().data, id);
}
