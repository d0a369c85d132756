// The order journal against the real local venue: each row carries the size that matched, the
// average price where it is known, and the venue's answer (its status word, or why it refused),
// whether the order matched on arrival, partly, later while resting, or not at all.
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogChanged } from '../../../../venue/market-index.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { coreForFile, sellInto, tradable, type TradableMarket } from '../../test-support.js';

const h = coreForFile();
let m: TradableMarket;
beforeAll(() => {
  m = tradable(h.venue, 1);
  // No fees: the average prices below are the book's prices exactly.
  h.venue.db.prepare('UPDATE markets SET taker_base_fee = 0, maker_base_fee = 0 WHERE condition_id = ?').run(m.cid);
  catalogChanged(h.venue.db);
});

type Row = { orderId: string; state: string; size: string; sizeMatched: string; status?: string; avgPrice?: string; code?: string; message?: string };
type Result = { success: boolean; status?: string; orderId?: string; code?: string };

/** Another trader rests `size` of outcome `index` for sale at `price`. */
async function offer(index: number, price: string, size: string): Promise<void> {
  const maker = await Trader.create(h.venue.urls);
  h.venue.exchange.mint(maker.address.toLowerCase(), m.cid, 30_000_000, 500_000);
  const [placed] = (await maker.post([maker.order(m.tokens[index] as string, 'SELL', price, size, { negRisk: m.negRisk })])).body as Result[];
  expect(placed, JSON.stringify(placed)).toMatchObject({ success: true, status: 'live' });
}

const buy = (price: string, size: string, type = 'GTC') => ({ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price, size, type });

describe('a journal row', () => {
  it('of an order filled on arrival carries its filled size, average price and the venue’s “matched”', async () => {
    const acct = await h.account();
    await offer(0, '0.44', '5');
    await offer(0, '0.45', '5');
    const [r] = await h.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [buy('0.46', '10')] });
    expect(r).toMatchObject({ success: true, status: 'matched' });
    const [row] = await h.ok<Row[]>('orders.journal', { accountId: acct.id });
    // 5 at 0.44 and 5 at 0.45: 4.45 for 10.
    expect(row).toMatchObject({ orderId: r?.orderId, state: 'filled', size: '10', sizeMatched: '10', status: 'matched', avgPrice: '0.445' });
    expect(row?.code).toBeUndefined();
  });

  it('of an order partly filled on arrival rests with what matched, then fills at its own price', async () => {
    const acct = await h.account();
    await offer(0, '0.47', '5');
    const [r] = await h.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [buy('0.48', '12')] });
    expect(r).toMatchObject({ success: true, status: 'matched' });
    let [row] = await h.ok<Row[]>('orders.journal', { accountId: acct.id });
    expect(row).toMatchObject({ state: 'partly_filled', sizeMatched: '5', status: 'matched', avgPrice: '0.47' });
    await sellInto(h.venue, m, 0, '0.48', '7');
    // The rest was listed on the book until the sale took it.
    expect((await h.ok<{ data: Array<{ id: string }> }>('orders.open', { accountId: acct.id })).data).toEqual([]);
    [row] = await h.ok<Row[]>('orders.journal', { accountId: acct.id });
    // 5 at 0.47 and 7 at 0.48: 5.71 for 12, rounded to the micro.
    expect(row).toMatchObject({ state: 'filled', sizeMatched: '12', status: 'matched', avgPrice: '0.475833' });
  });

  it('of a resting order another trader fills carries the filled size, its price, and the venue’s “live”', async () => {
    const acct = await h.account();
    const [r] = await h.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [buy('0.30', '10')] });
    expect(r).toMatchObject({ success: true, status: 'live' });
    let [row] = await h.ok<Row[]>('orders.journal', { accountId: acct.id });
    expect(row).toMatchObject({ state: 'open', sizeMatched: '0', status: 'live' });
    expect(row?.avgPrice).toBeUndefined();
    await sellInto(h.venue, m, 0, '0.30', '10');
    await h.ok('orders.open', { accountId: acct.id });
    [row] = await h.ok<Row[]>('orders.journal', { accountId: acct.id });
    expect(row).toMatchObject({ orderId: r?.orderId, state: 'filled', sizeMatched: '10', status: 'live', avgPrice: '0.3' });
  });

  it('of a FAK order keeps what matched, its rest cancelled; one with nothing to hit says “unmatched”', async () => {
    const acct = await h.account();
    await offer(1, '0.20', '5');
    const [part, none] = await h.ok<Result[]>('orders.submit', {
      accountId: acct.id,
      lines: [{ ...buy('0.21', '8', 'FAK'), tokenId: m.tokens[1] }, buy('0.02', '5', 'FAK')],
    });
    const rows = await h.ok<Row[]>('orders.journal', { accountId: acct.id });
    expect(rows.find((x) => x.orderId === part?.orderId)).toMatchObject({ state: 'cancelled', sizeMatched: '5', status: 'matched', avgPrice: '0.2' });
    expect(rows.find((x) => x.orderId === none?.orderId)).toMatchObject({ state: 'cancelled', sizeMatched: '0', status: 'unmatched' });
  });

  it('of an order the venue refuses carries its code and words', async () => {
    const acct = await h.account();
    const [r] = await h.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [{ ...buy('0.5', '5'), side: 'SELL' }] });
    expect(r).toMatchObject({ success: false, code: 'INSUFFICIENT_BALANCE' });
    const [row] = await h.ok<Row[]>('orders.journal', { accountId: acct.id });
    expect(row).toMatchObject({ state: 'rejected', sizeMatched: '0', code: 'INSUFFICIENT_BALANCE' });
    expect(row?.message).toMatch(/needs that many tokens/);
    expect(row?.status).toBeUndefined();
  });
});
