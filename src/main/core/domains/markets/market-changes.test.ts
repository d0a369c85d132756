// The markets list's 24h change keeps each group's trades read as the change needs them: a poll
// within the read's two minutes does not parse the cached 2 MB copy again, and one after them
// reads the venue and shows a trade made meanwhile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMicros } from '@shared/domain/money.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { Cache } from '../../cache/index.js';
import { NO_TRADE_24H } from './bracket.js';
import { coreForFile, sellInto, tradable } from '../../test-support.js';

const skew = { ms: 0 };
const h = coreForFile({ core: { clock: { now: () => Date.now() + skew.ms } } });

type Changes = { data: Array<{ conditionId: string; change24h?: string; price24hAgo?: string; hint?: string }>; fetchedAt: number };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the 24h change between reads of the venue', () => {
  it('answers from the trades kept for two minutes, then reads again and shows what traded meanwhile', async () => {
    const m = tradable(h.venue, 5);
    const first = await h.ok<Changes>('markets.changes', { conditionIds: [m.cid] });
    const reads = vi.spyOn(Cache.prototype, 'cached');
    const tradeReads = (): number => reads.mock.calls.filter(([key]) => String(key).includes('/trades')).length;

    // A fill now: the kept read does not have it, and within two minutes nothing is read again.
    const buyer = await Trader.create(h.venue.urls);
    h.venue.exchange.fund(buyer.address.toLowerCase(), 100_000_000);
    await buyer.post([buyer.order(m.tokens[0] as string, 'BUY', '0.61', '5', { negRisk: m.negRisk })]);
    await sellInto(h.venue, m, 0, '0.61', '5');
    skew.ms += 60_000;
    const kept = await h.ok<Changes>('markets.changes', { conditionIds: [m.cid] });
    expect(tradeReads()).toBe(0);
    expect(kept.data).toEqual(first.data);
    expect(kept.fetchedAt).toBe(first.fetchedAt);

    // Past two minutes the venue is read: the change is now the new fill's price minus the price then.
    skew.ms += 60_000;
    const cutoff = Date.now() + skew.ms - 86_400_000;
    const then = h.venue.db.prepare("SELECT price FROM fills WHERE condition_id = ? AND outcome_index = 0 AND role = 'T' AND ts <= ? ORDER BY ts DESC, id DESC LIMIT 1").get(m.cid, cutoff) as { price: number } | undefined;
    const fresh = await h.ok<Changes>('markets.changes', { conditionIds: [m.cid] });
    expect(tradeReads()).toBe(1);
    expect(fresh.fetchedAt).toBeGreaterThan(first.fetchedAt);
    // It names the price then, which a screen showing a newer price measures from.
    if (then) expect(fresh.data[0]).toMatchObject({ change24h: formatMicros(610_000n - BigInt(then.price)), price24hAgo: formatMicros(BigInt(then.price)) });
    else expect(fresh.data[0]).not.toHaveProperty('change24h');
  });
});

describe('a market whose trades are all older than a day', () => {
  it('has no 24h change, and says why, however far its old trades are from its price now', async () => {
    const now = Date.now() + skew.ms;
    const old = h.venue.db
      .prepare("SELECT condition_id FROM fills WHERE role = 'T' GROUP BY condition_id HAVING MAX(ts) < ? ORDER BY condition_id LIMIT 1")
      .pluck()
      .get(now - 2 * 86_400_000) as string | undefined;
    expect(old, 'a market of the test world last traded days ago').toBeDefined();
    const r = await h.ok<Changes>('markets.changes', { conditionIds: [old as string] });
    expect(r.data).toEqual([{ conditionId: old, hint: NO_TRADE_24H }]);
  });
});
