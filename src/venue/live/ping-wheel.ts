// Spreading the channel's per-client work over time: one ping timer for every client, a wheel of
// turns with each client on its own turn, and cut-offs done a few clients per turn of the event
// loop, so that many clients connecting, or going silent, together never hold reads up.
import type { LiveTimers } from './timers.js';

/** Turns of the ping wheel per ping interval: each member is pinged on one turn in SLOTS. */
const SLOTS = 20;
/**
 * A new member's first ping comes a ping interval after it joins, or up to this many turns
 * later, on the turn that has fewest members: members that join together are pinged, and cut
 * off when silent, on different turns. A quarter of the interval at most.
 */
const SPREAD = 5;
/** Chores (cut-offs, socket destructions) run per turn of the event loop. */
const CUT_BATCH = 8;

/** Calls `beat` for each member once a ping interval, on the member's own turn of the wheel; the timer runs while it has members. */
export class PingWheel<T> {
  private readonly slots: Array<Set<T>> = Array.from({ length: SLOTS }, () => new Set());
  /** Each member's turn of its first ping; it is pinged every SLOTS turns from then on. */
  private readonly first = new Map<T, number>();
  private turns = 0;
  private stopTimer: (() => void) | undefined;

  constructor(
    private readonly pingMs: number,
    private readonly timers: LiveTimers,
    private readonly beat: (member: T) => void,
  ) {}

  join(member: T): void {
    const turn = this.firstTurn();
    this.first.set(member, turn);
    this.slots[turn % SLOTS]?.add(member);
    this.stopTimer ??= this.timers.every(this.pingMs / SLOTS, () => this.turn());
  }

  leave(member: T): void {
    const turn = this.first.get(member);
    if (turn === undefined) return;
    this.first.delete(member);
    this.slots[turn % SLOTS]?.delete(member);
    if (this.first.size === 0) this.stop();
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = undefined;
  }

  /** One ping interval after now at the soonest (the turn under way has begun), then the turn with fewest members among the next SPREAD. */
  private firstTurn(): number {
    const soonest = this.turns + SLOTS + 1;
    let best = soonest;
    for (let t = soonest + 1; t < soonest + SPREAD; t++) if ((this.slots[t % SLOTS]?.size ?? 0) < (this.slots[best % SLOTS]?.size ?? 0)) best = t;
    return best;
  }

  private turn(): void {
    const turn = ++this.turns;
    for (const member of this.slots[turn % SLOTS] ?? []) if (turn >= (this.first.get(member) ?? Infinity)) this.beat(member);
  }
}

/** Jobs run on later turns of the event loop, CUT_BATCH a turn, in the order they were asked for. */
export class Chores {
  private readonly queue: Array<() => void> = [];
  private running = false;

  constructor(private readonly timers: LiveTimers) {}

  add(fn: () => void): void {
    this.queue.push(fn);
    if (this.running) return;
    this.running = true;
    const run = (): void => {
      for (const next of this.queue.splice(0, CUT_BATCH)) next();
      if (this.queue.length > 0) this.timers.soon(run);
      else this.running = false;
    };
    this.timers.soon(run);
  }

  clear(): void {
    this.queue.length = 0;
  }
}
