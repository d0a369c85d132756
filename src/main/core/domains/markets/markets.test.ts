// Browsing through the core against the real local venue: market detail, catalog reads, the
// sync with local search, and the whole-catalog markets list.
import { beforeAll, describe, expect, it } from 'vitest';
import { coreForFile, tradable, type TradableMarket } from '../../test-support.js';

const h = coreForFile();
let m: TradableMarket;
beforeAll(() => {
  m = tradable(h.venue);
});

/** Starts the catalog sync and waits until it is complete. */
async function synced(): Promise<void> {
  await h.ok('sync.start');
  for (let i = 0; i < 400; i++) {
    const s = await h.ok<{ running: boolean; kinds: Array<{ complete: boolean }> }>('sync.status');
    if (!s.running && s.kinds.every((k) => k.complete)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the catalog sync did not finish');
}

describe('browsing', () => {
  it('reads the catalog, market detail, prices, trades, holders, leaderboard, comments', async () => {
    const list = await h.ok<{ data: { rows: Array<{ conditionId: string; question: string }> }; stale: boolean }>('markets.list', { limit: 20 });
    expect(list.stale).toBe(false);
    expect(list.data.rows.length).toBeGreaterThan(5);
    const quotes = await h.ok<{ data: Array<{ tokenId: string }> }>('markets.quotes', { conditionId: m.cid });
    expect(quotes.data.map((q) => q.tokenId)).toEqual(m.tokens);
    await h.ok('markets.settings', { conditionId: m.cid });
    await h.ok('markets.book', { tokenId: m.tokens[0] });
    await h.ok('markets.history', { tokenId: m.tokens[0], range: '1W' });
    await h.ok('markets.trades', { conditionId: m.cid, limit: 10 });
    await h.ok('markets.holders', { conditionId: m.cid });
    const board = await h.ok<{ data: unknown[] }>('leaderboard.list', { timePeriod: 'ALL' });
    expect(board.data.length).toBeGreaterThan(0);
    await h.ok('events.list', { limit: 5 });
    await h.ok('series.list', {});
    await h.ok('tags.list', {});
    const ev = h.venue.db.prepare("SELECT parent_entity_id AS id FROM comments WHERE parent_entity_type = 'Event' LIMIT 1").get() as { id: number };
    const comments = await h.ok<{ data: unknown[] }>('comments.list', { parentType: 'Event', parentId: String(ev.id) });
    expect(comments.data.length).toBeGreaterThan(0);
  });

  it('syncs the catalog and searches it locally', async () => {
    await synced();
    const word = (h.venue.db.prepare("SELECT question FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { question: string }).question.split(/\W+/).find((w) => w.length > 5) as string;
    const hits = await h.ok<Array<{ kind: string }>>('markets.search', { query: word.slice(0, 4) });
    expect(hits.some((x) => x.kind === 'markets')).toBe(true);
  });

  it('lists the whole synced catalog locally: totals, whole-catalog sorts, paging, series and tag filters', async () => {
    await synced();
    type Row = { id: string; volume24hr?: number; eventIds: string[] };
    type Page = { data: { rows: Row[]; total: number }; stale: boolean };
    const venueAll = async (path: string): Promise<Array<Record<string, unknown>>> => {
      const out: Array<Record<string, unknown>> = [];
      for (let offset = 0; ; offset += 100) {
        const page = (await (await fetch(`${h.venue.urls.catalog_url}${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`)).json()) as Array<Record<string, unknown>>;
        out.push(...page);
        if (page.length < 100) return out;
      }
    };
    const active = await venueAll('/markets?active=true&closed=false');
    const first = await h.ok<Page>('markets.list', { status: 'active', sort: 'volume24hr', limit: 500 });
    expect(first.stale).toBe(false);
    expect(first.data.total).toBe(active.length);
    // Ranked over every market, not within one page of the venue's answer.
    const volumes = active.map((x) => Number(x['volume24hr'] ?? 0)).sort((a, b) => b - a);
    expect(first.data.rows.slice(0, 50).map((r) => r.volume24hr ?? 0)).toEqual(volumes.slice(0, 50));
    const pages: string[] = [];
    for (let offset = 0; offset < active.length; offset += 500) pages.push(...(await h.ok<Page>('markets.list', { status: 'active', sort: 'volume24hr', limit: 500, offset })).data.rows.map((r) => r.id));
    expect(new Set(pages).size).toBe(active.length);

    const series = (await venueAll('/series')).find((s) => Array.isArray(s['events']) && (s['events'] as unknown[]).length > 0) as { id: string; events: Array<{ id: string }> };
    const seriesEvents = new Set(series.events.map((e) => String(e.id)));
    const inSeries = await h.ok<Page>('markets.list', { status: 'all', seriesId: series.id, limit: 500 });
    expect(inSeries.data.total).toBeGreaterThan(0);
    for (const r of inSeries.data.rows) expect(r.eventIds.some((e) => seriesEvents.has(e))).toBe(true);

    const tag = (await venueAll('/tags'))[0] as { id: string };
    const tagged = await venueAll(`/markets?tag_id=${tag.id}`);
    const local = await h.ok<Page>('markets.list', { status: 'all', tagId: tag.id, limit: 500 });
    expect(local.data.rows.map((r) => r.id).sort()).toEqual(tagged.map((x) => String(x['id'])).sort());

    // A quotes read moves the list's price to the last trades it saw, and the price sort with it.
    const traded = h.venue.db.prepare("SELECT m.condition_id AS c FROM markets m JOIN last_trades t ON t.condition_id = m.condition_id WHERE m.status = 'active' GROUP BY m.condition_id HAVING COUNT(*) = 2 LIMIT 1").get() as { c: string };
    const quotes = await h.ok<{ data: Array<{ lastPrice?: string }> }>('markets.quotes', { conditionId: traded.c });
    const byPrice = await h.ok<{ data: { rows: Array<{ conditionId: string; outcomePrices: string[] }> } }>('markets.list', { status: 'all', sort: 'lastPrice', limit: 500 });
    const row = byPrice.data.rows.find((r) => r.conditionId.toLowerCase() === traded.c.toLowerCase());
    expect(row?.outcomePrices).toEqual(quotes.data.map((q) => q.lastPrice));
    const prices = byPrice.data.rows.map((r) => Number(r.outcomePrices[0] ?? -1)).filter((p) => p >= 0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});
