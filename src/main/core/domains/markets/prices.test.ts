// The freshest price of a token, against the real venue: read from the trading surface's price
// map once older than the freshness window, replaced by any newer reading (a book the market
// page reads), and dated by the reading it rests on.
import { beforeAll, describe, expect, it } from 'vitest';
import { choosePrice } from '@shared/domain/price.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { coreForFile, tradable, type TradableMarket } from '../../test-support.js';
import { FRESH } from '../../context.js';
import { BOOK_FRESH } from './markets.js';

const skew = { ms: 0 };
const h = coreForFile({ core: { clock: { now: () => Date.now() + skew.ms } } });
let m: TradableMarket;
beforeAll(() => {
  m = tradable(h.venue, 6);
});

type Price = { tokenId: string; price: string; basis: 'mid' | 'last'; at: number; live: boolean };
type Book = { data: { bids: Array<{ price: string }>; asks: Array<{ price: string }> }; fetchedAt: number };

const top = (levels: Array<{ price: string }>, dir: 1 | -1): string | null =>
  levels.map((l) => l.price).sort((a, b) => dir * (Number(b) - Number(a)))[0] ?? null;

/** What the rule makes of a book read, with the venue's last trade. */
async function expected(token: string): Promise<{ book: Book; price: ReturnType<typeof choosePrice> }> {
  const book = await h.ok<Book>('markets.book', { tokenId: token });
  const res = await fetch(`${h.venue.urls.trading_url}/last-trades-prices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ token_id: token }]) });
  const last = ((await res.json()) as Array<{ token_id: string; price: string }>).find((x) => x.token_id === token);
  return { book, price: choosePrice({ bid: top(book.data.bids, 1), ask: top(book.data.asks, -1), last: last?.price ?? null }) };
}

/** A resting order of another trader (GTC): the book moves. */
async function rest(token: string, side: 'BUY' | 'SELL', price: string): Promise<void> {
  const t = await Trader.create(h.venue.urls);
  h.venue.exchange.fund(t.address.toLowerCase(), 100_000_000);
  h.venue.exchange.mint(t.address.toLowerCase(), m.cid, 30_000_000, 500_000);
  const r = await t.post([t.order(token, side, price, '20', { negRisk: m.negRisk })]);
  expect(r.status).toBe(200);
  expect(r.body[0]).toMatchObject({ success: true, status: 'live' });
}

describe('the freshest price of a token', () => {
  it('follows the one rule, is kept for the freshness window, then read again', async () => {
    const token = m.tokens[0] as string;
    const first = await expected(token);
    const [p] = await h.ok<Price[]>('markets.prices', { tokenIds: [token] });
    expect(p).toMatchObject({ tokenId: token, price: first.price?.price, basis: first.price?.basis, live: false });

    // A tight book: its midpoint is the price from now on; within the window the answer is the kept one.
    await rest(token, 'BUY', '0.4');
    await rest(token, 'SELL', '0.42');
    skew.ms += 1000;
    const [kept] = await h.ok<Price[]>('markets.prices', { tokenIds: [token] });
    expect(kept).toEqual(p);

    skew.ms += FRESH.prices;
    const now = await expected(token);
    const [moved] = await h.ok<Price[]>('markets.prices', { tokenIds: [token] });
    expect(now.price).toEqual({ price: '0.41', basis: 'mid' });
    expect(moved).toMatchObject({ price: '0.41', basis: 'mid' });
    expect(moved?.price).not.toBe(p?.price);
    expect(moved?.at).toBeGreaterThan(p?.at as number);
  });

  it('takes a newer book read by a screen over its own older reading', async () => {
    const token = m.tokens[1] as string;
    const [before] = await h.ok<Price[]>('markets.prices', { tokenIds: [token] });
    await rest(token, 'BUY', '0.3');
    await rest(token, 'SELL', '0.34');
    // The market page's book poll, after its short keep: newer than the price map read above.
    skew.ms += BOOK_FRESH + 200;
    const now = await expected(token);
    const [after] = await h.ok<Price[]>('markets.prices', { tokenIds: [token] });
    expect(now.price).toEqual({ price: '0.32', basis: 'mid' });
    expect(after).toMatchObject({ price: '0.32', basis: 'mid', at: now.book.fetchedAt });
    expect(after?.at).toBeGreaterThan(before?.at ?? 0);
  });

  it('leaves out tokens without a price and refuses an empty ask', async () => {
    expect(await h.ok<Price[]>('markets.prices', { tokenIds: ['12345'] })).toEqual([]);
    expect(await h.fails('markets.prices', { tokenIds: [] })).toMatchObject({ message: expect.stringContaining('at least one token') });
  });
});
