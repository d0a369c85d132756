// The `default` world a new user gets: how long generating it takes (it is on the app's start
// path) on this thread and on the worker thread the venue uses, and whether it contradicts itself,
// fresh and after the liquidity simulator traded on it.
// Usage: npm run bench -- world [--runs 3] [--ticks 300] [--seed N]
// Last line: one JSON object with every figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openWorld, prepareWorld, startVenue, DEFAULT_SEED } from '../src/venue/server.js';
import { useNativeSecp256k1 } from '../src/native/secp256k1.js';
import { keccakReady } from '../src/shared/crypto/keccak.js';
import { checkWorld, readWorld, type CheckOptions, type Report, type Surfaces } from '../src/venue/world/coherence-check.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, ticks: { type: 'string', default: '300' }, seed: { type: 'string', default: String(DEFAULT_SEED) } } });
const runs = Number(values.runs);
const ticks = Number(values.ticks);
const seed = Number(values.seed);
const ANCHOR = Date.UTC(2026, 10, 1, 12);

// The venue loads the native curve and the WebAssembly keccak before it generates a world; so does this.
await useNativeSecp256k1();
await keccakReady;
const results: Record<string, unknown> = {};
const times: number[] = [];
const cpus: number[] = [];
const workerTimes: number[] = [];
const workerCpus: number[] = [];
const dirs: string[] = [];
const cpuMs = (c: NodeJS.CpuUsage): number => Math.round((c.user + c.system) / 1000);
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-world-'));
  dirs.push(dir);
  let t0 = performance.now();
  let c0 = process.cpuUsage();
  const db = prepareWorld({ dataDir: dir, size: 'default', seed, anchor: ANCHOR });
  times.push(Math.round(performance.now() - t0));
  cpus.push(cpuMs(process.cpuUsage(c0)));
  db.close();
  console.log(`generated default in ${times.at(-1)} ms (${cpus.at(-1)} ms of CPU, all threads)`);

  const other = mkdtempSync(join(tmpdir(), 'kairos-bench-world-'));
  t0 = performance.now();
  c0 = process.cpuUsage();
  const opened = await openWorld({ dataDir: other, size: 'default', seed, anchor: ANCHOR });
  workerTimes.push(Math.round(performance.now() - t0));
  workerCpus.push(cpuMs(process.cpuUsage(c0)));
  opened.close();
  rmSync(other, { recursive: true, force: true });
  console.log(`generated default on a worker thread, as the venue does, in ${workerTimes.at(-1)} ms (${workerCpus.at(-1)} ms of CPU)`);
}
const median = (xs: number[]): number | undefined => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
results['generate_default_ms'] = { runs: times, median: median(times) };
results['generate_default_cpu_ms'] = { runs: cpus, median: median(cpus) };
results['generate_default_worker_ms'] = { runs: workerTimes, median: median(workerTimes) };
results['generate_default_worker_cpu_ms'] = { runs: workerCpus, median: median(workerCpus) };

let clock = ANCHOR + 5 * 60_000;
const venue = await startVenue({ dataDir: dirs[0] as string, now: () => clock, rateLimitScale: 0, simulator: { tickMs: 2_000_000_000 } });
const url = (surface: string, path: string): string => `${venue.urls[`${surface}_url` as 'catalog_url']}${path}`;
const reply = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
const http: Surfaces = {
  get: async (s, p) => reply(await fetch(url(s, p))),
  post: async (s, p, body) => reply(await fetch(url(s, p), { method: 'POST', body, headers: { 'content-type': 'application/json' } })),
};

function show(label: string, r: Report): Record<string, unknown> {
  const counts = Object.fromEntries(Object.entries(r.violations).map(([k, v]) => [k, v.length]));
  console.log(`${label}: violations ${JSON.stringify(counts)}`);
  console.log(`${label}: figures ${JSON.stringify(r.figures)}`);
  for (const [k, v] of Object.entries(r.violations)) for (const line of v.slice(0, 3)) console.log(`  ${k}: ${line}`);
  return { violations: counts, ...r.figures };
}

const strict: CheckOptions = { ladderSlack: 0, negRiskMid: 30_000, negRiskList: 30_000, exactMirror: true };
const traded: CheckOptions = { ladderSlack: 1, negRiskMid: 30_000, negRiskList: 60_000, exactMirror: false };
let t0 = performance.now();
results['fresh'] = show('fresh', checkWorld(await readWorld(http, { now: clock, volumeSample: 100 }), strict));
console.log(`read and checked in ${Math.round(performance.now() - t0)} ms`);

const sim = venue.simulator;
if (sim) {
  const fills = (): number => (venue.db.prepare("SELECT COUNT(*) AS n FROM fills WHERE role = 'T'").get() as { n: number }).n;
  const before = fills();
  t0 = performance.now();
  for (let i = 0; i < ticks; i++) {
    clock += 1000;
    sim.tick();
  }
  const ms = performance.now() - t0;
  results['simulator'] = { ticks, ms_per_tick: Math.round((ms / ticks) * 100) / 100, taker_fills: fills() - before };
  console.log(`simulator: ${ticks} ticks, ${(ms / ticks).toFixed(2)} ms each, ${fills() - before} taker fills`);
  results['after_ticks'] = show(`after ${ticks} ticks`, checkWorld(await readWorld(http, { now: clock, volumeSample: 100 }), traded));
}
await venue.close();
for (const d of dirs) rmSync(d, { recursive: true, force: true });
console.log(JSON.stringify(results));
