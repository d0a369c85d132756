// A domain's pass on a timer: one pass at a time (a pass still under way when the next is due is
// not started again), never what keeps a process up, a failure logged unless the core closes.
import type { CoreContext } from './context.js';

export interface SweepTimer {
  start(): void;
  /** Stops the timer; returns the pass under way, if one is (the core closes after it). */
  stop(): Promise<void> | undefined;
}

/** `pass` every `everyMs` once started; `undefined` never starts. `failed` names it in the log. */
export function sweepTimer(ctx: Pick<CoreContext, 'log' | 'closing'>, everyMs: number | undefined, pass: () => Promise<void>, failed: string): SweepTimer {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  return {
    start() {
      if (everyMs === undefined || timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = pass()
          .catch((err: unknown) => {
            if (!ctx.closing()) ctx.log.warn(failed, { error: err instanceof Error ? err.message : String(err) });
          })
          .finally(() => (running = undefined));
      }, everyMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      return running;
    },
  };
}
