// Fair prices of a world's markets over time, from one latent value per event, so that what the
// markets of an event say never contradicts itself:
// - a ladder ("above $190", "above $200", …; "… by June 30", "… by Dec 31") prices market j as
//   sigmoid((c_j − x) / s): c_j = logit of its prior, x the event's latent value (a random walk
//   that ends where the outcomes say), s the uncertainty left (shrinking toward the end). Any x
//   and s keep the rungs in the order of their priors;
// - a negative-risk group prices candidate k as the softmax of log(prior_k) + W_k: the Yes
//   prices always sum to 1, and ended groups drift to their winner;
// - independent markets each follow their own random walk in log-odds.
// Ended markets close at their result's extreme price; live ones at one moment per event.
import type { EventPlan, MarketPlan } from './catalog.js';
import type { Rng } from './random.js';

const DAY = 86_400_000;
const logit = (p: number): number => Math.log(p / (1 - p));
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
/** Logit an independent market converges to near its end (price ≈ 0.985). */
const CONVERGED = 4.2;
/** A ladder's uncertainty at its end: rungs a logit or more from the result sit near 0 or 1. */
const LADDER_FLOOR = 0.12;
/** What a neg-risk group's winner is worth just before its end; the others share the rest. */
const GROUP_WINNER = 0.985;

/** One step of a random walk, bridged to `target` at `end` when there is one. */
function step(rng: Rng, value: number, prev: number, t: number, sigma: number, target: number | null, end: number): number {
  const dt = Math.max(0, t - prev) / DAY;
  if (dt === 0) return value;
  if (target === null) return value + sigma * Math.sqrt(dt) * rng.normal();
  const left = Math.max(dt, (end - prev) / DAY);
  return value + ((target - value) * dt) / left + sigma * Math.sqrt(Math.max(0, (dt * (left - dt)) / left)) * rng.normal();
}

/**
 * The fair probability of outcome 0 of every market at each of its `times` (ascending; the
 * last one its close). `index` maps a market to its position in `times` and in the result.
 */
export function planFairs(rng: Rng, events: EventPlan[], index: Map<MarketPlan, number>, times: number[][]): Float64Array[] {
  const out: Float64Array[] = times.map((ts) => new Float64Array(ts.length));
  for (const e of events) {
    const ms = e.markets.filter((m) => (times[index.get(m) ?? -1]?.length ?? 0) > 0);
    if (ms.length === 0) continue;
    const r = rng.fork(`event:${e.id}`);
    if (e.kind.resolution === 'independent') for (const m of ms) independent(r, m, times[index.get(m) as number] as number[], out[index.get(m) as number] as Float64Array);
    else {
      // Every point of the event in time order, so one latent path serves all its markets.
      const points: Array<{ t: number; m: number; j: number }> = [];
      ms.forEach((m, k) => (times[index.get(m) as number] as number[]).forEach((t, j) => points.push({ t, m: k, j })));
      points.sort((a, b) => a.t - b.t || a.m - b.m || a.j - b.j);
      const write = (k: number, j: number, p: number): void => {
        (out[index.get(ms[k] as MarketPlan) as number] as Float64Array)[j] = p;
      };
      if (e.kind.resolution === 'ladder') ladder(r, e, ms, points, write);
      else group(r, e, ms, points, write);
    }
    // A market that has ended closed at its result.
    for (const m of ms) {
      const path = out[index.get(m) as number] as Float64Array;
      if (m.outcome !== null && path.length > 0) path[path.length - 1] = m.outcome === 0 ? 1 : 0;
    }
  }
  return out;
}

function independent(rng: Rng, m: MarketPlan, ts: number[], path: Float64Array): void {
  const t0 = ts[0] ?? m.start;
  const t1 = ts[ts.length - 1] ?? m.end;
  const sigma = rng.range(0.12, 0.3) * Math.max(1, Math.sqrt((7 * DAY) / Math.max(DAY / 24, t1 - t0)));
  let L = logit(clamp(m.text.prior, 0.03, 0.97)) + rng.normal() * 0.25;
  const target = m.outcome === null ? null : m.outcome === 0 ? CONVERGED : -CONVERGED;
  let prev = t0;
  ts.forEach((t, j) => {
    L = step(rng, L, prev, t, sigma, target, m.end);
    prev = t;
    path[j] = sigmoid(L);
  });
}

function ladder(rng: Rng, e: EventPlan, ms: MarketPlan[], points: Array<{ t: number; m: number; j: number }>, write: (k: number, j: number, p: number) => void): void {
  const c = ms.map((m) => logit(clamp(m.text.prior, 0.01, 0.99)));
  const span = Math.max(DAY / 24, e.end - e.start);
  // Brownian with total variance π²/3 over the event: the latent's spread at the start.
  const sigma = Math.PI / Math.sqrt(3) / Math.sqrt(span / DAY);
  // An ended event's latent ends between the rungs that resolved No and those that resolved Yes.
  let target: number | null = null;
  if (ms.every((m) => m.outcome !== null)) {
    const yes = c.filter((_, k) => ms[k]?.outcome === 0);
    const no = c.filter((_, k) => ms[k]?.outcome === 1);
    target = yes.length === 0 ? Math.max(...no) + 1.5 : no.length === 0 ? Math.min(...yes) - 1.5 : (Math.max(...no) + Math.min(...yes)) / 2;
  }
  let x = rng.normal() * 0.2;
  let prev = points[0]?.t ?? e.start;
  for (const p of points) {
    x = step(rng, x, prev, p.t, sigma, target, e.end);
    prev = p.t;
    const s = Math.max(LADDER_FLOOR, Math.sqrt(Math.max(0, e.end - p.t) / span));
    write(p.m, p.j, sigmoid(((c[p.m] ?? 0) - x) / s));
  }
}

function group(rng: Rng, e: EventPlan, ms: MarketPlan[], points: Array<{ t: number; m: number; j: number }>, write: (k: number, j: number, p: number) => void): void {
  const base = ms.map((m) => Math.log(clamp(m.text.prior, 1e-4, 1)));
  const span = Math.max(DAY / 24, e.end - e.start);
  const sigma = rng.range(0.12, 0.3) * Math.max(1, Math.sqrt((7 * DAY) / span));
  const winner = ms.findIndex((m) => m.outcome === 0);
  // Ended: the winner's weight goes to GROUP_WINNER, the others share the rest by prior.
  const rest = ms.reduce((sum, m, k) => sum + (k === winner ? 0 : clamp(m.text.prior, 1e-4, 1)), 0);
  const targets = winner < 0 ? null : ms.map((m, k) => (k === winner ? Math.log(GROUP_WINNER) : Math.log(((1 - GROUP_WINNER) * clamp(m.text.prior, 1e-4, 1)) / rest)) - (base[k] ?? 0));
  const w = ms.map(() => rng.normal() * 0.15);
  let prev = points[0]?.t ?? e.start;
  for (const p of points) {
    if (p.t > prev) for (let k = 0; k < w.length; k++) w[k] = step(rng, w[k] ?? 0, prev, p.t, sigma, targets ? (targets[k] ?? 0) : null, e.end);
    prev = p.t;
    const a = base.map((b, k) => b + (w[k] ?? 0));
    const top = Math.max(...a);
    const total = a.reduce((sum, v) => sum + Math.exp(v - top), 0);
    write(p.m, p.j, Math.exp((a[p.m] ?? 0) - top) / total);
  }
}
