// The venue fuzz test at scale: hostile requests over every endpoint's query, path and body
// (src/venue/fuzz-support.ts), on a venue with rate limits off.
// Usage: npm run bench -- fuzz [--runs 20000] [--seed N] [--seconds 120]
// Prints the count of requests and of each status; exits non-zero on any 5xx or hang, or when
// the venue no longer answers GET /time. Last line: one JSON object.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { startVenue } from '../src/venue/server.js';
import { closeFuzzAgent, describeFuzz, fuzzRequests, fuzzTarget, sendFuzz, stillAnswers } from '../src/venue/fuzz-support.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20000' }, seed: { type: 'string' }, seconds: { type: 'string', default: '120' } } });
const runs = Number(values.runs);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const dir = mkdtempSync(join(tmpdir(), 'kairos-fuzz-'));
const venue = await startVenue({ dataDir: dir, size: 'small', seed: 7, rateLimitScale: 0 });
const target = await fuzzTarget(venue.urls, venue.db);
const statuses = new Map<number | 'hung', number>();
const failures: string[] = [];
let requests = 0;
let answers = false;
const t0 = Date.now();
try {
  // Every request is sent; failures are collected rather than shrunk, so the run counts them all.
  const samples = fc.sample(fuzzRequests(target), { numRuns: runs, seed });
  for (const r of samples) {
    if (Date.now() - t0 > Number(values.seconds) * 1000) break;
    const reply = await sendFuzz(target, r, 5_000);
    requests++;
    const key = reply.hung ? 'hung' : reply.status;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (reply.hung || reply.status >= 500) failures.push(`${reply.hung ? 'no answer' : `HTTP ${reply.status}`}: ${describeFuzz(r)}`);
  }
} finally {
  answers = await stillAnswers(venue.urls).catch(() => false);
  closeFuzzAgent();
  await venue.close();
  rmSync(dir, { recursive: true, force: true });
}
for (const f of failures.slice(0, 20)) console.log(f);
const byStatus = Object.fromEntries([...statuses].sort((a, b) => String(a[0]).localeCompare(String(b[0]))).map(([k, n]) => [String(k), n]));
console.log(`seed ${seed}: ${requests} requests in ${((Date.now() - t0) / 1000).toFixed(1)} s; by status ${JSON.stringify(byStatus)}; GET /time afterwards: ${answers ? 'answers' : 'NO ANSWER'}`);
console.log(JSON.stringify({ seed, requests, statuses: byStatus, failures: failures.length, answers }));
process.exitCode = failures.length > 0 || !answers ? 1 : 0;
