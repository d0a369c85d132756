// How the browser host's process ends: whatever ends it (a signal, an uncaught exception, an
// unhandled rejection, a failed start), the steps registered here run first, last added first,
// so the venue child it started is stopped before the process goes.
import type { VenueChild } from '../main/core/venue-launcher.js';

export interface ProcessGuard {
  /** Adds a step to run before the process exits; the last one added runs first. */
  onExit(step: () => unknown): void;
  /** Runs every step once, then exits with `code`; a second call while stopping changes nothing. */
  exit(code: number): Promise<void>;
}

export interface GuardOptions {
  log: (line: string) => void;
  /** How long the steps may take before the process exits anyway. */
  graceMs?: number;
  /** Ends the process (tests replace it). */
  exitProcess?: (code: number) => void;
}

// Longer than the core's close may wait for an order being sent (15 s), so a batch under way is
// journaled and the venue is stopped after it, not cut short with it.
export const SHUTDOWN_GRACE_MS = 20_000;

export function guardProcess(opts: GuardOptions): ProcessGuard {
  const steps: Array<() => unknown> = [];
  const exitProcess = opts.exitProcess ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | undefined;
  const describe = (err: unknown): string => (err instanceof Error ? (err.stack ?? err.message) : String(err));

  const exit = (code: number): Promise<void> => {
    stopping ??= (async () => {
      const timer = setTimeout(() => {
        opts.log(`kairos: stopping took over ${(opts.graceMs ?? SHUTDOWN_GRACE_MS) / 1000} s; exiting anyway`);
        exitProcess(code);
      }, opts.graceMs ?? SHUTDOWN_GRACE_MS);
      for (const step of steps.splice(0).reverse()) {
        try {
          await step();
        } catch (err) {
          opts.log(`kairos: while stopping: ${describe(err)}`);
        }
      }
      clearTimeout(timer);
      exitProcess(code);
    })();
    return stopping;
  };

  // Listening replaces Node's default of dying on the spot, which would leave the venue running.
  process.on('uncaughtException', (err) => {
    opts.log(`kairos: uncaught exception: ${describe(err)}`);
    void exit(1);
  });
  process.on('unhandledRejection', (err) => {
    opts.log(`kairos: unhandled rejection: ${describe(err)}`);
    void exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void exit(0));

  return { onExit: (step) => void steps.push(step), exit };
}

/**
 * Wraps a venue spawn so each child is stopped on exit from the moment it exists: before it has
 * printed its start line, the launcher has not yet handed back anything that could stop it. The
 * one step is registered now, so a child started later (a restart) is stopped at this step's
 * place, after the steps added since (the core's close), not before them.
 */
export function stoppedOnExit<A extends unknown[]>(guard: ProcessGuard, spawn: (...args: A) => VenueChild): (...args: A) => VenueChild {
  const running = new Map<VenueChild, Promise<void>>();
  guard.onExit(async () => {
    for (const [child, gone] of [...running]) {
      child.kill();
      await gone;
    }
  });
  return (...args) => {
    const child = spawn(...args);
    running.set(child, new Promise<void>((done) => child.onExit(() => {
      running.delete(child);
      done();
    })));
    return child;
  };
}
