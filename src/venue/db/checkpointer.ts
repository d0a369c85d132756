// WAL checkpoints on a worker thread with its own connection. An automatic checkpoint runs
// inside the commit that crosses its threshold: every few dozen order batches one of them paid
// for copying the WAL back and two fsyncs (15–40 ms here, the whole of the old p99). A passive
// checkpoint from another connection never blocks the writer, and nothing about durability
// changes: the same WAL is synced before its pages are copied, whoever copies them.
//
// Under sustained writes a passive checkpoint never catches the WAL at rest, so the WAL would
// not start over and would grow. `afterCommit` lets the writer restart it: once the WAL is long
// the writer asks the worker to stand aside, waits out the pass under way (a writer checkpoint
// colliding with it copied nothing, which let the WAL grow without bound on a slow disk), copies
// the few commits since with its own checkpoint, and its next transaction writes the WAL from
// the start again.
//
// The worker (a V8 isolate and a connection, 13–20 MB) runs only while writes keep coming. A
// lone run of commits (a few order batches, a simulator tick) is copied back by the main thread
// itself once quiet for `quietMs`: a simulator tick's ~190 pages take ~3 ms here, against ~20 ms
// for the tick, so even the simulator's full pace (a tick every 1.5 s) stays on the main thread.
// Commits that go on for longer (or more of them), or that come back within `busyMs` of such a
// checkpoint, start the worker; it stops after `idleMs` without such a run, lone commits meanwhile
// (a world just generated hands its WAL to the worker, then the simulator ticks on) included.
// Writes that never call `afterCommit` are bounded by SQLite's own automatic checkpoint whenever
// the worker is not up.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { systemTimers, type IdleTimers } from '../timers.js';
import type { Db } from './open.js';

/**
 * WAL frames (pages) above which the writer restarts the WAL: 128 MiB of 4 KiB pages, so the
 * restart (5–40 ms here, for its two fsyncs) comes once every several seconds of sustained
 * load, not once every few hundred batches.
 */
const RESTART_FRAMES = 32_768;
/** Longest the worker goes without looking at an idle database. */
const IDLE_MS = 1000;
/** The writer's own automatic threshold: only reached should the worker fall behind or die. */
const BACKSTOP_FRAMES = 65_536;
/** How long a worker started for the WAL found at start outlives it without a run of commits. */
const START_LINGER_MS = 2000;
/** SQLite's default automatic threshold, the writer's own while no worker is up. */
const SQLITE_FRAMES = 1000;

/**
 * Shared words: passes completed, WAL frames at the last one, 1 while a pass runs, and 1 while
 * the writer wants the WAL to itself to start it over (the worker then stands aside).
 */
const LAYOUT = { PASSES: 0, FRAMES: 1, RUNNING: 2, STAND_ASIDE: 3 } as const;

// Plain JS run with `eval`: a module file beside this one would be missing from the bundled app.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const state = new Int32Array(workerData.state);
const { PASSES, FRAMES, RUNNING, STAND_ASIDE } = workerData.layout;
const version = db.prepare('PRAGMA data_version').pluck();
// The database's version when a pass last copied the whole WAL: until another commit there is
// nothing to do, and the worker looks less and less often (up to once a second) while idle.
let settled = -1;
let wait = workerData.intervalMs;
let timer;
function pass() {
  const v = version.get();
  if (v === settled) {
    wait = Math.min(wait * 2, workerData.idleMs);
    return;
  }
  wait = workerData.intervalMs;
  Atomics.store(state, RUNNING, 1);
  if (Atomics.load(state, STAND_ASIDE) === 1) {
    Atomics.store(state, RUNNING, 0);
    return;
  }
  try {
    let r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    // Before the writer restarts a long WAL, catch up with what arrived during the first pass.
    for (let i = 0; i < 3 && r.busy === 0 && r.log >= workerData.restartFrames; i++) r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    if (r.busy === 0) {
      Atomics.store(state, FRAMES, r.log);
      Atomics.add(state, PASSES, 1);
      if (r.checkpointed === r.log) settled = v;
    }
  } catch {
    // Busy or closing: the next tick tries again.
  } finally {
    Atomics.store(state, RUNNING, 0);
  }
}
function tick() {
  pass();
  timer = setTimeout(tick, wait);
}
timer = setTimeout(tick, wait);
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearTimeout(timer);
  pass();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Call after a write transaction commits; cheap unless the WAL should start over. */
  afterCommit(): void;
  /** How many times the writer has copied back the whole WAL, so that the next write starts it over. */
  readonly restarts: number;
  /** Checkpoint passes the worker has completed; they stop while nothing is written. */
  readonly passes: number;
  /** Checkpoints the main thread ran after a quiet spell, with no worker up. */
  readonly quietPasses: number;
  /** Whether the worker thread exists now; and how many times one was started. */
  readonly running: boolean;
  readonly starts: number;
  close(): Promise<void>;
}

