// Read throughput and latency of the local venue's ten busiest reads on the `default` world, with
// the liquidity simulator off and then on at its default pace (as users run the venue) while a
// live subscriber follows a few markets, so the simulator never idles; plus the time and disk
// size of generating `default` and `large`.
// With --silent-clients N, N more live clients follow 500 tokens each with the simulator on and
// never read (the venue must cut them off, 4008, and keep reads fast meanwhile).
// Usage: npm run bench -- venue-read [--requests N] [--simulator off|on|both] [--skip-large] [--silent-clients N]
// Last line: one JSON object with every figure.
import { mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { prepareWorld, type VenueUrls, type WorldSize } from '../src/venue/server.js';
import { openDb } from '../src/venue/db/open.js';
import { NODE_MEMORY_FLAGS, venueEnv } from '../src/main/core/venue-launcher.js';
import { useNativeSecp256k1 } from '../src/native/secp256k1.js';

// The world's makers sign their resting orders: with libsecp256k1, as the venue itself does.
await useNativeSecp256k1();

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    simulator: { type: 'string', default: 'both' },
    'skip-large': { type: 'boolean', default: false },
    'silent-clients': { type: 'string', default: '0' },
  },
});
const N = Number(values.requests);
if (!Number.isSafeInteger(N) || N < 1) throw new Error(`--requests must be a positive integer, got "${values.requests}"`);
const SILENT = Number(values['silent-clients']);
if (!Number.isSafeInteger(SILENT) || SILENT < 0) throw new Error(`--silent-clients must be a whole number, got "${values['silent-clients']}"`);
const MODES = { off: [false], on: [true], both: [false, true] } as const;
const modes = MODES[values.simulator as keyof typeof MODES] as readonly boolean[] | undefined;
if (!modes) throw new Error(`--simulator must be off, on or both, got "${values.simulator}"`);
// The served world must be "now" for the day-window reads to have data.
const ANCHOR = Math.floor(Date.now() / 3_600_000) * 3_600_000;
/** Tokens the live subscriber follows: enough for the simulator to count the world as watched. */
const WATCHED_MARKETS = 10;

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

const round2 = (x: number): number => Math.round(x * 100) / 100;

// A keep-alive node:http client: lighter than fetch, so the figures are the venue's, not the client's.
function reader(): { read(url: string): Promise<number>; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    read: (url) =>
      new Promise((resolve, reject) => {
        get(url, { agent }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        }).on('error', reject);
      }),
    close: () => agent.destroy(),
  };
}

/** The venue in its own process, as it runs for the app, so client work does not skew its latency. */
async function startVenue(dir: string, simulator: boolean): Promise<{ child: ChildProcess; urls: VenueUrls }> {
  const cli = fileURLToPath(new URL('../src/venue/cli.ts', import.meta.url));
  // With the V8 flags and environment the app gives its venue: a smaller young generation means more scavenges.
  const args = [...NODE_MEMORY_FLAGS, '--import', 'tsx', cli, '--data-dir', dir, '--no-rate-limit', ...(simulator ? [] : ['--no-simulator'])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: venueEnv() });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`venue exited with ${code}`)));
  });
  return { child, urls: JSON.parse(firstLine) as VenueUrls };
}

/** A live subscriber on a few active markets: it keeps the simulator at full pace and counts what it hears. */
async function watch(tradingUrl: string, tokens: string[]): Promise<{ messages(): number; close(): void }> {
  const ws = new WebSocket(`${tradingUrl.replace(/^http/, 'ws')}/ws/market`);
  let count = 0;
  ws.on('message', () => count++);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'subscribe', assets_ids: tokens }));
  return { messages: () => count, close: () => ws.close() };
}

/**
 * Clients that follow `tokens` and never read. A paused socket sees neither the venue's close
 * frame nor its end, so each is read again only once `settle` is called: then one the venue cut
 * off closes (4008, or abnormally when the venue dropped the socket before its close frame went
 * out), and one it kept stays open.
 */
