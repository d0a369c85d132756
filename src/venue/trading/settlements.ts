// The queue that settles order batches one per turn of the event loop.

/**
 * Settles prepared batches one at a time, in the order they arrived, each on its own turn of
 * the event loop: requests that arrive meanwhile are read and prepared between two batches, so
 * their signers are being recovered while the batches before them settle. (Settling several
 * batches in one transaction saved nothing measurable: their pages are mostly distinct.)
 */
export class Settlements {
  private readonly queue: Array<() => void> = [];
  private scheduled = false;

  run<T>(settle: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        try {
          resolve(settle());
        } catch (err) {
          reject(err as Error);
        }
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.queue.shift()?.();
      this.schedule();
    });
  }
}
