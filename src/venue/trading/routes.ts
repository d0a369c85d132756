// The trading surface (spec §4.3, venue-profile C–E).
import type { Surface, VenueContext } from '../http.js';
import { registerAuth } from '../auth/routes.js';
import { registerReads } from './reads.js';
import { registerOrders } from './orders.js';
import { registerRedeem } from './redeem.js';
import { registerFamilyReads } from './family-reads.js';
import { registerFamilyAccount } from './family-account.js';
import { registerFamilyExtras } from './family-extras.js';
import { registerFamilyKeys } from './family-keys.js';
import { registerFamilyHeartbeat } from './family-heartbeat.js';
import { registerFamilyProgrammes } from './family-programmes.js';

export function registerTrading(s: Surface, ctx: VenueContext): void {
  registerAuth(s, ctx);
  registerReads(s, ctx);
  registerOrders(s, ctx);
  registerRedeem(s, ctx);
  registerFamilyReads(s, ctx);
  registerFamilyAccount(s, ctx);
  registerFamilyExtras(s, ctx);
  registerFamilyKeys(s, ctx);
  registerFamilyHeartbeat(s, ctx);
  registerFamilyProgrammes(s, ctx);
}
