// How far a world's generation has come, told to whoever waits for it (the venue's launcher
// shows it in the status bar). The generator knows its steps in its own units (trades simulated,
// comments planned, orders signed, writer batches); each phase's share of the whole is its share
// of the time, so the percentage moves at a steady pace. Told at most every `everyMs`, never
// backwards, and 100% only once the world is complete.
import type { WorldPhase, WorldProgress } from '@shared/ipc/venue-status.js';
import { WORLD_PHASES } from '@shared/ipc/world-progress.js';

export type { WorldPhase, WorldProgress } from '@shared/ipc/venue-status.js';
export { WORLD_PROGRESS_PREFIX } from '@shared/ipc/world-progress.js';

/**
 * Each phase's share of the time (percent), in the order they come, as measured on `large`;
 * `default` spends about the same on each but `writing` (its writer thread is done by then).
 * `positions` hands the catalog and the derived tables to the writer thread, `orders` waits for
 * the books' signatures, `writing` for the writer thread, `saving` writes the rest.
 */
export const PHASE_WEIGHTS: Readonly<Record<WorldPhase, number>> = {
  catalog: 5,
  trades: 28,
  positions: 13,
  books: 4,
  comments: 10,
  orders: 10,
  writing: 17,
  saving: 13,
};

/** The phases whose units mean something to a reader: their counts are told. */
const COUNTED: ReadonlySet<WorldPhase> = new Set(['trades', 'comments', 'orders']);

export interface ProgressOptions {
  /** Least time between two reports (the last one, at 100%, always goes). Default 250 ms. */
  everyMs?: number;
  now?: () => number;
}

export class ProgressTracker {
  private readonly everyMs: number;
  private readonly now: () => number;
  private readonly starts = new Map<WorldPhase, number>();
  private readonly weights = new Map<WorldPhase, number>();
  private readonly sum: number;
  private phaseName: WorldPhase | undefined;
  private total = 0;
  private done = 0;
  /** The next `done` worth looking at the clock for: a step's cost is a comparison. */
  private nextCheck = 0;
  private stride = 1;
  private lastAt = -Infinity;
  private lastPercent = -1;

  constructor(
    private readonly report: (progress: WorldProgress) => void,
    opts: ProgressOptions = {},
  ) {
    this.everyMs = opts.everyMs ?? 250;
    this.now = opts.now ?? (() => performance.now());
    let at = 0;
    for (const name of WORLD_PHASES) {
      const weight = PHASE_WEIGHTS[name];
      this.starts.set(name, at);
      this.weights.set(name, weight);
      at += weight;
    }
    this.sum = at;
  }

  /** Enters `name`, with `total` units (or steps) to do; 0: the phase moves nothing until the next. */
  phase(name: WorldPhase, total = 0): void {
    this.phaseName = name;
    this.total = Math.max(0, Math.floor(total));
    this.done = 0;
    // Some 200 looks at the clock per phase at most, whatever its size.
    this.stride = Math.max(1, Math.floor(this.total / 200));
    this.nextCheck = this.stride;
    this.tell(false);
  }

  /** `done` units of the current phase are done. */
  step(done: number): void {
    if (done < this.nextCheck) return;
    this.done = Math.min(done, this.total);
    this.nextCheck = done + this.stride;
    this.tell(false);
  }

  /** The world is complete: 100%, told whatever the time. */
  finish(): void {
    if (this.phaseName === undefined) this.phaseName = 'saving';
    this.done = this.total;
    this.tell(true);
  }

  private tell(final: boolean): void {
    const name = this.phaseName;
    if (name === undefined) return;
    // 99 at most until the end: 100% means complete.
    const share = this.total > 0 ? this.done / this.total : 0;
    const reached = ((this.starts.get(name) ?? 0) + (this.weights.get(name) ?? 0) * share) / this.sum;
    const percent = final ? 100 : Math.min(99, Math.floor(reached * 100));
    if (percent <= this.lastPercent && !final) return;
    const at = this.now();
    if (!final && at - this.lastAt < this.everyMs) return;
    if (final && this.lastPercent === 100) return;
    this.lastAt = at;
    this.lastPercent = Math.max(percent, this.lastPercent);
    this.report({ percent: this.lastPercent, phase: name, ...(this.total > 0 && COUNTED.has(name) ? { done: this.done, total: this.total } : {}) });
  }
}
