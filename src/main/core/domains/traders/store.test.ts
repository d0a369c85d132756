// The followed-traders tables on a real file: migrations 8 and 9 upgrade a file of version 7 with its
// rows kept, and the store keeps a wallet's snapshots (exact micro amounts) across a reopen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '@shared/storage/migrate.js';
import { USER_MIGRATIONS } from '../../user-data/migrations.js';
import { UserData, userDataFile } from '../../user-data/store.js';
import { FollowStore } from './store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('followed traders in user data', () => {
  it('7 → 9: a file of version 7 keeps its journal and watchlist; the followed tables appear, empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-follow-'));
    dirs.push(dir);
    const file = new Database(userDataFile(dir, 'local'));
    expect(migrate(file, USER_MIGRATIONS, { what: 'user data', target: 7 })).toBe(7);
    file.prepare("INSERT INTO journal (order_id, account_id, token_id, side, price, size, type, state, sent_at, updated_at) VALUES ('0xabc', 'a1', '42', 'BUY', '0.4', '10', 'GTC', 'open', 1, 2)").run();
    file.prepare("INSERT INTO watchlist (kind, id, ref, title, added_at) VALUES ('market', '0xc', 'c', 'C?', 3)").run();
    file.close();
    const user = UserData.open(dir, 'local', () => 1000);
    try {
      const db = user.store((d) => d);
      expect(db.pragma('user_version', { simple: true })).toBe(USER_MIGRATIONS.length);
      expect(db.prepare('SELECT order_id FROM journal').pluck().all()).toEqual(['0xabc']);
      expect(db.prepare('SELECT id FROM watchlist').pluck().all()).toEqual(['0xc']);
      expect(db.prepare('SELECT COUNT(*) FROM followed').pluck().get()).toBe(0);
      expect(db.prepare('SELECT COUNT(*) FROM follow_snapshots').pluck().get()).toBe(0);
    } finally {
      user.close();
    }
  });

  it('keeps a wallet, its snapshots and its trade watermark across a reopen; the first snapshot counts as seen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-follow-'));
    dirs.push(dir);
    const a = '0x' + 'ab'.repeat(20);
    let user = UserData.open(dir, 'local', () => 1000);
    let store = user.store((db) => new FollowStore(db));
    store.put(a, 1000, { label: 'Whale', minTrade: 2_500_001n });
    const big = 123_456_789_012_345_678n;
    store.keepLatest(a, { at: 1100, complete: true, positions: [{ asset: 'c:0', conditionId: 'c', title: 'C?', outcome: 'Yes', size: big, pnl: -1n, price: 10_000n }] }, 'whale.eth');
    store.keepLatest(a, { at: 1200, complete: false, positions: [] }, undefined);
    store.tradesSeen(a, 77, ['k1', 'k2']);
    user.close();
    user = UserData.open(dir, 'local', () => 2000);
    store = user.store((db) => new FollowStore(db));
    try {
      expect(store.get(a)).toMatchObject({ address: a, label: 'Whale', name: 'whale.eth', minTrade: 2_500_001n, followedAt: 1000, seenAt: 1000, tradesTs: 77, tradesKeys: ['k1', 'k2'] });
      expect(store.snapshot(a, 'seen')).toEqual({ at: 1100, complete: true, positions: [{ asset: 'c:0', conditionId: 'c', title: 'C?', outcome: 'Yes', size: big, pnl: -1n, price: 10_000n }] });
      expect(store.snapshot(a, 'latest')).toEqual({ at: 1200, complete: false, positions: [] });
      store.markSeen(a, 1300);
      expect(store.snapshot(a, 'seen')).toEqual({ at: 1200, complete: false, positions: [] });
      store.put(a, 1400, { label: null, minTrade: null });
      expect(store.get(a)).toMatchObject({ label: undefined, minTrade: undefined, seenAt: 1300 });
      expect(store.remove(a)).toBe(true);
      expect(store.snapshot(a, 'latest')).toBeUndefined();
    } finally {
      user.close();
    }
  });
});
