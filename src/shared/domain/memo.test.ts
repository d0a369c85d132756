import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './memo.js';

describe('BoundedMemo', () => {
  it('makes each value once, starts over when full, and keeps nothing when making fails', () => {
    const memo = new BoundedMemo<number, string>(3);
    let made = 0;
    const make = (n: number) => (made++, `v${n}`);
    expect([1, 2, 1, 3, 2].map((n) => memo.get(n, make))).toEqual(['v1', 'v2', 'v1', 'v3', 'v2']);
    expect(made).toBe(3);
    memo.get(4, make); // full: starts over
    memo.get(1, make);
    expect(made).toBe(5);
    expect(() => memo.get(9, () => { throw new Error('no'); })).toThrow('no');
    expect(memo.get(9, make)).toBe('v9');
  });

  it('makes a forgotten value again, and only that one', () => {
    const memo = new BoundedMemo<string, number>(10);
    let made = 0;
    const make = () => ++made;
    memo.get('a', make);
    memo.get('b', make);
    memo.forget('a');
    expect([memo.get('a', make), memo.get('b', make)]).toEqual([3, 2]);
  });
});
