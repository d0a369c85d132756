// Listings are put together from cached fragments and comment answers are kept: the read after a
// price moves shows the move (the book, the last trade, the marks, the volumes) in every listing
// that carries the market, the 24-hour volume follows the clock, and comments show the holdings
// their authors have now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MICRO } from '../money.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Trader } from '../trading/test-trader.js';

type Obj = Record<string, unknown>;
const HOUR = 3_600_000;

let venue: TestVenue;
// Requests are signed with the wall clock, so the venue's clock starts there and only moves on.
let clock = Date.now();

beforeAll(async () => {
  venue = await startTestVenue({ rateLimitScale: 0, now: () => clock });
});
afterAll(async () => venue?.stop());

async function read(path: string): Promise<Obj[]> {
  const { status, body } = await venue.get('catalog', path);
  expect(status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  return (Array.isArray(body) ? body : [body]) as Obj[];
}

const LISTING = '/markets?active=true&limit=100&order=id&ascending=true';

/** The market as the listing, the event listing and the single-market read show it. */
async function views(m: Obj): Promise<{ listed: Obj; single: Obj; inEvent: Obj }> {
  const listed = (await read(LISTING)).find((x) => x['id'] === m['id']) as Obj;
  const [single] = await read(`/markets/slug/${m['slug'] as string}`);
  const eventSlug = ((m['events'] as Obj[])[0] as Obj)['slug'] as string;
  const [event] = await read(`/events?slug=${eventSlug}`);
  const inEvent = ((event as Obj)['markets'] as Obj[]).find((x) => x['id'] === m['id']) as Obj;
  return { listed, single: single as Obj, inEvent };
}

const MOVING = ['outcomePrices', 'volume', 'volumeNum', 'volume24hr', 'bestBid', 'bestAsk', 'spread', 'lastTradePrice', 'liquidity', 'liquidityNum'];
const moving = (m: Obj): Obj => Object.fromEntries(MOVING.filter((k) => k in m).map((k) => [k, m[k]]));

describe('a listing after a price move', () => {
  it('shows the new book, trade, prices and volumes at once, and the day volume leaves with the day', async () => {
    const m = (await read(LISTING)).find((x) => JSON.parse(x['outcomes'] as string).length === 2 && x['acceptingOrders'] === true && x['orderPriceMinTickSize'] === 0.01) as Obj;
    expect(m, 'an active binary market with a 0.01 tick').toBeDefined();
    const [yes] = JSON.parse(m['clobTokenIds'] as string) as string[];
    const before = await views(m);
    expect(before.listed).toEqual(m);
    expect(before.listed['bestBid']).toBeUndefined();
    const size = Math.max(10, Number(m['orderMinSize']));
    const negRisk = m['negRisk'] === true;

    // A resting bid moves the book but no price.
    const maker = await Trader.create(venue.urls);
    const [bid] = (await maker.post([maker.order(yes as string, 'BUY', '0.37', String(size), { negRisk })])).body;
    expect(bid?.['success'], JSON.stringify(bid)).toBe(true);
    const quoted = await views(m);
    expect(quoted.listed['bestBid']).toBe(0.37);
    expect(quoted.listed['liquidityNum']).toBeGreaterThan(Number(before.listed['liquidityNum']));
    expect(quoted.listed['outcomePrices']).toBe(before.listed['outcomePrices']);
    expect(moving(quoted.listed)).toEqual(moving(quoted.single));

    // A sale into it: a trade at 0.37, which every listing of the market shows.
    const taker = await Trader.create(venue.urls);
    venue.exchange.mint(taker.address.toLowerCase(), m['conditionId'] as string, size * MICRO, 500_000);
    const [sold] = (await taker.post([taker.order(yes as string, 'SELL', '0.37', String(size), { type: 'FAK', negRisk })])).body;
    expect(sold?.['status'], JSON.stringify(sold)).toBe('matched');
    const traded = await views(m);
    const cash = (size * 37) / 100;
    expect(traded.listed['lastTradePrice']).toBe(0.37);
    expect(JSON.parse(traded.listed['outcomePrices'] as string)[0]).toBe('0.37');
    expect(traded.listed['outcomePrices']).not.toBe(before.listed['outcomePrices']);
    expect(traded.inEvent['outcomePrices']).toBe(traded.listed['outcomePrices']);
    expect(traded.listed['bestBid']).toBeUndefined();
    expect(traded.listed['volumeNum']).toBeCloseTo(Number(before.listed['volumeNum']) + cash, 6);
    expect(traded.listed['volume24hr']).toBeCloseTo(Number(before.listed['volume24hr']) + cash, 6);
    expect(moving(traded.listed)).toEqual(moving(traded.single));

    // A day later the trade has left the 24-hour window, and only that moved.
    clock += 24 * HOUR + 60_000;
    const later = await views(m);
    expect(later.listed['volume24hr']).toBe(before.listed['volume24hr']);
    expect(later.single['volume24hr']).toBe(before.listed['volume24hr']);
    expect({ ...moving(later.listed), volume24hr: 0 }).toEqual({ ...moving(traded.listed), volume24hr: 0 });
  });
});

describe('comments after a fill in their parent\'s markets', () => {
  it('show the commenter\'s holdings as they are now', async () => {
    const row = venue.db
      .prepare("SELECT parent_entity_id AS id, user_address AS user FROM comments WHERE parent_entity_type = 'Event' AND parent_comment_id IS NULL ORDER BY id LIMIT 1")
      .get() as { id: number; user: string };
    const market = venue.db.prepare('SELECT condition_id FROM markets WHERE event_id = ? ORDER BY id LIMIT 1').get(row.id) as { condition_id: string };
    const token = venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? AND outcome_index = 0').get(market.condition_id) as { token_id: string };
    const path = `/comments?parent_entity_type=Event&parent_entity_id=${row.id}&limit=100`;
    const holdings = async (): Promise<Obj[]> => {
      const comment = (await read(path)).find((c) => c['userAddress'] === row.user) as Obj;
      return (comment['profile'] as Obj)['positions'] as Obj[];
    };
    const before = await holdings();
    expect(await holdings()).toEqual(before);
    // A split into the market's outcomes is recorded as fills, like any trade.
    venue.exchange.fund(row.user, venue.exchange.cash(row.user) + 1_000_000 * MICRO);
    venue.exchange.mint(row.user, market.condition_id, 1_000_000 * MICRO, 500_000);
    const after = await holdings();
    expect(after).not.toEqual(before);
    expect(after[0]).toEqual({ tokenId: token.token_id, positionSize: expect.any(String) });
    expect(Number((after[0] as Obj)['positionSize'])).toBeGreaterThanOrEqual(1_000_000);
  });
});
