// How the portfolio is looked at: sorting by a column, flipping it, clearing the filters.
import { beforeEach, describe, expect, it } from 'vitest';
import { SORTS, usePortfolioView } from './view';

const initial = usePortfolioView.getState();

describe('portfolio view', () => {
  beforeEach(() => usePortfolioView.setState(initial, true));

  it('starts on value, largest first, over the whole history', () => {
    const v = usePortfolioView.getState();
    expect([v.sortBy, v.sortDirection, v.range]).toEqual(['CURRENT', 'DESC', 'ALL']);
  });

  it('sorts numbers largest first and text from A, and flips on a second click', () => {
    const view = (): ReturnType<typeof usePortfolioView.getState> => usePortfolioView.getState();
    view().sortOn('CASHPNL');
    expect([view().sortBy, view().sortDirection]).toEqual(['CASHPNL', 'DESC']);
    view().sortOn('CASHPNL');
    expect(view().sortDirection).toBe('ASC');
    view().sortOn('TITLE');
    expect([view().sortBy, view().sortDirection]).toEqual(['TITLE', 'ASC']);
    view().sortOn('TITLE');
    expect(view().sortDirection).toBe('DESC');
    view().sortOn('RESOLVING');
    expect(view().sortDirection).toBe('ASC');
  });

  it('clears the position filters but keeps the sort, the range and the trade filters', () => {
    const view = usePortfolioView.getState();
    view.set({ title: 'rain', market: '0xc', redeemable: true, mergeable: true, minSize: '5', range: '1W', tradeSide: 'SELL' });
    view.sortOn('TITLE');
    usePortfolioView.getState().clear();
    const v = usePortfolioView.getState();
    expect([v.title, v.market, v.redeemable, v.mergeable, v.minSize]).toEqual(['', '', false, false, '']);
    expect([v.sortBy, v.range, v.tradeSide]).toEqual(['TITLE', '1W', 'SELL']);
  });

  it('offers each sort of the venue once', () => {
    expect(new Set(SORTS.map(([key]) => key)).size).toBe(SORTS.length);
  });
});
