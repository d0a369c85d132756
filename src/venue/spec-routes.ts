// Spec-only mode (venue-profile G): the endpoints of spec §4 and the query parameters its tables
// list for each, in one place. A route missing here is not served in that mode (404, as on a
// deployment without it); a query parameter missing from its list is a 400 naming it.
import { ENDPOINTS, type EndpointParams, type ParamSurface } from '@shared/spec/params.js';

export type SurfaceName = ParamSurface;

/**
 * `METHOD /path` as the spec writes it (path parameters in braces) -> allowed query names: the
 * spec's endpoints of the shared list the app's clients are held to, so the two cannot drift.
 * The aliases the spec's tables name (`tag`, `eventSlug`, `condition_id`) count as listed.
 */
export const SPEC_ROUTES: Record<SurfaceName, Record<string, readonly string[]>> = { catalog: {}, data: {}, trading: {} };
for (const e of ENDPOINTS as readonly EndpointParams[]) {
  if (e.spec) SPEC_ROUTES[e.surface][`${e.method} ${e.path}`] = e.query;
}

/** `/markets/:id/tags` and `/markets/{id}/tags` both become `/markets/{}/tags`. */
export function routeShape(path: string): string {
  return path.replace(/\/(?::[^/]+|\{[^}]+\})/g, '/{}');
}

const byShape = new Map<string, readonly string[]>();
for (const [surfaceName, routes] of Object.entries(SPEC_ROUTES)) {
  for (const [route, allowed] of Object.entries(routes)) byShape.set(`${surfaceName} ${routeShape(route)}`, allowed);
}

/** The query names the spec lists for a venue route, or undefined when the spec has no such endpoint. */
export function specQueryNames(surfaceName: SurfaceName, method: string, path: string): readonly string[] | undefined {
  return byShape.get(`${surfaceName} ${method} ${routeShape(path)}`);
}
