// Threads of a comment list: each reply once, under its parent, whether the venue carried it in
// the parent's `replies`, listed it beside the parent, or both; a reply without its parent stays.
import { describe, expect, it } from 'vitest';
import { Comment } from '@shared/spec/index';
import { authorOf, holds, threads } from './thread';

const c = (id: string, at: string, more: Record<string, unknown> = {}): Comment => Comment.parse({ id, body: `body ${id}`, createdAt: at, userAddress: '0x' + id.padStart(40, '0'), ...more });

describe('threads', () => {
  it('puts carried and listed replies under their parent, once each, oldest first', () => {
    const r1 = c('11', '2026-01-01T10:05:00Z', { parentCommentID: '1' });
    const r2 = c('12', '2026-01-01T10:01:00Z', { parentCommentID: '1' });
    const parent = c('1', '2026-01-01T10:00:00Z', { replies: [r1, r2] });
    const other = c('2', '2026-01-01T09:00:00Z');
    const t = threads([r1, parent, other, c('13', '2026-01-01T10:09:00Z', { parentCommentID: '1' })]);
    expect(t.map((x) => x.comment.id)).toEqual(['1', '2']);
    expect(t[0]?.replies.map((r) => r.id)).toEqual(['12', '11', '13']);
    expect(t[1]?.replies).toEqual([]);
    expect(t.every((x) => !x.orphan)).toBe(true);
  });

  it('keeps a reply whose parent is not in the list, marked, and reads carried replies of any date style', () => {
    const t = threads([c('5', '2026-01-01T10:00:00Z', { parentCommentID: '4' }), c('6', '2026-01-01T09:00:00Z', { replies: [{ id: '7', body: 'x', createdAt: '2026-01-01 09:30:00.000+00' }, { nonsense: true }] })]);
    expect(t.map((x) => [x.comment.id, x.orphan])).toEqual([['5', true], ['6', false]]);
    expect(t[1]?.replies.map((r) => [r.id, r.createdAt])).toEqual([['7', '2026-01-01T09:30:00.000Z']]);
  });

  it('knows a holder by the positions their profile carries, and names an author', () => {
    expect(holds(c('1', '2026-01-01T00:00:00Z', { profile: { positions: [{ tokenId: '9', positionSize: '12.5' }] } }))).toBe(true);
    expect(holds(c('1', '2026-01-01T00:00:00Z', { profile: { positions: [] } }))).toBe(false);
    expect(holds(c('1', '2026-01-01T00:00:00Z'))).toBe(false);
    expect(authorOf(c('1', '2026-01-01T00:00:00Z', { profile: { name: '', pseudonym: 'Quiet-Fox' } }))).toBe('Quiet-Fox');
    expect(authorOf(c('1', '2026-01-01T00:00:00Z'))).toBe('0x0000…0001');
  });
});
