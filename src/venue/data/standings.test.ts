// The leaderboard is kept current from the fills as they come and as its windows slide (see
// standings.ts); here it is read over HTTP after the simulator's trades, clock jumps and a
// resolution, and checked against the standings summed afresh from the fills table of the same
// SQLite file, for every window, both orders and a category.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../admin-client.js';
import { markPrices, marketsByCondition } from '../market-index.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from '../test-support.js';

const DAY = 86_400_000;
const PERIODS = { DAY: DAY, WEEK: 7 * DAY, MONTH: 30 * DAY, ALL: Number.POSITIVE_INFINITY } as const;
type Period = keyof typeof PERIODS;
type Order = 'PNL' | 'VOL';

let venue: TestVenue;
let clock = TEST_ANCHOR + 60_000;

beforeAll(async () => {
  // The simulator's own timer never fires: the test ticks it on the venue's clock.
  venue = await startTestVenue({ books: true, adminRoutes: true, now: () => clock, simulator: { tickMs: 2_000_000_000, marketsPerTick: 4, takersPerTick: 4 } });
});
afterAll(async () => {
  await venue?.stop();
});

interface Entry {
  rank: string;
  proxyWallet: string;
  vol: number;
  pnl: number;
}

const cash = (micro: number): number => Math.round((micro / 1e6) * 1e6) / 1e6;

/** The standings as one GROUP BY over the window's fills computes them. */
function fromScratch(category: string, period: Period, orderBy: Order): Entry[] {
  const markets = marketsByCondition(venue.db);
  const marks = markPrices(venue.db);
  const since = period === 'ALL' ? 0 : clock - PERIODS[period];
  const rows = venue.db
    .prepare(
      `SELECT wallet, condition_id, outcome_index, SUM(usdc) AS vol,
              SUM(CASE side WHEN 'SELL' THEN usdc - fee ELSE -usdc - fee END) AS flow,
              SUM(CASE side WHEN 'BUY' THEN size ELSE -size END) AS net
       FROM fills WHERE ts >= ? AND ts <= ? GROUP BY wallet, condition_id, outcome_index`,
    )
    .all(since, clock) as Array<{ wallet: string; condition_id: string; outcome_index: number; vol: number; flow: number; net: number }>;
  const byWallet = new Map<string, { wallet: string; vol: number; pnl: number }>();
  for (const r of rows) {
    if (category !== 'OVERALL' && markets.get(r.condition_id)?.category !== category) continue;
    const s = byWallet.get(r.wallet) ?? { wallet: r.wallet, vol: 0, pnl: 0 };
    s.vol += r.vol;
    s.pnl += r.flow + Math.round((r.net * (marks.get(`${r.condition_id}:${r.outcome_index}`) ?? 0)) / 1e6);
    byWallet.set(r.wallet, s);
  }
  const k = orderBy === 'PNL' ? 'pnl' : 'vol';
  return [...byWallet.values()]
    .filter((s) => s.vol > 0)
    .sort((a, b) => b[k] - a[k] || (a.wallet < b.wallet ? -1 : 1))
    .map((s, i) => ({ rank: String(i + 1), proxyWallet: s.wallet, vol: cash(s.vol), pnl: cash(s.pnl) }));
}

/** Every page of the board as the data surface serves it. */
async function served(category: string, period: Period, orderBy: Order): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let offset = 0; offset <= 1000; offset += 50) {
    const { status, body } = await venue.get('data', `/v1/leaderboard?category=${category}&timePeriod=${period}&orderBy=${orderBy}&limit=50&offset=${offset}`);
    expect(status).toBe(200);
    const page = body as Entry[];
    out.push(...page.map((e) => ({ rank: e.rank, proxyWallet: e.proxyWallet, vol: e.vol, pnl: e.pnl })));
    if (page.length < 50) break;
  }
  return out;
}

const fillCount = (): number => venue.db.prepare('SELECT COUNT(*) FROM fills').pluck().get() as number;

/** The category with the most fills: a board that leaves markets out. */
function busiestCategory(): string {
  const markets = marketsByCondition(venue.db);
  const counts = new Map<string, number>();
  for (const r of venue.db.prepare('SELECT condition_id, COUNT(*) AS n FROM fills GROUP BY condition_id').all() as Array<{ condition_id: string; n: number }>) {
    const c = markets.get(r.condition_id)?.category;
    if (c) counts.set(c, (counts.get(c) ?? 0) + r.n);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'POLITICS';
}

async function expectSameBoards(categories: string[]): Promise<void> {
  for (const category of categories) {
    for (const period of Object.keys(PERIODS) as Period[]) {
      for (const orderBy of ['PNL', 'VOL'] as const) {
        const want = fromScratch(category, period, orderBy);
        expect(await served(category, period, orderBy), `${category} ${period} ${orderBy} at ${new Date(clock).toISOString()}`).toEqual(want);
      }
    }
  }
}

function trade(ticks: number): void {
  const sim = venue.simulator;
  if (!sim) throw new Error('no simulator');
  for (let i = 0; i < ticks; i++) {
    clock += 1_500;
    sim.tick();
  }
}

describe('leaderboard standings kept current', () => {
  it('equal a recomputation from the fills after trades, as the windows slide and a market resolves', async () => {
    const categories = ['OVERALL', busiestCategory()];
    // Read first, so what follows is folded into boards already built.
    await expectSameBoards(categories);
    const before = fillCount();
    // Trades at the same clock bucket, then clock jumps that carry fills out of each window.
    for (const jump of [0, 5_000, 3_600_000, 20 * 3_600_000, 2 * DAY, 6 * DAY, 25 * DAY]) {
      clock += jump;
      const n = fillCount();
      trade(6);
      expect(fillCount()).toBeGreaterThan(n);
      await expectSameBoards(categories);
    }
    expect(fillCount()).toBeGreaterThan(before);

    // Trades at the very millisecond of the last read: folded in as new fills, not as the window's edge.
    const n = fillCount();
    venue.simulator?.tick();
    venue.simulator?.tick();
    expect(fillCount()).toBeGreaterThan(n);
    await expectSameBoards(['OVERALL']);

    // A window's edge on a fill's very millisecond: in, then out a millisecond later.
    const edge = venue.db.prepare('SELECT ts FROM fills WHERE ts < ? ORDER BY ts DESC LIMIT 1').pluck().get(clock - 2 * DAY) as number;
    clock = edge + DAY;
    await expectSameBoards(['OVERALL']);
    clock += 1;
    await expectSameBoards(['OVERALL']);

    // A traded market resolves: its outcomes are marked at 1 and 0, moving P&L without a fill.
    const recent = venue.db.prepare('SELECT condition_id FROM fills ORDER BY id DESC LIMIT 1').pluck().get() as string;
    await adminClient(venue.dataDir).setStatus(recent, 'resolved', 0);
    await expectSameBoards(categories);

    // The clock going back (a window that moves both ways) and a window rebuilt past its old span.
    clock -= 3 * DAY;
    await expectSameBoards(['OVERALL']);
    clock += 40 * DAY;
    trade(3);
    await expectSameBoards(['OVERALL']);
  });
});
