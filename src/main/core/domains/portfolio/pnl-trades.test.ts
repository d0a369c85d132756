// The account's P&L on a venue that gives less than the local one: no realizedPnl on its
// positions, no row for a position once nothing is held, and no trade for a redemption (as the
// service family's deployments answer). Kairos computes what is missing from the venue's trades
// by average cost and the market's resolution, and says so in the notes.
import { describe, expect, it } from 'vitest';
import { catalogChanged } from '../../../../venue/market-index.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import type { AccountPnl } from '@shared/ipc/pnl.js';
import { coreForFile, tradable, type TradableMarket } from '../../test-support.js';

/** The data surface's answers as such a venue gives them. */
const sparing: typeof fetch = async (url, init) => {
  const r = await fetch(url, init);
  const path = new URL(String(url)).pathname;
  if (!r.ok || (!path.endsWith('/data/positions') && !path.endsWith('/data/trades'))) return r;
  let rows = (await r.json()) as Array<Record<string, unknown>>;
  if (path.endsWith('/positions')) rows = rows.filter((p) => Number(p['size']) > 0).map(({ realizedPnl: _r, percentRealizedPnl: _p, ...p }) => p);
  else rows = rows.filter((t) => Number(t['price']) !== 0 && Number(t['price']) !== 1);
  return new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } });
};

const skew = { ms: 0 };
const h = coreForFile({ core: { http: { fetch: sparing }, clock: { now: () => Date.now() + skew.ms } } });

describe('P&L where the venue gives less', () => {
  it('computes realised P&L from the trades, keeps closed positions it no longer lists, and settles redeemed ones by the resolution', async () => {
    const acct = await h.account();
    const other = await Trader.create(h.venue.urls);
    const market = (nth: number): TradableMarket => {
      const m = tradable(h.venue, nth);
      h.venue.db.prepare('UPDATE markets SET maker_base_fee = 0, taker_base_fee = 0, fee_rate = 0 WHERE condition_id = ?').run(m.cid);
      catalogChanged(h.venue.db);
      h.venue.exchange.mint(other.address.toLowerCase(), m.cid, 50_000_000, 500_000);
      return m;
    };
    const trade = async (m: TradableMarket, side: 'BUY' | 'SELL', price: string, size: string): Promise<void> => {
      const rested = await other.post([other.order(m.tokens[0] as string, side === 'BUY' ? 'SELL' : 'BUY', price, size, { negRisk: m.negRisk })]);
      expect(rested.body[0], JSON.stringify(rested.body[0])).toMatchObject({ success: true, status: 'live' });
      const r = await h.ok<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side, price, size, type: 'FOK' }] });
      expect(r[0]).toMatchObject({ success: true, status: 'matched' });
    };
    const [held, sold, won] = [market(5), market(6), market(7)];
    await trade(held, 'BUY', '0.4', '10');
    await trade(held, 'SELL', '0.5', '5'); // +0.50 realised, 5 left at 0.40
    await trade(sold, 'BUY', '0.3', '10');
    await trade(sold, 'SELL', '0.35', '10'); // +0.50, nothing left
    await trade(won, 'BUY', '0.8', '5'); // resolved for it and redeemed: +1.00
    h.venue.exchange.setMarketStatus(won.cid, 'resolved', 0);
    await h.ok('portfolio.redeem', { accountId: acct.id, conditionId: won.cid });
    skew.ms += 15_001;

    const r = (await h.ok<{ data: AccountPnl }>('portfolio.pnl', { accountId: acct.id })).data;
    expect(r.open).toEqual([expect.objectContaining({ asset: `${held.cid}:0`, tokenId: held.tokens[0], state: 'open', size: '5', cost: '2', realised: '0.5', source: 'trades' })]);
    const closed = new Map(r.closed.map((p) => [p.conditionId, p]));
    expect(closed.get(sold.cid)).toMatchObject({ tokenId: sold.tokens[0], state: 'closed', realised: '0.5', source: 'trades' });
    expect(closed.get(won.cid)).toMatchObject({ tokenId: won.tokens[0], state: 'closed', realised: '1', source: 'trades' });
    expect(r.realised).toBe('2');
    expect(r.pnl).toBe(String(Math.round((2 + Number(r.unrealised)) * 1e6) / 1e6));
    expect(r.notes).toEqual([
      '2 closed positions the venue no longer lists: realised P&L computed by Kairos from the venue’s trades (fees not counted).',
      '1 position without a realised P&L from the venue: computed by Kairos from the venue’s trades (fees not counted).',
    ]);
  });
});
