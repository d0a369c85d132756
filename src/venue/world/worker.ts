// Generates a new world on a worker thread with a connection of its own, so that everything the
// generator allocates (hundreds of MB of V8 heap that never shrinks back, SQLite's page cache)
// goes away with the thread instead of staying in the venue for as long as it runs.
//
// The thread runs this very module: under tsx or vitest its .ts source, in the built app the
// bundle file that holds it (out/main/world.js, an entry of its own so that the thread loads
// little; were it part of venue.js, that would do too, as the CLI starts nothing off the main
// thread). Loaded as a world worker, the module's top level below does the work; loaded anywhere
// else it does nothing.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { keccakReady } from '@shared/crypto/keccak.js';
import { useNativeSecp256k1 } from '../../native/secp256k1.js';
import { openDb, type Db } from '../db/open.js';
import type { VenueSettings } from '../settings.js';
import { venueSigning } from './books.js';
import { generateWorld, type WorldSize, type WorldSummary } from './generate.js';
import { ProgressTracker, type WorldProgress } from './progress.js';

/** What a venue asks for when its data folder has no world yet. */
export interface WorldJob {
  dataDir: string;
  size: WorldSize;
  seed: number;
  anchor: number;
  books: boolean;
  settings: VenueSettings;
}

const ROLE = 'kairos-world-generator';

type Report =
  | { kind: 'started' }
  | { kind: 'progress'; progress: WorldProgress }
  | { kind: 'done'; summary: WorldSummary }
  | { kind: 'failed'; message: string; stack?: string };

/** Generates on this thread into `db`: the venue's own signing for the makers' orders. Told to
 *  `onProgress` at most every 250 ms, and once at 100%. */
export function generateJob(db: Db, job: WorldJob, onProgress?: (progress: WorldProgress) => void): WorldSummary {
  const progress = onProgress ? new ProgressTracker(onProgress) : undefined;
  return generateWorld(db, { size: job.size, seed: job.seed, anchor: job.anchor, books: job.books, signing: venueSigning(job.dataDir, job.settings), ...(progress ? { progress } : {}) });
}

/** The thread could not run this module: nothing was written, so the caller may generate itself. */
export class WorkerUnavailable extends Error {}

/**
 * Generates `job`'s world on a worker thread and resolves once it is complete in the database
 * (`seed` written last), telling `onProgress` how far it has come as generateJob does. Rejects
 * with the generator's error, or with WorkerUnavailable when the thread failed before it touched
 * the database.
 */
export function generateOnWorker(job: WorldJob, onProgress?: (progress: WorldProgress) => void): Promise<WorldSummary> {
  const self = new URL(import.meta.url);
  // From source, the thread needs the TypeScript loader: tsx passes its own on to threads; vitest
  // has none to pass.
  const execArgv = self.pathname.endsWith('.ts') && !process.execArgv.some((a) => a.includes('tsx'))
    ? [...process.execArgv, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : undefined;
  return new Promise((resolve, reject) => {
    let started = false;
    let settled = false;
    const settle = (err: Error | undefined, summary?: WorldSummary): void => {
      if (settled) return;
      settled = true;
      if (err) reject(err);
      else resolve(summary as WorldSummary);
    };
    let worker: Worker;
    try {
      worker = new Worker(self, { workerData: { role: ROLE, job, progress: onProgress !== undefined }, ...(execArgv ? { execArgv } : {}) });
    } catch (err) {
      settle(new WorkerUnavailable(`no world worker: ${(err as Error).message}`));
      return;
    }
    worker.on('message', (m: Report) => {
      if (m.kind === 'started') started = true;
      else if (m.kind === 'progress') onProgress?.(m.progress);
      else if (m.kind === 'done') settle(undefined, m.summary);
      else settle(Object.assign(new Error(m.message), { stack: m.stack ?? m.message }));
    });
    worker.on('error', (err) => settle(started ? err : new WorkerUnavailable(`no world worker: ${err.message}`)));
    worker.on('exit', (code) => {
      const why = `the world worker exited (code ${code}) before the world was complete`;
      settle(started ? new Error(why) : new WorkerUnavailable(why));
    });
  });
}

async function serve(job: WorldJob, progress: boolean, port: NonNullable<typeof parentPort>): Promise<void> {
  const report = (r: Report): void => port.postMessage(r);
  // As the venue does before it generates: native signing, and keccak off the pure-JS path.
  await useNativeSecp256k1();
  await keccakReady;
  report({ kind: 'started' });
  let result: Report;
  let db: Db | undefined;
  try {
    db = openDb(job.dataDir);
    result = { kind: 'done', summary: generateJob(db, job, progress ? (p) => report({ kind: 'progress', progress: p }) : undefined) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    result = { kind: 'failed', message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
  } finally {
    db?.close();
  }
  // Closed first: the venue goes on with the finished database and none of this thread's cache.
  report(result);
}

const data = workerData as { role?: string; job?: WorldJob; progress?: boolean } | null;
if (!isMainThread && data?.role === ROLE && data.job && parentPort) void serve(data.job, data.progress === true, parentPort);
