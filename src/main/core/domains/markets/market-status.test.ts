// A market closed or resolved on the venue reaches the core's cached catalog within a pass of the
// status watch (its interval shortened here) while a screen watches markets, not at the next
// catalog sync: the list, the event page and its bracket sums show it, and `markets.status` names
// it. Both peers (a window out of sight asking nothing is e2e/hidden.test.ts).
import { describe, expect, it, vi } from 'vitest';
import type { EventOutcomes } from '@shared/ipc/find.js';
import { adminCommand } from '../../../../venue/admin.js';
import { coreForFile, type CoreHarness } from '../../test-support.js';

type Listed = { data: { rows: Array<{ conditionId: string; closed: boolean; outcomePrices: string[] }>; total: number } };

for (const peer of ['full', 'spec-only'] as const) {
  const told: string[][] = [];
  const h: CoreHarness = coreForFile({
    ...(peer === 'spec-only' ? { venue: { specOnly: true, representation: 'varied' } } : {}),
    core: {
      statusWatch: { everyMs: 50 },
      emit: (name, payload) => {
        if (name === 'markets.status') told.push((payload as { conditionIds: string[] }).conditionIds.map((c) => c.toLowerCase()));
      },
    },
  });

  describe(`market statuses between catalog syncs (${peer} peer)`, () => {
    it('shows a resolved outcome and a closed one at once in the list and on the event page, whose sums leave them', async () => {
      const e = h.venue.db
        .prepare("SELECT e.id FROM events e JOIN markets m ON m.event_id = e.id WHERE e.neg_risk = 1 AND m.status = 'active' GROUP BY e.id HAVING COUNT(*) >= 4 ORDER BY e.id LIMIT 1")
        .pluck()
        .get() as number;
      const [won, closed] = h.venue.db.prepare("SELECT condition_id FROM markets WHERE event_id = ? AND status = 'active' ORDER BY id LIMIT 2").pluck().all(e) as string[];
      // A screen showing the event's markets is open: it watches their prices.
      const tokens = h.venue.db.prepare('SELECT token_id FROM tokens t JOIN markets m ON m.condition_id = t.condition_id WHERE m.event_id = ?').pluck().all(e) as string[];
      await h.ok('live.watch', { key: 'event', tokenIds: tokens });
      await h.ok('sync.start');
      await vi.waitFor(async () => expect(await h.ok('sync.status')).toMatchObject({ running: false, lastSyncAt: expect.any(Number) }), { timeout: 30_000, interval: 100 });
      const list = () => h.ok<Listed>('markets.list', { eventId: String(e), status: 'all', limit: 100 });
      const row = async (cid: string) => (await list()).data.rows.find((r) => r.conditionId.toLowerCase() === cid);
      expect(await row(won as string)).toMatchObject({ closed: false });
      // The event page read now is kept for a minute: the change must replace it too.
      const before = await h.ok<{ data: EventOutcomes }>('events.outcomes', { idOrSlug: String(e) });
      expect(before.data.sums?.ended).toBeUndefined();

      // Closed first: it leaves the sums, the bracket is not decided.
      await adminCommand(h.venue.dataDir, ['close', closed as string]);
      await vi.waitFor(() => expect(told.flat()).toContain(closed), { timeout: 10_000, interval: 20 });
      expect(await row(closed as string)).toMatchObject({ closed: true });
      const one = (await h.ok<{ data: EventOutcomes }>('events.outcomes', { idOrSlug: String(e) })).data;
      expect(one.outcomes.find((o) => o.conditionId.toLowerCase() === closed)?.status).toBe('closed');
      expect(one.sums).toMatchObject({ outcomes: before.data.outcomes.length - 1, ended: 1 });
      expect(one.sums?.decided).toBeUndefined();

      // Then one resolves Yes: it reads settled at 1, and the event has no sums and no flag.
      await adminCommand(h.venue.dataDir, ['resolve', won as string, '0']);
      await vi.waitFor(() => expect(told.flat()).toContain(won), { timeout: 10_000, interval: 20 });
      expect(await row(won as string)).toMatchObject({ closed: true, outcomePrices: ['1', '0'] });
      expect((await h.ok<Listed>('markets.list', { eventId: String(e) })).data.rows.map((r) => r.conditionId.toLowerCase())).not.toContain(won);
      const decided = (await h.ok<{ data: EventOutcomes }>('events.outcomes', { idOrSlug: String(e) })).data;
      const id = decided.outcomes.find((o) => o.conditionId.toLowerCase() === won)?.marketId;
      expect(id).toBeDefined();
      expect(decided.sums).toMatchObject({ decided: id, underAsk: false, overBid: false, ended: 2 });
      expect(decided.sums?.asks).toBeUndefined();
      // Told once per change: the passes since found nothing new.
      expect(told.filter((ids) => ids.includes(won as string))).toHaveLength(1);
      expect(told.filter((ids) => ids.includes(closed as string))).toHaveLength(1);
    }, 60_000);
  });
}
