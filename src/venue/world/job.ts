// Which world a data folder lacks, and its making begun. A first start's world is the longest
// step of the app's launch, so the CLI starts it here, on a worker thread, before it loads the
// rest of the venue (the HTTP server and its routes take ~0.2 s to load); startVenue then waits
// for what was begun. This module stays light for that reason: no server code.
import { getMeta, openDb, type Db } from '../db/open.js';
import { DEFAULT_SETTINGS, type VenueSettings } from '../settings.js';
import type { WorldSize } from './generate.js';
import type { WorldProgress } from './progress.js';
import { generateOnWorker, WorkerUnavailable, type WorldJob } from './worker.js';

export const DEFAULT_SEED = 20261122;

/** What shapes a new world (the venue's options of the same names). */
export interface WorldOptions {
  dataDir: string;
  size?: WorldSize;
  seed?: number;
  /** "Now" of a newly generated world, epoch ms; defaults to the current hour. */
  anchor?: number;
  settings?: Partial<VenueSettings>;
  /** A newly generated world's markets start with their makers' quotes (default true). */
  books?: boolean;
  /** Told how far a new world's generation has come: at most every 250 ms, and at 100%. */
  onWorldProgress?: (progress: WorldProgress) => void;
}

/** What to generate when `db` holds no world yet; undefined when it holds the one asked for.
 *  Throws when it holds another. */
export function missingWorld(db: Db, opts: WorldOptions): WorldJob | undefined {
  const stored = getMeta(db, 'seed');
  if (stored === undefined) {
    return {
      dataDir: opts.dataDir,
      size: opts.size ?? 'default',
      seed: opts.seed ?? DEFAULT_SEED,
      anchor: opts.anchor ?? Math.floor(Date.now() / 3_600_000) * 3_600_000,
      books: opts.books ?? true,
      // The makers' resting orders are signed for this venue and owned by their API keys.
      settings: { ...DEFAULT_SETTINGS, ...opts.settings },
    };
  }
  if ((opts.seed !== undefined && Number(stored) !== opts.seed) || (opts.size !== undefined && getMeta(db, 'size') !== opts.size)) {
    throw new Error(`${opts.dataDir} already holds a world (seed ${stored}, size ${getMeta(db, 'size')}); use another --data-dir for a different one`);
  }
  return undefined;
}

/** A data folder opened, and its missing world (if any) under way on a worker thread. */
export interface WorldBegun {
  db: Db;
  job: WorldJob | undefined;
  /** True once a worker has made the world; false when none could (nothing was written: the
   *  caller makes it on its own thread). Rejects with the generator's error. */
  onWorker: Promise<boolean>;
}

/**
 * Opens the data folder and starts making its missing world on a worker thread. A small world
 * (tests) takes less time to make than a thread to start, so it is left to the caller's thread.
 */
export function beginWorld(opts: WorldOptions): WorldBegun {
  const db = openDb(opts.dataDir);
  let job: WorldJob | undefined;
  try {
    job = missingWorld(db, opts);
  } catch (err) {
    db.close();
    throw err;
  }
  const onWorker =
    job && job.size !== 'small'
      ? generateOnWorker(job, opts.onWorldProgress).then(
          () => true,
          (err: unknown) => {
            if (err instanceof WorkerUnavailable) return false;
            throw err;
          },
        )
      : Promise.resolve(false);
  // Awaited later (startVenue): a failure meanwhile must not count as unhandled.
  onWorker.catch(() => undefined);
  return { db, job, onWorker };
}
