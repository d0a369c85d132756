import { describe, expect, it } from 'vitest';
import { capOnTick, levelsOf, midOf, STALE_BOOK_MS, walkBook, type WalkLevel } from './book-walk.js';

const c = (cents: number): bigint => BigInt(Math.round(cents * 10_000)); // price in cents → micros
const sh = (shares: number): bigint => BigInt(Math.round(shares * 1_000_000));
const usd = (d: number): bigint => BigInt(Math.round(d * 1_000_000));
// Asks 50¢ × 10, 52¢ × 20, 55¢ × 100, listed best-last as the family's venues send them.
const asks: WalkLevel[] = [
  { price: c(55), size: sh(100) },
  { price: c(52), size: sh(20) },
  { price: c(50), size: sh(10) },
];
const bids: WalkLevel[] = [
  { price: c(48), size: sh(5) },
  { price: c(47), size: sh(5) },
];
const book = (levels: WalkLevel[], more: object = {}) => ({ levels, at: 1_000, now: 4_000, mid: c(49), ...more });

describe('walking the book', () => {
  it('fills shares across levels at each level’s price, best first whatever the order sent', () => {
    const w = walkBook({ side: 'BUY', shares: sh(25) }, book(asks), { takerFeeBps: 0 });
    // 10 at 50¢ + 15 at 52¢ = $5.00 + $7.80.
    expect(w).toMatchObject({ shares: sh(25), orderShares: sh(25), cash: usd(12.8), fee: 0n, net: usd(12.8), bestPrice: c(50), worstPrice: c(52), partial: false });
    expect(w.avgPrice).toBe(512_000n); // 51.2¢
    expect(w.slippage).toBe(22_000n); // 2.2¢ above the 49¢ mid
    const reversed = walkBook({ side: 'BUY', shares: sh(25) }, book([...asks].reverse()), { takerFeeBps: 0 });
    expect(reversed.cash).toBe(w.cash);
  });

  it('charges the taker fee at each level’s price, rounded up, and averages against the trader', () => {
    // 200 bps: at 50¢ on 10 = $0.10; at 52¢ (edge 48¢) on 0.03 = 0.000288 → 288 micros.
    const w = walkBook({ side: 'BUY', shares: sh(10.03) }, book(asks), { takerFeeBps: 200 });
    expect(w.fee).toBe(100_000n + 288n);
    expect(w.cash).toBe(usd(5) + 15_600n);
    // 5.0156 / 10.03 = 0.500059…: up to 0.50006.
    expect(w.avgPrice).toBe(500_060n);
    const sell = walkBook({ side: 'SELL', shares: sh(7) }, book(bids), { takerFeeBps: 200 });
    // 5 at 48¢ + 2 at 47¢ = 2.40 + 0.94; fee 0.048 + 0.0188; received net of it.
    expect(sell).toMatchObject({ cash: usd(3.34), fee: 66_800n, net: usd(3.34) - 66_800n, worstPrice: c(47) });
    expect(sell.avgPrice).toBe(477_142n); // 47.7142…¢, down
    expect(sell.slippage).toBe(c(49) - 477_142n);
  });

  it('turns "buy $X" into whole hundredths of shares that the money pays for, the fee included', () => {
    const w = walkBook({ side: 'BUY', spend: usd(20) }, book(asks), { takerFeeBps: 0 });
    // $5 buys 10 at 50¢; $15 buys 28.84 at 52¢, but 20 rest there; $4.60 left buys 8.36 at 55¢.
    expect(w.orderShares).toBe(sh(38.36));
    expect(w.shares).toBe(sh(38.36));
    expect(w.net <= usd(20)).toBe(true);
    expect(usd(20) - w.net < cashOneStep(c(55))).toBe(true);
    expect(w.partial).toBe(false);
    const fee = walkBook({ side: 'BUY', spend: usd(20) }, book(asks), { takerFeeBps: 100 });
    expect(fee.net <= usd(20)).toBe(true);
    expect(fee.shares < w.shares).toBe(true);
  });

  it('says a book thinner than the order fills in part, shares or money', () => {
    const w = walkBook({ side: 'SELL', shares: sh(12) }, book(bids), { takerFeeBps: 0 });
    expect(w).toMatchObject({ shares: sh(10), orderShares: sh(12), partial: true, capped: false });
    const spend = walkBook({ side: 'BUY', spend: usd(1000) }, book(asks), { takerFeeBps: 0 });
    expect(spend).toMatchObject({ shares: sh(130), partial: true, worstPrice: c(55) });
    const empty = walkBook({ side: 'BUY', shares: sh(1) }, book([]), { takerFeeBps: 0 });
    expect(empty).toMatchObject({ shares: 0n, partial: true });
    expect(empty.avgPrice).toBeUndefined();
  });

  it('stops at the worst price the trader accepts, and says the cap did it', () => {
    const w = walkBook({ side: 'BUY', shares: sh(40) }, book(asks), { takerFeeBps: 0, cap: c(52) });
    expect(w).toMatchObject({ shares: sh(30), partial: true, capped: true, worstPrice: c(52) });
    const all = walkBook({ side: 'BUY', shares: sh(40) }, book(asks), { takerFeeBps: 0, cap: c(60) });
    expect(all).toMatchObject({ shares: sh(40), partial: false, capped: false });
  });

  it('rounds a typed size down to hundredths and says so', () => {
    const w = walkBook({ side: 'BUY', shares: 12_345_678n }, book(asks), { takerFeeBps: 0 });
    expect(w).toMatchObject({ orderShares: sh(12.34), sizeRounded: true });
  });

  it('flags a stale book: the venue’s last known copy, or one read too long ago', () => {
    expect(walkBook({ side: 'BUY', shares: sh(1) }, book(asks), { takerFeeBps: 0 })).toMatchObject({ ageMs: 3_000, stale: false });
    expect(walkBook({ side: 'BUY', shares: sh(1) }, book(asks, { stale: true }), { takerFeeBps: 0 }).stale).toBe(true);
    const old = walkBook({ side: 'BUY', shares: sh(1) }, book(asks, { now: 1_000 + STALE_BOOK_MS + 1 }), { takerFeeBps: 0 });
    expect(old).toMatchObject({ stale: true, ageMs: STALE_BOOK_MS + 1 });
  });

  it('figures a book of unknown depth at its best price, and says the depth is unknown', () => {
    const w = walkBook({ side: 'BUY', spend: usd(20) }, book([{ price: c(50), size: 1n }], { depthKnown: false }), { takerFeeBps: 0 });
    expect(w).toMatchObject({ shares: sh(40), avgPrice: c(50), partial: false, depthKnown: false });
  });
});

describe('a book as a venue sends it', () => {
  it('reads decimal text or numbers exactly, drops what is no amount, and finds the mid in any order', () => {
    const bidsIn = levelsOf([{ price: '0.47', size: '5' }, { price: 0.48, size: 5 }, { price: 'x', size: '1' }]);
    expect(bidsIn).toEqual([{ price: c(47), size: sh(5) }, { price: c(48), size: sh(5) }]);
    expect(midOf(bidsIn, asks)).toBe(c(49));
    expect(midOf([], asks)).toBeUndefined();
  });
});

describe('a typed worst price on the tick', () => {
  it('goes down for a buyer and up for a seller, inside the band', () => {
    expect(capOnTick('BUY', c(52.7), c(1))).toBe(c(52));
    expect(capOnTick('SELL', c(52.3), c(1))).toBe(c(53));
    expect(capOnTick('SELL', c(52), c(1))).toBe(c(52));
    expect(capOnTick('BUY', c(99.95), c(1))).toBe(c(99));
    expect(capOnTick('SELL', c(0.2), c(1))).toBe(c(1));
  });
});

function cashOneStep(price: bigint): bigint {
  return (10_000n * price) / 1_000_000n + 1n;
}
