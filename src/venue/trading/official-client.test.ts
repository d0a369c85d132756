// The service family's official TypeScript client (@polymarket/clob-client-v2), unchanged, against
// the venue set to the family's conventions (POLY_ headers, the chain-137 order domain): every
// method that reads or writes over HTTP, and none of them meets a 404. The venue's heartbeat
// timers are the test's, so that a silence is stepped through rather than waited out.
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { Wallet } from '@ethersproject/wallet';
import { AssetType, ClobClient, OrderType, Side, type ApiKeyCreds } from '@polymarket/clob-client-v2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getOrderDomainPreset } from '@shared/domain/order-domains.js';
import { hashId } from '../ids.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { manualTimers } from '../timers.js';
import { feeMicro } from '../money.js';
import { HEARTBEAT_WINDOW_MS } from './family-heartbeat.js';
import { orderKit, type Market } from './orders-support.js';
import { Trader } from './test-trader.js';

const family = getOrderDomainPreset('family-production-137')?.domain;
if (!family) throw new Error('the chain-137 order domain preset is missing');
const SETTINGS = { headerPrefix: 'POLY', chainId: family.chainId, exchangeName: family.name, exchangeAddress: family.exchange, negRiskExchangeAddress: family.negRiskExchange };

let venue: TestVenue;
const timers = manualTimers();
const { market, inventory, place, twoLevelBook } = orderKit(() => venue);
let m: Market;
let client: ClobClient;
let creds: ApiKeyCreds;
const key = hashId('official-client-test');

/** Every response the client got, as `status METHOD path`, seen under it at the HTTP layer. */
const responses: string[] = [];
subscribe('http.client.response.finish', (m) => {
  const { request, response } = m as { request: ClientRequest; response: IncomingMessage };
  responses.push(`${response.statusCode} ${request.method} ${request.path}`);
});
const notFound = (from = 0) => responses.slice(from).filter((r) => r.startsWith('404 '));

/** A reply the client returned instead of throwing (throwOnError is off): its HTTP status. */
function status(reply: unknown): number | undefined {
  return reply && typeof reply === 'object' && 'error' in reply ? (reply as { status?: number }).status : undefined;
}

/** The reply, after checking the venue served the route (no 404) and did not refuse the call. */
function served<T>(name: string, reply: T): T {
  expect(status(reply), `${name}: ${JSON.stringify(reply)}`).toBeUndefined();
  return reply;
}

beforeAll(async () => {
  venue = await startTestVenue({ rateLimitScale: 0, settings: SETTINGS, timers });
  m = market();
  // A maker's book on outcome 0: asks 0.33 and 0.35, bids 0.31 and 0.29, 10 each.
  const maker = await Trader.create(venue.urls, undefined, SETTINGS);
  await twoLevelBook(maker, m);
  const signer = new Wallet(key);
  const l1 = new ClobClient({ host: venue.urls.trading_url, chain: 137, signer });
  creds = served('createOrDeriveApiKey', await l1.createOrDeriveApiKey());
  client = new ClobClient({ host: venue.urls.trading_url, chain: 137, signer, creds });
});
afterAll(async () => {
  await venue?.stop();
});

