// Finding things on a deployment that offers only the spec (spec-only mode, real-world
// representations): the events listing, an event's outcomes and search work from spec routes
// alone, and the tags list says in words that the venue has none.
import { describe, expect, it } from 'vitest';
import type { CallOutput } from '@shared/ipc/contract.js';
import { coreForFile } from '../../test-support.js';
import { synced } from './find-test-support.js';

const h = coreForFile({ venue: { specOnly: true, representation: 'varied' } });

describe('finding things on a spec-only venue', () => {
  it('lists every event, answers a multi-outcome event with its book, and finds markets with their prices', async () => {
    await synced(h);
    const events = await h.ok<CallOutput<'events.browse'>>('events.browse', { status: 'all', limit: 500 });
    expect(events.data.total).toBe(h.venue.db.prepare('SELECT COUNT(*) FROM events').pluck().get());
    const bracket = h.venue.db.prepare("SELECT e.id FROM events e JOIN markets m ON m.event_id = e.id WHERE e.neg_risk = 1 AND m.status = 'active' GROUP BY e.id ORDER BY COUNT(*) DESC LIMIT 1").pluck().get() as number;
    const got = await h.ok<CallOutput<'events.outcomes'>>('events.outcomes', { idOrSlug: String(bracket) });
    expect(got.data.negRisk).toBe(true);
    expect(got.data.outcomes.length).toBe(h.venue.db.prepare('SELECT COUNT(*) FROM markets WHERE event_id = ?').pluck().get(bracket));
    expect(got.data.sums?.outcomes).toBe(h.venue.db.prepare("SELECT COUNT(*) FROM markets WHERE event_id = ? AND status IN ('active', 'paused')").pluck().get(bracket));
    expect(got.data.outcomes.every((o) => o.price !== undefined)).toBe(true);
    const q = (h.venue.db.prepare("SELECT question FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").pluck().get() as string).split(/\s+/).slice(0, 3).join(' ');
    const hits = await h.ok<CallOutput<'markets.search'>>('markets.search', { query: q, kinds: ['markets'], status: 'active' });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((x) => x.price !== undefined && x.status === 'open')).toBe(true);
  });

  it('says in words that the venue lists no tags', async () => {
    await synced(h);
    const err = await h.fails('tags.browse', {});
    expect(err).toMatchObject({ code: 'NOT_OFFERED', message: 'Tags: not offered by this venue' });
  });
});
