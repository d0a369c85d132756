// A small seeded PRNG (sfc32, seeded through splitmix32) so a world is a pure function of its
// seed. Nothing in the generator may use Math.random.

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a of a label, so sub-streams can be named. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | undefined;

  constructor(seed: number, label = '') {
    const high = Math.floor(Math.trunc(seed) / 2 ** 32) | 0;
    const mix = splitmix32((Math.trunc(seed) ^ Math.imul(high, 0x9e3779b1) ^ hashLabel(label)) >>> 0);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix() | 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** An independent stream for one part of the world, so changing how one part draws
   *  numbers does not reshuffle the others. */
  fork(label: string): Rng {
    return new Rng(this.u32(), label);
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Integer uniform in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; `weights[i]` pairs with `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Fisher-Yates, in place; returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }

  /** `n` distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle([...items]).slice(0, Math.max(0, n));
  }

  /** Standard normal (Box-Muller, caching the second value). */
  normal(): number {
    if (this.spare !== undefined) {
      const s = this.spare;
      this.spare = undefined;
      return s;
    }
    const u = 1 - this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** exp(N(mu, sigma)): median e^mu, long right tail. */
  lognormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }

  /** Pareto with minimum 1 and tail index `alpha` (smaller = heavier tail). */
  pareto(alpha: number): number {
    return (1 - this.next()) ** (-1 / alpha);
  }

  /** `bytes` random bytes as lowercase hex (no 0x). */
  hex(bytes: number): string {
    let out = '';
    for (let i = 0; i < bytes; i += 4) {
      const v = this.u32();
      out += (BYTE_HEX[v >>> 24] ?? '') + (BYTE_HEX[(v >>> 16) & 255] ?? '') + (BYTE_HEX[(v >>> 8) & 255] ?? '') + (BYTE_HEX[v & 255] ?? '');
    }
    return out.slice(0, bytes * 2);
  }
}

/** Cumulative weights for repeated weighted picks by binary search. */
export class WeightedTable {
  private readonly cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let total = 0;
    weights.forEach((w, i) => {
      total += w;
      this.cumulative[i] = total;
    });
  }

  /** Index of the picked weight. */
  pick(rng: Rng): number {
    const c = this.cumulative;
    const r = rng.next() * (c[c.length - 1] ?? 0);
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((c[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
