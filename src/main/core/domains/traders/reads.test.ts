// A followed wallet's trades, told once: keyed by what identifies a fill (identical fills of one
// transaction counted apart), and only those past the newest second seen, across passes.
import { describe, expect, it } from 'vitest';
import type { Trade } from '@shared/spec/index.js';
import { keyed, newTrades, tradeWords } from './reads.js';

const trade = (at: number, size: number, price: number, extra: Partial<Trade> = {}): Trade =>
  ({ side: 'BUY', conditionId: '0xC', asset: '0xc:0', outcomeIndex: 0, outcome: 'Yes', size, price, timestamp: at, transactionHash: `0x${at}`, title: 'Will it?', ...extra }) as Trade;

describe('followed trades', () => {
  it('keys identical fills of one transaction apart, and takes the cash of a fill from usdcSize, else size × price exactly', () => {
    const k = keyed([trade(10, 5, 0.4), trade(10, 5, 0.4), trade(9, 3, 0.07, { usdcSize: 0.21 }), trade(8, 1, 0.5, { timestamp: undefined })]);
    expect(k.map((t) => t.key.slice(-2))).toEqual(['#1', '#2', '#1']);
    expect(k.map((t) => t.cash)).toEqual([2_000_000n, 2_000_000n, 210_000n]);
  });

  it('tells nothing on the first read, then only trades past the newest second seen, each once', () => {
    const first = newTrades(keyed([trade(10, 5, 0.4), trade(9, 5, 0.4)]), { ts: undefined, keys: [] });
    expect(first).toMatchObject({ fresh: [], ts: 10 });
    // A second fill within the same second, and a later one: both new; the one seen is not.
    const list = keyed([trade(11, 1, 0.5), trade(10, 5, 0.4), trade(10, 5, 0.4), trade(9, 5, 0.4)]);
    const second = newTrades(list, first);
    expect(second.fresh.map((t) => [t.at, t.key.slice(-2)])).toEqual([
      [10, '#2'],
      [11, '#1'],
    ]);
    expect(newTrades(list, second).fresh).toEqual([]);
  });

  it('tells the first trade of a wallet that had none when it was followed', () => {
    const none = newTrades([], { ts: undefined, keys: [] });
    expect(none).toEqual({ fresh: [], ts: 0, keys: [] });
    expect(newTrades(keyed([trade(5, 10, 0.5)]), none).fresh).toHaveLength(1);
  });

  it('says a trade in words, exactly', () => {
    const [t] = keyed([trade(1, 1234.5, 0.355, { side: 'SELL', usdcSize: 438.2475 })]);
    expect(tradeWords(t!)).toBe('Sell 1,234.5 Yes at 35.5¢ ($438.25) · Will it?');
  });
});
