import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue } from '../../../venue/test-support.js';
import { SNIPPET_CLOSE, SNIPPET_OPEN, openCache, toFtsQuery, type Cache } from './index.js';
import { SearchIndex } from './search.js';
import { getJson, venueFetchPage } from './test-support.js';

let dir: string;
let cache: Cache;
let markets: Array<{ id: string; question: string }>;

const market = (id: string, question: string, description = '') => ({ id, conditionId: `0x${id}`, question, description });

beforeAll(async () => {
  const venue = await startTestVenue();
  dir = mkdtempSync(join(tmpdir(), 'kairos-cache-search-'));
  cache = openCache(dir, 'local');
  await cache.syncCatalog(venueFetchPage(venue.urls.catalog_url));
  markets = (await getJson(`${venue.urls.catalog_url}/markets?limit=100`)) as typeof markets;
  await venue.stop();
  cache.ingest('markets', [
    market('900001', 'Will Donald Trump win the 2028 election?', 'Resolves Yes if he wins.'),
    market('900002', 'Zephyrine rally by Friday?', 'A market about a rally.'),
    market('900003', 'Unrelated weather question?', 'Mentions zephyrine winds only in the description.'),
    market('900004', 'Will the NEAR protocol flip Solana?', 'Crypto (layer-1) race: "NEAR" vs. SOL -- see rules*.'),
    market('900005', 'Will Zoë Kravitz host the Oscars?', ''),
  ]);
});
afterAll(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = (q: string, opts?: Parameters<Cache['search']>[1]) => cache.search(q, opts).map((h) => `${h.kind}:${h.id}`);

describe('local search', () => {
  it('matches the last word as a prefix while the user types', () => {
    expect(ids('trum')[0]).toBe('markets:900001');
    expect(ids('Donald Tr')[0]).toBe('markets:900001');
    expect(ids('trum ')).toEqual([]); // a finished word is matched whole
    expect(ids('trump ')[0]).toBe('markets:900001');
  });

  it('finds synced venue markets by a prefix of a word of their question', () => {
    for (const m of markets.slice(0, 10)) {
      const word = m.question.match(/\p{L}{6,}/u)?.[0];
      if (!word) continue;
      expect(ids(word.slice(0, 4).toLowerCase(), { kinds: ['markets'], limit: 100 })).toContain(`markets:${m.id}`);
      expect(ids(`${word} `, { kinds: ['markets'], limit: 100 })).toContain(`markets:${m.id}`);
    }
  });

  it('ranks a title match above a description-only match', () => {
    expect(ids('zephyr')).toEqual(['markets:900002', 'markets:900003']);
    const [a, b] = cache.search('zephyrine');
    expect(a!.rank).toBeLessThan(b!.rank);
  });

  it('returns title, highlighted snippet and kind', () => {
    const [hit] = cache.search('zephyrine', { kinds: ['markets'] });
    expect(hit).toMatchObject({ kind: 'markets', id: '900002', title: 'Zephyrine rally by Friday?' });
    expect(hit!.snippet).toContain(`${SNIPPET_OPEN}Zephyrine${SNIPPET_CLOSE}`);
    const [second] = cache.search('zephyrine winds');
    expect(second!.snippet).toContain(`${SNIPPET_OPEN}winds${SNIPPET_CLOSE}`);
  });

  it('covers events, tags and series, and filters by kind', () => {
    const tag = cache.db.prepare("SELECT label FROM tags WHERE label IS NOT NULL ORDER BY id LIMIT 1").pluck().get() as string;
    expect(ids(tag, { kinds: ['tags'] })).toHaveLength(1);
    const event = cache.db.prepare('SELECT id, title FROM events ORDER BY id LIMIT 1').get() as { id: string; title: string };
    expect(ids(event.title, { kinds: ['events'] })).toContain(`events:${event.id}`);
    const series = cache.db.prepare('SELECT id, title FROM series ORDER BY id LIMIT 1').get() as { id: string; title: string };
    expect(ids(series.title, { kinds: ['series'] })).toContain(`series:${series.id}`);
    // Markets are found by their event's title and tag labels too.
    const linked = cache.db.prepare("SELECT m.id FROM markets m WHERE m.event_ids LIKE ? LIMIT 1").pluck().get(`%"${event.id}"%`) as string;
    expect(ids(event.title, { kinds: ['markets'], limit: 100 })).toContain(`markets:${linked}`);
    const everywhere = cache.search(tag, { limit: 100 });
    expect(new Set(everywhere.map((h) => h.kind)).size).toBeGreaterThan(1);
    expect(cache.search(tag, { kinds: ['markets', 'events'], limit: 100 }).every((h) => h.kind === 'markets' || h.kind === 'events')).toBe(true);
    expect(cache.search(tag, { kinds: [] })).toEqual([]);
  });

  it('marks the words found in the snippet of a hit of a kind searched alone, never the kind', () => {
    const tag = cache.db.prepare('SELECT label FROM tags WHERE label IS NOT NULL ORDER BY id LIMIT 1').pluck().get() as string;
    const [hit] = cache.search(tag, { kinds: ['tags'] });
    expect(hit!.snippet).toContain(SNIPPET_OPEN);
    expect(hit!.snippet.split(SNIPPET_OPEN).join('').split(SNIPPET_CLOSE).join('')).toBe(tag);
    const event = cache.db.prepare('SELECT title FROM events ORDER BY id LIMIT 1').pluck().get() as string;
    const word = event.match(/\p{L}{4,}/u)![0];
    for (const h of cache.search(word, { kinds: ['events', 'series'] })) expect(h.snippet.toLowerCase()).toContain(`${SNIPPET_OPEN}${word.toLowerCase()}`);
  });

  it('counts a series\' events again after the series changes', () => {
    const events = cache.db.prepare('SELECT id FROM events ORDER BY id LIMIT 3').pluck().all() as string[];
    const series = (n: number) => ({ id: '990001', slug: 'quillwort-cup', title: 'Quillwort Cup', events: events.slice(0, n).map((id) => ({ id })) });
    const count = () => cache.hitDetails(cache.search('quillwort', { kinds: ['series'] })).find((h) => h.id === '990001')?.count;
    cache.ingest('series', [series(2)]);
    expect(count()).toBe(2);
    cache.ingest('series', [series(3)]);
    expect(count()).toBe(3);
  });

  it('ignores accents and case', () => {
    expect(ids('zoe krav')[0]).toBe('markets:900005');
    expect(ids('ZOË')[0]).toBe('markets:900005');
  });

  it('treats query syntax in user input as plain words, never throwing', () => {
    const nasty = [
      '"', '""', '"unbalanced', "'", '-', '--', '-trump', '*', '**', 'trump*', 'NEAR', 'NEAR(', 'NEAR(a b, 3)', '(', ')', '((trump',
      'trump)', 'a OR', 'OR', 'AND', 'NOT', 'NOT trump', 'title:trump', 'kind:tags', '{title}: x', '^trump', '+', ':', '\\', '\u0000',
      '🙂', '   ', '', 'x'.repeat(5000), '\u0301', 'a \u0301', '\u0301 a', '\u200b', '٣', '中文', '\ue000', 'ǅ', 'a b c d e f g h i j k l m n o p q r', "'; DROP TABLE markets; --",
    ];
    for (const q of nasty) expect(() => cache.search(q)).not.toThrow();
    expect(ids('NEAR')[0]).toBe('markets:900004');
    expect(ids('"NEAR" protocol')[0]).toBe('markets:900004');
    expect(ids('layer-1 (race')[0]).toBe('markets:900004');
    expect(ids('-trump')[0]).toBe('markets:900001');
    expect(ids('title:trump')).toEqual([]); // "title" is a word here, not a column filter
    expect(ids('kind:markets')).toEqual([]);
    expect(cache.count('markets')).toBeGreaterThan(60);
  });

  it('builds quoted FTS terms', () => {
    expect(toFtsQuery('trum')).toBe('"trum"*');
    expect(toFtsQuery('Donald "Trump" ')).toBe('"Donald" "Trump"');
    expect(toFtsQuery('NEAR(a')).toBe('"NEAR" "a"*');
    expect(toFtsQuery('NEAR(a*')).toBe('"NEAR" "a"');
    expect(toFtsQuery('-- ( ) "')).toBeUndefined();
  });

  it('replaces a document when its market changes', () => {
    cache.ingest('markets', [market('900006', 'Quokka derby winner?')]);
    expect(ids('quokka')).toEqual(['markets:900006']);
    cache.ingest('markets', [market('900006', 'Wombat derby winner?')]);
    expect(ids('quokka')).toEqual([]);
    expect(ids('wombat')).toEqual(['markets:900006']);
  });

  it('keeps a document whose words did not change when its market is written again (its figures moved)', () => {
    cache.ingest('markets', [{ ...market('900007', 'Platypus regatta winner?'), volume: '10' }]);
    const before = cache.search('platypus');
    cache.ingest('markets', [{ ...market('900007', 'Platypus regatta winner?'), volume: '12' }]);
    expect(cache.search('platypus')).toEqual(before);
    expect(ids('platypus')).toEqual(['markets:900007']);
  });

  it('keeps broad queries bounded: newest title matches first', () => {
    const index = new SearchIndex(cache.db, { broadAt: 10, broadCandidates: 30 });
    const hits = index.search('w', { limit: 15, kinds: ['markets'] });
    expect(hits).toHaveLength(15);
    expect(hits.every((h) => h.kind === 'markets' && /(^|[^\p{L}])w/iu.test(h.title))).toBe(true);
    expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => a - b));
    // Too few title matches: body matches fill up, after the title matches and without repeats.
    expect(index.search('market', { limit: 20 })).toHaveLength(20);
    const titled = cache.db.prepare(`SELECT count(*) FROM search_fts WHERE search_fts MATCH 'title : "the"'`).pluck().get() as number;
    expect(titled).toBeGreaterThan(5);
    expect(titled).toBeLessThan(30);
    const mixed = index.search('the ', { limit: 40 });
    expect(mixed).toHaveLength(40);
    expect(new Set(mixed.map((h) => `${h.kind}:${h.id}`)).size).toBe(40);
    expect(mixed.slice(0, titled).every((h) => /\bthe\b/i.test(h.title))).toBe(true);
    expect(mixed.slice(titled).every((h) => !/\bthe\b/i.test(h.title))).toBe(true);
  });

  it('finds a trader kept after an earlier search, and only rereads kept answers after a write', () => {
    const board = cache.key('data', '/v1/leaderboard', { timePeriod: 'ALL' });
    const wallet = (n: number) => `0x${String(n).padStart(40, '0')}`;
    cache.write(board, [{ proxyWallet: wallet(1), userName: 'Quillbert' }]);
    expect(ids('quillb', { kinds: ['traders'] })).toEqual([`traders:${wallet(1)}`]);
    // An answer written behind the cache's back (another build, by hand) is not looked for on every keystroke...
    cache.db.prepare('UPDATE responses SET data = ?, fetched_at = fetched_at + 1 WHERE key = ?').run(JSON.stringify([{ proxyWallet: wallet(2), userName: 'Quillmora' }]), board);
    expect(ids('quillm', { kinds: ['traders'] })).toEqual([]);
    // ...while one the app keeps is read at the next search.
    cache.write(cache.key('data', '/v1/leaderboard', { timePeriod: 'DAY' }), [{ proxyWallet: wallet(3), userName: 'Quillsey' }]);
    expect(ids('quill', { kinds: ['traders'] }).sort()).toEqual([`traders:${wallet(1)}`, `traders:${wallet(2)}`, `traders:${wallet(3)}`]);
  });

  it('validates its options', () => {
    expect(() => cache.search('x', { limit: 0 })).toThrow(/limit must be an integer from 1 to 100/);
    expect(() => cache.search('x', { limit: 101 })).toThrow(/limit must be an integer from 1 to 100/);
    expect(() => cache.search('x', { kinds: ['people' as 'tags'] })).toThrow(/search kind must be one of/);
  });
});
