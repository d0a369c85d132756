// An account's portfolio through the core: the venue's own sorts and filters, bad ones refused
// by name, and value snapshots taken with each answer of the account's P&L.
import { describe, expect, it } from 'vitest';
import { POSITION_SORT_BY } from '@shared/spec/index.js';
import { coreForFile, sellInto, tradable } from '../../test-support.js';

const h = coreForFile();

type Row = { asset?: string; title?: string; conditionId?: string; side?: string; size?: number; avgPrice?: number };
const venueData = async (path: string): Promise<Row[]> => (await (await fetch(`${h.venue.urls.data_url}${path}`)).json()) as Row[];
const assets = (rows: Row[]): Array<string | undefined> => rows.map((r) => r.asset);

describe('portfolio sorts and filters', () => {
  it('gives the venue’s own answer for every sort, direction and filter of /positions and /trades', async () => {
    const wallet = (h.venue.db.prepare('SELECT wallet FROM positions WHERE size >= 1000000 GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
    const all = (await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500 })).data;
    expect(all.length).toBeGreaterThan(3);
    for (const sortBy of POSITION_SORT_BY) {
      for (const sortDirection of ['ASC', 'DESC'] as const) {
        const mine = await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, sortBy, sortDirection });
        expect(assets(mine.data), `${sortBy} ${sortDirection}`).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&sortBy=${sortBy}&sortDirection=${sortDirection}`)));
      }
    }
    const byTitle = (await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, sortBy: 'TITLE', sortDirection: 'ASC' })).data.map((r) => (r.title ?? '').toLowerCase());
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // A title search narrows to the titles that hold it, as the venue answers it.
    const word = (all[0]?.title ?? '').split(/\s+/).find((w) => w.length > 4) as string;
    const titled = (await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, title: word })).data;
    expect(titled.length).toBeGreaterThan(0);
    expect(titled.length).toBeLessThan(all.length);
    expect(titled.every((r) => (r.title ?? '').toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(assets(titled)).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&title=${encodeURIComponent(word)}`)));

    const market = all[0]?.conditionId as string;
    const inMarket = (await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, market: [market] })).data;
    expect(inMarket.length).toBeGreaterThan(0);
    expect(inMarket.every((r) => r.conditionId === market)).toBe(true);
    for (const flag of ['redeemable', 'mergeable'] as const) {
      const mine = (await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, [flag]: true })).data;
      expect(assets(mine), flag).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&${flag}=true`)));
    }
    const dust = (await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500, sizeThreshold: 0 })).data;
    expect(dust.length).toBeGreaterThanOrEqual(all.length);
    expect(assets(dust)).toEqual(assets(await venueData(`/positions?user=${wallet}&limit=500&sizeThreshold=0`)));

    const sells = (await h.ok<{ data: Row[] }>('portfolio.trades', { address: wallet, limit: 500, side: 'SELL' })).data;
    expect(sells.every((t) => t.side === 'SELL')).toBe(true);
    expect(sells.length).toBe((await venueData(`/trades?user=${wallet}&limit=500&side=SELL&takerOnly=false`)).length);
    const traded = (await h.ok<{ data: Row[] }>('portfolio.trades', { address: wallet, limit: 500, market: [market] })).data;
    expect(traded.every((t) => t.conditionId === market)).toBe(true);
  });

  it('refuses a bad sort or filter with INVALID_INPUT naming the field', async () => {
    const address = '0x' + 'ab'.repeat(20);
    const bad = await h.fails('portfolio.positions', { address, sortBy: 'SIZE' });
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'sortBy' });
    expect(bad.message).toMatch(/^Sort by: expected one of CURRENT, INITIAL, TOKENS/);
    expect(await h.fails('portfolio.positions', { address, sortDirection: 'UP' })).toMatchObject({ code: 'INVALID_INPUT', field: 'sortDirection' });
    expect(await h.fails('portfolio.positions', { address, title: 'x'.repeat(101) })).toMatchObject({ code: 'INVALID_INPUT', field: 'title' });
    expect(await h.fails('portfolio.positions', { address, sizeThreshold: -1 })).toMatchObject({ code: 'INVALID_INPUT', field: 'sizeThreshold' });
    expect(await h.fails('portfolio.positions', { address, redeemable: 'yes' })).toMatchObject({ code: 'INVALID_INPUT', field: 'redeemable' });
    expect(await h.fails('portfolio.positions', { address, market: [] })).toMatchObject({ code: 'INVALID_INPUT', field: 'market' });
    expect(await h.fails('portfolio.trades', { address, side: 'HOLD' })).toMatchObject({ code: 'INVALID_INPUT', field: 'side' });
  });
});

describe('value over time', () => {
  it('records a snapshot with each P&L answer, kept in user data through a cache reset', async () => {
    const m = tradable(h.venue);
    const acct = await h.account();
    await h.ok('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[1], side: 'BUY', price: '0.31', size: '10' }, { conditionId: m.cid, tokenId: m.tokens[1], side: 'BUY', price: '0.30', size: '10' }] });
    await sellInto(h.venue, m, 1, '0.30', '15');
    expect(await h.ok<unknown[]>('portfolio.history', { accountId: acct.id })).toEqual([]);
    // A read of positions alone, filtered or not, is no snapshot of the account.
    await h.ok('portfolio.positions', { address: acct.address, title: 'no market is called this' });
    const whole = await h.ok<{ data: Row[] }>('portfolio.positions', { address: acct.address, sortBy: 'TITLE', sortDirection: 'ASC' });
    expect(await h.ok<unknown[]>('portfolio.history', { accountId: acct.id })).toEqual([]);
    // Bought 10 at 0.31 and 5 at 0.30.
    expect(whole.data.find((p) => p.asset === `${m.cid}:1`)).toMatchObject({ size: 15, avgPrice: expect.closeTo(4.6 / 15, 6) });
    const pnl = await h.ok<{ data: { value: string; pnl: string; cash: string } }>('portfolio.pnl', { accountId: acct.id });
    const history = await h.ok<Array<{ value: string; pnl: string; cash?: string }>>('portfolio.history', { accountId: acct.id });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ value: pnl.data.value, pnl: pnl.data.pnl, cash: pnl.data.cash });
    await h.ok('cache.reset');
    expect(await h.ok('portfolio.history', { accountId: acct.id })).toEqual(history);
  });
});
