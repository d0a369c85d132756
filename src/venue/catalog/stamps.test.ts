// A market's `updatedAt` moves when what the catalog shows of it moves, and only then: a resting
// order (liquidity, best prices) stamps the market, a fill (volume, prices) its event too, a
// status change both with the event's flags; books rebuilt as they were stamp nothing. Listed
// newest update first, the changed ones lead, so a reader finds them without reading the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MICRO } from '../money.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Trader } from '../trading/test-trader.js';

type Obj = Record<string, unknown>;

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
  return body as Obj[];
}

const newestMarkets = (n = 5) => read(`/markets?order=updatedAt&ascending=false&limit=${n}`);
const newestEvents = (n = 5) => read(`/events?order=updatedAt&ascending=false&limit=${n}`);
const at = (ms: number) => new Date(ms).toISOString();

describe('updatedAt', () => {
  it('moves with the book, a fill and the status, and leads the listing ordered by it', async () => {
    const m = (await read('/markets?active=true&limit=100&order=id&ascending=true')).find(
      (x) => JSON.parse(x['outcomes'] as string).length === 2 && x['orderPriceMinTickSize'] === 0.01,
    ) as Obj;
    const [yes] = JSON.parse(m['clobTokenIds'] as string) as string[];
    const eventId = ((m['events'] as Obj[])[0] as Obj)['id'] as string;
    const eventOf = async () => (await read(`/events?slug=${((m['events'] as Obj[])[0] as Obj)['slug'] as string}`))[0] as Obj;
    const before = await eventOf();
    const size = Math.max(10, Number(m['orderMinSize']));
    const negRisk = m['negRisk'] === true;
    // Read once in this order, so the pages kept must follow the stamps.
    expect((await newestMarkets())[0]?.['id']).not.toBe(m['id']);

    // A resting bid: the market's liquidity and best bid moved, its event shows neither.
    clock += 2_000;
    const bidAt = clock;
    const maker = await Trader.create(venue.urls);
    const [bid] = (await maker.post([maker.order(yes as string, 'BUY', '0.37', String(size), { negRisk })])).body;
    expect(bid?.['success'], JSON.stringify(bid)).toBe(true);
    clock += 500;
    const [first] = await newestMarkets();
    expect(first).toMatchObject({ id: m['id'], updatedAt: at(bidAt), bestBid: 0.37 });
    expect((await eventOf())['updatedAt']).toBe(before['updatedAt']);

    // A sale into it: volume and prices moved, in the event's summaries too.
    clock += 2_000;
    const tradeAt = clock;
    const taker = await Trader.create(venue.urls);
    venue.exchange.mint(taker.address.toLowerCase(), m['conditionId'] as string, size * MICRO, 500_000);
    const [sold] = (await taker.post([taker.order(yes as string, 'SELL', '0.37', String(size), { type: 'FAK', negRisk })])).body;
    expect(sold?.['status'], JSON.stringify(sold)).toBe('matched');
    clock += 500;
    expect((await newestMarkets())[0]).toMatchObject({ id: m['id'], updatedAt: at(tradeAt), lastTradePrice: 0.37 });
    expect((await newestEvents())[0]).toMatchObject({ id: eventId, updatedAt: at(tradeAt) });
    expect((await read(`/markets/slug/${m['slug'] as string}`))).toMatchObject({ updatedAt: at(tradeAt) });

    // Closed: the market and its event, whose flags follow its markets.
    clock += 2_000;
    const closeAt = clock;
    venue.exchange.setMarketStatus(m['conditionId'] as string, 'closed');
    expect((await newestMarkets())[0]).toMatchObject({ id: m['id'], updatedAt: at(closeAt), closed: true });
    const event = (await newestEvents())[0] as Obj;
    expect(event).toMatchObject({ id: eventId, updatedAt: at(closeAt) });
    const open = venue.db.prepare("SELECT COUNT(*) FROM markets WHERE event_id = ? AND status IN ('active', 'paused')").pluck().get(Number(eventId)) as number;
    expect(event['active']).toBe(open > 0);

    // Nothing moved: the same stamps, and books rebuilt from the orders stamp nothing.
    const still = await newestMarkets(20);
    clock += 2_000;
    venue.exchange.reload();
    expect(await newestMarkets(20)).toEqual(still);
  });

  it('a market left alone keeps its stamp', async () => {
    const [oldest] = await read('/markets?order=updatedAt&ascending=true&limit=1');
    const row = venue.db.prepare('SELECT updated_at FROM markets WHERE id = ?').pluck().get(Number((oldest as Obj)['id'])) as number;
    expect((oldest as Obj)['updatedAt']).toBe(at(row));
    expect(row).toBeLessThan(Date.now() - 60_000);
  });
});
