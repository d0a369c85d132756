// Migration 8 on a real file: a user-data file of version 7 keeps its journal, notices told and
// alerts, and gains an empty inbox that keeps what is put in it across a reopen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '@shared/storage/migrate.js';
import { USER_MIGRATIONS } from '../../user-data/migrations.js';
import { UserData, userDataFile } from '../../user-data/store.js';
import { InboxStore } from './store.js';

const dir = mkdtempSync(join(tmpdir(), 'kairos-inbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('user-data migration 8', () => {
  it('7 → 8: a file of version 7 keeps its rows and gains the inbox, which keeps notices across a reopen', () => {
    const file = new Database(userDataFile(dir, 'local'));
    migrate(file, USER_MIGRATIONS, { what: 'user data', target: 7 });
    file.prepare("INSERT INTO journal (order_id, account_id, token_id, side, price, size, type, state, sent_at, updated_at) VALUES ('0xabc', 'a1', '42', 'BUY', '0.4', '10', 'GTC', 'open', 1, 2)").run();
    file.prepare("INSERT INTO notices (account_id, key, at) VALUES ('a1', 'baseline', 3)").run();
    file.close();

    let user = UserData.open(dir, 'local', () => 99);
    const raw = user.store((db) => db);
    expect(raw.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(8);
    expect(raw.prepare('SELECT order_id FROM journal').pluck().all()).toEqual(['0xabc']);
    expect(raw.prepare('SELECT key FROM notices').pluck().all()).toEqual(['baseline']);
    const inbox = user.store((db) => new InboxStore(db));
    expect(inbox.total()).toBe(0);
    const id = inbox.keep({ kind: 'fill', title: 'Order filled', body: 'Buy 5 Yes at 40¢', accountId: 'a1', orderId: '0xabc', conditionId: '0xc1', at: 10 });
    inbox.keep({ kind: 'followed', title: 'A followed wallet traded', body: '…', address: '0x0000000000000000000000000000000000000001', eventSlug: 'ev', at: 11 });
    user.close();

    user = UserData.open(dir, 'local', () => 100);
    const again = user.store((db) => new InboxStore(db));
    expect(again.list(10, false)).toEqual([
      { id: id + 1, kind: 'followed', title: 'A followed wallet traded', body: '…', address: '0x0000000000000000000000000000000000000001', eventSlug: 'ev', at: 11, read: false },
      { id, kind: 'fill', title: 'Order filled', body: 'Buy 5 Yes at 40¢', accountId: 'a1', orderId: '0xabc', conditionId: '0xc1', at: 10, read: false },
    ]);
    user.close();
  });
});
