// Finding things through the core against the real local venue (default world: 400 events, 60
// series, 80 tags): every event reachable past the first hundred, filtered and sorted over the
// whole catalog; a series' own events; tags with their market counts; a multi-outcome event's
// outcomes with their book and the bracket's sums.
import { describe, expect, it } from 'vitest';
import { formatMicros } from '@shared/domain/money.js';
import type { CallOutput } from '@shared/ipc/contract.js';
import { catalogChanged } from '../../../../venue/market-index.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import type { TestVenue } from '../../../../venue/test-support.js';
import { coreForFile } from '../../test-support.js';
import { DAY_SECONDS } from './bracket.js';
import { synced } from './find-test-support.js';

const h = coreForFile({ venue: { size: 'default' } });

type Browse = CallOutput<'events.browse'>;

const ids = (v: TestVenue, sql: string, ...args: unknown[]): string[] => (v.db.prepare(sql).all(...args) as Array<{ id: number }>).map((r) => String(r.id)).sort();
const listed = async (input: Record<string, unknown>): Promise<string[]> => (await h.ok<Browse>('events.browse', { limit: 500, ...input })).data.rows.map((e) => e.id).sort();

describe('the events listing', () => {
  it('reaches every event of the catalog, page by page past the first hundred', async () => {
    await synced(h);
    const all = ids(h.venue, 'SELECT id FROM events');
    expect(all.length).toBeGreaterThan(300);
    const seen: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await h.ok<Browse>('events.browse', { status: 'all', sort: 'createdAt', limit: 100, offset });
      expect(page.data.total).toBe(all.length);
      seen.push(...page.data.rows.map((e) => e.id));
      if (page.data.rows.length < 100) break;
    }
    expect(seen).toHaveLength(all.length);
    expect([...seen].sort()).toEqual(all);
  });

  it('filters by status, tag, series, multi-outcome and words as the venue files them', async () => {
    await synced(h);
    const v = h.venue;
    expect(await listed({ status: 'active' })).toEqual(ids(v, 'SELECT id FROM events WHERE active = 1 AND closed = 0'));
    expect(await listed({ status: 'closed' })).toEqual(ids(v, 'SELECT id FROM events WHERE closed = 1'));
    const tag = v.db.prepare('SELECT tag_id AS id FROM event_tags GROUP BY tag_id ORDER BY COUNT(*) DESC LIMIT 1 OFFSET 2').get() as { id: number };
    const tagged = ids(v, 'SELECT event_id AS id FROM event_tags WHERE tag_id = ?', tag.id);
    expect(tagged.length).toBeGreaterThan(0);
    expect(await listed({ status: 'all', tagId: String(tag.id) })).toEqual(tagged);
    const series = v.db.prepare('SELECT series_id AS id FROM events WHERE series_id IS NOT NULL GROUP BY series_id ORDER BY COUNT(*) DESC LIMIT 1').get() as { id: number };
    expect(await listed({ status: 'all', seriesId: String(series.id) })).toEqual(ids(v, 'SELECT id FROM events WHERE series_id = ?', series.id));
    expect(await listed({ status: 'active', negRisk: true })).toEqual(ids(v, 'SELECT id FROM events WHERE neg_risk = 1 AND active = 1 AND closed = 0'));
    // Words: an event found by a word of its title, and nothing found that lacks it anywhere.
    const e = v.db.prepare("SELECT id, title FROM events WHERE neg_risk = 1 ORDER BY id DESC LIMIT 1").get() as { id: number; title: string };
    const word = e.title.split(/[^A-Za-z]+/).filter((w) => w.length >= 5).at(-1) as string;
    const found = await h.ok<Browse>('events.browse', { status: 'all', query: word.toLowerCase(), limit: 500 });
    expect(found.data.rows.map((r) => r.id)).toContain(String(e.id));
    expect(found.data.total).toBeLessThan(v.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number);
    expect((await h.ok<Browse>('events.browse', { status: 'all', query: 'zzqxv', limit: 10 })).data).toEqual({ rows: [], total: 0 });
  });

  it('sorts over every event: volume (its markets’ sum, exactly), end date, newest', async () => {
    await synced(h);
    const v = h.venue;
    const byVolume = (await h.ok<Browse>('events.browse', { status: 'all', sort: 'volume', limit: 500 })).data.rows;
    const volumes = byVolume.map((e) => e.volume ?? -1);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    for (const e of byVolume.slice(0, 5)) {
      const micros = v.db.prepare('SELECT COALESCE(SUM(s.volume), 0) FROM markets m LEFT JOIN market_stats s ON s.condition_id = m.condition_id WHERE m.event_id = ?').pluck().get(Number(e.id)) as number;
      expect(e.volume).toBe(Number(formatMicros(BigInt(micros))));
      expect(e.markets).toBe(v.db.prepare('SELECT COUNT(*) FROM markets WHERE event_id = ?').pluck().get(Number(e.id)));
    }
    const ending = (await h.ok<Browse>('events.browse', { status: 'active', sort: 'endDate', ascending: true, limit: 500 })).data.rows.map((e) => e.endDate ?? '');
    expect(ending.length).toBeGreaterThan(100);
    expect(ending).toEqual([...ending].sort());
    const newest = (await h.ok<Browse>('events.browse', { status: 'all', sort: 'createdAt', limit: 3 })).data.rows[0];
    expect(newest?.id).toBe(String(v.db.prepare('SELECT id FROM events ORDER BY created_at DESC, id DESC LIMIT 1').pluck().get()));
    const liquid = (await h.ok<Browse>('events.browse', { status: 'all', sort: 'liquidity', limit: 500 })).data.rows.map((e) => e.liquidity).filter((x) => x !== undefined);
    expect(liquid).toEqual([...liquid].sort((a, b) => b - a));
  });
});

