// The words the venue and its launcher share about a new world's generation, apart from the
// schema (venue-status.ts) so that the generator's thread loads no zod for them.

/** The steps of a new world's generation, in the order they come (src/venue/world/progress.ts). */
export const WORLD_PHASES = ['catalog', 'trades', 'positions', 'books', 'comments', 'orders', 'writing', 'saving'] as const;

/**
 * How the venue tells its world's progress to whoever spawned it: a stderr line of its own, this
 * prefix then the JSON of a WorldProgress. Not on stdout, whose first line is the start line, and
 * unlike a log line (`venue: …`), which a launcher passes on as it is.
 */
export const WORLD_PROGRESS_PREFIX = 'venue-progress: ';
