// The core's domains and the one place they are put together: each domain serves its part of the
// contract, may run background work between `start` and `stop`, and says which answers a call of
// its makes stale. The registrar refuses two domains of one name, two handlers of one call and a
// contract prefix split between domains, starts the domains in the order listed and stops them in
// reverse, and after a call that makes answers stale pushes `calls.stale`, so the screens ask
// again without listing them by hand.
import { CALL_NAMES, type CallArgs, type CallName, type CallOutput } from '@shared/ipc/contract.js';
import type { Logger } from './ports.js';
import type { Handlers } from './router.js';
import type { Emit } from './session.js';

/** What a call makes stale once it ran: fixed names, or names read from its input and answer (none when it failed). */
export type StaleRule<N extends CallName> = readonly CallName[] | ((args: CallArgs<N>, out: CallOutput<N> | undefined) => readonly CallName[]);
export type Invalidates = { readonly [N in CallName]?: StaleRule<N> };

export interface Domain {
  name: string;
  /** The calls the domain serves: every call is served by one domain. */
  handlers: Partial<Handlers>;
  /** Starts the domain's background work (timers, watches); called once, in the listed order. */
  start?(): void;
  /** Stops it; returns the work still under way, which the core waits for (bounded) before closing. */
  stop?(): Promise<void> | undefined | void;
  /** The last step of closing, after the work under way (or the wait for it): nothing of the domain runs on. */
  close?(): void;
  /**
   * Calls that change what other calls answer. The answers are made stale whether the call
   * succeeded or failed: a failed order batch or cancel may still have changed the venue's books.
   */
  invalidates?: Invalidates;
}

export class Registrar {
  readonly handlers: Handlers;
  private started = false;

  /**
   * `emit` carries `calls.stale`; `closing` says the core is closing (nothing more is pushed).
   * Throws when two domains share a name, two handle one call or one prefix, or a call has no handler.
   */
  constructor(
    private readonly domains: readonly Domain[],
    emit: Emit,
    closing: () => boolean = () => false,
  ) {
    const names = new Set<string>();
    const owner = new Map<string, string>();
    // Each contract prefix (`orders.`, `venue.` …) belongs to one domain: a newcomer finds it in one folder.
    const prefixOwner = new Map<string, string>();
    const all: Partial<Record<CallName, (args: unknown) => unknown>> = {};
    for (const d of domains) {
      if (names.has(d.name)) throw new Error(`two core domains are named "${d.name}"`);
      names.add(d.name);
      for (const [call, handler] of Object.entries(d.handlers) as Array<[CallName, (args: unknown) => unknown]>) {
        const first = owner.get(call);
        if (first !== undefined) throw new Error(`the call ${call} is handled by two domains, "${first}" and "${d.name}"`);
        owner.set(call, d.name);
        const prefix = call.slice(0, call.indexOf('.'));
        const holder = prefixOwner.get(prefix);
        if (holder !== undefined && holder !== d.name) throw new Error(`the calls ${prefix}.* are served by two domains, "${holder}" and "${d.name}"`);
        prefixOwner.set(prefix, d.name);
        all[call] = handler;
      }
    }
    const missing = CALL_NAMES.filter((n) => !all[n]);
    if (missing.length > 0) throw new Error(`no domain handles ${missing.join(', ')}`);
    for (const d of domains) {
      for (const [call, rule] of Object.entries(d.invalidates ?? {}) as Array<[CallName, StaleRule<CallName>]>) {
        const handler = all[call];
        if (!handler) continue;
        const stale = (args: unknown, out: unknown): void => {
          const made = typeof rule === 'function' ? (rule as (a: unknown, o: unknown) => readonly CallName[])(args, out) : rule;
          if (made.length > 0 && !closing()) emit('calls.stale', { names: [...new Set(made)] });
        };
        all[call] = async (args: unknown) => {
          let out: unknown;
          try {
            out = await handler(args);
            return out;
          } finally {
            stale(args, out);
          }
        };
      }
    }
    this.handlers = all as Handlers;
  }

  /** Starts every domain's background work, in the listed order. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const d of this.domains) d.start?.();
  }

  /** Stops them in reverse order; returns the work still under way. */
  stop(): Array<Promise<void>> {
    const under: Array<Promise<void>> = [];
    for (const d of [...this.domains].reverse()) {
      const p = d.stop?.();
      if (p) under.push(p);
    }
    return under;
  }

  /** Each domain's last step, in reverse order; a failure of one is logged and the rest still run. */
  close(log: Logger): void {
    for (const d of [...this.domains].reverse()) {
      try {
        d.close?.();
      } catch (err) {
        log.warn(`closing: the ${d.name} domain did not finish its last step`, { error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
}
