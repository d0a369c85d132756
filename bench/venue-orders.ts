// Sustained order throughput of POST /orders and latency per 15-item batch, simulator off.
// Buyers send batches of resting bids; seeded wallets send batches of sells that cross them.
// Usage: npm run bench -- venue-orders [--batches 2000] [--concurrency 3] [--size default]
// Last line: one JSON object with every figure.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { getMeta } from '../src/venue/db/open.js';
import { prepareWorld, type VenueUrls, type WorldSize } from '../src/venue/server.js';
import { Trader } from '../src/venue/trading/test-trader.js';
import { l2Headers } from '../src/venue/auth/client.js';
import { l2Signature } from '../src/venue/auth/l2.js';
import { walletPrivateKey } from '../src/venue/world/trading.js';
import { useNativeSecp256k1 } from '../src/native/secp256k1.js';
import { formatMicros } from '../src/shared/domain/money.js';
import { MICRO } from '../src/shared/domain/units.js';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '3' },
    size: { type: 'string', default: 'default' },
  },
});
const BATCHES = Number(values.batches);
const CONCURRENCY = Number(values.concurrency);
const native = await useNativeSecp256k1();

const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-orders-'));
const t0 = performance.now();
const db = prepareWorld({ dataDir: dir, size: values.size as WorldSize, seed: 1, anchor: Math.floor(Date.now() / 3_600_000) * 3_600_000 });
const seed = Number(getMeta(db, 'seed'));
const walletIndex = new Map<string, number>();
// Seeded wallets are the sellers: their keys are derivable from the world's seed.
const walletCount = (db.prepare('SELECT COUNT(*) AS n FROM wallets').get() as { n: number }).n;
for (let i = 0; i < walletCount; i++) walletIndex.set(Trader.addressOf(walletPrivateKey(seed, i)).toLowerCase(), i);
const inventory = db
  .prepare(
    `SELECT p.wallet, t.token_id, p.size, m.min_size, m.tick_size, m.neg_risk FROM positions p
     JOIN markets m ON m.condition_id = p.condition_id AND m.status = 'active' AND m.taker_delay = 0 AND m.screening = 0
     JOIN tokens t ON t.condition_id = p.condition_id AND t.outcome_index = p.outcome_index
     WHERE p.size >= 200 * 1000000 ORDER BY p.size DESC LIMIT 64`,
  )
  .all() as Array<{ wallet: string; token_id: string; size: number; min_size: number; tick_size: number; neg_risk: number }>;
db.close();
console.log(`world ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${inventory.length} seller positions; signing: ${native ? 'libsecp256k1' : 'pure JS'}`);

const cli = fileURLToPath(new URL('../src/venue/cli.ts', import.meta.url));
const child = spawn(process.execPath, [...(process.env['VENUE_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['VENUE_CPU_PROF']}`] : []), '--import', 'tsx', cli, '--data-dir', dir, '--no-rate-limit', '--no-simulator', '--paper-cash', '100000000'], { stdio: ['ignore', 'pipe', 'inherit'] });
// A benchmark that fails half way must not leave the venue running behind it.
process.once('exit', () => child.kill('SIGKILL'));
const urls = JSON.parse(
  await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`venue exited with ${code}`)));
  }),
) as VenueUrls;

const buyers = await Promise.all(Array.from({ length: 4 }, () => Trader.create(urls)));
const sellers = new Map<string, Trader>();
for (const p of inventory) {
  const i = walletIndex.get(p.wallet);
  if (i !== undefined && !sellers.has(p.wallet)) sellers.set(p.wallet, await Trader.create(urls, walletPrivateKey(seed, i)));
}

// Pre-sign every batch so the timed loop measures the venue, not the client's signing.
const tS = performance.now();
const batches: Array<{ trader: Trader; body: string; crossing: boolean }> = [];
const sold = new Map<string, number>();
for (let b = 0; b < BATCHES; b++) {
  const p = inventory[b % inventory.length];
  if (!p) break;
  const minSize = Math.max(5, p.min_size);
  if (b % 2 === 0) {
    const trader = buyers[(b / 2) % buyers.length] as Trader;
    const items = Array.from({ length: 15 }, (_, k) => trader.order(p.token_id, 'BUY', formatMicros(p.tick_size * (1 + ((b + k) % 20))), String(minSize), { negRisk: p.neg_risk === 1 }));
    batches.push({ trader, body: JSON.stringify(items), crossing: false });
  } else {
    const trader = sellers.get(p.wallet);
    const used = sold.get(p.token_id + p.wallet) ?? 0;
    if (!trader || used + 15 * minSize * MICRO > p.size) continue;
    sold.set(p.token_id + p.wallet, used + 15 * minSize * MICRO);
    const items = Array.from({ length: 15 }, () => trader.order(p.token_id, 'SELL', formatMicros(p.tick_size), String(minSize), { negRisk: p.neg_risk === 1 }));
    batches.push({ trader, body: JSON.stringify(items), crossing: true });
  }
}
const signSeconds = (performance.now() - tS) / 1000;
console.log(`signed ${batches.length * 15} orders in ${signSeconds.toFixed(1)} s`);

