// Why the local venue cannot start, as its launcher reads it from the venue's problem line and
// the app says it: in words, with what can be done. For a damaged folder that is a new local
// world, the old folder moved aside (never deleted); for a folder another process holds, trying
// again once it lets go. A plain restart of either would only fail the same way.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { VENUE_PROBLEM_PREFIX, VENUE_PROBLEMS, type VenueProblemKind } from '@shared/ipc/venue-problem.js';
import type { VenueProblem } from '@shared/ipc/venue-status.js';
import { parseVenueLine } from './venue-progress.js';

const ProblemLine = z.object({ kind: z.enum(VENUE_PROBLEMS), message: z.string().min(1) });

/** What is wrong, in a few words for the status bar. */
const TITLES: Record<VenueProblemKind, string> = {
  'damaged-database': 'its database is damaged',
  'missing-database': 'its database is missing',
  'damaged-master-key': 'its master key is damaged',
  'missing-master-key': 'its master key is missing',
  'changed-master-key': 'the master key does not match its database',
  'newer-storage': 'its data was written by a newer Kairos',
  locked: 'another process is using its folder',
};

/** The venue's problem line as the app says it; undefined for any other line. Throws on a problem line that does not parse. */
export function parseProblemLine(line: string): VenueProblem | undefined {
  if (!line.startsWith(VENUE_PROBLEM_PREFIX)) return undefined;
  const { kind, message } = parseVenueLine(ProblemLine, 'problem line', line.slice(VENUE_PROBLEM_PREFIX.length));
  const detail = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return { kind, title: TITLES[kind], detail, remedy: kind === 'locked' ? 'retry' : 'new-world' };
}

/** A venue that exited before it listened, with the problem it said, if any. */
export class VenueStartError extends Error {
  constructor(
    message: string,
    readonly problem?: VenueProblem,
  ) {
    super(message);
  }
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `venue-set-aside-2026-12-07-1430`: beside the folder, the time it was moved (UTC). */
function asideName(folder: string, at: number): string {
  const d = new Date(at);
  return `${basename(folder)}-set-aside-${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
}

/** The pid in the folder's venue lock when that process is alive (a live venue's folder is never moved). */
function liveHolder(folder: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(folder, 'venue.lock'), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * Moves the venue's folder aside, beside it, under a name that says when; returns where it went.
 * Nothing in it is deleted or changed. Refused while a live process holds the folder's lock.
 */
export function setVenueFolderAside(folder: string, at: number): string {
  const holder = liveHolder(folder);
  if (holder !== undefined) throw new Error(`another process (pid ${holder}) holds ${folder}; it is not moved while that runs`);
  const base = join(dirname(folder), asideName(folder, at));
  let target = base;
  for (let n = 2; existsSync(target); n++) target = `${base}-${n}`;
  renameSync(folder, target);
  return target;
}
