import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../../../venue/test-support.js';
import { isNetworkError, openCache, responseKey, type Cache, type CachedResult } from './index.js';
import { getJson } from './test-support.js';

let venue: TestVenue;
let dir: string;
let cache: Cache;
let clock: number;

beforeAll(async () => {
  venue = await startTestVenue();
});
afterAll(async () => venue.stop());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-cache-resp-'));
  clock = 1_800_000_000_000;
  cache = openCache(dir, 'local', { now: () => clock });
});
afterEach(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

const marketsUrl = (): string => `${venue.urls.catalog_url}/markets?limit=3&order=id&ascending=true`;
const key = (): string => cache.key('catalog', '/markets', { limit: 3, order: 'id', ascending: true });
/** A load of the markets page that counts how often it ran. */
function countingLoad(): { load: () => Promise<unknown>; count: () => number } {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return getJson(marketsUrl());
    },
    count: () => loads,
  };
}

describe('response keys', () => {
  it('normalise the query: sorted names, absent values dropped, arrays comma-joined', () => {
    expect(responseKey('p', 'data', '/trades', { user: '0xA', limit: 5, market: ['0x1', '0x2'], side: undefined, x: null })).toBe(
      'p|data|/trades?limit=5&market=0x1%2C0x2&user=0xA',
    );
    expect(responseKey('p', 'catalog', '/markets/', { b: true, a: 1 })).toBe(responseKey('p', 'catalog', '/markets', { a: 1, b: true }));
    expect(responseKey('p', 'catalog', '/markets')).not.toBe(responseKey('q', 'catalog', '/markets'));
    expect(responseKey('p', 'catalog', '/markets')).not.toBe(responseKey('p', 'data', '/markets'));
    expect(() => responseKey('p', 'catalog', 'markets')).toThrow(/path must start with "\/"/);
  });
});

