// Spec-only mode (venue-profile G): the endpoints of spec §4 and the query parameters its tables
// list for each, in one place. A route missing here is not served in that mode (404, as on a
// deployment without it); a query parameter missing from its list is a 400 naming it.

export type SurfaceName = 'catalog' | 'data' | 'trading';

const catalogPage = ['limit', 'offset'] as const;
const status = ['active', 'closed', 'archived'] as const;

/** `METHOD /path` as the spec writes it (path parameters in braces) -> allowed query names. */
export const SPEC_ROUTES: Record<SurfaceName, Record<string, readonly string[]>> = {
  // §4.1
  data: {
    'GET /trades': ['limit', 'offset', 'takerOnly', 'filterType', 'filterAmount', 'market', 'user', 'side'],
    'GET /positions': ['user', 'market', 'sizeThreshold', 'redeemable', 'mergeable', 'limit', 'offset', 'sortBy', 'sortDirection', 'title'],
    'GET /holders': ['market', 'limit', 'minBalance'],
    'GET /v1/leaderboard': ['category', 'timePeriod', 'orderBy', 'limit', 'offset', 'user', 'userName'],
  },
  // §4.2; the aliases the tables name (`tag`, `eventSlug`, `condition_id`) count as listed.
  catalog: {
    'GET /markets': [
      ...catalogPage, ...status, 'tag', 'tag_id', 'tag_slug', 'event_id', 'event_slug', 'eventSlug', 'conditionId', 'condition_id', 'mirror', 'slug', 'order', 'ascending', 'creator',
    ],
    'GET /markets/slug/{slug}': ['creator'],
    'GET /markets/{id}/tags': ['creator'],
    'GET /events': [...catalogPage, ...status, 'tag', 'tag_id', 'tag_slug', 'series_slug', 'slug', 'order', 'ascending', 'creator'],
    'GET /series': [...catalogPage, 'creator'],
    'GET /comments': [...catalogPage, 'order', 'parent_entity_type', 'parent_entity_id', 'event_slug', 'holders_only'],
    'GET /comments/user_address/{user_address}': [...catalogPage],
  },
  // §4.3
  trading: {
    'POST /orders': [],
    'GET /markets/{condition_id}': [],
    'GET /sampling-simplified-markets': ['next_cursor'],
    'GET /clob-markets/{condition_id}': [],
    'POST /prices': [],
    'POST /last-trades-prices': [],
  },
};

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