describe('series and tags', () => {
  it('lists every series with its events, and a series shows its own events', async () => {
    await synced(h);
    const v = h.venue;
    const all = await h.ok<CallOutput<'series.browse'>>('series.browse', {});
    expect(all.data.total).toBe(v.db.prepare('SELECT COUNT(*) FROM series').pluck().get());
    for (const s of all.data.rows.slice(0, 10)) {
      expect(s.events).toBe(v.db.prepare('SELECT COUNT(*) FROM events WHERE series_id = ?').pluck().get(Number(s.id)));
    }
    const [a, b] = all.data.rows.filter((s) => s.events > 0);
    const own = async (id: string) => listed({ status: 'all', seriesId: id });
    expect(await own(a!.id)).toEqual(ids(v, 'SELECT id FROM events WHERE series_id = ?', Number(a!.id)));
    expect(await own(b!.id)).toEqual(ids(v, 'SELECT id FROM events WHERE series_id = ?', Number(b!.id)));
    expect(await own(a!.id)).not.toEqual(await own(b!.id));
    // Found by a word of its title.
    const word = a!.title.split(/\s+/)[0] as string;
    expect((await h.ok<CallOutput<'series.browse'>>('series.browse', { query: word })).data.rows.map((s) => s.id)).toContain(a!.id);
  });

  it('lists every tag with how many markets of the synced catalog carry it', async () => {
    await synced(h);
    const v = h.venue;
    const tags = await h.ok<CallOutput<'tags.browse'>>('tags.browse', {});
    expect(tags.data.total).toBe(v.db.prepare('SELECT COUNT(*) FROM tags').pluck().get());
    const counts = tags.data.rows.map((t) => t.markets);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    for (const t of tags.data.rows.slice(0, 8)) {
      const n = v.db.prepare('SELECT COUNT(DISTINCT mt.market_id) FROM market_tags mt WHERE mt.tag_id = ?').pluck().get(Number(t.id));
      const open = v.db.prepare("SELECT COUNT(DISTINCT mt.market_id) FROM market_tags mt JOIN markets m ON m.id = mt.market_id WHERE mt.tag_id = ? AND m.status IN ('active', 'paused')").pluck().get(Number(t.id));
      expect({ tag: t.label, markets: t.markets, open: t.openMarkets }).toEqual({ tag: t.label, markets: n, open });
    }
  });
});

