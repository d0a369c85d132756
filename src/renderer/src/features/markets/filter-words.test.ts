import { describe, expect, it } from 'vitest';
import { filterWords } from './filter-words';

describe('the markets list filters in words', () => {
  it('names each filter that narrows the list, with the labels the menus know', () => {
    expect(filterWords({ status: 'active', mirror: 'any' })).toEqual([]);
    expect(filterWords({ status: 'active', mirror: 'any', creator: 'x' })).toEqual(['creator: x']);
    expect(filterWords({ status: 'closed', mirror: 'only', tagId: '7', seriesId: '3', watchlist: true }, { tag: (id) => (id === '7' ? 'Politics' : undefined) })).toEqual([
      'watchlist only', 'status: closed', 'tag: Politics', 'series: 3', 'mirrors only',
    ]);
  });
});
