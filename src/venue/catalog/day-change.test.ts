// The catalog's `oneDayPriceChange`: served for every market that traded in the last 24 hours,
// as the Yes price now minus the Yes price when the window began, from the venue's taker trades;
// absent for a market that did not trade in the window. The venue's clock is the test's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MICRO } from '../money.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Trader } from '../trading/test-trader.js';

type Obj = Record<string, unknown>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let venue: TestVenue;
// The venue's clock, set by the test; undefined follows the (shifted) wall clock.
let clock: number | undefined;
// Orders are signed with the wall clock: moving time on moves it for the signer and the venue alike.
const realNow = Date.now.bind(Date);
let shift = 0;

beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
  venue = await startTestVenue({ rateLimitScale: 0, now: () => clock ?? Date.now() });
});
afterAll(async () => {
  await venue?.stop();
  vi.restoreAllMocks();
});

async function read(path: string): Promise<Obj[]> {
  const { status, body } = await venue.get('catalog', path);
  expect(status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  return (Array.isArray(body) ? body : [body]) as Obj[];
}

async function everyMarket(): Promise<Obj[]> {
  const out: Obj[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await read(`/markets?limit=100&offset=${offset}&order=id&ascending=true`);
    out.push(...page);
    if (page.length < 100) return out;
  }
}

/** The change as this test reads the rule, from every taker fill of the market, in JS. */
function expected(cid: string, outcomes: number, now: number): number | undefined {
  const fills = venue.db.prepare("SELECT outcome_index AS o, price, ts FROM fills WHERE condition_id = ? AND role = 'T' ORDER BY ts DESC, id DESC").all(cid) as Array<{ o: number; price: number; ts: number }>;
  const cut = now - DAY;
  const inside = fills.filter((f) => f.ts > cut);
  if (inside.length === 0) return undefined;
  const yes = (fs: typeof fills): number | undefined => {
    const own = fs.find((f) => f.o === 0);
    const other = outcomes === 2 ? fs.find((f) => f.o === 1) : undefined;
    return own ? own.price : other ? MICRO - other.price : undefined;
  };
  const nowP = yes(inside);
  const thenP = yes(fills.filter((f) => f.ts <= cut)) ?? yes([...inside].reverse());
  return nowP === undefined || thenP === undefined ? undefined : (nowP - thenP) / MICRO;
}

describe('oneDayPriceChange', () => {
  it('is on every market that traded in the last 24 hours, and only on those, as the trades make it', async () => {
    // The generated world's trades end some time ago: read it as six hours after its last one.
    const newest = venue.db.prepare("SELECT MAX(ts) FROM fills WHERE role = 'T'").pluck().get() as number;
    clock = newest + 6 * HOUR;
    const markets = await everyMarket();
    let withChange = 0;
    for (const m of markets) {
      const want = expected(m['conditionId'] as string, (JSON.parse(m['outcomes'] as string) as string[]).length, clock);
      if (want === undefined) expect(m, `market ${String(m['id'])}`).not.toHaveProperty('oneDayPriceChange');
      else {
        withChange++;
        expect(m['oneDayPriceChange'], `market ${String(m['id'])}`).toBeCloseTo(want, 9);
      }
    }
    // The generated world trades: the check above covered markets with a change, and without.
    expect(withChange).toBeGreaterThan(0);
    expect(withChange).toBeLessThan(markets.length);
    clock = undefined;
  });

  it('follows new trades, and leaves once the market’s last trade is more than a day old', async () => {
    const m = (await read('/markets?active=true&limit=100&order=id&ascending=true')).find(
      (x) => JSON.parse(x['outcomes'] as string).length === 2 && x['acceptingOrders'] === true && x['orderPriceMinTickSize'] === 0.01 && !('oneDayPriceChange' in x),
    ) as Obj;
    expect(m, 'an active binary market with a 0.01 tick that did not trade today').toBeDefined();
    const cid = m['conditionId'] as string;
    const [yes] = JSON.parse(m['clobTokenIds'] as string) as string[];
    const negRisk = m['negRisk'] === true;
    const size = Math.max(10, Number(m['orderMinSize']));
    const before = venue.db.prepare("SELECT price FROM fills WHERE condition_id = ? AND outcome_index = 0 AND role = 'T' ORDER BY ts DESC, id DESC LIMIT 1").pluck().get(cid) as number | undefined;

    const maker = await Trader.create(venue.urls);
    const taker = await Trader.create(venue.urls);
    venue.exchange.mint(taker.address.toLowerCase(), cid, 4 * size * MICRO, 500_000);
    const sell = async (price: string): Promise<void> => {
      const placed = await maker.post([maker.order(yes as string, 'BUY', price, String(size), { negRisk })]);
      expect(Array.isArray(placed.body), JSON.stringify(placed.body)).toBe(true);
      const [bid] = placed.body;
      expect(bid?.['success'], JSON.stringify(bid)).toBe(true);
      const [sold] = (await taker.post([taker.order(yes as string, 'SELL', price, String(size), { type: 'FAK', negRisk })])).body;
      expect(sold?.['status'], JSON.stringify(sold)).toBe('matched');
    };
    const change = async (): Promise<unknown> => (await read(`/markets/slug/${m['slug'] as string}`))[0]?.['oneDayPriceChange'];

    await sell('0.37');
    // Against the last trade before the window, or, first traded now, against this one.
    const first = ((await read('/markets?active=true&limit=100&order=id&ascending=true')).find((x) => x['id'] === m['id']) as Obj)['oneDayPriceChange'];
    expect(first).toBeCloseTo(before !== undefined ? 0.37 - before / MICRO : 0, 9);
    expect(await change()).toBe(first);

    shift += HOUR;
    await sell('0.42');
    expect(await change()).toBeCloseTo(before !== undefined ? 0.42 - before / MICRO : 0.05, 9);

    // A day after the first trade only the second is in the window: the first is the price then.
    shift += DAY - HOUR + 60_000;
    expect(await change()).toBeCloseTo(0.05, 9);
    // A day after the last: no trade in the window, no change.
    shift += HOUR;
    expect(await change()).toBeUndefined();
  });
});
