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
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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
  close(): Promise<void>;
}

/** Starts background checkpoints of `db` (a file database in WAL mode). */
export function startCheckpointer(db: Db, { intervalMs = 50, restartFrames = RESTART_FRAMES, backstopFrames = BACKSTOP_FRAMES } = {}): Checkpointer {
  const state = new Int32Array(new SharedArrayBuffer(4 * Object.keys(LAYOUT).length));
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: db.name, intervalMs, idleMs: IDLE_MS, restartFrames, state: state.buffer, layout: LAYOUT },
  });
  worker.unref();
  db.pragma(`wal_autocheckpoint = ${backstopFrames}`);
  let alive = true;
  worker.on('error', () => {
    // Without the worker the writer checkpoints by itself again, at SQLite's usual threshold.
    alive = false;
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stale = 0;
  let restarts = 0;
  return {
    get restarts() {
      return restarts;
    },
    get passes() {
      return Atomics.load(state, LAYOUT.PASSES);
    },
    afterCommit() {
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
    },
    async close() {
      worker.ref();
      if (alive) worker.postMessage('close');
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 2000)))]);
      clearTimeout(timer);
      await worker.terminate();
      if (db.open) db.pragma('wal_autocheckpoint = 1000');
    },
  };
}
