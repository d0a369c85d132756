import { describe, expect, it } from 'vitest';
import { PriceBoard, priceOf } from './board.js';

const NOT_LIVE = { book: false, trade: false };

describe('the price board', () => {
  it('keeps the newest reading of each token, whatever order the answers come in', () => {
    const b = new PriceBoard();
    b.noteBook('t', '0.37', '0.38', 2000);
    // A slower answer read earlier does not undo it.
    b.noteBook('t', '0.30', '0.31', 1000);
    expect(b.book('t')).toEqual({ bid: '0.37', ask: '0.38', at: 2000 });
    b.noteTrade('t', '0.4', 500);
    b.noteTrade('t', '0.41', 400);
    expect(b.trade('t')).toEqual({ price: '0.4', at: 500 });
  });

  it('dates a midpoint by its book, a last trade by the older of the trade and the book', () => {
    expect(priceOf('t', { bid: '0.37', ask: '0.38', at: 2000 }, { price: '0.2', at: 100 }, NOT_LIVE)).toEqual({ tokenId: 't', price: '0.375', basis: 'mid', at: 2000, live: false });
    // Wide book: the last trade, and as old as the oldest reading it rests on.
    expect(priceOf('t', { bid: '0.1', ask: '0.6', at: 2000 }, { price: '0.382', at: 1500 }, NOT_LIVE)).toMatchObject({ price: '0.382', basis: 'last', at: 1500 });
    expect(priceOf('t', { bid: '0.1', ask: '0.6', at: 1000 }, { price: '0.382', at: 1500 }, NOT_LIVE)).toMatchObject({ at: 1000 });
    expect(priceOf('t', undefined, { price: '0.5', at: 700 }, NOT_LIVE)).toMatchObject({ price: '0.5', basis: 'last', at: 700 });
    expect(priceOf('t', { bid: null, ask: '0.9', at: 1 }, undefined, NOT_LIVE)).toBeUndefined();
  });

  it('is live only while every reading it rests on streams', () => {
    const book = { bid: '0.37', ask: '0.38', at: 5 };
    expect(priceOf('t', book, undefined, { book: true, trade: false })?.live).toBe(true);
    const wide = { bid: '0.1', ask: '0.6', at: 5 };
    expect(priceOf('t', wide, { price: '0.3', at: 5 }, { book: true, trade: false })?.live).toBe(false);
    expect(priceOf('t', wide, { price: '0.3', at: 5 }, { book: true, trade: true })?.live).toBe(true);
  });
});
