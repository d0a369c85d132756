// The family's market orders (FOK, FAK) in its clients' rounding — cash to cents, shares divided
// out to 4 decimals — against a book built here: exact fills, cash and positions, the finer
// amounts refused naming the limit, and the same orders refused in spec-only mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeMicro } from '../money.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { orderKit, type Market, type Result } from './orders-support.js';
import { Trader } from './test-trader.js';

let venue: TestVenue;
let spec: TestVenue;
const { market, balance, place, twoLevelBook } = orderKit(() => venue);
let m: Market;
let maker: Trader;
let taker: Trader;

/** A signed family market order: the amounts as its client computes them, signed as given. */
function marketOrder(t: Trader, token: string, side: 'BUY' | 'SELL', makerAmount: bigint, takerAmount: bigint, type: 'FOK' | 'FAK' | 'GTC' = 'FOK') {
  return t.order(token, side, '0.5', '1', { type, amounts: { makerAmount: String(makerAmount), takerAmount: String(takerAmount) } });
}

async function held(t: Trader, token: string): Promise<bigint> {
  const r = await t.send<{ balance: string }>('GET', '/balance-allowance', undefined, `?asset_type=CONDITIONAL&token_id=${token}`);
  expect(r.status).toBe(200);
  return BigInt(r.body.balance);
}

const fee = (price: number, size: number): bigint => BigInt(feeMicro(m.takerBps, price, size));

beforeAll(async () => {
  [venue, spec] = await Promise.all([startTestVenue({ rateLimitScale: 0 }), startTestVenue({ specOnly: true, rateLimitScale: 0 })]);
  m = market();
  [maker, taker] = await Promise.all([Trader.create(venue.urls), Trader.create(venue.urls)]);
  // Asks 0.33 x10 and 0.35 x10; bids 0.31 x10 and 0.29 x10.
  await twoLevelBook(maker, m);
});
afterAll(async () => {
  await Promise.all([venue?.stop(), spec?.stop()]);
});

describe("the family's market orders", () => {
  it('a BUY of 2.00 cash at 0.33 takes 6.0606 shares for 1.999998, never more than its amount', async () => {
    const [cash0, makerCash0] = [await balance(taker), await balance(maker)];
    // The client: 2.00 / 0.33 = 6.060606…, rounded down to 4 decimals.
    const [r] = await place(taker, [marketOrder(taker, m.tokens[0], 'BUY', 2_000_000n, 6_060_600n)]);
    const cost = 1_999_998n; // 6.0606 × 0.33
    expect(r).toMatchObject({ success: true, status: 'matched', takingAmount: '6060600', makingAmount: String(cost + fee(330_000, 6_060_600)) });
    expect(await held(taker, m.tokens[0])).toBe(6_060_600n);
    expect(cash0 - (await balance(taker))).toBe(cost + fee(330_000, 6_060_600));
    expect((await balance(maker)) - makerCash0).toBe(cost);
    const positions = (await venue.get('data', `/positions?user=${taker.address.toLowerCase()}`)).body as Array<{ asset: string; size: number }>;
    expect(positions.find((p) => p.asset === `${m.conditionId}:0`)).toMatchObject({ size: 6.0606 });
  });

  it('a BUY through two levels pays each at its price and spends less than its amount', async () => {
    const cash0 = await balance(taker);
    // 4.00 at 0.35: 11.4285 shares; 3.9394 rest at 0.33, the other 7.4891 come at 0.35.
    const [r] = await place(taker, [marketOrder(taker, m.tokens[0], 'BUY', 4_000_000n, 11_428_500n, 'FAK')]);
    const cost = 1_300_002n + 2_621_185n;
    const spent = cost + fee(330_000, 3_939_400) + fee(350_000, 7_489_100);
    expect(r).toMatchObject({ success: true, status: 'matched', takingAmount: '11428500', makingAmount: String(spent) });
    expect(cost).toBeLessThanOrEqual(4_000_000n);
    expect(cash0 - (await balance(taker))).toBe(spent);
    expect(await held(taker, m.tokens[0])).toBe(6_060_600n + 11_428_500n);
  });

  it('a SELL of 5.05 shares whose cash is rounded down to 4 decimals sells at the bid, never more shares', async () => {
    const [cash0, shares0] = [await balance(taker), await held(taker, m.tokens[0])];
    // 5.05 × 0.31 = 1.5655; a client that rounds the cash down signs 1.5654 (implied 0.309980…, read as 0.31).
    const [r] = await place(taker, [marketOrder(taker, m.tokens[0], 'SELL', 5_050_000n, 1_565_400n, 'FAK')]);
    const proceeds = 1_565_500n - fee(310_000, 5_050_000);
    expect(r).toMatchObject({ success: true, status: 'matched', makingAmount: '5050000', takingAmount: String(proceeds) });
    expect(shares0 - (await held(taker, m.tokens[0]))).toBe(5_050_000n);
    expect((await balance(taker)) - cash0).toBe(proceeds);
  });

  it('refuses finer amounts, naming the limit, and keeps GTC orders to 2 decimals', async () => {
    const fine = market({ tick_size: 1_000 });
    const items = [
      marketOrder(taker, m.tokens[0], 'BUY', 2_000_000n, 6_060_606n),
      marketOrder(taker, m.tokens[0], 'BUY', 2_000_500n, 6_060_600n),
      marketOrder(taker, m.tokens[0], 'SELL', 5_050_500n, 1_565_655n),
      marketOrder(taker, m.tokens[0], 'BUY', 2_000_000n, 6_060_600n, 'GTC'),
      // 3.00 / 0.495 = 6.0606…: 4 decimals of shares cost part micro-units at a 0.001 tick.
      marketOrder(taker, fine.tokens[0], 'BUY', 3_000_000n, 6_060_600n),
      // 0.05 for 10.0001 shares: a price below the lowest tick.
      marketOrder(taker, m.tokens[0], 'BUY', 50_000n, 10_000_100n),
    ];
    const results: Result[] = await place(taker, items);
    expect(results.map((r) => r['code'])).toEqual(['INVALID_AMOUNTS', 'INVALID_AMOUNTS', 'INVALID_AMOUNTS', 'INVALID_AMOUNTS', 'INVALID_AMOUNTS', 'INVALID_TICK_SIZE']);
    const said = results.map((r) => String(r['errorMsg']));
    expect(said[0]).toMatch(/shares \(takerAmount\) to at most 4 decimals.*6\.060606 shares/);
    expect(said[1]).toMatch(/cash \(makerAmount\) to at most 2.*2\.0005 cash/);
    expect(said[2]).toMatch(/shares \(makerAmount\) to at most 2 decimals/);
    expect(said[3]).toMatch(/more than 2 decimals \(only FOK and FAK/);
    expect(said[4]).toMatch(/tick 0\.001\) carries shares \(takerAmount\) to at most 3 decimals/);
    expect(said[5]).toMatch(/imply a price of 0\.004999.*outside 0\.01 to 0\.99/);
  });

  it('are refused in spec-only mode, which keeps the specification grid', async () => {
    const { account, orderDomain } = spec;
    if (!account) throw new Error('a spec-only venue prints its paper account');
    const t = Trader.fromAccount(spec.urls, account, orderDomain);
    const s = orderKit(() => spec).market();
    const r = await t.post([marketOrder(t, s.tokens[0], 'BUY', 2_000_000n, 6_060_600n)]);
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ success: false, code: 'INVALID_AMOUNTS', errorMsg: 'takerAmount 6060600 gives a size with more than 2 decimals' });
  });
});
