import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../../../venue/test-support.js';
import { CATALOG_KINDS, openCache, type Cache, type FetchPage, type SearchKind, type SyncProgress } from './index.js';
import { requireMicros } from '@shared/domain/money.js';
import { getJson, venueFetchPage } from './test-support.js';

let venue: TestVenue;
let dir: string;
let cache: Cache;
/** Every id of a listing as the venue serves it, paged by hand. */
const venueIds: Partial<Record<SearchKind, string[]>> = {};

async function listAll(path: string): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await getJson(`${venue.urls.catalog_url}${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`)) as Array<Record<string, unknown>>;
    out.push(...page);
    if (page.length < 100) return out;
  }
}

const cachedIds = (kind: SearchKind): string[] =>
  (cache.db.prepare(`SELECT id FROM ${kind} ORDER BY id`).pluck().all() as string[]).sort();

beforeAll(async () => {
  venue = await startTestVenue();
  for (const kind of CATALOG_KINDS) venueIds[kind] = (await listAll(`/${kind}`)).map((x) => String(x['id'])).sort();
});
afterAll(async () => venue.stop());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-cache-sync-'));
  cache = openCache(dir, 'local');
});
afterEach(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The venue's pages, with every request's kind and offset recorded. */
function recording(): { fetchPage: FetchPage; requests: Array<[string, number]> } {
  const requests: Array<[string, number]> = [];
  const inner = venueFetchPage(venue.urls.catalog_url);
  return {
    requests,
    fetchPage: async (kind, page) => {
      requests.push([kind, page.offset]);
      return inner(kind, page);
    },
  };
}

describe('catalog sync', () => {
  it('stores the whole small world: the same rows as the venue lists', async () => {
    const { fetchPage, requests } = recording();
    const result = await cache.syncCatalog(fetchPage);
    for (const kind of CATALOG_KINDS) {
      expect(venueIds[kind]!.length).toBeGreaterThan(0);
      expect(cachedIds(kind)).toEqual(venueIds[kind]);
      expect(cache.count(kind)).toBe(venueIds[kind]!.length);
      expect(result[kind]).toEqual({ done: venueIds[kind]!.length, pages: Math.floor(venueIds[kind]!.length / 100) + 1, removed: 0 });
    }
    // Tags first, then events, so markets can find their tags and event titles.
    expect([...new Set(requests.map(([k]) => k))]).toEqual(['tags', 'events', 'series', 'markets']);
  });

  it('normalises markets: ids, outcomes, token ids, events, tags, flags, exact volume, raw JSON', async () => {
    await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url));
    const listed = (await getJson(`${venue.urls.catalog_url}/markets?limit=5&order=id&ascending=true`)) as Array<Record<string, unknown>>;
    for (const m of listed) {
      const row = cache.market(String(m['id']))!;
      const tags = (await getJson(`${venue.urls.catalog_url}/markets/${String(m['id'])}/tags`)) as Array<{ id: string }>;
      expect(row).toMatchObject({
        id: m['id'],
        conditionId: m['conditionId'],
        slug: m['slug'],
        question: m['question'],
        description: m['description'],
        outcomes: JSON.parse(m['outcomes'] as string),
        clobTokenIds: JSON.parse(m['clobTokenIds'] as string),
        eventIds: (m['events'] as Array<{ id: string }>).map((e) => e.id),
        active: m['active'],
        closed: m['closed'],
        archived: m['archived'],
        endDate: m['endDate'],
      });
      expect([...row.tagIds].sort()).toEqual(tags.map((t) => t.id).sort());
      expect(requireMicros(row.volume!)).toBe(requireMicros(String(m['volume'])));
      expect(row.raw).toMatchObject({ id: m['id'], question: m['question'] });
    }
  });

  it('keeps events by id: slug, title, market ids', async () => {
    await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url));
    const listed = (await getJson(`${venue.urls.catalog_url}/events?limit=3&order=id&ascending=true`)) as Array<{ id: string; slug: string; title: string; markets: Array<{ id: string }> }>;
    for (const e of listed) {
      expect(cache.event(e.id)).toMatchObject({ id: e.id, slug: e.slug, title: e.title, marketIds: e.markets.map((m) => m.id), raw: { id: e.id } });
    }
    expect(cache.event('999999999')).toBeUndefined();
  });

  it('reports progress per page, with the total once known', async () => {
    const events: SyncProgress[] = [];
    await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url), { kinds: ['markets'], pageSize: 25, onProgress: (p) => events.push(p) });
    const n = venueIds.markets!.length;
    const pages = Math.floor(n / 25) + 1;
    expect(events.map((e) => e.page)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(events.map((e) => e.done)).toEqual(Array.from({ length: pages }, (_, i) => Math.min(n, (i + 1) * 25)));
    expect(events.slice(0, -1).every((e) => e.total === undefined && !e.complete)).toBe(true);
    expect(events.at(-1)).toEqual({ kind: 'markets', done: n, total: n, page: pages, complete: true });

    // The next pass starts over and knows the size from the last one.
    const again: SyncProgress[] = [];
    await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url), { kinds: ['markets'], pageSize: 25, onProgress: (p) => again.push(p) });
    expect(again[0]).toEqual({ kind: 'markets', done: 25, total: n, page: 1, complete: false });
    expect(cachedIds('markets')).toEqual(venueIds.markets);
  });

  it('resumes an interrupted sync where it stopped, with no gap and no duplicate', async () => {
    const controller = new AbortController();
    const first = recording();
    const run = cache.syncCatalog(first.fetchPage, {
      pageSize: 10,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.kind === 'markets' && p.page === 3) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(cache.count('markets')).toBe(30);
    expect(cache.count('events')).toBe(venueIds.events!.length);
    expect(first.requests.filter(([k]) => k === 'markets').map(([, o]) => o)).toEqual([0, 10, 20]);

    // After a restart the same sync skips the kinds it finished and continues the markets at 30.
    cache.close();
    cache = openCache(dir, 'local');
    const second = recording();
    const result = await cache.syncCatalog(second.fetchPage, { pageSize: 10 });
    const n = venueIds.markets!.length;
    const rest = Array.from({ length: Math.floor((n - 30) / 10) + 1 }, (_, i) => 30 + i * 10);
    expect(second.requests).toEqual(rest.map((o) => ['markets', o]));
    expect(result.markets).toEqual({ done: n, pages: rest.length + 3, removed: 0 });
    expect(result.events).toEqual({ done: venueIds.events!.length, pages: Math.floor(venueIds.events!.length / 10) + 1, removed: 0 });
    expect(cachedIds('markets')).toEqual(venueIds.markets);
    expect(cache.db.prepare("SELECT count(*) FROM search_docs WHERE kind = 'markets'").pluck().get()).toBe(n);
    expect(cache.db.prepare("SELECT count(*) FROM search_fts WHERE kind = 'markets'").pluck().get()).toBe(n);

    // Once finished, the next sync is a new pass from the start.
    const third = recording();
    await cache.syncCatalog(third.fetchPage, { pageSize: 100 });
    expect(third.requests).toEqual(CATALOG_KINDS.map((k) => [k, 0]));
  });

  it('resumes after a failed page and keeps the pages stored before it', async () => {
    const inner = venueFetchPage(venue.urls.catalog_url);
    let calls = 0;
    const flaky: FetchPage = async (kind, page) => {
      if (++calls === 3) throw Object.assign(new Error('connection reset'), { name: 'NetworkError' });
      return inner(kind, page);
    };
    await expect(cache.syncCatalog(flaky, { kinds: ['markets'], pageSize: 20 })).rejects.toThrow('connection reset');
    expect(cache.count('markets')).toBe(40);
    await cache.syncCatalog(flaky, { kinds: ['markets'], pageSize: 20 });
    expect(cachedIds('markets')).toEqual(venueIds.markets);
  });

  it('drops rows the venue no longer lists when a pass completes', async () => {
    await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url));
    const ghost = { id: '999999', conditionId: '0xdead', question: 'Ghostly withdrawn market?' };
    cache.ingest('markets', [ghost]);
    expect(cache.search('ghostly').map((h) => h.id)).toEqual(['999999']);
    const result = await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url), { kinds: ['markets'] });
    expect(result.markets?.removed).toBe(1);
    expect(cache.market('999999')).toBeUndefined();
    expect(cache.search('ghostly')).toEqual([]);
    expect(cachedIds('markets')).toEqual(venueIds.markets);
  });

  it('refuses a page that does not fit, naming the item and field, without moving the checkpoint', async () => {
    const bad: FetchPage = async () => [{ id: '1', conditionId: '0x1' }, { id: '2' }];
    await expect(cache.syncCatalog(bad, { kinds: ['markets'] })).rejects.toThrow(/markets at offset 0\[1\]\.conditionId: Invalid input/);
    expect(cache.count('markets')).toBe(0);
    await expect(cache.syncCatalog(async () => 'nope' as unknown as unknown[], { kinds: ['tags'] })).rejects.toThrow(/expected an array/);
    await expect(cache.syncCatalog(bad, { pageSize: 101 })).rejects.toThrow(/pageSize must be an integer from 1 to 100/);
    await expect(cache.syncCatalog(bad, { kinds: ['things' as 'tags'] })).rejects.toThrow(/sync kind must be one of/);
  });

  it('syncs the comments of one entity on demand, searchable', async () => {
    const [latest] = (await getJson(`${venue.urls.catalog_url}/comments?limit=1`)) as Array<{ parentEntityType: string; parentEntityID: number }>;
    const parent = { type: 'Event' as const, id: String(latest!.parentEntityID) };
    const listed = await listAll(`/comments?parent_entity_type=Event&parent_entity_id=${parent.id}`);
    expect(listed.length).toBeGreaterThan(0);
    const progress: SyncProgress[] = [];
    const result = await cache.syncComments(parent, venueFetchPage(venue.urls.catalog_url), { pageSize: 5, onProgress: (p) => progress.push(p) });
    expect(result.done).toBe(listed.length);
    expect(cache.count('comments', parent)).toBe(listed.length);
    expect(progress.every((p) => p.kind === 'comments')).toBe(true);
    const body = String(listed[0]!['body']);
    const word = body.match(/\p{L}{5,}/u)![0];
    const hits = cache.search(word, { kinds: ['comments'], limit: 100 });
    expect(hits.map((h) => h.id)).toContain(String(listed[0]!['id']));
    expect(hits.every((h) => h.kind === 'comments')).toBe(true);
    await expect(cache.syncComments({ type: 'Event', id: '' }, venueFetchPage(venue.urls.catalog_url))).rejects.toThrow(/comment parent must be/);
  });
});