/** A multi-outcome event whose open outcomes are easy to trade, with tokens minted to `maker`. */
function bracket(v: TestVenue): { id: number; markets: Array<{ cid: string; yes: string }> } {
  const e = v.db
    // Its open outcomes all take orders (none paused), so every one can be quoted.
    .prepare(
      `SELECT e.id FROM events e JOIN markets m ON m.event_id = e.id WHERE e.neg_risk = 1 AND m.status = 'active'
         AND NOT EXISTS (SELECT 1 FROM markets p WHERE p.event_id = e.id AND p.status = 'paused') GROUP BY e.id HAVING COUNT(*) >= 4 ORDER BY e.id LIMIT 1`,
    )
    .get() as { id: number };
  const rows = v.db.prepare("SELECT condition_id AS cid FROM markets WHERE event_id = ? AND status = 'active' ORDER BY id").all(e.id) as Array<{ cid: string }>;
  v.db.prepare("UPDATE markets SET tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0, min_order_age = 0 WHERE event_id = ?").run(e.id);
  catalogChanged(v.db);
  return {
    id: e.id,
    markets: rows.map((r) => ({ cid: r.cid, yes: (v.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? AND outcome_index = 0').get(r.cid) as { token_id: string }).token_id })),
  };
}

describe('a multi-outcome event', () => {
  it('shows every outcome with its price, 24h change, volume and book, and the sums of asks and bids across them', async () => {
    const v = h.venue;
    const b = bracket(v);
    const maker = await Trader.create(v.urls);
    const taker = await Trader.create(v.urls);
    // Every open outcome gets a bid of 5¢ and an ask of 10¢: buying all costs under 100¢.
    for (const m of b.markets) {
      v.exchange.mint(maker.address.toLowerCase(), m.cid, 50_000_000, 500_000);
      const r = await maker.post([maker.order(m.yes, 'BUY', '0.05', '10', { negRisk: true }), maker.order(m.yes, 'SELL', '0.1', '10', { negRisk: true })]);
      expect(r.body.every((x) => x['success'] === true)).toBe(true);
    }
    // One outcome trades now: its change over 24 hours is its price now against its last trade before.
    const first = b.markets[0]!;
    expect((await taker.post([taker.order(first.yes, 'BUY', '0.1', '5', { type: 'FAK', negRisk: true })])).body[0]).toMatchObject({ success: true });

    const got = (await h.ok<CallOutput<'events.outcomes'>>('events.outcomes', { idOrSlug: String(b.id) })).data;
    expect(got).toMatchObject({ id: String(b.id), negRisk: true });
    const open = got.outcomes.filter((o) => o.status === 'open');
    expect(open.map((o) => o.conditionId.toLowerCase()).sort()).toEqual(b.markets.map((m) => m.cid.toLowerCase()).sort());
    const prices = (await v.post('trading', '/prices', JSON.stringify(b.markets.map((m) => ({ token_id: m.yes }))))).body as Record<string, { BUY?: string; SELL?: string }>;
    for (const o of open) {
      expect({ bid: o.bestBid, ask: o.bestAsk }).toEqual({ bid: prices[o.tokenId!]?.BUY, ask: prices[o.tokenId!]?.SELL });
    }
    const n = b.markets.length;
    expect(got.sums).toEqual({ outcomes: n, asks: formatMicros(100_000n * BigInt(n)), bids: formatMicros(50_000n * BigInt(n)), missingAsks: 0, missingBids: 0, underAsk: true, overBid: false });
    // The change, from the venue's own ledger: the Yes outcome's last taker fill a day ago (else No's complement).
    const cutoff = Date.now() - DAY_SECONDS * 1000;
    const before = (cid: string, index: number) =>
      v.db.prepare("SELECT price FROM fills WHERE condition_id = ? AND outcome_index = ? AND role = 'T' AND ts <= ? ORDER BY ts DESC, id DESC LIMIT 1").pluck().get(cid, index, cutoff) as number | undefined;
    const then0 = before(first.cid, 0);
    const then = then0 ?? (before(first.cid, 1) === undefined ? undefined : 1_000_000 - (before(first.cid, 1) as number));
    const row = got.outcomes.find((o) => o.conditionId.toLowerCase() === first.cid.toLowerCase())!;
    expect(row.price).toBe('0.1');
    expect(then).toBeDefined();
    expect(row.change24h).toBe(formatMicros(100_000n - BigInt(then!)));
    expect(row.volume24hr).toBe(0.5);
    // The event's sums are its markets' sums.
    expect(got.volume24hr).toBe(0.5);
    expect(got.volume).toBeGreaterThan(0);
  });
});
