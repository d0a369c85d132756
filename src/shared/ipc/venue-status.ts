// Where the embedded local venue stands, as the app's supervisor of its process reports it.
import { z } from 'zod';
import { VENUE_PROBLEMS } from './venue-problem.js';
import { WORLD_PHASES } from './world-progress.js';

export { WORLD_PHASES, WORLD_PROGRESS_PREFIX } from './world-progress.js';

/** How far the generation of a new world has come. */
export const WorldProgress = z
  .object({
    /** 0–100, whole, never going back; 100 once the world is complete. */
    percent: z.number().int().min(0).max(100),
    phase: z.enum(WORLD_PHASES),
    /** Units of the phase done, of `total` (trades, comments, orders signed); absent where the phase has none to tell. */
    done: z.number().int().min(0).optional(),
    total: z.number().int().min(1).optional(),
  })
  .superRefine((p, ctx) => {
    if ((p.done === undefined) !== (p.total === undefined)) ctx.addIssue({ code: 'custom', path: [p.done === undefined ? 'done' : 'total'], message: 'done and total come together' });
    else if (p.done !== undefined && p.total !== undefined && p.done > p.total) ctx.addIssue({ code: 'custom', path: ['done'], message: `done (${p.done}) is more than total (${p.total})` });
  });
export type WorldProgress = z.output<typeof WorldProgress>;
export type WorldPhase = WorldProgress['phase'];

/** What the venue said keeps it from starting, and what can be done about it. */
export const VenueProblem = z.object({
  kind: z.enum(VENUE_PROBLEMS),
  /** What is wrong, in a few words for the status bar ("its database is damaged"). */
  title: z.string(),
  /** The venue's own words, naming the file and what else could be done. */
  detail: z.string(),
  /**
   * What the app offers: a new local world (the old folder moved aside, never deleted), or trying
   * again once another process lets go of the folder. A plain restart would only fail again.
   */
  remedy: z.enum(['new-world', 'retry']),
});
export type VenueProblem = z.output<typeof VenueProblem>;

export const VenueStatus = z.object({
  state: z.enum(['starting', 'running', 'restarting', 'down']),
  /** Why it is starting (a first start generates the world), restarting or down, in words. */
  reason: z.string().optional(),
  /** While starting or restarting on a new world: how far its generation has come. */
  progress: WorldProgress.optional(),
  /** When down because it cannot start on its folder: why, and what can be done. */
  problem: VenueProblem.optional(),
  /** When it entered this state (epoch ms). */
  since: z.number(),
});
export type VenueStatus = z.output<typeof VenueStatus>;

/** The embedded venue's status when the active profile is that venue; null on any other venue. */
export const LocalVenueAnswer = z.object({ local: VenueStatus.nullable() });

/** A new local world started: the status, and where the old venue folder was moved to. */
export const NewWorldAnswer = LocalVenueAnswer.extend({ movedTo: z.string() });