async function silentClients(tradingUrl: string, n: number, tokens: string[]): Promise<{ sinceS(): number; settle(): Promise<{ closed4008: number; cut: number }> }> {
  const t0 = performance.now();
  const sockets = await Promise.all(
    Array.from({ length: n }, async () => {
      const ws = new WebSocket(`${tradingUrl.replace(/^http/, 'ws')}/ws/market`);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.on('error', () => undefined);
      const code = new Promise<number>((resolve) => ws.on('close', resolve));
      ws.send(JSON.stringify({ type: 'subscribe', assets_ids: tokens }));
      ws.pause();
      return { ws, code };
    }),
  );
  return {
    sinceS: () => (performance.now() - t0) / 1000,
    async settle() {
      for (const { ws } of sockets) ws.resume();
      // Still open 10 s after reading again: the venue never cut it off (0).
      const codes = await Promise.all(sockets.map(({ ws, code }) => Promise.race([code, new Promise<number>((r) => setTimeout(() => (ws.terminate(), r(0)), 10_000))])));
      return { closed4008: codes.filter((c) => c === 4008).length, cut: codes.filter((c) => c !== 0).length };
    },
  };
}

/** A process's CPU time so far (user + system), in seconds, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const gen = generate('default');
const results: Record<string, unknown> = { generate_default_s: gen.seconds, generate_default_mib: gen.mib };
console.log(`generated default in ${gen.seconds} s, ${gen.mib} MiB`);

const db = openDb(gen.dir);
const pick = <T>(sql: string): T[] => db.prepare(sql).all() as T[];
const busyWallets = pick<{ wallet: string }>('SELECT wallet FROM fills GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 20').map((r) => r.wallet);
const busyMarkets = pick<{ condition_id: string }>('SELECT condition_id FROM market_stats ORDER BY trades DESC LIMIT 20').map((r) => r.condition_id);
const busyEvents = pick<{ parent_entity_id: number }>("SELECT parent_entity_id FROM comments WHERE parent_entity_type = 'Event' GROUP BY parent_entity_id ORDER BY COUNT(*) DESC LIMIT 20").map((r) => r.parent_entity_id);
const silentTokens = pick<{ token_id: string }>(
  `SELECT t.token_id FROM tokens t JOIN markets m ON m.condition_id = t.condition_id LEFT JOIN market_stats s ON s.condition_id = m.condition_id
   WHERE m.status = 'active' ORDER BY s.trades DESC, m.id LIMIT 500`,
).map((r) => r.token_id);
const watchedTokens = pick<{ token_id: string }>(
  `SELECT t.token_id FROM tokens t JOIN markets m ON m.condition_id = t.condition_id LEFT JOIN market_stats s ON s.condition_id = m.condition_id
   WHERE m.status = 'active' ORDER BY s.trades DESC, m.id LIMIT ${WATCHED_MARKETS * 2}`,
).map((r) => r.token_id);
const at = <T>(list: T[], i: number): T => list[i % list.length] as T;
const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;

const reads = (urls: VenueUrls): Array<[string, (i: number) => string]> => [
  ['catalog /markets?limit=100', () => `${urls.catalog_url}/markets?limit=100`],
  ['catalog /markets?active=true&order=endDate', (i) => `${urls.catalog_url}/markets?active=true&limit=100&order=endDate&ascending=true&offset=${(i % 5) * 100}`],
  ['catalog /events?limit=50', (i) => `${urls.catalog_url}/events?limit=50&offset=${(i % 4) * 50}`],
  ['catalog /comments?parent_entity_id', (i) => `${urls.catalog_url}/comments?parent_entity_type=Event&parent_entity_id=${at(busyEvents, i)}&limit=50`],
  ['data /trades?user', (i) => `${urls.data_url}/trades?user=${at(busyWallets, i)}`],
  ['data /trades?market', (i) => `${urls.data_url}/trades?market=${at(busyMarkets, i)}&limit=100`],
  ['data /positions?user', (i) => `${urls.data_url}/positions?user=${at(busyWallets, i)}`],
  ['data /holders?market', (i) => `${urls.data_url}/holders?market=${at(busyMarkets, i)}`],
  ['data /v1/leaderboard?timePeriod=ALL', () => `${urls.data_url}/v1/leaderboard?timePeriod=ALL`],
  ['data /v1/leaderboard?timePeriod=DAY&orderBy=VOL', (i) => `${urls.data_url}/v1/leaderboard?timePeriod=DAY&orderBy=VOL&offset=${(i % 3) * 25}`],
];

type Figures = { rps: number; p50_ms: number; p99_ms: number };

for (const simulator of modes) {
  const label = simulator ? 'simulator on' : 'simulator off';
  const { child, urls } = await startVenue(gen.dir, simulator);
  const live = simulator ? await watch(urls.trading_url, watchedTokens) : undefined;
  const silent = simulator && SILENT > 0 ? await silentClients(urls.trading_url, SILENT, silentTokens) : undefined;
  const cpu0 = cpuSeconds(child.pid as number);
  const client = reader();
  const [orders0, fills0, t00] = [count('SELECT COALESCE(MAX(seq), 0) AS n FROM orders'), count('SELECT COALESCE(MAX(id), 0) AS n FROM fills'), performance.now()];
  console.log(`-- ${label}${live ? ` (a live subscriber follows ${watchedTokens.length} tokens)` : ''}`);
  const endpoints: Record<string, Figures> = {};
  // The slowest read of all, and when it came: seconds after the silent clients subscribed (they are cut off about 20-25 s after).
  let slowest = { ms: 0, read: '', atS: 0 };
  for (const [name, url] of reads(urls)) {
    for (let i = 0; i < 20; i++) await client.read(url(i)); // warm-up
    const lat: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const s = performance.now();
      const status = await client.read(url(i));
      if (status !== 200) throw new Error(`${name}: HTTP ${status}`);
      const ms = performance.now() - s;
      lat.push(ms);
      if (ms > slowest.ms) slowest = { ms: round2(ms), read: name, atS: round2(silent ? silent.sinceS() : (performance.now() - t00) / 1000) };
    }
    const total = (performance.now() - t0) / 1000;
    lat.sort((a, b) => a - b);
    const f = { rps: Math.round(N / total), p50_ms: round2(quantile(lat, 0.5)), p99_ms: round2(quantile(lat, 0.99)) };
    endpoints[name] = f;
    console.log(`${name.padEnd(48)} ${String(f.rps).padStart(6)} req/s  p50 ${f.p50_ms} ms  p99 ${f.p99_ms} ms`);
  }
  const key = simulator ? 'simulator_on' : 'simulator_off';
  const phase: Record<string, unknown> = { endpoints, worst_p99_ms: Math.max(...Object.values(endpoints).map((e) => e.p99_ms)), slowest_read: slowest };
  console.log(`slowest read ${slowest.ms} ms (${slowest.read}), ${slowest.atS} s after ${silent ? 'the silent clients subscribed' : 'the reads began'}`);
  if (live) {
    // How hard the simulator worked meanwhile: the orders it placed and the trades it made.
    const seconds = (performance.now() - t00) / 1000;
    phase['orders_per_s'] = round2((count('SELECT COALESCE(MAX(seq), 0) AS n FROM orders') - orders0) / seconds);
    phase['fills_per_s'] = round2((count('SELECT COALESCE(MAX(id), 0) AS n FROM fills') - fills0) / seconds);
    phase['live_messages_per_s'] = round2(live.messages() / seconds);
    console.log(`simulator pace: ${phase['orders_per_s']} orders/s, ${phase['fills_per_s']} fills/s; live subscriber heard ${phase['live_messages_per_s']} messages/s`);
    live.close();
  }
  phase['venue_cpu_pct'] = round2(((cpuSeconds(child.pid as number) - cpu0) / ((performance.now() - t00) / 1000)) * 100);
  if (silent) {
    // Reads on until the clients have been silent 30 s: by then the venue should have cut off all.
    while (silent.sinceS() < 30) await client.read(reads(urls)[0]![1](0));
    const { closed4008, cut } = await silent.settle();
    phase['silent_clients'] = SILENT;
    phase['silent_cut_off_by_30s'] = cut;
    phase['silent_closed_4008'] = closed4008;
    console.log(`${SILENT} silent clients: ${cut} cut off after 30 s (${closed4008} read the 4008 close; target: all, reads p99 < 20 ms meanwhile)`);
  }
  console.log(`worst p99 ${phase['worst_p99_ms']} ms`);
  results[key] = phase;
  client.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
db.close();
rmSync(gen.dir, { recursive: true, force: true });

if (!values['skip-large']) {
  const large = generate('large');
  results['generate_large_s'] = large.seconds;
  results['generate_large_mib'] = large.mib;
  console.log(`generated large in ${large.seconds} s, ${large.mib} MiB`);
  rmSync(large.dir, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
