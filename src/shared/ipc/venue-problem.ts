// Why the local venue cannot start, as the venue tells whoever spawned it and the app says it.
// Apart from the schema (venue-status.ts) so that the venue's start loads no zod for it.

/**
 * What keeps a venue from starting on its data folder: its database is damaged or gone while the
 * folder was used, its master key is damaged, gone or not the one the database was made with,
 * its storage is of a newer Kairos, or another venue holds the folder.
 */
export const VENUE_PROBLEMS = [
  'damaged-database',
  'missing-database',
  'damaged-master-key',
  'missing-master-key',
  'changed-master-key',
  'newer-storage',
  'locked',
] as const;
export type VenueProblemKind = (typeof VENUE_PROBLEMS)[number];

/**
 * How the venue says it: one stderr line, this prefix then the JSON of `{ kind, message }`
 * (`message` in the venue's words, naming the file), just before it exits. Its log line says the
 * same for a person reading the log.
 */
export const VENUE_PROBLEM_PREFIX = 'venue-problem: ';
