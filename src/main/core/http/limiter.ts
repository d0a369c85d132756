// Client-side budgets that keep Kairos under the spec's §8 limits (and venue-profile D's data
// figures): a request waits for room instead of earning a 429. Sliding windows of send times;
// small enough to keep here rather than pull in a scheduler library for a few counters.
import { RATE_LIMITS, type RateLimit } from '@shared/spec/limits.js';

export type Budget = RateLimit;

/** The spec's limits, which the client keeps under. */
export const BUDGETS = RATE_LIMITS;

export class Limiter {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    /** Multiplies every budget (tests use small ones). */
    private readonly scale = 1,
  ) {}

  /** Waits until `units` more requests fit every budget, then counts them. */
  async take(budgets: readonly Budget[], units = 1): Promise<void> {
    for (;;) {
      const wait = this.waitFor(budgets, units);
      if (wait <= 0) break;
      await this.sleep(wait);
    }
    const t = this.now();
    for (const budget of budgets) {
      const list = this.sent.get(budget.name) ?? [];
      for (let i = 0; i < units; i++) list.push(t);
      this.sent.set(budget.name, list);
    }
  }

  /** Milliseconds until `units` fit, 0 when they fit now. */
  waitFor(budgets: readonly Budget[], units = 1): number {
    const t = this.now();
    let wait = 0;
    for (const budget of budgets) {
      const limit = Math.max(1, Math.floor(budget.limit * this.scale));
      const list = (this.sent.get(budget.name) ?? []).filter((s) => t - s < budget.windowMs);
      this.sent.set(budget.name, list);
      const excess = list.length + Math.min(units, limit) - limit;
      if (excess > 0) wait = Math.max(wait, (list[excess - 1] as number) + budget.windowMs - t + 1);
    }
    return wait;
  }
}
