// Answers checked against their questions: the rules alone, and the core against a venue that
// ignores filters and mixes other users' comments in (`--misbehave`) beside one that does not.
import { describe, expect, it } from 'vitest';
import type { CatalogMarket, Comment, Trade } from '@shared/spec/index.js';
import { coreForFile, venueProfile, type CoreHarness } from '../test-support.js';
import { check, droppedOf, withDropped } from './answer-check.js';

const market = (id: string, extra: Partial<CatalogMarket> = {}): CatalogMarket => ({ id, conditionId: `0x${id}`, ...extra }) as CatalogMarket;

describe('the rules', () => {
  it('drops rows whose own fields contradict the question and counts them', () => {
    const rows = [market('1', { events: [{ id: '7' }] }), market('2', { events: [{ id: '8' }] }), market('3')];
    const kept = check.markets(rows, { event_id: '7' });
    // A row that does not say which event it is under contradicts nothing.
    expect(kept.map((m) => m.id)).toEqual(['1', '3']);
    expect(droppedOf(kept)).toBe(1);
    expect(droppedOf(check.markets(rows, {}))).toBe(0);
    expect(check.markets([market('1', { closed: true }), market('2', { closed: false })], { closed: 'false' }).map((m) => m.id)).toEqual(['2']);
  });

  it('compares addresses and condition ids without case, and lists as lists', () => {
    const trades = [
      { proxyWallet: '0xAbC', conditionId: '0xAA', side: 'BUY' },
      { proxyWallet: '0xabc', conditionId: '0xbb', side: 'SELL' },
      { proxyWallet: '0xdef', conditionId: '0xaa', side: 'BUY' },
    ] as Trade[];
    expect(check.trades(trades, { user: '0xabc' })).toHaveLength(2);
    expect(check.trades(trades, { market: ['0xaa', '0xcc'] })).toHaveLength(2);
    expect(check.trades(trades, { market: '0xbb,0xcc', side: 'SELL' })).toHaveLength(1);
    const groups = [{ token: '0xAA:0' }, { token: '0xbb:1' }, { token: '123' }];
    expect(check.holders(groups, { market: '0xaa' }).map((g) => g.token)).toEqual(['0xAA:0', '123']);
    const comments = [{ id: '1', userAddress: '0xABC' }, { id: '2', userAddress: '0xdef' }] as Comment[];
    expect(check.commentsByUser(comments, '0xabc').map((c) => c.id)).toEqual(['1']);
  });

  it("checks an event's markets against the event's own list and adds to what was dropped before", () => {
    const rows = withDropped([market('1'), market('2'), market('9')], 4);
    const kept = check.members(rows, [{ id: 1 }, { conditionId: '0x2' }]);
    expect(kept.map((m) => m.id)).toEqual(['1', '2']);
    expect(droppedOf(kept)).toBe(5);
    expect(droppedOf(check.members(rows, undefined))).toBe(4);
  });
});

type Outcomes = { outcomes: Array<{ marketId: string }> };
type Cached<T> = { data: T; filtered?: number };

/** A core with the venue as a remote deployment (added and made active). */
function remote(misbehave: boolean): CoreHarness {
  const h = coreForFile({ venue: { specOnly: true, representation: 'varied', misbehave, rateLimitScale: 0 } });
  return h;
}

async function useRemote(h: CoreHarness): Promise<void> {
  const profile = await h.ok<{ id: string }>('profiles.add', { ...venueProfile(h.venue, misbehavingName(h)), kind: undefined });
  await h.ok('profiles.switch', { id: profile.id });
}
const misbehavingName = (h: CoreHarness): string => (h.venue.misbehave ? 'Misbehaving deployment' : 'Spec deployment');

function eventWith(h: CoreHarness): { slug: string; ids: string[] } {
  const e = h.venue.db.prepare('SELECT e.id, e.slug FROM events e WHERE (SELECT COUNT(*) FROM markets m WHERE m.event_id = e.id) >= 3 ORDER BY e.id LIMIT 1').get() as { id: number; slug: string };
  const ids = (h.venue.db.prepare('SELECT id FROM markets WHERE event_id = ? ORDER BY id').all(e.id) as Array<{ id: number }>).map((m) => String(m.id));
  return { slug: e.slug, ids };
}

const commenter = (h: CoreHarness): string =>
  (h.venue.db.prepare('SELECT user_address FROM comments GROUP BY user_address ORDER BY COUNT(*) DESC LIMIT 1').get() as { user_address: string }).user_address;

for (const misbehave of [true, false]) {
  describe(misbehave ? 'a venue that ignores what it was asked' : 'a venue that answers what it was asked', () => {
    const h = remote(misbehave);

    it("lists only the event's own markets, and says how many rows it dropped", async () => {
      await useRemote(h);
      const e = eventWith(h);
      const r = await h.ok<Cached<Outcomes>>('events.outcomes', { idOrSlug: e.slug });
      expect(r.data.outcomes.map((o) => o.marketId).sort()).toEqual([...e.ids].sort());
      const all = (h.venue.db.prepare('SELECT COUNT(*) AS n FROM markets').get() as { n: number }).n;
      if (misbehave) expect(r.filtered).toBe(all - e.ids.length);
      else expect(r.filtered).toBeUndefined();
    });

    it("shows only the trader's own comments, on the trader page's read and the summary's", async () => {
      await useRemote(h);
      const user = commenter(h);
      const r = await h.ok<Cached<Comment[]>>('comments.byUser', { address: user, limit: 20 });
      expect(r.data.length).toBeGreaterThan(0);
      expect(r.data.every((c) => c.userAddress?.toLowerCase() === user.toLowerCase())).toBe(true);
      if (misbehave) expect(r.filtered).toBeGreaterThan(0);
      else expect(r.filtered).toBeUndefined();
      // Read back from the response cache, the answer still says it was filtered.
      const again = await h.ok<Cached<Comment[]>>('comments.byUser', { address: user, limit: 20 });
      expect(again.filtered).toBe(r.filtered);
    });

    it("keeps every row of a trader's trades and positions that is theirs", async () => {
      await useRemote(h);
      const user = (h.venue.db.prepare('SELECT wallet FROM positions WHERE size > 0 GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
      const trades = await h.ok<Cached<Trade[]>>('portfolio.trades', { address: user, limit: 25 });
      const positions = await h.ok<Cached<unknown[]>>('portfolio.positions', { address: user, limit: 100 });
      expect(trades.filtered).toBeUndefined();
      expect(positions.filtered).toBeUndefined();
      expect(positions.data.length).toBeGreaterThan(0);
    });
  });
}
