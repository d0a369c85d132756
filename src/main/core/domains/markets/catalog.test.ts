// Events and series through the core against the real local venue: an event by slug or by id is
// that event with its own markets, a series' events are that series' events, and a record read
// by its key that is not the one asked for is NOT_FOUND.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestVenue } from '../../../../venue/test-support.js';
import { caller, coreFor, coreForFile, tradable, venueProfile } from '../../test-support.js';
import type { Core } from '../../index.js';

const h = coreForFile();

type EventOut = { data: { id: string; slug: string; markets: Array<{ id: string; conditionId: string }> } };
type Row = { id: number; slug: string };

/** Starts the catalog sync of `via` and waits until it is complete. */
async function synced(via: ReturnType<typeof caller>): Promise<void> {
  await via.ok('sync.start');
  for (let i = 0; i < 400; i++) {
    const s = await via.ok<{ running: boolean; kinds: Array<{ complete: boolean }> }>('sync.status');
    if (!s.running && s.kinds.every((k) => k.complete)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the catalog sync did not finish');
}

/** Active events with at least two markets, in id order; not the first, which a venue ignoring a filter answers with. */
const events = (v: TestVenue): Row[] =>
  v.db.prepare('SELECT e.id, e.slug FROM events e WHERE e.active = 1 AND e.closed = 0 AND (SELECT COUNT(*) FROM markets m WHERE m.event_id = e.id) > 1 ORDER BY e.id').all() as Row[];
const marketsOf = (v: TestVenue, eventId: number): string[] =>
  (v.db.prepare('SELECT condition_id FROM markets WHERE event_id = ? ORDER BY condition_id').all(eventId) as Array<{ condition_id: string }>).map((m) => m.condition_id);
const conditionIds = (e: EventOut): string[] => e.data.markets.map((m) => m.conditionId.toLowerCase()).sort();

describe('an event', () => {
  it('by slug is that event, with its own markets', async () => {
    const e = events(h.venue).at(-1)!;
    const got = await h.ok<EventOut>('events.get', { idOrSlug: e.slug });
    expect(got.data).toMatchObject({ id: String(e.id), slug: e.slug });
    expect(conditionIds(got)).toEqual(marketsOf(h.venue, e.id));
  });

  it('by numeric id resolves through the synced catalog to that event and its own markets', async () => {
    await synced(h);
    for (const e of events(h.venue).slice(1, 4)) {
      const got = await h.ok<EventOut>('events.get', { idOrSlug: String(e.id) });
      expect(got.data).toMatchObject({ id: String(e.id), slug: e.slug });
      expect(conditionIds(got)).toEqual(marketsOf(h.venue, e.id));
    }
  });

  it('by an id the local catalog does not hold yet is NOT_FOUND, in words', async () => {
    const err = await h.fails('events.get', { idOrSlug: '987654321' });
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toMatch(/987654321 is not in the local catalog yet/);
  });
});

describe('a series', () => {
  it('lists its own events, and two series list different ones', async () => {
    const series = h.venue.db
      .prepare('SELECT s.id, s.slug FROM series s WHERE (SELECT COUNT(*) FROM events e WHERE e.series_id = s.id AND e.active = 1) > 0 ORDER BY s.id LIMIT 2')
      .all() as Row[];
    expect(series).toHaveLength(2);
    const seen: string[][] = [];
    for (const s of series) {
      const got = await h.ok<{ data: Array<{ id: string }> }>('events.list', { seriesSlug: s.slug, active: true, limit: 100 });
      const own = (h.venue.db.prepare('SELECT id FROM events WHERE series_id = ? AND active = 1 ORDER BY id').all(s.id) as Array<{ id: number }>).map((e) => String(e.id));
      expect(got.data.map((e) => String(e.id)).sort()).toEqual(own.sort());
      seen.push(own);
    }
    expect(seen[0]).not.toEqual(seen[1]);
  });
});

/**
 * A core whose venue answers with another record than asked: a proxy that relays every request
 * to `venue` with each path segment or query value that is a key of `swap` replaced by its value.
 */
async function swapping(venue: TestVenue, swap: Map<string, string>): Promise<{ core: Core; via: ReturnType<typeof caller>; close(): Promise<void> }> {
  const origin = new URL(venue.urls.catalog_url).origin;
  const proxy: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    url.pathname = url.pathname.split('/').map((seg) => (swap.has(decodeURIComponent(seg)) ? encodeURIComponent(swap.get(decodeURIComponent(seg)) as string) : seg)).join('/');
    for (const [k, v] of [...url.searchParams]) if (swap.has(v)) url.searchParams.set(k, swap.get(v) as string);
    void fetch(url, { method: req.method ?? 'GET' }).then(async (r) => {
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(await r.text());
    }, () => res.socket?.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const path = (u: string): string => new URL(u).pathname;
  const dir = mkdtempSync(join(tmpdir(), 'kairos-core-swap-'));
  const core = coreFor(dir, venue, {
    defaultProfile: {
      ...venueProfile(venue, 'Answers another record'),
      catalogUrl: base + path(venue.urls.catalog_url),
      tradingUrl: base + path(venue.urls.trading_url),
      dataUrl: base + path(venue.urls.data_url),
    },
  });
  return {
    core,
    via: caller(() => core),
    async close() {
      core.close();
      await new Promise((r) => proxy.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('a venue answering another record than asked', () => {
  it('is NOT_FOUND for an event, a market, a trading market, market settings and a book', async () => {
    const [, a, b] = events(h.venue) as [Row, Row, Row];
    const m = tradable(h.venue, 0);
    const other = tradable(h.venue, 1);
    const slugOf = (cid: string): string => (h.venue.db.prepare('SELECT slug FROM markets WHERE condition_id = ?').get(cid) as { slug: string }).slug;
    const swap = new Map([
      [a.slug, b.slug],
      [slugOf(m.cid), slugOf(other.cid)],
      [m.cid, other.cid],
      [m.tokens[0] as string, other.tokens[0] as string],
    ]);
    const s = await swapping(h.venue, swap);
    try {
      await synced(s.via);
      const expectNotFound = async (name: string, input: unknown, asked: string): Promise<void> => {
        const err = await s.via.fails(name, input);
        expect(err.code, `${name} ${JSON.stringify(input)}`).toBe('NOT_FOUND');
        expect(err.message).toContain(asked);
      };
      await expectNotFound('events.get', { idOrSlug: a.slug }, a.slug);
      await expectNotFound('events.get', { idOrSlug: String(a.id) }, a.slug);
      await expectNotFound('markets.get', { idOrSlug: slugOf(m.cid) }, slugOf(m.cid));
      await expectNotFound('markets.settings', { conditionId: m.cid }, m.cid);
      await expectNotFound('markets.quotes', { conditionId: m.cid }, m.cid);
      await expectNotFound('markets.book', { tokenId: m.tokens[0] }, m.tokens[0] as string);
      // What is not swapped still reads as before, through the same proxy.
      expect((await s.via.ok<EventOut>('events.get', { idOrSlug: b.slug })).data.slug).toBe(b.slug);
      await s.via.ok('markets.settings', { conditionId: other.cid });
      await s.via.ok('markets.book', { tokenId: other.tokens[0] });
    } finally {
      await s.close();
    }
  });

  it('is not NOT_FOUND when only the case of a condition id differs', async () => {
    const m = tradable(h.venue, 2);
    const upper = `0x${m.cid.slice(2).toUpperCase()}`;
    const got = await h.ok<{ data: { c: string } }>('markets.settings', { conditionId: upper });
    expect(got.data.c.toLowerCase()).toBe(m.cid.toLowerCase());
  });
});