describe('response cache', () => {
  it('reads back what it wrote, with fetchedAt', () => {
    expect(cache.read('nothing')).toBeUndefined();
    cache.write('k', { a: [1, 'x'] }, 123);
    expect(cache.read('k')).toEqual({ data: { a: [1, 'x'] }, fetchedAt: 123 });
    cache.write('k', { a: 2 });
    expect(cache.read('k')).toEqual({ data: { a: 2 }, fetchedAt: clock });
    expect(() => cache.write('k', undefined)).toThrow(/not JSON-serialisable/);
  });

  it('serves fresh data without loading, reloads stale data, and keeps the new answer', async () => {
    const { load, count } = countingLoad();
    const first = await cache.cached(key(), 60_000, load);
    expect(first).toMatchObject({ stale: false, ageMs: 0, fetchedAt: clock });
    expect((first.data as Array<{ id: string }>).map((m) => m.id)).toEqual(['1', '2', '3']);

    clock += 30_000;
    const fresh = await cache.cached(key(), 60_000, load);
    expect(count()).toBe(1);
    expect(fresh).toEqual({ data: first.data, fetchedAt: first.fetchedAt, stale: false, ageMs: 30_000 });

    clock += 31_000;
    const reloaded = await cache.cached(key(), 60_000, load);
    expect(count()).toBe(2);
    expect(reloaded).toMatchObject({ stale: false, ageMs: 0, fetchedAt: clock });
    expect(cache.read(key())?.fetchedAt).toBe(clock);
  });

  it('is separate per profile', async () => {
    cache.write(cache.key('catalog', '/tags'), ['local']);
    const other = openCache(dir, 'remote-1');
    expect(other.read(other.key('catalog', '/tags'))).toBeUndefined();
    expect(other.read(cache.key('catalog', '/tags'))).toBeUndefined();
    expect(other.path).not.toBe(cache.path);
    other.close();
  });

  it('loads once for concurrent callers of one key', async () => {
    const { load, count } = countingLoad();
    const [a, b] = await Promise.all([cache.cached(key(), 1000, load), cache.cached(key(), 1000, load)]);
    expect(count()).toBe(1);
    expect(a.data).toEqual(b.data);
  });

  it('rethrows errors that are not network failures, and network failures with nothing cached', async () => {
    const refused = async () => getJson(`${venue.urls.catalog_url}/markets?limit=1000`);
    await expect(cache.cached(key(), 0, refused)).rejects.toThrow(/HTTP 400/);
    cache.write(key(), ['old'], clock - 10);
    await expect(cache.cached(key(), 0, refused)).rejects.toThrow(/HTTP 400/);
    const offline = async () => getJson('http://127.0.0.1:9/markets');
    await expect(cache.cached(cache.key('catalog', '/never'), 0, offline)).rejects.toMatchObject({ name: 'NetworkError' });
  });

  it('after an expiry reads the venue again, keeping the old answer and its time for offline use', async () => {
    const { load, count } = countingLoad();
    const first = await cache.cached(key(), 60_000, load);
    cache.expire(key());
    clock += 10;
    expect((await cache.cached(key(), 60_000, load)).fetchedAt).toBe(first.fetchedAt + 10);
    expect(count()).toBe(2);
    // Now fresh again: no third load.
    await cache.cached(key(), 60_000, load);
    expect(count()).toBe(2);
    cache.expire(key());
    clock += 10;
    const offline = await cache.cached(key(), 60_000, async () => getJson('http://127.0.0.1:9/markets'));
    expect(offline).toMatchObject({ stale: true, fetchedAt: first.fetchedAt + 10, ageMs: 10 });
  });

  it('expires every variant of a read that holds the given query values, and no other', async () => {
    const loads = new Map<string, number>();
    const read = (query: Record<string, string | number>) => {
      const k = cache.key('data', '/positions', query);
      return cache.cached(k, 60_000, async () => {
        loads.set(k, (loads.get(k) ?? 0) + 1);
        return [k];
      });
    };
    const mine: Array<Record<string, string | number>> = [{ user: '0xaa', limit: 500 }, { user: '0xaa', sortBy: 'TITLE', title: 'a b' }];
    const theirs: Record<string, string | number> = { user: '0xaab', limit: 500 };
    for (const q of [...mine, theirs]) await read(q);
    cache.write(cache.key('data', '/positionsX', { user: '0xaa' }), []);
    expect(cache.expireReads('data', '/positions', { user: '0xaa' })).toBe(2);
    for (const q of [...mine, theirs]) await read(q);
    expect(mine.map((q) => loads.get(cache.key('data', '/positions', q)))).toEqual([2, 2]);
    expect(loads.get(cache.key('data', '/positions', theirs))).toBe(1);
  });

  it('serves the last answer, marked stale, while the venue throttles the read', async () => {
    const tight = await startTestVenue({ rateLimitScale: 1 / 300 }); // GET /markets: 1 per 10 s
    try {
      const url = `${tight.urls.catalog_url}/markets?limit=2&order=id&ascending=true`;
      const first = await cache.cached(key(), 0, async () => getJson(url));
      clock += 5;
      const throttled = await cache.cached(key(), 0, async () => getJson(url));
      expect(throttled).toMatchObject({ data: first.data, stale: true, ageMs: 5 });
      // With nothing kept, the refusal is the answer.
      await expect(cache.cached(cache.key('catalog', '/other'), 0, async () => getJson(url))).rejects.toMatchObject({ status: 429 });
    } finally {
      await tight.stop();
    }
  });

  it('tells network errors apart by name or kind', () => {
    expect(isNetworkError(Object.assign(new Error('x'), { name: 'NetworkError' }))).toBe(true);
    expect(isNetworkError({ kind: 'network', message: 'down' })).toBe(true);
    expect(isNetworkError(new TypeError('fetch failed'))).toBe(false);
    expect(isNetworkError(undefined)).toBe(false);
  });

  it('answers offline with the last good venue answer, marked stale with its age', async () => {
    const own = await startTestVenue();
    const url = `${own.urls.catalog_url}/events?limit=2&order=id&ascending=true`;
    const k = cache.key('catalog', '/events', { limit: 2, order: 'id', ascending: true });
    const online = await cache.cached(k, 5_000, async () => getJson(url));
    expect(online.stale).toBe(false);
    expect((online.data as Array<{ id: string }>).map((e) => e.id)).toEqual(['1', '2']);
    await own.stop();

    clock += 90_000;
    let tried = false;
    const offline = await cache.cached(k, 5_000, async () => {
      tried = true;
      return getJson(url);
    });
    expect(tried).toBe(true);
    expect(offline).toEqual({ data: online.data, fetchedAt: online.fetchedAt, stale: true, ageMs: 90_000 });
  });

  it('stale-while-revalidate returns the cached answer at once and reports the refresh', async () => {
    cache.write(key(), ['cached'], clock - 120_000);
    let onUpdate!: (r: CachedResult<unknown>) => void;
    const updated = new Promise<CachedResult<unknown>>((resolve) => (onUpdate = resolve));
    const now = await cache.cached(key(), 60_000, async () => getJson(marketsUrl()), { staleWhileRevalidate: true, onUpdate });
    expect(now).toEqual({ data: ['cached'], fetchedAt: clock - 120_000, stale: true, ageMs: 120_000 });
    const fresh = await updated;
    expect(fresh.stale).toBe(false);
    expect((fresh.data as Array<{ id: string }>).map((m) => m.id)).toEqual(['1', '2', '3']);
    expect(cache.read(key())).toEqual({ data: fresh.data, fetchedAt: clock });

    // A fresh entry is not refreshed; a failed refresh reaches onError.
    let calls = 0;
    await cache.cached(key(), 60_000, async () => ++calls, { staleWhileRevalidate: true });
    expect(calls).toBe(0);
    clock += 61_000;
    const failure = new Promise((resolve) => {
      void cache.cached(key(), 60_000, async () => getJson('http://127.0.0.1:9/x'), { staleWhileRevalidate: true, onError: resolve });
    });
    expect(await failure).toMatchObject({ name: 'NetworkError' });
  });

  it('rejects a negative max age', async () => {
    await expect(cache.cached(key(), -1, async () => 1)).rejects.toThrow(/maxAgeMs must be >= 0/);
  });
});