describe('the official TypeScript client', () => {
  it('reads every public route', async () => {
    const t = m.tokens[0];
    expect(served('getOk', await client.getOk())).toBe('OK');
    expect(served('getVersion', await client.getVersion())).toBe(2);
    expect(typeof served('getServerTime', await client.getServerTime())).toBe('number');
    for (const [name, page] of [
      ['getMarkets', await client.getMarkets()],
      ['getSimplifiedMarkets', await client.getSimplifiedMarkets()],
      ['getSamplingMarkets', await client.getSamplingMarkets()],
      ['getSamplingSimplifiedMarkets', await client.getSamplingSimplifiedMarkets()],
    ] as const) {
      expect(served(name, page).data.length, name).toBeGreaterThan(0);
    }
    expect(served('getMarket', await client.getMarket(m.conditionId))).toMatchObject({ condition_id: m.conditionId });
    expect(served('getClobMarketInfo', await client.getClobMarketInfo(m.conditionId))).toMatchObject({ c: m.conditionId });
    const book = served('getOrderBook', await client.getOrderBook(t));
    expect(book).toMatchObject({ asset_id: t, tick_size: '0.01', min_order_size: '5', neg_risk: false });
    expect(await client.getOrderBookHash({ ...book })).toBe(book.hash);
    expect(served('getOrderBooks', await client.getOrderBooks([{ token_id: t, side: Side.BUY }]))).toHaveLength(1);
    expect(await client.getTickSize(t)).toBe('0.01');
    expect(await client.getNegRisk(t)).toBe(false);
    expect(typeof (await client.getFeeRateBps(t))).toBe('number');
    expect(typeof (await client.getFeeExponent(t))).toBe('number');
    expect(served('getMidpoint', await client.getMidpoint(t))).toEqual({ mid: '0.32' });
    expect(served('getMidpoints', await client.getMidpoints([{ token_id: t, side: Side.BUY }]))).toEqual({ [t]: '0.32' });
    expect(served('getPrice', await client.getPrice(t, 'BUY'))).toEqual({ price: '0.31' });
    expect(served('getPrices', await client.getPrices([{ token_id: t, side: Side.BUY }]))).toEqual({ [t]: { BUY: '0.31' } });
    expect(served('getSpread', await client.getSpread(t))).toEqual({ spread: '0.02' });
    expect(served('getSpreads', await client.getSpreads([{ token_id: t, side: Side.BUY }]))).toEqual({ [t]: '0.02' });
    served('getLastTradePrice', await client.getLastTradePrice(t));
    served('getLastTradesPrices', await client.getLastTradesPrices([{ token_id: t, side: Side.BUY }]));
    const now = Math.floor(Date.now() / 1000);
    expect(served('getPricesHistory', await client.getPricesHistory({ market: t, startTs: now - 3600, endTs: now }))).toHaveProperty('history');
  });

  it('prices a market order from the book as the family lists it', async () => {
    expect(await client.calculateMarketPrice(m.tokens[0], Side.BUY, 1, OrderType.FOK)).toBe(0.33);
    expect(await client.calculateMarketPrice(m.tokens[0], Side.SELL, 1, OrderType.FOK)).toBe(0.31);
  });

  it('trades, reads its account and cancels through every signed route', async () => {
    const t = m.tokens[0];
    expect(served('getApiKeys', await client.getApiKeys())).toEqual({ apiKeys: [creds.key] });
    expect(served('getClosedOnlyMode', await client.getClosedOnlyMode())).toEqual({ closed_only: false });
    const cash = served('getBalanceAllowance', await client.getBalanceAllowance({ asset_type: AssetType.COLLATERAL }));
    expect(Object.keys(cash.allowances)).toEqual([family.exchange, family.negRiskExchange]);

    const one = served('createAndPostOrder', await client.createAndPostOrder({ tokenID: t, price: 0.2, size: 5, side: Side.BUY }, { tickSize: '0.01' }));
    expect(one).toMatchObject({ success: true, status: 'live' });
    const signed = await client.createOrder({ tokenID: t, price: 0.21, size: 5, side: Side.BUY });
    const two = served('postOrder', await client.postOrder(signed));
    const batch = served('postOrders', await client.postOrders([{ order: await client.createOrder({ tokenID: t, price: 0.22, size: 5, side: Side.BUY }), orderType: OrderType.GTC }]));
    expect(batch[0]).toMatchObject({ success: true });
    expect(served('getOrder', await client.getOrder(two.orderID))).toMatchObject({ id: two.orderID, price: '0.21', status: 'live' });
    expect(served('getOpenOrders', await client.getOpenOrders({ market: m.conditionId }))).toHaveLength(3);

    // A market BUY of 2 cash, priced by the client from the book: fills at the best ask.
    const bought = served('createAndPostMarketOrder', await client.createAndPostMarketOrder({ tokenID: t, amount: 3.3, side: Side.BUY }, undefined, OrderType.FAK));
    expect(bought).toMatchObject({ success: true, status: 'matched' });
    const trades = served('getTrades', await client.getTrades({ market: m.conditionId }));
    expect(trades[0]).toMatchObject({ price: '0.33', side: 'BUY', trader_side: 'TAKER' });
    expect(served('getTradesPaginated', await client.getTradesPaginated({ market: m.conditionId }))).toMatchObject({ trades: [expect.objectContaining({ price: '0.33' })] });
    const held = served('getBalanceAllowance', await client.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: t }));
    expect(BigInt(held.balance)).toBeGreaterThan(0n);

    expect(served('cancelOrder', await client.cancelOrder({ orderID: one.orderID }))).toMatchObject({ canceled: [one.orderID] });
    expect(served('cancelOrders', await client.cancelOrders([two.orderID]))).toMatchObject({ canceled: [two.orderID] });
    expect(served('cancelMarketOrders', await client.cancelMarketOrders({ asset_id: t }))).toMatchObject({ canceled: [batch[0]?.orderID] });
    served('cancelAll', await client.cancelAll());
    expect(served('getOpenOrders', await client.getOpenOrders())).toEqual([]);

    // What the paper venue truly answers where the family has rewards, notifications and a migration.
    expect(served('isOrderScoring', await client.isOrderScoring({ order_id: one.orderID }))).toEqual({ scoring: false });
    expect(served('areOrdersScoring', await client.areOrdersScoring({ orderIds: [one.orderID] }))).toEqual({ [one.orderID]: false });
    expect(served('getNotifications', await client.getNotifications())).toEqual([]);
    served('dropNotifications', await client.dropNotifications({ ids: ['1'] }));
    expect(served('getPreMigrationOrders', await client.getPreMigrationOrders())).toEqual([]);
    expect(served('updateBalanceAllowance', await client.updateBalanceAllowance({ asset_type: AssetType.COLLATERAL }))).toHaveProperty('allowances');
    expect(served('getEarningsForUserForDay', await client.getEarningsForUserForDay('2026-11-01'))).toEqual([]);
    expect(served('getTotalEarningsForUserForDay', await client.getTotalEarningsForUserForDay('2026-11-01'))).toEqual([]);
    expect(served('getRewardPercentages', await client.getRewardPercentages())).toEqual({});
    const activity = served('getMarketTradesEvents', await client.getMarketTradesEvents(m.conditionId));
    expect(activity[0]).toMatchObject({ event_type: 'trade', price: '0.33', side: 'BUY', market: { condition_id: m.conditionId, asset_id: t } });
  });

  it("trades market orders in the family's rounding: a BUY by cash, a SELL by shares", async () => {
    const book = market();
    const t = book.tokens[0];
    const maker = await Trader.create(venue.urls, undefined, SETTINGS);
    inventory(maker, book, '100');
    await place(maker, [maker.order(t, 'SELL', '0.35', '10'), maker.order(t, 'SELL', '0.33', '10'), maker.order(t, 'BUY', '0.31', '10')]);
    const cash = async () => BigInt(served('getBalanceAllowance', await client.getBalanceAllowance({ asset_type: AssetType.COLLATERAL })).balance);
    const shares = async () => BigInt(served('getBalanceAllowance', await client.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: t })).balance);
    const fee = (price: number, size: number) => BigInt(feeMicro(book.takerBps, price, size));

    // 2.00 of cash, priced by the client at the best ask (0.33): 2 / 0.33 = 6.0606 shares (4 decimals).
    const cash0 = await cash();
    const buy = await client.createMarketOrder({ tokenID: t, amount: 2, side: Side.BUY });
    expect(buy).toMatchObject({ makerAmount: '2000000', takerAmount: '6060600' });
    const bought = served('postOrder', await client.postOrder(buy, OrderType.FOK));
    const paid = 1_999_998n + fee(330_000, 6_060_600); // 6.0606 × 0.33, and the taker fee
    expect(bought).toMatchObject({ success: true, status: 'matched', takingAmount: '6060600', makingAmount: String(paid) });
    expect(await shares()).toBe(6_060_600n);
    expect(cash0 - (await cash())).toBe(paid);

    // 5.05 shares, priced by the client at the best bid (0.31).
    const sold = served('createAndPostMarketOrder', await client.createAndPostMarketOrder({ tokenID: t, amount: 5.05, side: Side.SELL }, undefined, OrderType.FOK));
    const got = 1_565_500n - fee(310_000, 5_050_000); // 5.05 × 0.31, less the taker fee
    expect(sold).toMatchObject({ success: true, status: 'matched', makingAmount: '5050000', takingAmount: String(got) });
    expect(await shares()).toBe(6_060_600n - 5_050_000n);
    expect(cash0 - (await cash())).toBe(paid - got);
  });
});

