import { describe, expect, it } from 'vitest';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { coreForFile, tradable } from '../../test-support.js';

const h = coreForFile();

interface Chart {
  data: { candles: Array<{ t: number; o: number; h: number; l: number; c: number; v: number }>; source: string; step: number; tickSize?: string; volumeFrom?: number };
}

/** Two trades of the market's first outcome: a spike to 95¢ and back to 30¢, 5 shares each. */
async function spike(m: ReturnType<typeof tradable>): Promise<void> {
  const buyer = await Trader.create(h.venue.urls);
  const seller = await Trader.create(h.venue.urls);
  h.venue.exchange.fund(buyer.address.toLowerCase(), 100_000_000);
  h.venue.exchange.mint(seller.address.toLowerCase(), m.cid, 30_000_000, 500_000);
  const token = m.tokens[0] as string;
  for (const price of ['0.95', '0.3']) {
    await buyer.post([buyer.order(token, 'BUY', price, '5', { negRisk: m.negRisk })]);
    await seller.post([seller.order(token, 'SELL', price, '5', { type: 'FAK', negRisk: m.negRisk })]);
  }
}

describe('price chart', () => {
  it('keeps a spike as a bucket high over the widest range, with the volume traded', async () => {
    const m = tradable(h.venue, 3);
    await spike(m);
    const chart = await h.ok<Chart>('markets.history', { tokenId: m.tokens[0], conditionId: m.cid, range: 'ALL' });
    expect(chart.data.source).toBe('prices-history');
    expect(chart.data.step).toBe(86_400);
    expect(chart.data.tickSize).toBe('0.01');
    const last = chart.data.candles.at(-1);
    expect(last?.h).toBeGreaterThanOrEqual(0.95);
    expect(last?.l).toBeLessThanOrEqual(0.3);
    expect(last?.c).toBeCloseTo(0.3, 6);
    // 5 × 0.95 + 5 × 0.30 of this outcome, at least (the world may have traded it today too).
    expect(last?.v).toBeGreaterThanOrEqual(6.25 - 1e-9);
    const times = chart.data.candles.map((c) => c.t);
    expect(times.every((t, i) => i === 0 || t - (times[i - 1] as number) === 86_400)).toBe(true);
  });

  it('charts the short ranges in their own buckets and refuses a token of another market', async () => {
    const m = tradable(h.venue, 4);
    await spike(m);
    const hour = await h.ok<Chart>('markets.history', { tokenId: m.tokens[0], conditionId: m.cid, range: '1H' });
    expect(hour.data.step).toBe(60);
    expect(Math.max(...hour.data.candles.map((c) => c.h))).toBeGreaterThanOrEqual(0.95);
    const other = tradable(h.venue, 5);
    expect(await h.fails('markets.history', { tokenId: other.tokens[0], conditionId: m.cid, range: '1D' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.fails('markets.history', { tokenId: m.tokens[0], range: '2Y' })).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
