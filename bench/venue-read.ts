// Read throughput and latency of the local venue's ten busiest reads on the `default` world,
// plus the time and disk size of generating `default` and `large`.
// Usage: npm run bench -- venue-read [--requests N] [--skip-large]
// Last line: one JSON object with every figure.
import { mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { prepareWorld, type VenueUrls, type WorldSize } from '../src/venue/server.js';
import { openDb } from '../src/venue/db/open.js';
import { useNativeSecp256k1 } from '../src/native/secp256k1.js';

// The world's makers sign their resting orders: with libsecp256k1, as the venue itself does.
await useNativeSecp256k1();

const { values } = parseArgs({ options: { requests: { type: 'string', default: '1000' }, 'skip-large': { type: 'boolean', default: false } } });
const N = Number(values.requests);
// The served world must be "now" for the day-window reads to have data.
const ANCHOR = Math.floor(Date.now() / 3_600_000) * 3_600_000;

function dirSize(dir: string): number {
  return readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

function generate(size: WorldSize): { seconds: number; mib: number; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), `kairos-bench-${size}-`));
  const t0 = performance.now();
  const db = prepareWorld({ dataDir: dir, size, seed: 1, anchor: ANCHOR });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const seconds = (performance.now() - t0) / 1000;
  return { seconds: Math.round(seconds * 100) / 100, mib: Math.round((dirSize(dir) / 2 ** 20) * 10) / 10, dir };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const results: Record<string, unknown> = {};
const gen = generate('default');
results['generate_default_s'] = gen.seconds;
results['generate_default_mib'] = gen.mib;
console.log(`generated default in ${gen.seconds} s, ${gen.mib} MiB`);

// The venue runs in its own process, as it does for the app, so client work does not skew its latency.
const cli = fileURLToPath(new URL('../src/venue/cli.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', cli, '--data-dir', gen.dir, '--no-rate-limit'], { stdio: ['ignore', 'pipe', 'inherit'] });
const firstLine = await new Promise<string>((resolve, reject) => {
  const lines = createInterface({ input: child.stdout });
  lines.once('line', resolve);
  child.once('exit', (code) => reject(new Error(`venue exited with ${code}`)));
});
const venue = { urls: JSON.parse(firstLine) as VenueUrls };
const db = openDb(gen.dir);
const pick = <T>(sql: string): T[] => db.prepare(sql).all() as T[];
const busyWallets = pick<{ wallet: string }>('SELECT wallet FROM fills GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 20').map((r) => r.wallet);
const busyMarkets = pick<{ condition_id: string }>("SELECT condition_id FROM market_stats ORDER BY trades DESC LIMIT 20").map((r) => r.condition_id);
const busyEvents = pick<{ parent_entity_id: number }>("SELECT parent_entity_id FROM comments WHERE parent_entity_type = 'Event' GROUP BY parent_entity_id ORDER BY COUNT(*) DESC LIMIT 20").map((r) => r.parent_entity_id);
const at = <T>(list: T[], i: number): T => list[i % list.length] as T;

const reads: Array<[string, (i: number) => string]> = [
  ['catalog /markets?limit=100', () => `${venue.urls.catalog_url}/markets?limit=100`],
  ['catalog /markets?active=true&order=endDate', (i) => `${venue.urls.catalog_url}/markets?active=true&limit=100&order=endDate&ascending=true&offset=${(i % 5) * 100}`],
  ['catalog /events?limit=50', (i) => `${venue.urls.catalog_url}/events?limit=50&offset=${(i % 4) * 50}`],
  ['catalog /comments?parent_entity_id', (i) => `${venue.urls.catalog_url}/comments?parent_entity_type=Event&parent_entity_id=${at(busyEvents, i)}&limit=50`],
  ['data /trades?user', (i) => `${venue.urls.data_url}/trades?user=${at(busyWallets, i)}`],
  ['data /trades?market', (i) => `${venue.urls.data_url}/trades?market=${at(busyMarkets, i)}&limit=100`],
  ['data /positions?user', (i) => `${venue.urls.data_url}/positions?user=${at(busyWallets, i)}`],
  ['data /holders?market', (i) => `${venue.urls.data_url}/holders?market=${at(busyMarkets, i)}`],
  ['data /v1/leaderboard?timePeriod=ALL', () => `${venue.urls.data_url}/v1/leaderboard?timePeriod=ALL`],
  ['data /v1/leaderboard?timePeriod=DAY&orderBy=VOL', (i) => `${venue.urls.data_url}/v1/leaderboard?timePeriod=DAY&orderBy=VOL&offset=${(i % 3) * 25}`],
];

// A keep-alive node:http client: lighter than fetch, so the figures are the venue's, not the client's.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function read(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const endpoints: Record<string, { rps: number; p50_ms: number; p99_ms: number }> = {};
for (const [name, url] of reads) {
  for (let i = 0; i < 20; i++) await read(url(i)); // warm-up
  const lat: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const s = performance.now();
    const status = await read(url(i));
    if (status !== 200) throw new Error(`${name}: HTTP ${status}`);
    lat.push(performance.now() - s);
  }
  const total = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  endpoints[name] = { rps: Math.round(N / total), p50_ms: Math.round(quantile(lat, 0.5) * 100) / 100, p99_ms: Math.round(quantile(lat, 0.99) * 100) / 100 };
  console.log(`${name.padEnd(48)} ${String(endpoints[name].rps).padStart(6)} req/s  p50 ${endpoints[name].p50_ms} ms  p99 ${endpoints[name].p99_ms} ms`);
}
results['endpoints'] = endpoints;
results['worst_p99_ms'] = Math.max(...Object.values(endpoints).map((e) => e.p99_ms));
db.close();
agent.destroy();
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(gen.dir, { recursive: true, force: true });

if (!values['skip-large']) {
  const large = generate('large');
  results['generate_large_s'] = large.seconds;
  results['generate_large_mib'] = large.mib;
  console.log(`generated large in ${large.seconds} s, ${large.mib} MiB`);
  rmSync(large.dir, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
