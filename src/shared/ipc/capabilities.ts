// What a venue may offer beyond the spec (venue-profile E), by id: the one list the contract's
// schema, the core's capabilities and the screens share. The core's table in
// src/main/core/capabilities.ts gives each its route and words, in this order.
import { z } from 'zod';

export const CAPABILITY_IDS = ['time', 'version', 'book', 'pricesHistory', 'openOrders', 'cancel', 'balance', 'apiKeys', 'redeem', 'live', 'tags', 'search'] as const;
export type CapabilityId = (typeof CAPABILITY_IDS)[number];
export const CapabilityId = z.enum(CAPABILITY_IDS);

/** Whether the venue was seen to serve a route: unknown until needed or tested. */
export const ROUTE_STATES = ['offered', 'lacking', 'unknown'] as const;
export type RouteState = (typeof ROUTE_STATES)[number];

/** `venue.capabilities`' answer. */
export const VenueCapabilities = z.object({
  profileId: z.string(),
  /** `learnedBy: 'use'`: a route that changes something, never sent to find out; its first use (or /version's list) tells. */
  routes: z.array(z.object({ id: CapabilityId, surface: z.string(), route: z.string(), words: z.string(), state: z.enum(ROUTE_STATES), learnedBy: z.enum(['read', 'use']) })),
  offers: z.array(z.string()),
  lacks: z.array(z.string()),
});