describe('the official TypeScript client, beyond trading', () => {
  const code = `0x${'be'.repeat(32)}`;
  const rewarded = () => venue.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' AND rewards_daily_rate > 0 ORDER BY id").pluck().all() as string[];

  it("keeps a heartbeat chain, and its silence cancels the key's orders", async () => {
    const t = m.tokens[0];
    const first = served('postHeartbeat', await client.postHeartbeat());
    const next = served('postHeartbeat', await client.postHeartbeat(first.heartbeat_id));
    expect(next.heartbeat_id).not.toBe(first.heartbeat_id);
    expect(await client.postHeartbeat(first.heartbeat_id)).toMatchObject({ status: 400, error_msg: 'Invalid Heartbeat ID', heartbeat_id: next.heartbeat_id });
    served('createAndPostOrder', await client.createAndPostOrder({ tokenID: t, price: 0.1, size: 5, side: Side.BUY }, { tickSize: '0.01' }));
    expect(served('getOpenOrders', await client.getOpenOrders({ asset_id: t }))).toHaveLength(1);
    timers.advance(HEARTBEAT_WINDOW_MS);
    await vi.waitFor(async () => expect(served('getOpenOrders', await client.getOpenOrders({ asset_id: t }))).toEqual([]));
  });

  it('manages read-only keys, which read and may not write', async () => {
    const { apiKey } = served('createReadonlyApiKey', await client.createReadonlyApiKey());
    expect(served('getReadonlyApiKeys', await client.getReadonlyApiKeys())).toEqual([apiKey]);
    const address = await new Wallet(key).getAddress();
    const headers = { POLY_READONLY_API_KEY: apiKey, POLY_ADDRESS: address };
    expect((await fetch(`${venue.urls.trading_url}/data/orders?maker_address=${address}`, { headers })).status).toBe(200);
    expect((await fetch(`${venue.urls.trading_url}/cancel-all`, { method: 'DELETE', headers })).status).toBe(401);
    expect(served('deleteReadonlyApiKey', await client.deleteReadonlyApiKey(apiKey))).toBe(true);
    expect((await fetch(`${venue.urls.trading_url}/data/orders`, { headers })).status).toBe(401);
  });

  it('manages builder keys, and finds no builder trades or fees on paper', async () => {
    const b = served('createBuilderApiKey', await client.createBuilderApiKey());
    const builder = new ClobClient({ host: venue.urls.trading_url, chain: 137, signer: new Wallet(key), creds: b });
    expect(served('getBuilderApiKeys', await builder.getBuilderApiKeys())).toEqual([{ key: b.key, createdAt: expect.any(String) }]);
    served('revokeBuilderApiKey', await builder.revokeBuilderApiKey());
    expect(status(await builder.getBuilderApiKeys())).toBe(401);
    expect(served('getBuilderApiKeys', await client.getBuilderApiKeys())).toEqual([{ key: b.key, createdAt: expect.any(String), revokedAt: expect.any(String) }]);

    expect(served('getBuilderTrades', await client.getBuilderTrades({ builder_code: code }))).toEqual({ trades: [], next_cursor: 'LTE=', limit: 100, count: 0 });
    const privately = client as unknown as { getBuilderTakerFeeRate(code: string): Promise<number> };
    expect(await privately.getBuilderTakerFeeRate(code)).toBe(0);
    // A market order carrying a builder code reads the builder's fee on the way (GET /fees/builder-fees/{code}).
    const order = await client.createMarketOrder({ tokenID: m.tokens[0], amount: 1, side: Side.BUY, price: 0.35, builderCode: code, userUSDCBalance: 1000 });
    expect(order).toHaveProperty('signature');
    expect(responses.some((r) => r.startsWith(`200 GET /trading/fees/builder-fees/${code}`))).toBe(true);
  });

  it('reads the rewards programmes: the markets the venue rewards, nothing earned on paper', async () => {
    const cids = rewarded();
    expect(cids.length).toBeGreaterThan(0);
    expect(served('getCurrentRewards', await client.getCurrentRewards()).map((r) => r.condition_id)).toEqual(cids);
    expect(served('getRawRewardsForMarket', await client.getRawRewardsForMarket(cids[0] as string))).toMatchObject([{ condition_id: cids[0], rewards_config: [{ total_rewards: 0 }] }]);
    const mine = served('getUserEarningsAndMarketsConfig', await client.getUserEarningsAndMarketsConfig('2026-11-01'));
    expect(mine.map((r) => r.condition_id)).toEqual(cids);
    expect(mine[0]).toMatchObject({ earning_percentage: 0, earnings: [] });
  });

  it("resolves a trade's transaction hash by its id", async () => {
    const [trade] = served('getTrades', await client.getTrades({ market: m.conditionId }, true));
    expect(trade?.transaction_hash).toMatch(/^0x/);
    const privately = client as unknown as { resolveTransactionsHashes(r: { tradeIDs: string[] }): Promise<{ transactionsHashes?: string[] }> };
    expect(await privately.resolveTransactionsHashes({ tradeIDs: [trade?.id ?? ''] })).toMatchObject({ transactionsHashes: [trade?.transaction_hash] });
  });

  it('deletes its API key, which is then refused', async () => {
    const signer = new Wallet(hashId('official-client-test:deleted'));
    const own = served('createOrDeriveApiKey', await new ClobClient({ host: venue.urls.trading_url, chain: 137, signer }).createOrDeriveApiKey());
    const doomed = new ClobClient({ host: venue.urls.trading_url, chain: 137, signer, creds: own });
    served('getApiKeys', await doomed.getApiKeys());
    served('deleteApiKey', await doomed.deleteApiKey());
    expect(status(await doomed.getApiKeys())).toBe(401);
  });
});

