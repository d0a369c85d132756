// The generated world does not contradict itself, read over HTTP as a trader reads it: on a
// fresh `default` world (the one a new user gets), and again after the liquidity simulator has
// traded on it. `default` rather than `small`: the contradictions a user met came from the
// size of its ladders and groups, and generating it takes a few seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feed } from '../live/test-feed.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from '../test-support.js';
import { checkWorld, readWorld, yesMids, type Report } from './coherence-check.js';

let venue: TestVenue;
// The venue's clock: the world's anchor plus a few minutes, moved by hand as the simulator ticks.
let clock = TEST_ANCHOR + 5 * 60_000;

beforeAll(async () => {
  // The simulator's own timer never fires here (a tick every ~23 days): the test ticks it.
  venue = await startTestVenue({ size: 'default', seed: 7, anchor: TEST_ANCHOR, books: true, now: () => clock, rateLimitScale: 0, simulator: { tickMs: 2_000_000_000 } });
}, 120_000);
afterAll(async () => {
  await venue?.stop();
});

/** Every property's violations, at most a few shown each, so a failure reads as a list. */
function expectCoherent(report: Report): void {
  for (const [property, list] of Object.entries(report.violations)) {
    expect({ property, count: list.length, first: list.slice(0, 5) }).toEqual({ property, count: 0, first: [] });
  }
}

let freshMids: Map<string, number | undefined>;

describe('a fresh default world', () => {
  let fresh: Report;
  beforeAll(async () => {
    const snapshot = await readWorld(venue, { now: clock, volumeSample: 60 });
    freshMids = yesMids(snapshot);
    fresh = checkWorld(snapshot, { ladderSlack: 0, negRiskMid: 30_000, negRiskList: 30_000, exactMirror: true });
  }, 60_000);

  it('has a two-sided book on both outcomes of every market accepting orders', () => {
    expect(fresh.figures.activeMarkets).toBeGreaterThan(500);
    expect(fresh.figures.twoSidedTokens).toBe(fresh.figures.activeTokens);
    expect(fresh.violations.books).toEqual([]);
  });

  it('has monotone ladders, Yes + No = 100¢, neg-risk groups summing to 100¢ (±3¢)', () => {
    expect(fresh.figures.ladders).toBeGreaterThan(20);
    expect(fresh.figures.negRiskGroups).toBeGreaterThan(10);
    expect(fresh.violations.ladders.slice(0, 5)).toEqual([]);
    expect(fresh.violations.binary.slice(0, 5)).toEqual([]);
    expect(fresh.violations.negRisk.slice(0, 5)).toEqual([]);
  });

  it('lists prices inside the spread, resolved markets with their winner and no book, volume and liquidity from fills and book', () => {
    expect(fresh.figures.resolvedMarkets).toBeGreaterThan(100);
    expect(fresh.figures.volumeSampled).toBeGreaterThan(30);
    expectCoherent(fresh);
  });
});

describe('after the simulator traded', () => {
  it('keeps every property, within the spread where trades print at bid or ask', async () => {
    const fills = (): number => (venue.db.prepare("SELECT COUNT(*) AS n FROM fills WHERE role = 'T'").get() as { n: number }).n;
    const before = fills();
    const sim = venue.simulator;
    if (!sim) throw new Error('the venue started without its simulator');
    // Enough ticks to requote every active market at least once.
    for (let i = 0; i < 120; i++) {
      clock += 1000;
      sim.tick();
    }
    expect(fills()).toBeGreaterThan(before + 100);
    const snapshot = await readWorld(venue, { now: clock, volumeSample: 60 });
    // Prices did move: the properties held while quotes and trades changed.
    const moved = [...yesMids(snapshot)].filter(([id, m]) => m !== freshMids.get(id)).length;
    expect(moved).toBeGreaterThan(freshMids.size / 10);
    const report = checkWorld(snapshot, { ladderSlack: 1, negRiskMid: 30_000, negRiskList: 60_000, exactMirror: false });
    expect(report.figures.twoSidedTokens).toBe(report.figures.activeTokens);
    expectCoherent(report);
  }, 60_000);
});

describe('after many ticks of activity on watched markets', () => {
  it('keeps every property while the markets someone follows are re-quoted and traded tick after tick', async () => {
    const sim = venue.simulator;
    if (!sim) throw new Error('the venue started without its simulator');
    const pick = (sql: string): string[] => (venue.db.prepare(sql).all() as Array<{ c: string }>).map((r) => r.c);
    // Three markets of a neg-risk group, three rungs of a ladder, three markets on their own, and
    // three whose makers a minimum order age holds (they step inside and put back what takers
    // took, replacing nothing young): what is hardest to keep whole.
    // None behind a taker delay: those orders are released on real timers, which this test's clock outruns.
    const open = `status = 'active' AND taker_delay = 0`;
    const group = `(SELECT event_id FROM markets WHERE ${open} GROUP BY event_id HAVING COUNT(*) >= 3 AND MAX(neg_risk) = NEG ORDER BY event_id LIMIT 1)`;
    const watched = [
      ...pick(`SELECT condition_id AS c FROM markets WHERE ${open} AND event_id = ${group.replace('NEG', '1')} ORDER BY id LIMIT 3`),
      ...pick(`SELECT condition_id AS c FROM markets WHERE ${open} AND event_id = ${group.replace('NEG', '0')} ORDER BY id LIMIT 3`),
      ...pick(`SELECT m.condition_id AS c FROM markets m WHERE m.status = 'active' AND m.taker_delay = 0 AND (SELECT COUNT(*) FROM markets x WHERE x.event_id = m.event_id) = 1 ORDER BY m.id LIMIT 3`),
      ...pick(`SELECT condition_id AS c FROM markets WHERE ${open} AND min_order_age >= 10 ORDER BY id DESC LIMIT 3`),
    ];
    expect(new Set(watched).size).toBe(12);
    const tokens = pick(`SELECT token_id AS c FROM tokens WHERE condition_id IN (${watched.map((c) => `'${c}'`).join(',')})`);
    const orders = (): number => (venue.db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE condition_id IN (${watched.map((c) => `'${c}'`).join(',')})`).get() as { n: number }).n;
    const feed = await Feed.open(`ws://127.0.0.1:${venue.port}/trading/ws/market`);
    try {
      feed.send({ type: 'subscribe', assets_ids: tokens });
      await feed.count('books', (m) => m.type === 'book', tokens.length);
      const before = orders();
      // The watched markets take turns, a few a tick: each of the twelve is stepped dozens of times.
      for (let i = 0; i < 240; i++) {
        clock += 1500;
        sim.tick();
      }
      expect(orders() - before).toBeGreaterThan(12 * 30);
      const report = checkWorld(await readWorld(venue, { now: clock, volumeSample: 60 }), { ladderSlack: 1, negRiskMid: 30_000, negRiskList: 60_000, exactMirror: false });
      expectCoherent(report);
      expect(report.figures.twoSidedTokens).toBe(report.figures.activeTokens);
    } finally {
      feed.close();
    }
  }, 120_000);
});
