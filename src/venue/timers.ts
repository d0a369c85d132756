// The clock and timers the venue's helper threads use to stop once idle; tests pass their own
// to step through an idle spell without waiting it out.

export interface IdleTimers {
  now(): number;
  /** Calls `fn` once after `ms`; returns a function that cancels it. Never holds the process open. */
  after(ms: number, fn: () => void): () => void;
}

export const systemTimers: IdleTimers = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Timers that fire only when a test moves their clock on. */
export function manualTimers(): IdleTimers & { advance(ms: number): void; readonly pending: number } {
  let now = 0;
  const due: Array<{ at: number; fn: () => void; live: boolean }> = [];
  /** The earliest live timer due by `until`. */
  const next = (until: number) => due.filter((d) => d.live && d.at <= until).sort((a, b) => a.at - b.at)[0];
  return {
    now: () => now,
    after(ms, fn) {
      const d = { at: now + ms, fn, live: true };
      due.push(d);
      return () => void (d.live = false);
    },
    /** Moves the clock on by `ms`, running each timer that falls due on the way, in order. */
    advance(ms) {
      const end = now + ms;
      for (let d = next(end); d; d = next(end)) {
        now = Math.max(now, d.at);
        d.live = false;
        d.fn();
      }
      now = end;
    },
    get pending() {
      return due.filter((d) => d.live).length;
    },
  };
}
