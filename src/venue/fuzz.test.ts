// Nothing crashes: property-based hostile requests over every endpoint's query, path and body
// (spec §4 and venue-profile C and E) never get a 5xx, never hang, answer every refusal with the
// venue's error body (venue-profile B), and the venue answers afterwards. Seeded and bounded;
// `npm run bench -- fuzz` runs many more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closeFuzzAgent, describeFuzz, errorShapeProblem, fuzzRequests, fuzzTarget, sendFuzz, stillAnswers, type FuzzTarget } from './fuzz-support.js';
import { startTestVenue, type TestVenue } from './test-support.js';

let venue: TestVenue;
let target: FuzzTarget;

beforeAll(async () => {
  // Limits off, so that every request reaches its handler rather than a 429.
  venue = await startTestVenue({ rateLimitScale: 0 });
  target = await fuzzTarget(venue.urls, venue.db);
});
afterAll(async () => {
  closeFuzzAgent();
  await venue?.stop();
});

describe('fuzz', () => {
  it('hostile queries, paths, bodies and headers never get a 5xx or hang, errors have the venue shape, and the venue still answers', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequests(target), async (r) => {
        const reply = await sendFuzz(target, r, 5_000);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.hung) throw new Error(`no answer within 5 s: ${describeFuzz(r)}`);
        if (reply.status >= 500) throw new Error(`HTTP ${reply.status}: ${describeFuzz(r)}`);
        const problem = errorShapeProblem(reply);
        if (problem !== undefined) throw new Error(`${problem}: ${describeFuzz(r)}`);
      }),
      { seed: 20261122, numRuns: 1_500, interruptAfterTimeLimit: 5_000, markInterruptAsFailure: false },
    );
    expect(await stillAnswers(venue.urls)).toBe(true);
    // Some requests got past the checks (not every answer is an error).
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  }, 30_000);
});
