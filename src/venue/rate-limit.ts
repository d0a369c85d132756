// Fixed 10-second windows per (bucket, client), as spec §8 counts them. Several buckets can
// cover one route (e.g. GET /markets counts against "markets", "listings" and "all catalog");
// a request is admitted only if every bucket has room, and only admitted requests count.
// Hand-written rather than @fastify/rate-limit because that plugin keys one limit per route,
// while the spec needs overlapping buckets and per-item counting for order batches.

import { RATE_LIMITS, type RateLimit } from '@shared/spec/limits.js';

export type Bucket = RateLimit;

interface Window {
  start: number;
  count: number;
}

export interface Admission {
  admitted: number; // how many of the requested units fit
  retryAfterSeconds: number; // when the first refused unit would fit
  blockedBy?: string;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sweptAt = 0;

  /** `scale` multiplies every limit (0 or Infinity turns limiting off). */
  constructor(
    private readonly scale: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.scale > 0 && Number.isFinite(this.scale);
  }

  /** Admits up to `units` requests (orders in a batch count one each) against all buckets. */
  take(client: string, buckets: readonly Bucket[], units = 1): Admission {
    if (!this.enabled) return { admitted: units, retryAfterSeconds: 0 };
    const now = this.now();
    this.sweep(now);
    let admitted = units;
    let retryAt = 0;
    let blockedBy: string | undefined;
    const states = buckets.map((b) => {
      const key = `${b.name}\u0000${client}`;
      let w = this.windows.get(key);
      if (!w || now - w.start >= b.windowMs) {
        w = { start: now, count: 0 };
        this.windows.set(key, w);
      }
      const room = Math.max(0, Math.floor(b.limit * this.scale) - w.count);
      if (room < admitted) {
        admitted = room;
        blockedBy = b.name;
      }
      if (room < units) retryAt = Math.max(retryAt, w.start + b.windowMs);
      return w;
    });
    for (const w of states) w.count += admitted;
    return {
      admitted,
      retryAfterSeconds: retryAt ? Math.max(1, Math.ceil((retryAt - now) / 1000)) : 0,
      ...(blockedBy !== undefined && admitted < units ? { blockedBy } : {}),
    };
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [key, w] of this.windows) if (now - w.start > 600_000) this.windows.delete(key);
  }
}

/** Spec §8 and venue-profile D (the data surface's published figures). */
export const BUCKETS = RATE_LIMITS;
