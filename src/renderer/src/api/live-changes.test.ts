// Live changes a batch at a time, on timers the test runs by hand, and quotes patched from them.
import { describe, expect, it } from 'vitest';
import { LiveBatch, mergeChanges, withLiveQuotes, type BatchTimers, type LiveChange } from './live-changes';

/** Timers that fire only when the test says how much time passed. */
function handTimers() {
  let now = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  let next = 0;
  const timers: BatchTimers = {
    setTimeout: (fn, ms) => {
      due.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimeout: (h) => void due.delete(h as number),
  };
  const pass = (ms: number): void => {
    now += ms;
    for (const [h, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > now) continue;
      due.delete(h);
      t.fn();
    }
  };
  return { timers, pass, pending: () => due.size };
}

const change = (tokenId: string, p: Partial<LiveChange> = {}): LiveChange => ({ tokenId, conditionId: '0xc', bestBid: '0.4', bestAsk: '0.6', bookChanged: false, ...p });
const fill = (price: string) => ({ price, size: '5', side: 'BUY' as const, at: 1 });

describe('a batch of live changes', () => {
  it('hands over every change of its window together, once, after the window', () => {
    const { timers, pass, pending } = handTimers();
    const batches: LiveChange[][] = [];
    const batch = new LiveBatch((cs) => batches.push(cs), timers, 250);
    batch.push(change('7'));
    pass(100);
    batch.push(change('8'));
    pass(149);
    expect(batches).toEqual([]);
    pass(1);
    expect(batches.map((b) => b.map((c) => c.tokenId))).toEqual([['7', '8']]);
    // Nothing held: no timer left running.
    expect(pending()).toBe(0);
    batch.push(change('7'));
    pass(250);
    expect(batches).toHaveLength(2);
  });

  it("keeps one change per token: the newest prices, the book changed if any change changed it, the newest fill", () => {
    const { timers, pass } = handTimers();
    const batches: LiveChange[][] = [];
    const batch = new LiveBatch((cs) => batches.push(cs), timers, 250);
    batch.push(change('7', { bookChanged: true, lastTrade: fill('0.41') }));
    batch.push(change('7', { bestBid: '0.45', lastTrade: fill('0.44') }));
    batch.push(change('7', { bestAsk: '0.55' }));
    pass(250);
    expect(batches).toEqual([[{ ...change('7', { bestAsk: '0.55' }), bookChanged: true, lastTrade: fill('0.44') }]]);
    expect(mergeChanges(undefined, change('9'))).toEqual(change('9'));
  });

  it('applies at once when flushed, and nothing once closed', () => {
    const { timers, pass, pending } = handTimers();
    const batches: LiveChange[][] = [];
    const batch = new LiveBatch((cs) => batches.push(cs), timers, 250);
    batch.push(change('7'));
    batch.flush();
    expect(batches).toHaveLength(1);
    expect(pending()).toBe(0);
    batch.push(change('8'));
    batch.close();
    batch.push(change('9'));
    pass(1000);
    expect(batches).toHaveLength(1);
  });
});

describe('quotes from live changes', () => {
  const quotes = { data: [{ tokenId: '7', outcome: 'Yes', bestBid: '0.3', bestAsk: '0.7', lastPrice: '0.5', lastSide: 'SELL' as const }, { tokenId: '8', outcome: 'No', bestBid: '0.3', bestAsk: '0.7' }], fetchedAt: 1, stale: false, ageMs: 3 };

  it("puts each token's best prices and fill in, dated now, and leaves the other outcome as it was", () => {
    const out = withLiveQuotes(quotes, [change('8', { bestBid: '0.35', bestAsk: null, lastTrade: fill('0.36') })], 9);
    expect(out).toEqual({ data: [quotes.data[0], { tokenId: '8', outcome: 'No', bestBid: '0.35', lastPrice: '0.36', lastSide: 'BUY' }], fetchedAt: 9, stale: false, ageMs: 0 });
    expect(out?.data[0]).toBe(quotes.data[0]);
  });

  it('keeps the same answer when nothing it shows changed, or for another market', () => {
    expect(withLiveQuotes(quotes, [change('7', { bestBid: '0.3', bestAsk: '0.7' })], 9)).toBe(quotes);
    expect(withLiveQuotes(quotes, [change('5')], 9)).toBe(quotes);
    expect(withLiveQuotes(undefined, [change('7')], 9)).toBeUndefined();
  });
});
