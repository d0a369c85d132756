// The book the market page polls: kept only a second, so the user's own order, just placed or
// cancelled, shows in the next read rather than one a poll later.
import { beforeAll, describe, expect, it } from 'vitest';
import { coreForFile, tradable, type TradableMarket } from '../../test-support.js';
import { BOOK_FRESH } from './markets.js';

const skew = { ms: 0 };
const h = coreForFile({ core: { clock: { now: () => Date.now() + skew.ms } } });
let m: TradableMarket;
beforeAll(() => {
  m = tradable(h.venue, 4);
});

type Book = { data: { bids: Array<{ price: string; size: string }> }; fetchedAt: number };
const bidAt = (b: Book, price: string): string | undefined => b.data.bids.find((l) => l.price === price)?.size;

describe('the order book read', () => {
  it('shows an order placed a second ago, and reuses a read within the second', async () => {
    const acct = await h.account();
    const token = m.tokens[0] as string;
    const before = await h.ok<Book>('markets.book', { tokenId: token });
    expect(bidAt(before, '0.03')).toBeUndefined();
    const [placed] = await h.ok<Array<{ success: boolean; status?: string; orderId?: string }>>('orders.submit', {
      accountId: acct.id,
      lines: [{ conditionId: m.cid, tokenId: token, side: 'BUY', price: '0.03', size: '7' }],
    });
    expect(placed).toMatchObject({ success: true, status: 'live' });
    // Asked again at once, the kept answer serves: one page's polls cost the venue one read.
    expect((await h.ok<Book>('markets.book', { tokenId: token })).fetchedAt).toBe(before.fetchedAt);

    skew.ms += BOOK_FRESH + 200;
    const after = await h.ok<Book>('markets.book', { tokenId: token });
    expect(bidAt(after, '0.03')).toBe('7');

    await h.ok('orders.cancel', { accountId: acct.id, orderIds: [placed?.orderId] });
    skew.ms += BOOK_FRESH + 200;
    expect(bidAt(await h.ok<Book>('markets.book', { tokenId: token }), '0.03')).toBeUndefined();
  });

  it('serves levels best first, though the venue lists them best last', async () => {
    const acct = await h.account();
    const token = m.tokens[1] as string;
    const lines = ['0.02', '0.04', '0.03'].map((price) => ({ conditionId: m.cid, tokenId: token, side: 'BUY' as const, price, size: '5' }));
    await h.ok('orders.submit', { accountId: acct.id, lines });
    skew.ms += BOOK_FRESH + 200;
    const raw = (await h.venue.get('trading', `/book?token_id=${token}`)).body as { bids: Array<{ price: string }> };
    expect(raw.bids.map((l) => l.price)).toEqual(['0.02', '0.03', '0.04']);
    const read = await h.ok<Book>('markets.book', { tokenId: token });
    expect(read.data.bids.map((l) => l.price)).toEqual(['0.04', '0.03', '0.02']);
  });
});