export interface CheckpointerOptions {
  /** The worker's pace between passes while writes come. */
  intervalMs?: number;
  restartFrames?: number;
  backstopFrames?: number;
  /** How long after the last commit of a run the main thread checkpoints (no worker up). */
  quietMs?: number;
  /** A run of commits this long without a quiet spell, or of this many commits, starts the worker. */
  runMs?: number;
  runCommits?: number;
  /** A run starting this soon after the main thread's last checkpoint starts the worker. */
  busyMs?: number;
  /** The worker stops after this long without a run of commits (lone commits do not count). */
  idleMs?: number;
  timers?: IdleTimers;
}

/** Checkpoints `db` (a file database in WAL mode) on the main thread or, while writes keep coming, a worker. */
export function startCheckpointer(db: Db, opts: CheckpointerOptions = {}): Checkpointer {
  const { intervalMs = 50, restartFrames = RESTART_FRAMES, backstopFrames = BACKSTOP_FRAMES } = opts;
  // A simulator tick commits up to 14 batches: more than twice that is order flow.
  const { quietMs = 250, runMs = 1000, runCommits = 32, busyMs = 500, idleMs = 10_000, timers = systemTimers } = opts;
  const state = new Int32Array(new SharedArrayBuffer(4 * Object.keys(LAYOUT).length));
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | undefined;
  /** The worker is up and not asked to stop. */
  let alive = false;
  /** A worker failed: the main thread checkpoints from then on. */
  let broken = false;
  let closed = false;
  let stopping: Promise<void> | undefined;
  let cancelTimer: (() => void) | undefined;
  /** When the current run of commits began (undefined: no main-thread checkpoint pending). */
  let runSince: number | undefined;
  let runLength = 0;
  let lastQuiet = -Infinity;
  let lastCommit = 0;
  /** When commits last came as a run (what starts the worker): lone ones do not keep it up. */
  let lastRun = 0;
  /** How long the worker outlives the last run: `idleMs`, shorter for the WAL found at start. */
  let linger = idleMs;
  let stale = 0;
  let restarts = 0;
  let quietPasses = 0;
  let starts = 0;

  const arm = (ms: number, fn: () => void): void => {
    cancelTimer?.();
    cancelTimer = timers.after(ms, () => {
      cancelTimer = undefined;
      fn();
    });
  };

  const quietCheckpoint = (): void => {
    runSince = undefined;
    if (!db.open || db.inTransaction) return;
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
      quietPasses++;
    } catch {
      // Only an optimisation: SQLite's automatic checkpoint still bounds the WAL.
    }
    lastQuiet = timers.now();
  };

  const start = (lingerMs = idleMs): void => {
    runSince = undefined;
    Atomics.store(state, LAYOUT.FRAMES, 0);
    Atomics.store(state, LAYOUT.RUNNING, 0);
    Atomics.store(state, LAYOUT.STAND_ASIDE, 0);
    let w: Worker;
    try {
      w = new Worker(SOURCE, {
        eval: true,
        workerData: { driver, file: db.name, intervalMs, idleMs: IDLE_MS, restartFrames, state: state.buffer, layout: LAYOUT },
      });
    } catch {
      // No thread to be had: the main thread goes on checkpointing once quiet.
      broken = true;
      arm(quietMs, quietCheckpoint);
      return;
    }
    w.unref();
    worker = w;
    alive = true;
    starts++;
    lastRun = timers.now();
    linger = lingerMs;
    db.pragma(`wal_autocheckpoint = ${backstopFrames}`);
    w.on('error', () => {
      // Without the worker the writer checkpoints by itself again, at SQLite's usual threshold.
      broken = true;
      alive = false;
      if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_FRAMES}`);
    });
    w.once('exit', () => {
      if (alive) broken = true;
      alive = false;
      worker = undefined;
      if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_FRAMES}`);
    });
    arm(linger, idleCheck);
  };

  const idleCheck = (): void => {
    if (!alive) return;
    const left = lastRun + linger - timers.now();
    if (left > 0) arm(Math.max(left, 100), idleCheck);
    else void stop();
  };

  /** Asks the worker to finish its pass and go; the writer's own threshold is back once it has. */
  const stop = (): Promise<void> => {
    const w = worker;
    if (!w) return Promise.resolve();
    if (stopping) return stopping;
    const wasAlive = alive;
    alive = false;
    // A run measured while the worker was up is not one the main thread has to copy back.
    runSince = undefined;
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    w.ref();
    if (wasAlive) w.postMessage('close');
    let timer: ReturnType<typeof setTimeout> | undefined;
    stopping = Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 2000)))])
      .then(async () => {
        clearTimeout(timer);
        await w.terminate();
        await exited;
      })
      .finally(() => {
        stopping = undefined;
      });
    return stopping;
  };

  /** With the worker up: restarts the WAL once it is long (see the top of this file). */
  const restartIfLong = (): void => {
    const done = Atomics.load(state, LAYOUT.PASSES);
    // `stale`: a pass under way at the last restart reports the WAL before it.
    if (done <= stale || Atomics.load(state, LAYOUT.FRAMES) < restartFrames || !db.open || db.inTransaction) return;
    // The worker stands aside from its next pass on; once the one under way (if any) is over,
    // the writer copies what is left (the commits since) and its next write starts the WAL over.
    Atomics.store(state, LAYOUT.STAND_ASIDE, 1);
    if (Atomics.load(state, LAYOUT.RUNNING) === 1) return;
    try {
      const r = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
      if (r[0]?.busy === 0 && r[0].checkpointed === r[0].log) {
        stale = done + 1;
        restarts++;
      } else {
        // Cut short (another process reading, say): the worker goes on, and after its next
        // pass the writer tries again rather than after every commit.
        stale = done;
      }
    } catch {
      // Only an optimisation: the backstop threshold still bounds the WAL.
      stale = done;
    }
    Atomics.store(state, LAYOUT.STAND_ASIDE, 0);
  };

  // A long WAL at start (a world just generated is all in it) goes to the worker at once: else
  // the first commit's automatic checkpoint copies it back, ~200 ms before the first answer.
  // It goes once that WAL is copied and no run has come (its last pass on closing finishes the
  // copy): the simulator's ticks after it are lone commits, and a worker kept for them held a V8
  // isolate and a connection (~10 MB) for as long as the app ran after a first launch.
  if (walFrames(db) > SQLITE_FRAMES) start(START_LINGER_MS);

  return {
    get restarts() {
      return restarts;
    },
    get passes() {
      return Atomics.load(state, LAYOUT.PASSES);
    },
    get quietPasses() {
      return quietPasses;
    },
    get running() {
      return worker !== undefined;
    },
    get starts() {
      return starts;
    },
    afterCommit() {
      if (closed) return;
      const now = timers.now();
      const gap = now - lastCommit;
      lastCommit = now;
      if (alive) {
        // Runs are still measured: lone commits (a simulator tick every second or so) are the
        // main thread's to copy back, so they do not keep the worker and its 13-20 MB up.
        if (runSince === undefined || gap > quietMs) {
          runSince = now;
          runLength = 0;
        } else if (now - runSince >= runMs || ++runLength >= runCommits) {
          lastRun = now;
          linger = idleMs;
        }
        return restartIfLong();
      }
      if (worker || broken) {
        // On its way out, or failed: the main thread copies this run back once quiet.
        if (runSince === undefined) runSince = now;
        arm(quietMs, quietCheckpoint);
        return;
      }
      if (runSince === undefined) {
        if (now - lastQuiet < busyMs) return start();
        runSince = now;
        runLength = 0;
      } else if (now - runSince >= runMs || ++runLength >= runCommits) {
        return start();
      }
      arm(quietMs, quietCheckpoint);
    },
    async close() {
      closed = true;
      cancelTimer?.();
      cancelTimer = undefined;
      await stop();
      if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_FRAMES}`);
    },
  };
}

/** Frames in `db`'s WAL file (0 when there is none). */
export function walFrames(db: Db): number {
  const bytes = statSync(`${db.name}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  const page = db.pragma('page_size', { simple: true }) as number;
  // A 32-byte file header, then a 24-byte header before each page.
  return Math.max(0, Math.floor((bytes - 32) / (24 + page)));
}