/** Public methods that call the venue, each called above; a method the client gains fails the check below until listed. */
const CALLED = [
  'getOk', 'getVersion', 'getServerTime', 'getSamplingSimplifiedMarkets', 'getSamplingMarkets', 'getSimplifiedMarkets', 'getMarkets', 'getMarket', 'getClobMarketInfo',
  'getOrderBook', 'getOrderBooks', 'getTickSize', 'getNegRisk', 'getFeeRateBps', 'getFeeExponent', 'getMidpoint', 'getMidpoints', 'getPrice', 'getPrices', 'getSpread',
  'getSpreads', 'getLastTradePrice', 'getLastTradesPrices', 'getPricesHistory', 'createApiKey', 'deriveApiKey', 'createOrDeriveApiKey', 'getApiKeys', 'getClosedOnlyMode',
  'getOrder', 'getTrades', 'getTradesPaginated', 'getNotifications', 'dropNotifications', 'getBalanceAllowance', 'updateBalanceAllowance', 'createOrder', 'createMarketOrder',
  'createAndPostOrder', 'createAndPostMarketOrder', 'getOpenOrders', 'getPreMigrationOrders', 'postOrder', 'postOrders', 'cancelOrder', 'cancelOrders', 'cancelAll',
  'cancelMarketOrders', 'isOrderScoring', 'areOrdersScoring', 'calculateMarketPrice', 'getEarningsForUserForDay', 'getTotalEarningsForUserForDay', 'getRewardPercentages',
  'getMarketTradesEvents', 'postHeartbeat', 'deleteApiKey', 'createReadonlyApiKey', 'getReadonlyApiKeys', 'deleteReadonlyApiKey', 'getBuilderTrades',
  'getUserEarningsAndMarketsConfig', 'getCurrentRewards', 'getRawRewardsForMarket', 'createBuilderApiKey', 'getBuilderApiKeys', 'revokeBuilderApiKey',
];
/** Private helpers that call the venue, reached through the methods above (getBuilderTakerFeeRate and resolveTransactionsHashes also directly). */
const THROUGH = [
  'getBuilderTakerFeeRate', 'ensureBuilderFeeRateCached', 'adjustBuyAmountForBalance', '_ensureMarketInfoCached', '_resolveTickSize', '_resolveFeeRateBps', 'resolveVersion',
  '_retryOnVersionUpdate', 'waitForResolvedTrades', 'resolveTransactionsHashes', 'get', 'post', 'del',
];
/** Methods that never call the venue: checks, signing and hashing done in the client. */
const LOCAL = ['constructor', 'getOrderBookHash', 'createExchangeV3OrderFromAmounts', 'canL1Auth', 'canL2Auth', 'isBuilderOrder', '_isOrderVersionMismatch', 'throwIfError'];

describe("the client's methods", () => {
  it('are each called above, reached through those, or local (nothing is skipped)', () => {
    const all = Object.getOwnPropertyNames(ClobClient.prototype).sort();
    expect([...CALLED, ...THROUGH, ...LOCAL].sort()).toEqual(all);
  });

  it('none of them met a 404', () => {
    expect(responses.length).toBeGreaterThan(60);
    expect(notFound()).toEqual([]);
  });
});