// The request signature (HMAC over the ~10 kB body) in node:crypto: the shared pure-JS HMAC
// cost the client ~20 µs per order, taken from the same two cores the venue runs on.
const keys = new Map<Trader, Buffer>();
function l2(trader: Trader, body: string, nowMs = Date.now()): Record<string, string> {
  const p = trader.settings.headerPrefix;
  let key = keys.get(trader);
  if (!key) keys.set(trader, (key = Buffer.from(trader.creds.secret, 'base64')));
  const timestamp = String(nowMs);
  const signature = l2Signature(key, timestamp, 'POST', '/orders', body);
  return { [`${p}_ADDRESS`]: trader.address, [`${p}_API_KEY`]: trader.creds.apiKey, [`${p}_PASSPHRASE`]: trader.creds.passphrase, [`${p}_TIMESTAMP`]: timestamp, [`${p}_SIGNATURE`]: signature };
}
const sample = batches[0];
if (sample && JSON.stringify(l2(sample.trader, sample.body, 1)) !== JSON.stringify(l2Headers(sample.trader.creds, sample.trader.address, 'POST', '/orders', sample.body, 1, sample.trader.settings.headerPrefix))) {
  throw new Error('the native request signature differs from the shared one');
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const url = new URL(`${urls.trading_url}/orders`);
function send(batch: { trader: Trader; body: string }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { ...l2(batch.trader, batch.body), 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(batch.body);
  });
}

// CPU the venue spends (Linux: from /proc, in clock ticks of 10 ms): its main thread, and all of it.
function venueCpuMs(): { main: number; all: number } | undefined {
  try {
    const ticks = (stat: string): number => {
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) * 10;
    };
    return { main: ticks(readFileSync(`/proc/${child.pid}/task/${child.pid}/stat`, 'utf8')), all: ticks(readFileSync(`/proc/${child.pid}/stat`, 'utf8')) };
  } catch {
    return undefined;
  }
}

const lat: number[] = [];
let accepted = 0;
let filledItems = 0;
let next = 0;
const cpu0 = venueCpuMs();
const client0 = process.cpuUsage();
const tRun = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < batches.length) {
      const batch = batches[next++] as (typeof batches)[number];
      const s = performance.now();
      const res = await send(batch);
      lat.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 300)}`);
      for (const r of JSON.parse(res.text) as Array<{ success: boolean; status: string; errorMsg: string }>) {
        if (r.success) accepted++;
        if (r.status === 'matched') filledItems++;
      }
    }
  }),
);
const seconds = (performance.now() - tRun) / 1000;
const client = process.cpuUsage(client0);
const cpu1 = venueCpuMs();
agent.destroy();
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });

lat.sort((a, b) => a - b);
const q = (p: number): number => Math.round((lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0) * 100) / 100;
const orders = batches.length * 15;
const result = {
  orders,
  batches: batches.length,
  concurrency: CONCURRENCY,
  seconds: Math.round(seconds * 100) / 100,
  orders_per_s: Math.round(orders / seconds),
  batch_p50_ms: q(0.5),
  batch_p99_ms: q(0.99),
  accepted,
  matched: filledItems,
  ...(cpu0 && cpu1 ? { venue_cpu_us_per_order: Math.round(((cpu1.all - cpu0.all) * 1000) / orders), venue_main_thread_us_per_order: Math.round(((cpu1.main - cpu0.main) * 1000) / orders) } : {}),
  client_cpu_us_per_order: Math.round((client.user + client.system) / orders),
  signing: native ? 'libsecp256k1' : 'pure JS',
};
console.log(`${orders} orders in ${result.seconds} s: ${result.orders_per_s} orders/s, batch p50 ${result.batch_p50_ms} ms, p99 ${result.batch_p99_ms} ms; ${accepted} accepted, ${filledItems} matched`);
if (result.venue_cpu_us_per_order !== undefined) console.log(`venue CPU per order: ${result.venue_cpu_us_per_order} µs in all, ${result.venue_main_thread_us_per_order} µs on its main thread`);
console.log(`the benchmark's own client: ${result.client_cpu_us_per_order} µs of CPU per order on the same cores`);
console.log(JSON.stringify(result));
