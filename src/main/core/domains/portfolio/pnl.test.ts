// The account's P&L through the core against the local venue: buy, sell, buy again, resolve and
// redeem for +$3.03; value = cash + positions and P&L = realised + unrealised at every step, the
// redeemed position kept in the closed list, snapshots that agree, and open buys reserved from the
// journal where the venue reports no balance.
import { describe, expect, it } from 'vitest';
import { catalogChanged } from '../../../../venue/market-index.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import type { AccountPnl } from '@shared/ipc/pnl.js';
import { coreForFile, tradable, type CoreHarness } from '../../test-support.js';

// A market's resolution reaches the core once its answers are past their freshness (15 s): each
// test moves its core's clock past that once, after resolving.
const skews = [{ ms: 0 }, { ms: 0 }];
const cores = skews.map((skew) => coreForFile({ core: { clock: { now: () => Date.now() + skew.ms } } }));
const later = (i: number): void => void ((skews[i] as { ms: number }).ms += 15_001);

describe('account P&L', () => {
  it('adds up through buy, sell, buy again, resolution and redemption', async () => {
    const h = cores[0] as CoreHarness;
    const m = tradable(h.venue, 3);
    // No fees, so every figure is the plain arithmetic below.
    h.venue.db.prepare('UPDATE markets SET maker_base_fee = 0, taker_base_fee = 0, fee_rate = 0 WHERE condition_id = ?').run(m.cid);
    catalogChanged(h.venue.db);
    const acct = await h.account();
    const yes = m.tokens[0] as string;
    const other = await Trader.create(h.venue.urls);
    h.venue.exchange.mint(other.address.toLowerCase(), m.cid, 50_000_000, 500_000);
    const pnl = async (): Promise<AccountPnl> => (await h.ok<{ data: AccountPnl }>('portfolio.pnl', { accountId: acct.id })).data;
    const trade = async (side: 'BUY' | 'SELL', price: string, size: string): Promise<void> => {
      // The other trader rests the opposite side; the account takes it, fill or kill.
      const rested = await other.post([other.order(yes, side === 'BUY' ? 'SELL' : 'BUY', price, size, { negRisk: m.negRisk })]);
      expect(rested.body[0], JSON.stringify(rested.body[0])).toMatchObject({ success: true, status: 'live' });
      const r = await h.ok<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: yes, side, price, size, type: 'FOK' }] });
      expect(r[0]).toMatchObject({ success: true, status: 'matched' });
    };

    const start = await pnl();
    expect(start).toMatchObject({ cash: '10000', value: '10000', positionsValue: '0', realised: '0', unrealised: '0', pnl: '0', open: [], closed: [] });

    await trade('BUY', '0.4', '10');
    await trade('SELL', '0.46', '10');
    const sold = await pnl();
    expect(sold).toMatchObject({ cash: '10000.6', value: '10000.6', realised: '0.6', unrealised: '0', pnl: '0.6', open: [] });
    expect(sold.closed).toEqual([expect.objectContaining({ asset: `${m.cid}:0`, tokenId: yes, state: 'closed', size: '0', realised: '0.6', source: 'venue' })]);

    await trade('BUY', '0.73', '9');
    const again = await pnl();
    const [row] = again.open;
    expect(row).toMatchObject({ asset: `${m.cid}:0`, tokenId: yes, state: 'open', size: '9', cost: '6.57', avgPrice: '0.73', realised: '0.6' });
    // value = cash + marked positions; P&L = realised + unrealised = value − the 10,000 paid in.
    expect(again.cash).toBe('9994.03');
    expect(Number(again.value)).toBeCloseTo(9994.03 + Number(again.positionsValue), 6);
    expect(again.unrealised).toBe(String(Math.round((Number(row?.value) - 6.57) * 1e6) / 1e6));
    expect(Math.round((Number(again.value) - 10000) * 1e6)).toBe(Math.round(Number(again.pnl) * 1e6));

    // Resolved for the held outcome: worth exactly $1 a token, the gain final before redeeming.
    h.venue.exchange.setMarketStatus(m.cid, 'resolved', 0);
    later(0);
    const settled = await pnl();
    expect(settled.open).toEqual([expect.objectContaining({ state: 'settled', settles: '1', size: '9', value: '9', realised: '3.03', unrealised: '0' })]);
    expect(settled).toMatchObject({ positionsValue: '9', value: '10003.03', realised: '3.03', unrealised: '0', pnl: '3.03' });

    const redeemed = await h.ok<{ payout: string }>('portfolio.redeem', { accountId: acct.id, conditionId: m.cid });
    expect(redeemed.payout).toBe('9');
    const after = await pnl();
    expect(after).toMatchObject({ cash: '10003.03', positionsValue: '0', value: '10003.03', realised: '3.03', unrealised: '0', pnl: '3.03', open: [] });
    expect(after.closed).toEqual([expect.objectContaining({ asset: `${m.cid}:0`, tokenId: yes, state: 'closed', realised: '3.03', source: 'venue' })]);
    expect(after.notes).toEqual([]);

    // Every call left a snapshot that agrees with it; the last one reads as the gain it is.
    const history = await h.ok<Array<{ value: string; pnl: string; cash?: string; realised?: string }>>('portfolio.history', { accountId: acct.id });
    expect(history.at(-1)).toMatchObject({ value: '10003.03', pnl: '3.03', cash: '10003.03', realised: '3.03', unrealised: '0' });
    expect(history.map((p) => p.pnl)).toEqual(expect.arrayContaining(['0', '0.6', '3.03']));
  });

  it('counts a market resolved against the position as a realised loss of its cost', async () => {
    const h = cores[1] as CoreHarness;
    const m = tradable(h.venue, 4);
    h.venue.db.prepare('UPDATE markets SET maker_base_fee = 0, taker_base_fee = 0, fee_rate = 0 WHERE condition_id = ?').run(m.cid);
    catalogChanged(h.venue.db);
    const acct = await h.account('Loser');
    const other = await Trader.create(h.venue.urls);
    h.venue.exchange.mint(other.address.toLowerCase(), m.cid, 50_000_000, 500_000);
    await other.post([other.order(m.tokens[1] as string, 'SELL', '0.25', '20', { negRisk: m.negRisk })]);
    await h.ok('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[1], side: 'BUY', price: '0.25', size: '20', type: 'FOK' }] });
    h.venue.exchange.setMarketStatus(m.cid, 'resolved', 0);
    later(1);
    const r = (await h.ok<{ data: AccountPnl }>('portfolio.pnl', { accountId: acct.id })).data;
    expect(r.open).toEqual([expect.objectContaining({ state: 'settled', settles: '0', size: '20', cost: '5', value: '0', realised: '-5', unrealised: '0' })]);
    expect(r).toMatchObject({ cash: '9995', positionsValue: '0', value: '9995', realised: '-5', unrealised: '0', pnl: '-5' });
  });
});
