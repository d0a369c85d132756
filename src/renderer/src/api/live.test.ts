// Which reads stop polling: only while the core's feed is live, and only reads of tokens this
// window watches (a book by its token, quotes when every outcome's token is watched).
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveStatus } from '@shared/ipc/contract';
import { hold, liveCovers, setLiveState } from './live';

const status = (state: LiveStatus['state']): LiveStatus => ({ state, pollSeconds: 5, since: 0, watching: 2, live: 2 });
const quotes = (...tokens: string[]) => ({ data: tokens.map((tokenId) => ({ tokenId, outcome: tokenId })), fetchedAt: 0, stale: false, ageMs: 0 });

describe('reads answered live', () => {
  afterEach(() => {
    hold('a', undefined);
    hold('b', undefined);
    setLiveState(undefined);
  });

  it('are the watched books and quotes, only while the feed is live', () => {
    hold('a', ['1', '2']);
    expect(liveCovers('markets.book', { tokenId: '1' }, undefined)).toBe(false);
    setLiveState(status('live'));
    expect(liveCovers('markets.book', { tokenId: '1' }, undefined)).toBe(true);
    expect(liveCovers('markets.book', { tokenId: '3' }, undefined)).toBe(false);
    expect(liveCovers('markets.quotes', { conditionId: 'c' }, quotes('1', '2'))).toBe(true);
    expect(liveCovers('markets.quotes', { conditionId: 'c' }, quotes('1', '3'))).toBe(false);
    // Not yet answered: polled until the outcomes are known.
    expect(liveCovers('markets.quotes', { conditionId: 'c' }, undefined)).toBe(false);
    expect(liveCovers('markets.trades', { conditionId: 'c' }, undefined)).toBe(false);
    setLiveState(status('reconnecting'));
    expect(liveCovers('markets.book', { tokenId: '1' }, undefined)).toBe(false);
  });

  it('count each token once per screen, until the last screen lets it go', () => {
    setLiveState(status('live'));
    hold('a', ['1']);
    hold('b', ['1', '2']);
    hold('b', undefined);
    expect(liveCovers('markets.book', { tokenId: '1' }, undefined)).toBe(true);
    expect(liveCovers('markets.book', { tokenId: '2' }, undefined)).toBe(false);
    hold('a', undefined);
    expect(liveCovers('markets.book', { tokenId: '1' }, undefined)).toBe(false);
  });
});
