// A pass over the venue's listings newest update first reads what changed since the marks and
// stops there: one small page per kind when little changed, whatever the size of the catalog,
// on both peers (the spec-only one writing its dates in every style). A venue that does not
// order by update is found out rather than trusted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../../../../venue/test-support.js';
import { FIRST_PAGE, NEXT_PAGE, readChanges, stampOf, UnorderedListing, type ChangeKind, type ReadPage } from './changes.js';

const idOf = (x: unknown): string => String((x as { id: unknown }).id);

for (const peer of ['full', 'spec-only'] as const) {
  describe(`changes since the last look (${peer} peer)`, () => {
    let venue: TestVenue;
    // The venue's clock, moved by the test: each change is stamped later than the last.
    let clock = Date.now();
    const asked: Array<{ kind: ChangeKind; limit: number; offset: number }> = [];
    const read: ReadPage = async (kind, page) => {
      asked.push({ kind, ...page });
      const res = await fetch(`${venue.urls.catalog_url}/${kind}?limit=${page.limit}&offset=${page.offset}&order=updatedAt&ascending=false`);
      expect(res.status).toBe(200);
      return (await res.json()) as unknown[];
    };
    beforeAll(async () => {
      venue = await startTestVenue({ now: () => clock, ...(peer === 'spec-only' ? { specOnly: true, representation: 'varied' } : {}) });
    });
    afterAll(async () => venue?.stop());

    const active = (n: number) => venue.db.prepare("SELECT condition_id, id, event_id FROM markets WHERE status = 'active' ORDER BY id LIMIT ?").all(n) as Array<{ condition_id: string; id: number; event_id: number }>;

    it('reads one page per kind for a few changes, and each change once', async () => {
      const first = await readChanges(read, {});
      expect(first.requests).toBe(2);
      expect(first.items).toEqual({ events: [], markets: [] });
      const [a, b] = active(2) as [{ condition_id: string; id: number; event_id: number }, { condition_id: string; id: number; event_id: number }];
      clock += 5_000;
      venue.exchange.setMarketStatus(a.condition_id, 'closed');
      clock += 5_000;
      venue.exchange.setMarketStatus(b.condition_id, 'paused');
      asked.length = 0;
      const pass = await readChanges(read, first.marks);
      expect(asked).toEqual([
        { kind: 'events', limit: FIRST_PAGE, offset: 0 },
        { kind: 'markets', limit: FIRST_PAGE, offset: 0 },
      ]);
      // Besides what is stamped within the slack of the last look's newest, read again.
      const since = (kind: ChangeKind) => pass.items[kind].filter((x) => (stampOf(x) ?? 0) > (first.marks[kind] ?? 0)).map(idOf);
      expect(since('markets')).toEqual([String(b.id), String(a.id)]);
      expect(since('events')).toEqual([...new Set([String(b.event_id), String(a.event_id)])]);
      expect(pass.marks.markets).toBe(clock);
      expect(pass.overflow).toBe(false);
      // Nothing since: only what is stamped within the slack of the mark is read again.
      const again = await readChanges(read, pass.marks);
      expect(again.requests).toBe(2);
      expect(again.items.markets.map(idOf)).toEqual([String(b.id)]);
      expect(again.items.markets.every((m) => stampOf(m) === clock)).toBe(true);
    });

    it('pages on when more changed than a first page holds, and hands over to a full sync past its pages', async () => {
      const marks = (await readChanges(read, {})).marks;
      const many = active(FIRST_PAGE + 5);
      for (const m of many) {
        clock += 2_000;
        venue.exchange.setMarketStatus(m.condition_id, 'paused');
      }
      asked.length = 0;
      const pass = await readChanges(read, marks);
      expect(asked.filter((a) => a.kind === 'markets')).toEqual([
        { kind: 'markets', limit: FIRST_PAGE, offset: 0 },
        { kind: 'markets', limit: NEXT_PAGE, offset: FIRST_PAGE },
      ]);
      expect(new Set(pass.items.markets.filter((x) => (stampOf(x) ?? 0) > (marks.markets ?? 0)).map(idOf))).toEqual(new Set(many.map((m) => String(m.id))));
      // More than a pass reads (two pages of 20 here, of a world of 60): it stops after them, keeps its marks, and says so.
      const over = await readChanges(read, { ...marks, markets: 0 }, { next: FIRST_PAGE, max: 2 });
      expect(over.overflow).toBe(true);
      expect(over.marks.markets).toBe(0);
      expect(over.requests).toBe(1 + 2);
      expect(over.items.markets).toHaveLength(2 * FIRST_PAGE);
    });

    it('finds out a listing that ignores the order', async () => {
      const byId: ReadPage = async (kind, page) => {
        const res = await fetch(`${venue.urls.catalog_url}/${kind}?limit=${page.limit}&offset=${page.offset}&order=id&ascending=true`);
        return (await res.json()) as unknown[];
      };
      await expect(readChanges(byId, { events: 0, markets: 0 })).rejects.toThrow(UnorderedListing);
    });
  });
}
