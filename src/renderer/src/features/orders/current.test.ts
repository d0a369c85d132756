import { describe, expect, it } from 'vitest';
import { sinceAnswer } from './current';
import type { JournalEntry } from './rows';

const entry = (patch: Partial<JournalEntry>): JournalEntry => ({
  orderId: '0x1', accountId: 'a', tokenId: 't', side: 'BUY', price: '0.4', size: '10', type: 'GTC', state: 'open', sizeMatched: '0', sentAt: 1, updatedAt: 1, ...patch,
});

describe('what became of a placed order', () => {
  it('says nothing while the order is as it was answered', () => {
    expect(sinceAnswer(undefined, 'live')).toBeUndefined();
    expect(sinceAnswer(entry({ state: 'open' }), 'live')).toBeUndefined();
    expect(sinceAnswer(entry({ state: 'filled', sizeMatched: '10' }), 'matched')).toBeUndefined();
  });

  it('follows a cancel, a close by the venue, a fill and a partial fill', () => {
    expect(sinceAnswer(entry({ state: 'cancelled' }), 'live')).toEqual({ state: 'cancelled', words: 'cancelled', over: true });
    expect(sinceAnswer(entry({ state: 'closed' }), 'live')).toEqual({ state: 'closed', words: 'closed by the venue', over: true });
    expect(sinceAnswer(entry({ state: 'filled', sizeMatched: '10' }), 'live')).toEqual({ state: 'filled', words: 'filled', over: true });
    expect(sinceAnswer(entry({ state: 'partly_filled', sizeMatched: '5' }), 'live')).toEqual({ state: 'partly_filled', words: 'partly filled 5 / 10', over: false });
  });
});
