// An event's comments through the core against the real local venue: holders only keeps the
// comments (and the replies they carry) of wallets holding a market of the event, and drops the
// rest; replies come with their parent, each naming it.
import { describe, expect, it } from 'vitest';
import { coreForFile } from '../../test-support.js';

const h = coreForFile();

type Comment = { id: string; userAddress: string; parentCommentID?: string; replyCount?: number; replies?: Comment[] };
type Listed = { data: Comment[] };

/** Whether `wallet` holds at least one token of a market of event `eventId`, by the venue's own books. */
const holds = (wallet: string, eventId: number): boolean =>
  h.venue.db.prepare('SELECT 1 FROM positions p JOIN markets m ON m.condition_id = p.condition_id WHERE p.wallet = ? AND m.event_id = ? AND p.size >= 1000000').get(wallet, eventId) !== undefined;

/** The event with the most comments of which some are by wallets holding none of its markets. */
function mixedEvent(): number {
  const rows = h.venue.db.prepare("SELECT parent_entity_id AS id, user_address AS user FROM comments WHERE parent_entity_type = 'Event'").all() as Array<{ id: number; user: string }>;
  const counts = new Map<number, { all: number; others: number }>();
  for (const r of rows) {
    const c = counts.get(r.id) ?? { all: 0, others: 0 };
    c.all += 1;
    if (!holds(r.user, r.id)) c.others += 1;
    counts.set(r.id, c);
  }
  const [best] = [...counts].filter(([, c]) => c.others > 0 && c.others < c.all).sort((a, b) => b[1].all - a[1].all);
  expect(best, 'an event with comments by holders and by others').toBeDefined();
  return best![0];
}

describe('an event’s comments', () => {
  it('holders only keeps the holders’ comments and replies, and drops everyone else’s', async () => {
    const eventId = mixedEvent();
    const q = { parentType: 'Event', parentId: String(eventId), limit: 100 };
    const everyone = (await h.ok<Listed>('comments.list', { ...q, holdersOnly: false })).data;
    const holders = (await h.ok<Listed>('comments.list', { ...q, holdersOnly: true })).data;
    const others = everyone.filter((c) => !holds(c.userAddress, eventId));
    expect(others.length).toBeGreaterThan(0);
    expect(holders.length).toBe(everyone.length - others.length);
    expect(holders.every((c) => holds(c.userAddress, eventId))).toBe(true);
    expect(holders.map((c) => c.id)).toEqual(everyone.filter((c) => holds(c.userAddress, eventId)).map((c) => c.id));
    expect(holders.flatMap((c) => c.replies ?? []).every((r) => holds(r.userAddress, eventId))).toBe(true);
  });

  it('carries each comment’s replies, each naming its parent', async () => {
    const parent = h.venue.db.prepare("SELECT c.parent_entity_id AS eventId, c.id FROM comments c WHERE c.parent_entity_type = 'Event' AND EXISTS (SELECT 1 FROM comments r WHERE r.parent_comment_id = c.id) LIMIT 1").get() as { eventId: number; id: number };
    const listed = (await h.ok<Listed>('comments.list', { parentType: 'Event', parentId: String(parent.eventId), limit: 100 })).data;
    const c = listed.find((x) => x.id === String(parent.id));
    const replyIds = (h.venue.db.prepare('SELECT id FROM comments WHERE parent_comment_id = ? ORDER BY created_at, id').all(parent.id) as Array<{ id: number }>).map((r) => String(r.id));
    expect(c?.replyCount).toBe(replyIds.length);
    expect(c?.replies?.map((r) => r.id)).toEqual(replyIds);
    expect(c?.replies?.every((r) => r.parentCommentID === String(parent.id))).toBe(true);
  });
});
