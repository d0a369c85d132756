import { describe, expect, it } from 'vitest';
import { reorder } from './frozen-order';

const rows = (...ids: string[]) => ids.map((id) => ({ id, v: `${id}'` }));

describe('the held order of the markets list', () => {
  it('is the fresh order when nothing is held', () => {
    expect(reorder(rows('a', 'b'), null)).toEqual({ rows: rows('a', 'b'), changed: false });
  });

  it('keeps the held order with fresh figures, says the fresh order differs, and puts new rows after', () => {
    const fresh = [{ id: 'c', v: 'c2' }, { id: 'a', v: 'a2' }, { id: 'b', v: 'b2' }, { id: 'd', v: 'd2' }];
    expect(reorder(fresh, ['a', 'b', 'c'])).toEqual({ rows: [{ id: 'a', v: 'a2' }, { id: 'b', v: 'b2' }, { id: 'c', v: 'c2' }, { id: 'd', v: 'd2' }], changed: true });
    expect(reorder(rows('a', 'b', 'c', 'd'), ['a', 'b', 'c']).changed).toBe(false);
  });

  it('keeps a held row the fresh answer left out in its place, as last seen', () => {
    const before = new Map([['b', { id: 'b', v: 'old' }]]);
    expect(reorder(rows('a', 'c'), ['a', 'b', 'c'], before)).toEqual({ rows: [{ id: 'a', v: "a'" }, { id: 'b', v: 'old' }, { id: 'c', v: "c'" }], changed: true });
  });
});
