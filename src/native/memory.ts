// Gives memory back after a burst of work. A catalog sync leaves tens of MB of garbage in the old
// generation; V8's memory reducer only collects it after 20–40 s of quiet, so for that long the
// core holds ~45 MB more than it needs. One full collection when the burst ends returns it at
// once. `gc` is not exposed without a command-line flag, which Electron's main cannot be given:
// setting the flag at run time exposes it to contexts created afterwards.
//
// The collection is V8's memory-reducing one ("last resort"): a plain full collection leaves the
// young generation at the size the burst grew it to (a 32 MB pair of semi-spaces in the core
// after a sync, resident though nearly empty); this one also shrinks it back to 1 MB. An engine
// that does not know the option runs a plain full collection. Then glibc's free heap pages go back
// to the system too (malloc-trim.ts): the collection frees the buffers that held many of them.
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { trimMalloc } from './malloc-trim.js';

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: Gc | null | undefined;
let collections = 0;

/** Runs a full garbage collection (where the engine exposes one), then gives free heap pages back. */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
      collect = typeof gc === 'function' ? (gc as Gc) : null;
    } catch {
      collect = null;
    }
  }
  if (collect) {
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    collections++;
  }
  trimMalloc();
}

/** How many full collections `collectGarbage` has run in this process. */
export function garbageCollections(): number {
  return collections;
}

/** Bytes V8's young generation holds resident now. */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.physical_space_size ?? 0;
}

export interface YoungTrimOptions {
  /** How often to look (1 s unless said). */
  everyMs?: number;
  /** Collect only when the young generation holds more than this (4 MiB unless said). */
  overBytes?: number;
  /** Scavenges since the last collection that make a burst worth collecting after (5). */
  burst?: number;
  /** Past this long since the last collection, steady work is collected after too (60 s). */
  steadyMs?: number;
  /** The clock steadyMs is read on. */
  now?: () => number;
  /** How to collect (collectGarbage): a test counts its own trimmer's collections, not the process's. */
  collect?: () => void;
}

/**
 * Gives back what the young generation grew to once the work that grew it has stopped. Work is
 * counted in scavenges (one per few MB allocated); a look that saw none is quiet. It collects
 * (as collectGarbage) at a quiet look when the young generation holds more than `overBytes`
 * and either a burst has run since the last collection (the markets list read again after a
 * catalog sync grows it to 16 MB within a second) or `steadyMs` have passed (a market page's
 * polls regrow it to 8 MB within a minute, resident though nearly empty). A look reads V8's
 * statistics; a collection takes ~30 ms in the core. Returns a stop.
 */
export function trimYoungGeneration(opts: YoungTrimOptions = {}): () => void {
  const over = opts.overBytes ?? 4 * 2 ** 20;
  const burst = opts.burst ?? 5;
  const steadyMs = opts.steadyMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const counter = scavengeCounter();
  let seen = 0;
  let sinceCollection = 0;
  let collectedAt = now();
  let collectedCount = collections;
  const stop = every(opts.everyMs ?? 1_000, () => look());
  const look = (): void => {
    const scavenges = counter.count();
    const at = now();
    // A collection made elsewhere (after a catalog sync) starts the count again.
    if (collections !== collectedCount) {
      collectedCount = collections;
      collectedAt = at;
      sinceCollection = 0;
    }
    const fresh = scavenges - seen;
    seen = scavenges;
    sinceCollection += fresh;
    if (fresh > 0 || youngGenerationBytes() <= over) return;
    if (sinceCollection < burst && at - collectedAt < steadyMs) return;
    (opts.collect ?? collectGarbage)();
    collectedCount = collections;
    collectedAt = at;
    sinceCollection = 0;
  };
  return () => {
    stop();
    counter.stop();
  };
}

export interface ScavengeCounter {
  /** Young-generation collections since the counter was made, up to the last one Node has reported. */
  count(): number;
  stop(): void;
}

/**
 * Counts the young generation's collections (scavenges), one per few MB allocated: a measure of
 * work that needs no hook in the code doing it. Node reports a collection a turn of the event
 * loop after it ran; `count()` takes what is pending, so read it a turn after a burst of work.
 */
export function scavengeCounter(): ScavengeCounter {
  let scavenges = 0;
  const take = (entries: PerformanceEntry[]): void => {
    for (const e of entries) if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    count: () => {
      take(observer.takeRecords());
      return scavenges;
    },
    stop: () => observer.disconnect(),
  };
}

/**
 * Runs `look` every `ms` without keeping the process up; returns a stop. Each look runs a turn of
 * the event loop after its timer: Node reports a collection a turn after it ran, so a scavenge
 * count read then has what a burst that just ended did, and the burst is not taken for quiet.
 */
function every(ms: number, look: () => void): () => void {
  const timer = setInterval(() => setImmediate(look), ms);
  timer.unref?.();
  return () => clearInterval(timer);
}

export interface BurstOptions {
  /** How often to look (10 s unless said). */
  everyMs?: number;
  /** Work done since the last collection that makes a burst worth collecting after (500). */
  burst?: number;
  /** Less work than this between two looks: the burst is over (20). */
  quiet?: number;
  /** Stop after the first collection. */
  once?: boolean;
  /** Runs at a burst's end, before the collection, so that what it lets go is collected too. */
  atEnd?: () => void;
  /** How to collect (collectGarbage). */
  collect?: () => void;
}

/**
 * Collects (as collectGarbage) once a burst of work has ended. `work()` is a count that grows
 * with the work done (requests served, scavenges). A look that finds it grown by `quiet` or more
 * since the last is busy; a burst is a run of busy looks that together grew it by `burst`, and
 * the first quiet look after one collects. Steady work that never makes such a run (the
 * simulator's ticks, a page's polls) is never collected after: on the large world a collection
 * of the venue's heap costs ~300 ms. A catalog sync leaves the venue's freed pages with V8
 * (13 MB on default) until a collection that shrinks gives them back. Returns a stop.
 */
export function collectAfterBursts(work: () => number, opts: BurstOptions = {}): () => void {
  const burst = opts.burst ?? 500;
  const quiet = opts.quiet ?? 20;
  let lookedAt = work();
  /** The count when the run of busy looks under way began; undefined while quiet. */
  let runFrom: number | undefined;
  const look = (): void => {
    const now = work();
    if (now - lookedAt >= quiet) {
      runFrom ??= lookedAt;
    } else if (runFrom !== undefined) {
      const ran = lookedAt - runFrom;
      runFrom = undefined;
      if (ran >= burst) {
        opts.atEnd?.();
        (opts.collect ?? collectGarbage)();
        if (opts.once) stop();
      }
    }
    lookedAt = now;
  };
  const stop = every(opts.everyMs ?? 10_000, () => look());
  return stop;
}
