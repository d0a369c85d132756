import { describe, expect, it } from 'vitest';
import { OrderIds } from './order-ids.js';

const id = (n: number, tail = 0): string => `0x${n.toString(16).padStart(13, '0')}${tail.toString(16).padStart(51, '0')}`;

describe('the in-memory order id index', () => {
  it('finds every id it was given, past many resizes, and nothing else', () => {
    const ids = new OrderIds(4);
    for (let n = 1; n <= 50_000; n++) ids.add(id(n * 7919), n);
    expect(ids.size).toBe(50_000);
    for (const n of [1, 2, 777, 49_999, 50_000]) expect(ids.find(id(n * 7919), () => true)).toBe(n);
    expect(ids.find(id(3), () => true)).toBeUndefined();
  });

  it('proposes every order sharing the first 52 bits and keeps the one the row confirms', () => {
    const ids = new OrderIds();
    const a = id(42, 1);
    const b = id(42, 2);
    ids.add(a, 10);
    ids.add(b, 11);
    const rows = new Map([
      [10, a],
      [11, b],
    ]);
    expect(ids.find(b, (seq) => rows.get(seq) === b)).toBe(11);
    expect(ids.find(a, (seq) => rows.get(seq) === a)).toBe(10);
    // Same prefix, no such order: every candidate is refused.
    expect(ids.find(id(42, 3), (seq) => rows.get(seq) === id(42, 3))).toBeUndefined();
  });

  it('answers strings that are not order ids with nothing', () => {
    const ids = new OrderIds();
    ids.add(id(0xabc, 0xdef), 1);
    expect(ids.find(id(0xabc, 0xdef), () => true)).toBe(1);
    expect(ids.find(id(0xabc, 0xdef).toUpperCase().replace('0X', '0x'), () => true)).toBeUndefined();
    for (const s of ['', 'x', '0x', `${id(0xabc, 0xdef)}00`, id(0xabc, 0xdef).slice(0, 65)]) expect(ids.find(s, () => true)).toBeUndefined();
    ids.add('not an id', 2);
    expect(ids.size).toBe(1);
  });
});
