// Why a venue cannot start on its data folder, as a kind its launcher can act on (the app offers
// a new world for a damaged folder, a retry for one another venue holds) and words that name the
// file. Anything else that stops a start stays a plain error.
import { VENUE_PROBLEM_PREFIX, type VenueProblemKind } from '@shared/ipc/venue-problem.js';

export { VENUE_PROBLEM_PREFIX, type VenueProblemKind } from '@shared/ipc/venue-problem.js';

export class VenueStartProblem extends Error {
  constructor(
    readonly kind: VenueProblemKind,
    message: string,
  ) {
    super(message);
  }
}

/** The problem `err` is when it stopped a start on the database `dbFile`: SQLite's "not a database" or "malformed" is a damaged one. */
export function startProblemOf(err: unknown, dbFile: string): VenueStartProblem | undefined {
  if (err instanceof VenueStartProblem) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))) {
    return new VenueStartProblem('damaged-database', `the venue's database ${dbFile} is damaged (${(err as Error).message}): restore it from a backup, or start a new world`);
  }
  return undefined;
}

/** The stderr line a launcher reads the problem from (see VENUE_PROBLEM_PREFIX). */
export function problemLine(problem: VenueStartProblem): string {
  return `${VENUE_PROBLEM_PREFIX}${JSON.stringify({ kind: problem.kind, message: problem.message })}`;
}
