// Orders that wait out a taker delay (itode): one timer each, which releases the order when its
// delay is over.

/** One timer per delayed order, which releases it when its delay is over. */
export class Delays {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly now: () => number) {}

  schedule(id: string, releaseAt: number, release: (id: string) => void): void {
    const wait = Math.max(0, releaseAt - this.now());
    const timer = setTimeout(() => {
      this.timers.delete(id);
      release(id);
    }, wait);
    timer.unref?.();
    this.timers.set(id, timer);
  }

  /** Forgets an order's timer: it was released, or cancelled before. */
  cancel(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
