// The live channel's timers: its ping wheel and the later turns of the event loop it spreads
// cut-offs over. Tests pass manual ones, to count what happens on each turn without waiting.

export interface LiveTimers {
  /** Calls `fn` every `ms`; returns a function that stops it. Never holds the process open. */
  every(ms: number, fn: () => void): () => void;
  /** Calls `fn` once after `ms`. Never holds the process open. */
  after(ms: number, fn: () => void): void;
  /** Calls `fn` on a later turn of the event loop, after the I/O already waiting. */
  soon(fn: () => void): void;
}

export const systemLiveTimers: LiveTimers = {
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
  after(ms, fn) {
    setTimeout(fn, ms).unref();
  },
  soon(fn) {
    setImmediate(fn);
  },
};

/**
 * Timers that run only when a test says: `advance(ms)` moves the clock on, running each timer
 * that falls due; `turn()` runs what was asked for on a later turn before it was called (one
 * turn of the event loop) and says how many it ran.
 */
export function manualLiveTimers(): LiveTimers & { advance(ms: number): void; turn(): number; readonly waiting: number } {
  let now = 0;
  const due: Array<{ at: number; every: number; fn: () => void; live: boolean }> = [];
  let later: Array<() => void> = [];
  const next = (until: number) => due.filter((d) => d.live && d.at <= until).sort((a, b) => a.at - b.at)[0];
  return {
    every(ms, fn) {
      const d = { at: now + ms, every: ms, fn, live: true };
      due.push(d);
      return () => void (d.live = false);
    },
    after(ms, fn) {
      due.push({ at: now + ms, every: 0, fn, live: true });
    },
    soon(fn) {
      later.push(fn);
    },
    advance(ms) {
      const end = now + ms;
      for (let d = next(end); d; d = next(end)) {
        now = Math.max(now, d.at);
        if (d.every > 0) d.at += d.every;
        else d.live = false;
        d.fn();
      }
      now = end;
    },
    turn() {
      const run = later;
      later = [];
      for (const fn of run) fn();
      return run.length;
    },
    get waiting() {
      return later.length;
    },
  };
}
