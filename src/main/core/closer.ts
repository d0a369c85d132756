// Closing the core in order: new calls are refused, the domains stop their timers, the calls and
// passes under way get a bounded wait, then the last steps run (nothing of the core after them).
import type { Activity } from './activity.js';
import type { Logger } from './ports.js';
import type { Router } from './router.js';

export interface CloseOptions {
  /** How long calls and background passes under way may take to finish (3 s unless said). */
  graceMs?: number;
  /** The same while an order batch or cancel is being sent (15 s: longer than a POST may take). */
  ordersGraceMs?: number;
}

const CLOSE_GRACE_MS = 3_000;
// An order POST gives up after 10 s and is never re-sent; its journal rows are written after.
const CLOSE_ORDERS_GRACE_MS = 15_000;

/** Settles with `work`, or after `ms` at most; the timer never keeps a process up. */
function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((done) => {
    timer = setTimeout(done, ms);
    timer.unref?.();
  });
  return Promise.race([work.then(() => undefined, () => undefined), late]).finally(() => clearTimeout(timer));
}

export interface Closing {
  router: Router;
  activity: Activity;
  log: Logger;
  /** Stops the domains' background work; returns what is still under way. */
  stop(): Array<Promise<void>>;
}

/** One close of the core: `closing()` is true from its first step; running it again returns the same close. */
export function closer() {
  let closing: Promise<void> | undefined;
  return {
    closing: (): boolean => closing !== undefined,
    run(o: CloseOptions, c: Closing, last: () => void): Promise<void> {
      if (closing) return closing;
      // Set first: from here every domain sees the core closing (no retries, no next step).
      closing = Promise.resolve();
      const shut = (): void => {
        // A call still under way that fails from here failed because of the close.
        c.router.closed();
        last();
      };
      const drained = c.router.drain();
      const under = [...(drained ? [drained] : []), ...c.stop()];
      if (under.length === 0) {
        shut();
        return closing;
      }
      const ms = c.activity.busy() ? (o.ordersGraceMs ?? CLOSE_ORDERS_GRACE_MS) : (o.graceMs ?? CLOSE_GRACE_MS);
      closing = bounded(Promise.all(under), ms).then(() => {
        if (c.router.busy() > 0 || c.activity.busy()) c.log.warn('closing: calls still under way were cut short', { calls: c.router.busy(), orders: c.activity.inFlight() });
        shut();
      });
      return closing;
    },
  };
}
