// The prices a window holds: whichever screen's answer came last, the newest reading of each token wins.
import { describe, expect, it } from 'vitest';
import { forgetPrices, notePrices, priceOf, pricesPollMs, subscribeToken, unlivePrices } from './prices';

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

  it("tells a row's cell only when what it shows changes, however many answers arrive", () => {
    forgetPrices();
    const told = { a: 0, b: 0 };
    const offA = subscribeToken('a', () => told.a++);
    const offB = subscribeToken('b', () => told.b++);
    notePrices([p('a', '0.4', 1000, true), p('b', '0.6', 1000)]);
    expect(told).toEqual({ a: 1, b: 1 });
    // A streamed price read again (newer, the same figure): kept, shown the same ("live"), no repaint.
    notePrices([p('a', '0.4', 1300, true), p('b', '0.6', 1000)]);
    expect(told).toEqual({ a: 1, b: 1 });
    expect(priceOf('a')?.at).toBe(1300);
    // Only b's figure moves: a's cell is not told.
    notePrices([p('a', '0.4', 1600, true), p('b', '0.61', 1600)]);
    expect(told).toEqual({ a: 1, b: 2 });
    // A polled price read again at a later time shows a new age: its cell is told.
    notePrices([p('b', '0.61', 6600)]);
    expect(told).toEqual({ a: 1, b: 3 });
    // The feed drops: the streamed one now shows its age.
    unlivePrices();
    expect(told).toEqual({ a: 2, b: 3 });
    offA();
    offB();
    notePrices([p('a', '0.5', 9000), p('b', '0.5', 9000)]);
    expect(told).toEqual({ a: 2, b: 3 });
  });

  it('are polled where nothing streams, and not while the feed is live for a screen that follows its rows', () => {
    expect(pricesPollMs(true, true)).toBe(false);
    expect(pricesPollMs(true, false)).toBe(5000);
    // A screen that does not follow what it shows (search hits) is polled whatever the feed does.
    expect(pricesPollMs(false, true)).toBe(5000);
  });
});
