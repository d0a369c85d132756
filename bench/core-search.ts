// Local search latency of the app's cache: syncs a generated world's catalog over HTTP into a
// temp cache, then times keystroke-style queries (growing prefixes of words from market questions).
// Usage: npm run bench -- core-search [--size large|default] [--queries 200] [--seed 1]
// Last line: one JSON object with every figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { prepareWorld, startVenue, type WorldSize } from '../src/venue/server.js';
import { openCache, SEARCH_KINDS, type SearchKind } from '../src/main/core/cache/index.js';
import { venueFetchPage } from '../src/main/core/cache/test-support.js';
import { useNativeSecp256k1 } from '../src/native/secp256k1.js';

// The world's makers sign their resting orders: with libsecp256k1, as the venue itself does.
await useNativeSecp256k1();

const { values } = parseArgs({
  options: { size: { type: 'string', default: 'large' }, queries: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' } },
});
const size = values.size as WorldSize;
if (size !== 'large' && size !== 'default') throw new Error(`--size must be large or default, got ${values.size}`);
const N = Number(values.queries);
if (!Number.isInteger(N) || N < 1) throw new Error(`--queries must be a positive integer, got ${values.queries}`);
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const dir = mkdtempSync(join(tmpdir(), `kairos-bench-search-${size}-`));
const results: Record<string, unknown> = { size };
try {
  let t0 = performance.now();
  prepareWorld({ dataDir: join(dir, 'venue'), size, seed: Number(values.seed), anchor: Math.floor(Date.now() / 3_600_000) * 3_600_000 }).close();
  results['generate_s'] = round((performance.now() - t0) / 1000);
  console.log(`generated ${size} in ${String(results['generate_s'])} s`);

  const venue = await startVenue({ dataDir: join(dir, 'venue'), rateLimitScale: 0 });
  const cache = openCache(join(dir, 'app'), 'bench');
  t0 = performance.now();
  await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url));
  results['sync_s'] = round((performance.now() - t0) / 1000);
  await venue.close();
  const counts = Object.fromEntries(SEARCH_KINDS.map((k: SearchKind) => [k, cache.count(k)]));
  results['counts'] = counts;
  console.log(`synced catalog in ${String(results['sync_s'])} s: ${JSON.stringify(counts)}`);

  // Keystrokes: one or two words of a random market question, typed a letter at a time.
  let seed = Number(values.seed) * 7919 + 17;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const questions = cache.db.prepare('SELECT question FROM markets WHERE question IS NOT NULL ORDER BY id').pluck().all() as string[];
  const queries: string[] = [];
  while (queries.length < N) {
    const words = (questions[rand(questions.length)] ?? '').match(/\p{L}{3,}/gu) ?? [];
    if (words.length === 0) continue;
    const start = rand(words.length);
    const phrase = words.slice(start, start + 1 + rand(2)).join(' ');
    for (let i = 1; i <= phrase.length && queries.length < N; i++) if (phrase[i - 1] !== ' ') queries.push(phrase.slice(0, i));
  }
  for (const q of queries.slice(0, 20)) cache.search(q, { limit: 20 }); // warm-up

  const lat: number[] = [];
  let hits = 0;
  let empty = 0;
  for (const q of queries) {
    const s = performance.now();
    const found = cache.search(q, { limit: 20 });
    lat.push(performance.now() - s);
    hits += found.length;
    if (found.length === 0) empty += 1;
  }
  lat.sort((a, b) => a - b);
  Object.assign(results, {
    queries: N,
    p50_ms: round(quantile(lat, 0.5), 3),
    p99_ms: round(quantile(lat, 0.99), 3),
    max_ms: round(lat[lat.length - 1] ?? 0, 3),
    mean_hits: round(hits / N, 1),
    empty_results: empty,
  });
  console.log(`${N} keystroke queries: p50 ${String(results['p50_ms'])} ms, p99 ${String(results['p99_ms'])} ms, max ${String(results['max_ms'])} ms`);
  cache.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
