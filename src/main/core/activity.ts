// What the core is doing right now that must not be cut short: order writes to the venue.
// An update waits on it before restarting the app; a cache reset refuses while it is busy.

export class Activity {
  private sending = 0;
  private waiters: Array<() => void> = [];

  /** True while an order batch (or a cancel) is on its way to the venue. */
  busy(): boolean {
    return this.sending > 0;
  }

  /** How many order writes are in flight. */
  inFlight(): number {
    return this.sending;
  }

  /** Resolves once no order write is in flight (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.sending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Runs an order write, counted as in flight from this call until it settles. */
  async track<T>(write: () => Promise<T>): Promise<T> {
    this.sending++;
    try {
      return await write();
    } finally {
      this.sending--;
      if (this.sending === 0) {
        const waiting = this.waiters;
        this.waiters = [];
        for (const w of waiting) w();
      }
    }
  }
}
