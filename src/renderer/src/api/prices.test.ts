// The prices a window holds: whichever screen's answer came last, the newest reading of each token wins.
import { describe, expect, it } from 'vitest';
import { forgetPrices, notePrices, priceOf, unlivePrices } from './prices';

const p = (tokenId: string, price: string, at: number, live = false) => ({ tokenId, price, basis: 'mid' as const, at, live });

describe('prices held for every screen', () => {
  it('keeps the newest reading of each token, whichever answer brought it', () => {
    forgetPrices();
    notePrices([p('1', '0.382', 2000), p('2', '0.5', 1000)]);
    // The list's answer was asked earlier than the market page's: it does not undo it.
    notePrices([p('1', '0.376', 1500), p('2', '0.51', 1200)]);
    expect(priceOf('1')?.price).toBe('0.382');
    expect(priceOf('2')?.price).toBe('0.51');
    expect(priceOf('3')).toBeUndefined();
    forgetPrices();
    expect(priceOf('1')).toBeUndefined();
  });

  it('stops calling a price live when the feed stops, keeping its time', () => {
    forgetPrices();
    notePrices([p('1', '0.4', 5000, true), p('2', '0.5', 4000)]);
    unlivePrices();
    expect(priceOf('1')).toEqual(p('1', '0.4', 5000, false));
    expect(priceOf('2')).toEqual(p('2', '0.5', 4000));
  });
});
