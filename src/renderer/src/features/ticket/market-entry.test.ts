import { describe, expect, it } from 'vitest';
import { ladder } from '../markets/book';
import { limitWalk, readMarketEntry, walkWarnings, type MarketForm } from './market-entry';

const market = { conditionId: 'c1', tokenId: 't1', tick: '0.01', takerFeeBps: 0 };
// Best-last, as the local venue sends it.
const book = { ladder: ladder({ bids: [{ price: '0.47', size: '5' }, { price: '0.48', size: '5' }], asks: [{ price: '0.55', size: '100' }, { price: '0.52', size: '20' }, { price: '0.5', size: '10' }] }), at: 1_000, stale: false };
const form = (patch: Partial<MarketForm> = {}): MarketForm => ({ side: 'BUY', amount: '20', cap: '', type: 'FAK', ...patch });

describe('a market order from the book', () => {
  it('sends what "buy $20" buys, capped at the worst level it reaches', () => {
    const e = readMarketEntry(form(), market, book, 2_000);
    expect(e.problems).toEqual([]);
    expect(e.line).toEqual({ conditionId: 'c1', tokenId: 't1', side: 'BUY', price: '0.55', size: '38.36', type: 'FAK', postOnly: false });
    expect(e.walk?.worstPrice).toBe(550_000n);
    expect(e.capTyped).toBe(false);
  });

  it('puts a typed worst price on the tick the safe way and walks only that far', () => {
    const e = readMarketEntry(form({ cap: '52.9' }), market, book, 2_000);
    expect(e.notes).toEqual(['worst price 52.9¢ rounded down to 52¢ on the 1¢ tick: never worse than typed']);
    expect(e.line?.price).toBe('0.52');
    expect(e.line?.size).toBe('30');
    expect(e.walk).toMatchObject({ partial: true, capped: true });
    expect(walkWarnings(e.walk!, 'FAK', e.cap)).toEqual(['the book is thinner than the order: 30 shares would fill at 52¢ or better, the rest is cancelled (FAK)']);
    expect(walkWarnings(e.walk!, 'FOK', e.cap)[0]).toBe('the book holds only 30 shares at 52¢ or better: a FOK order would be cancelled whole');
    const sell = readMarketEntry(form({ side: 'SELL', amount: '5', cap: '47.2' }), market, book, 2_000);
    expect(sell.line?.price).toBe('0.48');
  });

  it('rounds shares to sell down to hundredths and says so', () => {
    const e = readMarketEntry(form({ side: 'SELL', amount: '7.259' }), market, book, 2_000);
    expect(e.line).toMatchObject({ side: 'SELL', size: '7.25', price: '0.47' });
    expect(e.notes).toEqual(['7.259 shares rounded down to 7.25: market orders carry whole hundredths of a share']);
  });

  it('names what is wrong and keeps going with nothing guessed', () => {
    expect(readMarketEntry(form({ amount: 'abc' }), market, book, 2_000).problems).toEqual(['“abc” is not an amount in dollars, such as 20 or 12.50']);
    expect(readMarketEntry(form({ cap: '120' }), market, book, 2_000).problems[0]).toMatch(/^worst price: 120¢ is \$1 or more/);
    expect(readMarketEntry(form(), market, undefined, 2_000).problems).toEqual(['no ask is known for this outcome: a market order cannot be priced']);
    expect(readMarketEntry(form(), { ...market, takerFeeBps: undefined }, book, 2_000).problems).toEqual(['reading the market’s fee…']);
    expect(readMarketEntry(form({ amount: '0.001' }), market, book, 2_000).problems).toEqual(['$0.001 buys less than 0.01 shares at these prices']);
  });

  it('figures a venue without a book at its best price, and says the depth is unknown', () => {
    const e = readMarketEntry(form(), market, { best: '0.5', at: 1_000, stale: false }, 2_000);
    expect(e.line).toMatchObject({ price: '0.5', size: '40' });
    expect(walkWarnings(e.walk!, 'FAK', e.cap)).toEqual(['this venue publishes only its best price, not how much rests there: the fill is figured at that price, and a higher worst price takes more if less rests there']);
  });

  it('walks a limit that crosses the book up to its price, and says a GTC’s rest rests', () => {
    const w = limitWalk({ side: 'BUY', price: '0.52', size: '40' }, book.ladder, book, 2_000, 0);
    expect(w?.walk).toMatchObject({ shares: 30_000_000n, cash: 15_400_000n, partial: true });
    expect(walkWarnings(w!.walk, 'GTC', w!.cap)).toEqual(['30 of 40 shares would fill at once at 52¢ or better; the rest rests on the book']);
    expect(limitWalk({ side: 'BUY', price: '0.49', size: '10' }, book.ladder, book, 2_000, 0)).toBeUndefined();
    expect(limitWalk({ side: 'BUY', price: '0.52', size: '10', postOnly: true }, book.ladder, book, 2_000, 0)).toBeUndefined();
    expect(limitWalk({ side: 'SELL', price: '0.47', size: '7' }, book.ladder, book, 2_000, 0)?.walk.worstPrice).toBe(470_000n);
  });
});
