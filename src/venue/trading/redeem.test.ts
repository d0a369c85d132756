// POST /redeem (venue-profile E): a resolved market's tokens turned into cash, over HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceAllowance } from '@shared/spec/trading.js';
import { catalogChanged } from '../market-index.js';
import { RUN_FILE, type RunInfo } from '../admin.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Trader, units } from './test-trader.js';

let venue: TestVenue;
const used = new Set<string>();

interface Market {
  conditionId: string;
  tokens: [string, string];
}

/** An active binary market not used before, with a 0.01 tick, minimum size 5 and a taker fee. */
function market(): Market {
  const rows = venue.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' AND json_array_length(outcomes) = 2 ORDER BY id").all() as Array<{ condition_id: string }>;
  const pick = rows.find((r) => !used.has(r.condition_id));
  if (!pick) throw new Error('the test world ran out of active markets');
  used.add(pick.condition_id);
  venue.db
    .prepare('UPDATE markets SET neg_risk = 0, tick_size = 10000, min_size = 5, taker_delay = 0, min_order_age = 0, screening = 0, taker_base_fee = 100 WHERE condition_id = ?')
    .run(pick.condition_id);
  catalogChanged(venue.db);
  const tokens = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(pick.condition_id) as Array<{ token_id: string }>).map((t) => t.token_id);
  return { conditionId: pick.condition_id, tokens: [tokens[0] as string, tokens[1] as string] };
}

/** Resolves a market through the running venue's admin route, as `npm run venue -- admin resolve` does. */
async function resolve(conditionId: string, winner: number): Promise<void> {
  const info = JSON.parse(readFileSync(join(venue.dataDir, RUN_FILE), 'utf8')) as RunInfo;
  const res = await fetch(`http://127.0.0.1:${info.port}/admin/markets/${conditionId}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': info.adminToken },
    body: JSON.stringify({ status: 'resolved', winner }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function balance(t: Trader): Promise<bigint> {
  const r = await t.send('GET', '/balance-allowance');
  expect(r.status).toBe(200);
  return BigInt(BalanceAllowance.parse(r.body).balance);
}

async function fill(seller: Trader, buyer: Trader, token: string, price: string, size: string): Promise<void> {
  expect((await seller.post([seller.order(token, 'SELL', price, size)])).body[0]).toMatchObject({ success: true, status: 'live' });
  expect((await buyer.post([buyer.order(token, 'BUY', price, size, { type: 'FOK' })])).body[0]).toMatchObject({ success: true, status: 'matched' });
}

const redeem = (t: Trader, body: unknown) => t.send<Record<string, unknown>>('POST', '/redeem', body);

beforeAll(async () => {
  venue = await startTestVenue();
});
afterAll(async () => {
  await venue?.stop();
});

describe('POST /redeem', () => {
  it('pays 1 per winning token and nothing for losing ones, exactly, once', async () => {
    const m = market();
    const [seller, buyer] = await Promise.all([Trader.create(venue.urls), Trader.create(venue.urls)]);
    venue.exchange.mint(seller.address.toLowerCase(), m.conditionId, Number(units('100')), 500_000);
    await fill(seller, buyer, m.tokens[0], '0.37', '12.34');
    await fill(seller, buyer, m.tokens[1], '0.61', '7.5');
    await resolve(m.conditionId, 0);

    const before = await balance(buyer);
    const r = await redeem(buyer, { conditionId: m.conditionId.toUpperCase().replace('0X', '0x') });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      conditionId: m.conditionId,
      redeemed: [
        { asset_id: m.tokens[0], size: '12.34', payout: '12.34' },
        { asset_id: m.tokens[1], size: '7.5', payout: '0' },
      ],
      payout: '12.34',
    });
    expect(await balance(buyer)).toBe(before + units('12.34'));

    // The account's activity shows the redemption; its positions in the market are gone.
    const user = buyer.address.toLowerCase();
    const trades = (await venue.get('data', `/trades?user=${user}&market=${m.conditionId}&takerOnly=false`)).body as Array<Record<string, unknown>>;
    expect(trades.filter((t) => t['side'] === 'SELL').map((t) => [t['outcomeIndex'], t['size'], t['price'], t['usdcSize']])).toEqual(
      expect.arrayContaining([
        [0, 12.34, 1, 12.34],
        [1, 7.5, 0, 0],
      ]),
    );
    const positions = (await venue.get('data', `/positions?user=${user}&market=${m.conditionId}&sizeThreshold=0`)).body as Array<Record<string, unknown>>;
    expect(positions.map((p) => [p['outcomeIndex'], p['size'], p['redeemable']])).toEqual(expect.arrayContaining([[0, 0, false], [1, 0, false]]));

    const again = await redeem(buyer, { conditionId: m.conditionId });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'NOTHING_TO_REDEEM', error: expect.stringMatching(/nothing to redeem/) });
    expect(await balance(buyer)).toBe(before + units('12.34'));

    // The other side of those trades, named as `market`: 100 − 12.34 winners, 100 − 7.5 losers.
    const sellerBefore = await balance(seller);
    const s = await redeem(seller, { market: m.conditionId });
    expect(s.body).toMatchObject({ payout: '87.66', redeemed: [{ size: '87.66', payout: '87.66' }, { size: '92.5', payout: '0' }] });
    expect(await balance(seller)).toBe(sellerBefore + units('87.66'));
  });

  it('refuses a market that is not resolved, an unknown one, and bad bodies, in words', async () => {
    const m = market();
    const holder = await Trader.create(venue.urls);
    venue.exchange.mint(holder.address.toLowerCase(), m.conditionId, Number(units('10')), 500_000);
    const cash = await balance(holder);

    const open = await redeem(holder, { conditionId: m.conditionId });
    expect(open.status).toBe(400);
    expect(open.body).toMatchObject({ code: 'MARKET_NOT_RESOLVED', error: expect.stringMatching(/is active/) });
    venue.exchange.setMarketStatus(m.conditionId, 'closed');
    expect((await redeem(holder, { conditionId: m.conditionId })).body).toMatchObject({ code: 'MARKET_NOT_RESOLVED', error: expect.stringMatching(/is closed/) });

    const unknown = `0x${'ab'.repeat(32)}`;
    expect((await redeem(holder, { conditionId: unknown })).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'conditionId', error: expect.stringContaining(unknown) });
    const bad: Array<[unknown, string]> = [
      [{}, 'conditionId'],
      [[m.conditionId], 'body'],
      [{ conditionId: 'abc' }, 'conditionId'],
      [{ market: 7 }, 'market'],
      [{ conditionId: m.conditionId, market: unknown }, 'market'],
    ];
    for (const [body, param] of bad) {
      const r = await redeem(holder, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toMatchObject({ code: 'INVALID_PARAMETER', param, error: expect.any(String) });
    }
    const unsigned = await venue.post('trading', '/redeem', JSON.stringify({ conditionId: m.conditionId }));
    expect(unsigned.status).toBe(401);

    // Nothing was paid on the way, and resolution makes the same tokens redeemable.
    expect(await balance(holder)).toBe(cash);
    await resolve(m.conditionId, 1);
    expect((await redeem(holder, { conditionId: m.conditionId })).body).toMatchObject({ payout: '10' });
    expect(await balance(holder)).toBe(cash + units('10'));
  });

  it('answers an account with nothing in a resolved market that there is nothing to redeem', async () => {
    const m = market();
    await resolve(m.conditionId, 0);
    const stranger = await Trader.create(venue.urls);
    const r = await redeem(stranger, { conditionId: m.conditionId });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'NOTHING_TO_REDEEM' });
  });
});
