// Search through the core against the real local venue: every hit carries what its row shows
// (a market's price as the venue lists it, volume, end date, status), the markets list's
// filters narrow it, and it finds events, series, tags, and the traders and comments the app
// has read.
import { describe, expect, it } from 'vitest';
import type { CallOutput } from '@shared/ipc/contract.js';
import { coreForFile } from '../../test-support.js';
import { synced } from './find-test-support.js';

const h = coreForFile();

type Hits = CallOutput<'markets.search'>;
const search = (input: Record<string, unknown>) => h.ok<Hits>('markets.search', input);

/** A word of at least five letters found in the questions of both an open and a closed market. */
function sharedWord(): string {
  const words = (status: string) =>
    new Set(
      (h.venue.db.prepare('SELECT question FROM markets WHERE status = ?').all(status) as Array<{ question: string }>).flatMap((m) => m.question.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 5)),
    );
  const open = words('active');
  const word = [...words('closed')].find((w) => open.has(w));
  if (!word) throw new Error('no word shared by an open and a closed market');
  return word;
}

describe('search', () => {
  it('answers market hits with the venue’s price, 24h volume, end date and status, and honours the status filter', async () => {
    await synced(h);
    const word = sharedWord();
    const all = await search({ query: word, kinds: ['markets'], limit: 100 });
    const statuses = new Set(all.map((x) => x.status));
    expect(statuses.has('open') && statuses.has('closed')).toBe(true);
    for (const hit of all.slice(0, 6)) {
      const slug = String(h.venue.db.prepare('SELECT slug FROM markets WHERE id = ?').pluck().get(Number(hit.id)));
      const [venue] = (await h.venue.get('catalog', `/markets?slug=${encodeURIComponent(slug)}`)).body as Array<{ outcomePrices: string; volume24hr: number; endDate: string; closed: boolean }>;
      expect({ price: hit.price, volume24hr: hit.volume24hr, endDate: hit.endDate && new Date(hit.endDate).getTime(), closed: hit.status === 'closed' }).toEqual({
        price: (JSON.parse(venue!.outcomePrices) as string[])[0],
        volume24hr: venue!.volume24hr,
        endDate: new Date(venue!.endDate).getTime(),
        closed: venue!.closed,
      });
    }
    const open = await search({ query: word, kinds: ['markets'], limit: 100, status: 'active' });
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((x) => x.status === 'open' || x.status === 'paused')).toBe(true);
    const closed = await search({ query: word, kinds: ['markets'], limit: 100, status: 'closed' });
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((x) => x.status === 'closed')).toBe(true);
    expect(open.length + closed.length).toBeLessThanOrEqual(all.length);
  });

  it('groups hits by kind, each kind its own best few, events and series with their sums', async () => {
    await synced(h);
    const e = h.venue.db.prepare('SELECT id, title FROM events ORDER BY id LIMIT 1 OFFSET 2').get() as { id: number; title: string };
    const grouped = await search({ query: e.title, perKind: 3 });
    const kinds = [...new Set(grouped.map((x) => x.kind))];
    for (const k of kinds) expect(grouped.filter((x) => x.kind === k).length).toBeLessThanOrEqual(3);
    const hit = grouped.find((x) => x.kind === 'events' && x.id === String(e.id));
    expect(hit).toMatchObject({ title: e.title, count: h.venue.db.prepare('SELECT COUNT(*) FROM markets WHERE event_id = ?').pluck().get(e.id) });
    expect(hit?.status).toBeDefined();
    const s = h.venue.db.prepare('SELECT id, title FROM series ORDER BY id LIMIT 1').get() as { id: number; title: string };
    const series = (await search({ query: s.title, kinds: ['series'] })).find((x) => x.id === String(s.id));
    expect(series?.count).toBe(h.venue.db.prepare('SELECT COUNT(*) FROM events WHERE series_id = ?').pluck().get(s.id));
    const t = h.venue.db.prepare('SELECT t.id, t.label FROM tags t JOIN market_tags mt ON mt.tag_id = t.id GROUP BY t.id ORDER BY COUNT(*) DESC LIMIT 1').get() as { id: number; label: string };
    const tag = (await search({ query: t.label, kinds: ['tags'] })).find((x) => x.id === String(t.id));
    expect(tag?.count).toBe(h.venue.db.prepare('SELECT COUNT(*) FROM market_tags WHERE tag_id = ?').pluck().get(t.id));
  });

  it('finds traders by name from the leaderboard, holders and comments the app has read, and comments with what they are on', async () => {
    await synced(h);
    const board = await h.ok<CallOutput<'leaderboard.list'>>('leaderboard.list', { timePeriod: 'ALL', limit: 10 });
    const ranked = board.data.find((x) => x.userName);
    expect(ranked).toBeDefined();
    // Not read yet: not known.
    const parent = h.venue.db.prepare("SELECT parent_entity_id AS id FROM comments WHERE parent_entity_type = 'Event' GROUP BY parent_entity_id ORDER BY COUNT(*) DESC LIMIT 1").get() as { id: number };
    const comments = await h.ok<CallOutput<'comments.list'>>('comments.list', { parentType: 'Event', parentId: String(parent.id), limit: 20 });
    const said = comments.data.find((c) => (c.body ?? '').split(/[^A-Za-z]+/).some((w) => w.length >= 6))!;
    const word = (said.body ?? '').split(/[^A-Za-z]+/).find((w) => w.length >= 6) as string;

    const trader = (await search({ query: String(ranked!.userName), kinds: ['traders'] })).find((x) => x.address === ranked!.proxyWallet!.toLowerCase());
    expect(trader).toMatchObject({ kind: 'traders', title: ranked!.userName });
    const author = said.profile?.name ?? said.profile?.pseudonym;
    if (author) expect((await search({ query: author, kinds: ['traders'] })).map((x) => x.address)).toContain(said.userAddress?.toLowerCase());
    const hit = (await search({ query: word, kinds: ['comments'], limit: 50 })).find((x) => x.id === said.id);
    expect(hit).toMatchObject({ kind: 'comments', parent: { kind: 'events', id: String(parent.id) } });
    expect(hit?.parent?.title).toBe(h.venue.db.prepare('SELECT title FROM events WHERE id = ?').pluck().get(parent.id));
  });

  it('finds a holder by name once the market’s holders were read', async () => {
    await synced(h);
    const row = h.venue.db.prepare("SELECT p.condition_id AS cid FROM positions p WHERE p.size > 1000000 GROUP BY p.condition_id ORDER BY COUNT(*) DESC LIMIT 1").get() as { cid: string };
    const groups = await h.ok<CallOutput<'markets.holders'>>('markets.holders', { conditionId: row.cid, limit: 10 });
    const named = groups.data.flatMap((g) => g.holders ?? []).find((x) => x.name && x.proxyWallet);
    expect(named).toBeDefined();
    const found = await search({ query: String(named!.name), kinds: ['traders'] });
    expect(found.map((x) => x.address)).toContain(named!.proxyWallet!.toLowerCase());
  });
});
