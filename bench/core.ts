// Core figures: IPC-path latency of markets.list from a warm cache, local search per keystroke,
// and building + signing a 15-line order batch next to the reference client's order builder.
// Usage: npm run bench -- core [--size small|default]
// (Search over the `large` world: npm run bench -- core-search --size large.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Wallet } from '@ethersproject/wallet';
import { Chain, OrderBuilder, Side } from '@polymarket/clob-client-v2';
import { setSecp256k1Backend, signOrder } from '../src/shared/crypto/index.js';
import { useNativeSecp256k1 } from '../src/native/secp256k1.js';
import { createCore } from '../src/main/core/index.js';
import { localProfile } from '../src/main/core/local-profile.js';
import { checkLine, signable } from '../src/main/core/domains/orders/build.js';
import { startVenue, type WorldSize } from '../src/venue/server.js';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'default' } } });
const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0) * 1000) / 1000;
};
const results: Record<string, unknown> = {};

// ---- IPC path and search, against the real venue
const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-core-'));
const venue = await startVenue({ dataDir: join(dir, 'venue'), size: values.size as WorldSize, seed: 1, rateLimitScale: 0 });
const core = createCore({
  dataDir: join(dir, 'app'),
  defaultProfile: localProfile(venue.urls),
  logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
});
await core.router.dispatch('markets.list', { limit: 100 });
const ipc: number[] = [];
for (let i = 0; i < 2000; i++) {
  const t = performance.now();
  await core.router.dispatch('markets.list', { limit: 100 });
  ipc.push(performance.now() - t);
}
results['ipc_markets_list_p50_ms'] = q(ipc, 0.5);
results['ipc_markets_list_p99_ms'] = q(ipc, 0.99);
console.log(`markets.list (warm cache, 100 rows): p50 ${results['ipc_markets_list_p50_ms']} ms, p99 ${results['ipc_markets_list_p99_ms']} ms`);

await core.router.dispatch('sync.start', {});
for (let i = 0; i < 600; i++) {
  const s = await core.router.dispatch('sync.status', {});
  if (s.ok && (s.data as { kinds: Array<{ kind: string; done: number }> }).kinds.find((k) => k.kind === 'markets')?.done) {
    const n = (venue.db.prepare('SELECT COUNT(*) AS n FROM markets').get() as { n: number }).n;
    if ((s.data as { kinds: Array<{ kind: string; done: number }> }).kinds.find((k) => k.kind === 'markets')?.done === n) break;
  }
  await new Promise((r) => setTimeout(r, 100));
}
const words = (venue.db.prepare('SELECT question FROM markets ORDER BY id LIMIT 40').all() as Array<{ question: string }>).flatMap((r) => r.question.split(/\W+/).filter((w) => w.length > 4));
const search: number[] = [];
for (const w of words.slice(0, 40)) {
  for (let k = 1; k <= w.length; k++) {
    const t = performance.now();
    await core.router.dispatch('markets.search', { query: w.slice(0, k), limit: 30 });
    search.push(performance.now() - t);
  }
}
results['search_keystroke_p50_ms'] = q(search, 0.5);
results['search_keystroke_p99_ms'] = q(search, 0.99);
console.log(`markets.search per keystroke (${search.length} queries, ${values.size} world): p50 ${results['search_keystroke_p50_ms']} ms, p99 ${results['search_keystroke_p99_ms']} ms`);
core.close();
await venue.close();
rmSync(dir, { recursive: true, force: true });

// ---- Build and sign 15 orders: Kairos vs the reference client's OrderBuilder, same work
const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const TOKEN = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const domain = { name: 'Kairos Sandbox Exchange', chainId: 80002, verifyingContract: '0x4b41495230534e44424f5845584348414e474531' };
const address = new Wallet(KEY).address;
const rules = { tick: '0.01', minSize: '5', acceptingOrders: true, negRisk: false };
const lines = Array.from({ length: 15 }, (_, i) => ({ tokenId: TOKEN, side: (i % 2 ? 'SELL' : 'BUY') as 'BUY' | 'SELL', price: `0.${String(30 + i).padStart(2, '0')}`, size: `${10 + i}` }));

function kairosBatch(): void {
  for (const [i, line] of lines.entries()) {
    const built = checkLine(line, rules).built;
    if (!built) throw new Error('bad line');
    signOrder(signable(line, built, address, BigInt(i + 1), Date.now()), domain, KEY);
  }
}
const time = async (fn: () => unknown, runs: number): Promise<number[]> => {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
};
setSecp256k1Backend(null);
const pure = await time(kairosBatch, 40);
const native = (await useNativeSecp256k1()) ? await time(kairosBatch, 200) : undefined;
const builder = new OrderBuilder(new Wallet(KEY), Chain.AMOY);
const reference = await time(async () => {
  for (const line of lines) {
    await builder.buildOrder({ tokenID: TOKEN, price: Number(line.price), size: Number(line.size), side: line.side === 'BUY' ? Side.BUY : Side.SELL }, { tickSize: '0.01', negRisk: false }, 2);
  }
}, 20);
results['sign15_kairos_pure_js_ms'] = q(pure, 0.5);
if (native) results['sign15_kairos_libsecp256k1_ms'] = q(native, 0.5);
results['sign15_reference_ms'] = q(reference, 0.5);
results['speedup_vs_reference'] = Math.round((q(reference, 0.5) / q(native ?? pure, 0.5)) * 10) / 10;
console.log(
  `15 orders built and signed (median): Kairos ${results['sign15_kairos_pure_js_ms']} ms pure JS${native ? `, ${results['sign15_kairos_libsecp256k1_ms']} ms libsecp256k1` : ''}; reference OrderBuilder ${results['sign15_reference_ms']} ms → ${results['speedup_vs_reference']}× faster`,
);
console.log(JSON.stringify(results));
