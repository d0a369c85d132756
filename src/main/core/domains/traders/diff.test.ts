// The follow diff on its own: positions opened, closed and resized between two snapshots, and the
// P&L over the period, exact to the micro, saying what it cannot count.
import { describe, expect, it } from 'vitest';
import { followDiff, type SnapPosition, type Snapshot } from './diff.js';

const M = 1_000_000n;
const pos = (asset: string, size: bigint, pnl?: bigint, extra: Partial<SnapPosition> = {}): SnapPosition => ({
  asset, conditionId: asset.split(':')[0] as string, title: `Market ${asset.split(':')[0]}`, outcome: asset.endsWith(':0') ? 'Yes' : 'No', size, pnl, price: 500_000n, ...extra,
});
const snap = (positions: SnapPosition[], complete = true, at = 1): Snapshot => ({ at, complete, positions });

describe('followDiff', () => {
  it('says nothing changed between a snapshot and itself, with a P&L change of 0', () => {
    const s = snap([pos('a:0', 10n * M, 2n * M), pos('b:1', 5n * M, -M)]);
    expect(followDiff(s, s)).toEqual({ opened: [], closed: [], resized: [], pnlChange: '0' });
  });

  it('finds opened, closed and resized positions, and sums the P&L made over the period exactly', () => {
    const before = snap([pos('a:0', 10n * M, 1_250_000n), pos('b:1', 5n * M, -M), pos('c:0', 3n * M, 100_000n)]);
    const after = snap([
      pos('a:0', 12_500_000n, 1_750_001n), // bought 2.5 more, +0.500001
      pos('b:1', 0n, -1_300_000n), // closed (the venue keeps it at size 0), −0.3
      pos('c:0', 3n * M, 100_000n), // unchanged
      pos('d:0', 7n * M, 200_000n, { slug: 'd-market' }), // opened, +0.2
    ]);
    const d = followDiff(before, after);
    expect(d.opened).toEqual([{ asset: 'd:0', conditionId: 'd', title: 'Market d', slug: 'd-market', outcome: 'Yes', sizeBefore: '0', sizeAfter: '7', pnlAfter: '0.2', price: '0.5' }]);
    expect(d.closed).toEqual([expect.objectContaining({ asset: 'b:1', sizeBefore: '5', sizeAfter: '0', pnlBefore: '-1', pnlAfter: '-1.3' })]);
    expect(d.resized).toEqual([expect.objectContaining({ asset: 'a:0', sizeBefore: '10', sizeAfter: '12.5' })]);
    // 0.500001 − 0.3 + 0 + 0.2
    expect(d.pnlChange).toBe('0.400001');
    expect(d.pnlNote).toBeUndefined();
  });

  it('counts a position the venue no longer lists as closed, and leaves its P&L out, saying so', () => {
    const d = followDiff(snap([pos('a:0', 10n * M, M), pos('b:0', 4n * M, M)]), snap([pos('a:0', 10n * M, 3n * M)]));
    expect(d.closed).toEqual([expect.objectContaining({ asset: 'b:0', sizeBefore: '4', sizeAfter: '0', pnlBefore: '1', price: '0.5' })]);
    expect(d.closed[0]).not.toHaveProperty('pnlAfter');
    expect(d.pnlChange).toBe('2');
    expect(d.pnlNote).toBe('1 closed position is no longer listed by the venue and not counted.');
  });

  it('leaves out positions without P&L and says when only the largest positions were read', () => {
    const d = followDiff(snap([pos('a:0', M, undefined)], false), snap([pos('a:0', 2n * M, M), pos('b:0', M, 500_000n)]));
    expect(d.resized).toHaveLength(1);
    expect(d.opened).toHaveLength(1);
    expect(d.pnlChange).toBe('0.5');
    expect(d.pnlNote).toBe('1 position has no P&L from the venue and is not counted; only the largest positions were read.');
  });

  it('has no P&L figure without both snapshots, and lists everything held as opened against none', () => {
    expect(followDiff(undefined, undefined)).toEqual({ opened: [], closed: [], resized: [] });
    const d = followDiff(undefined, snap([pos('z:0', M, 0n), pos('a:1', 2n * M, 0n)]));
    // Sorted by market then outcome, whatever the venue's order.
    expect(d.opened.map((c) => c.asset)).toEqual(['a:1', 'z:0']);
    expect(d).not.toHaveProperty('pnlChange');
  });

  it('ignores a closed position that stays closed', () => {
    expect(followDiff(snap([pos('a:0', 0n, M)]), snap([]))).toEqual({ opened: [], closed: [], resized: [], pnlChange: '0' });
  });
});
