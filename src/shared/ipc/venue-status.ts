// Where the embedded local venue stands, as the app's supervisor of its process reports it.
import { z } from 'zod';

export const VenueStatus = z.object({
  state: z.enum(['starting', 'running', 'restarting', 'down']),
  /** Why it is starting (a first start generates the world), restarting or down, in words. */
  reason: z.string().optional(),
  /** When it entered this state (epoch ms). */
  since: z.number(),
});
export type VenueStatus = z.output<typeof VenueStatus>;

/** The embedded venue's status when the active profile is that venue; null on any other venue. */
export const LocalVenueAnswer = z.object({ local: VenueStatus.nullable() });
