// The user-data store on real files: each migration upgrades a file of the version before it
// with its rows kept, and what older releases kept elsewhere (the journal file, snapshots in the
// cache, the draft file) is brought in once.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '@shared/storage/migrate.js';
import { USER_MIGRATIONS } from './migrations.js';
import { OrderJournal } from '../domains/orders/journal.js';
import { UserData, userDataFile } from './store.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'kairos-user-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The file's own connection, for what a migration test reads beside the stores. */
const raw = (u: UserData): Database.Database => u.store((db) => db);
const journalOf = (u: UserData): OrderJournal => u.store((db) => new OrderJournal(db));
const columns = (db: Database.Database, table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);
const order = { order_id: '0xabc', account_id: 'a1', token_id: '42', side: 'BUY', price: '0.4', size: '10', type: 'GTC', state: 'open', sent_at: 1, updated_at: 2 };
const insertOrder = (db: Database.Database) =>
  db.prepare('INSERT INTO journal (order_id, account_id, token_id, side, price, size, type, state, sent_at, updated_at) VALUES (@order_id, @account_id, @token_id, @side, @price, @size, @type, @state, @sent_at, @updated_at)').run(order);

describe('user-data migrations', () => {
  it('1 → 2: journal rows keep their values and gain market and expiry; the notices table appears', () => {
    const db = new Database(':memory:');
    expect(migrate(db, USER_MIGRATIONS, { what: 'user data', target: 1 })).toBe(1);
    insertOrder(db);
    expect(migrate(db, USER_MIGRATIONS, { what: 'user data', target: 2 })).toBe(2);
    expect(columns(db, 'journal')).toEqual(expect.arrayContaining(['condition_id', 'expires_at']));
    expect(db.prepare('SELECT * FROM journal').get()).toMatchObject({ ...order, size_matched: '0', condition_id: null, expires_at: null });
    db.prepare("INSERT INTO notices (account_id, key, at) VALUES ('a1', 'baseline', 3)").run();
    db.close();
  });

  it('2 → 3: journal and notices stay; snapshots, drafts and the done list appear', () => {
    const db = new Database(':memory:');
    migrate(db, USER_MIGRATIONS, { what: 'user data', target: 2 });
    insertOrder(db);
    db.prepare("INSERT INTO notices (account_id, key, at) VALUES ('a1', 'baseline', 3)").run();
    expect(migrate(db, USER_MIGRATIONS, { what: 'user data', target: 3 })).toBe(3);
    expect(db.prepare('SELECT order_id FROM journal').pluck().all()).toEqual(['0xabc']);
    expect(db.prepare('SELECT key FROM notices').pluck().all()).toEqual(['baseline']);
    expect(columns(db, 'snapshots')).toEqual(['account', 'at', 'value_micros', 'cash_pnl_micros', 'positions']);
    expect(columns(db, 'drafts')).toEqual(['name', 'body', 'updated_at']);
    db.close();
  });

  it('3 → 4: a file of version 3 keeps its journal, notices and snapshots; trades claimed by orders appear, each once', () => {
    const dir = tempDir();
    const file = new Database(userDataFile(dir, 'local'));
    migrate(file, USER_MIGRATIONS, { what: 'user data', target: 3 });
    insertOrder(file);
    file.prepare("INSERT INTO notices (account_id, key, at) VALUES ('a1', 'baseline', 3)").run();
    file.prepare("INSERT INTO snapshots VALUES ('0xab', 1000, 12500000, -500000, '[]')").run();
    file.close();

    const user = UserData.open(dir, 'local', () => 99);
    expect(raw(user).pragma('user_version', { simple: true })).toBe(USER_MIGRATIONS.length);
    expect(journalOf(user).entries(undefined, 10)).toEqual([expect.objectContaining({ orderId: '0xabc', state: 'open' })]);
    // Kept (not drawn: older rows held the positions alone, see migration 7).
    expect(raw(user).prepare("SELECT COUNT(*) FROM snapshots WHERE account = '0xab'").pluck().get()).toBe(1);
    expect(journalOf(user).tell('a1', 'baseline', 5)).toBe(false);
    expect(journalOf(user).tell('a1', 'fill:0xabc:5', 5)).toBe(true);
    expect(journalOf(user).tell('a1', 'fill:0xabc:5', 6)).toBe(false);
    expect(columns(raw(user), 'trade_claims')).toEqual(['account_id', 'trade_key', 'order_id', 'size', 'at']);
    // A trade counted for one order is not counted again for another.
    expect(journalOf(user).claimTrades('a1', '0xabc', [{ key: 't1#1', size: '5' }], 7)).toEqual([{ key: 't1#1', size: '5' }]);
    expect(journalOf(user).claimTrades('a1', '0xdef', [{ key: 't1#1', size: '5' }, { key: 't2#1', size: '2.5' }], 8)).toEqual([{ key: 't2#1', size: '2.5' }]);
    expect(journalOf(user).tradeClaims('a1')).toEqual(new Map([['t1#1', { orderId: '0xabc', size: '5' }], ['t2#1', { orderId: '0xdef', size: '2.5' }]]));
    expect(journalOf(user).tradeClaims('a2').size).toBe(0);
    user.close();
  });

  it('a journal file of a later release (columns added on open) upgrades without a duplicate column', () => {
    const db = new Database(':memory:');
    migrate(db, USER_MIGRATIONS, { what: 'user data', target: 1 });
    db.exec('ALTER TABLE journal ADD COLUMN condition_id TEXT; ALTER TABLE journal ADD COLUMN expires_at INTEGER');
    expect(migrate(db, USER_MIGRATIONS, { what: 'user data' })).toBe(USER_MIGRATIONS.length);
    db.close();
  });

  it('4 → 5: a file of version 4 keeps its journal rows, which gain the venue’s answer, and keep no answer they never had', () => {
    const dir = tempDir();
    const file = new Database(userDataFile(dir, 'local'));
    migrate(file, USER_MIGRATIONS, { what: 'user data', target: 4 });
    insertOrder(file);
    file.prepare("UPDATE journal SET state = 'filled', size_matched = '10', code = 'X', message = 'kept' WHERE order_id = '0xabc'").run();
    file.prepare("INSERT INTO trade_claims VALUES ('a1', 't1#1', '0xabc', '5', 7)").run();
    file.close();

    const user = UserData.open(dir, 'local', () => 99);
    expect(raw(user).pragma('user_version', { simple: true })).toBe(USER_MIGRATIONS.length);
    expect(columns(raw(user), 'journal')).toEqual(expect.arrayContaining(['venue_status', 'making_amount', 'taking_amount']));
    const [old] = journalOf(user).entries(undefined, 10);
    expect(old).toMatchObject({ orderId: '0xabc', state: 'filled', sizeMatched: '10', code: 'X', message: 'kept' });
    expect(old?.status).toBeUndefined();
    expect(old?.avgPrice).toBeUndefined();
    expect(journalOf(user).tradeClaims('a1').size).toBe(1);

    // A new order: sent, then answered; a later row without an answer keeps the one it had.
    const row = { orderId: '0xdef', accountId: 'a1', tokenId: '42', side: 'BUY', price: '0.5', size: '10', type: 'GTC', code: null, message: null };
    journalOf(user).write({ ...row, state: 'sending', at: 100 });
    expect(journalOf(user).entries(undefined, 10)[0]).toMatchObject({ orderId: '0xdef', state: 'sending', sizeMatched: '0' });
    journalOf(user).write({ ...row, state: 'partly_filled', at: 101, status: 'matched', makingAmount: '2000000', takingAmount: '4000000', sizeMatched: '4' });
    journalOf(user).write({ ...row, state: 'partly_filled', at: 102 });
    expect(journalOf(user).entries(undefined, 10)[0]).toMatchObject({ orderId: '0xdef', state: 'partly_filled', sizeMatched: '4', status: 'matched', avgPrice: '0.5' });
    user.close();
  });
});

describe('user-data migration 6', () => {
  it('5 → 6: a file of version 5 keeps its journal, notices, snapshots, draft and claims; the watchlist and alerts appear, empty', () => {
    const dir = tempDir();
    const file = new Database(userDataFile(dir, 'local'));
    migrate(file, USER_MIGRATIONS, { what: 'user data', target: 5 });
    insertOrder(file);
    file.prepare("UPDATE journal SET venue_status = 'live', making_amount = '4000000', taking_amount = '10000000' WHERE order_id = '0xabc'").run();
    file.prepare("INSERT INTO notices (account_id, key, at) VALUES ('a1', 'baseline', 3)").run();
    file.prepare("INSERT INTO snapshots VALUES ('0xab', 1000, 12500000, -500000, '[]')").run();
    file.prepare("INSERT INTO drafts VALUES ('ticket', ?, 4)").run(JSON.stringify({ lines: [{ key: 'k1', price: '0.4', size: '10' }], results: {}, updatedAt: 4 }));
    file.prepare("INSERT INTO trade_claims VALUES ('a1', 't1#1', '0xabc', '5', 7)").run();
    // Every step done once before stays done.
    for (const step of ['cache snapshots', 'draft file']) file.prepare('INSERT INTO done VALUES (?, 1)').run(step);
    file.close();

    const user = UserData.open(dir, 'local', () => 99);
    expect(raw(user).pragma('user_version', { simple: true })).toBe(USER_MIGRATIONS.length);
    expect(journalOf(user).entries(undefined, 10)).toEqual([expect.objectContaining({ orderId: '0xabc', state: 'open', status: 'live' })]);
    expect(journalOf(user).tell('a1', 'baseline', 5)).toBe(false);
    // Kept, but not drawn: it held the positions alone, without cash or realised P&L (migration 7).
    expect(raw(user).prepare("SELECT value_micros FROM snapshots WHERE account = '0xab'").pluck().get()).toBe(12500000);
    expect(user.snapshots.history('0xab')).toEqual([]);
    expect(user.draft()).toMatchObject({ lines: [{ key: 'k1', price: '0.4', size: '10' }], updatedAt: 4 });
    expect(journalOf(user).tradeClaims('a1')).toEqual(new Map([['t1#1', { orderId: '0xabc', size: '5' }]]));
    expect(columns(raw(user), 'watchlist')).toEqual(['kind', 'id', 'ref', 'title', 'added_at']);
    expect(columns(raw(user), 'alerts')).toEqual(expect.arrayContaining(['condition_id', 'kind', 'outcome', 'op', 'threshold_micros', 'paused', 'armed', 'value_micros', 'checked_at']));
    expect(user.watch.list()).toEqual([]);
    expect(user.watch.alerts()).toEqual([]);
    user.close();
  });

  it('keeps a starred market and an alert with its firings across a reopen; one crossing fires once, and a paused alert not at all', () => {
    const dir = tempDir();
    let t = 1000;
    const user = UserData.open(dir, 'local', () => t);
    expect(user.watch.add({ kind: 'market', id: '0xc1', ref: '12', title: 'Will it rain?' })).toBe(true);
    expect(user.watch.add({ kind: 'market', id: '0xc1', ref: 'will-it-rain', title: 'Will it rain?' })).toBe(false);
    expect(user.watch.add({ kind: 'event', id: '7', ref: 'weather', title: 'Weather' })).toBe(true);
    const id = user.watch.addAlert({ conditionId: '0xc1', ref: '12', question: 'Will it rain?', tokens: ['1', '2'], kind: 'price', outcome: 0, outcomeLabel: 'Yes', tokenId: '1', op: '>=', threshold: 600_000n, armed: true, value: 550_000n });
    t = 2000;
    expect(user.watch.observe(id, 590_000n, false)).toBe(false);
    t = 3000;
    expect(user.watch.observe(id, 600_000n, true)).toBe(true);
    t = 4000;
    expect(user.watch.observe(id, 650_000n, true)).toBe(false);
    user.close();

    const again = UserData.open(dir, 'local', () => 5000);
    expect(again.watch.list()).toEqual([
      { kind: 'event', id: '7', ref: 'weather', title: 'Weather', addedAt: 1000 },
      { kind: 'market', id: '0xc1', ref: 'will-it-rain', title: 'Will it rain?', addedAt: 1000 },
    ]);
    expect(again.watch.alert(id)).toMatchObject({ conditionId: '0xc1', kind: 'price', op: '>=', threshold: 600_000n, armed: false, value: 650_000n, checkedAt: 4000, tokens: ['1', '2'] });
    // Still above after the restart: no second firing until it falls below and rises again.
    expect(again.watch.observe(id, 620_000n, true)).toBe(false);
    expect(again.watch.observe(id, 580_000n, false)).toBe(false);
    expect(again.watch.observe(id, 610_000n, true)).toBe(true);
    expect(again.watch.fires(id)).toEqual({ latest: [{ at: 5000, value: 610_000n }, { at: 3000, value: 600_000n }], count: 2 });
    again.watch.updateAlert(id, { paused: true });
    expect(again.watch.observe(id, 500_000n, false)).toBe(false);
    expect(again.watch.observe(id, 700_000n, true)).toBe(false);
    expect(again.watch.fires(id).count).toBe(2);
    expect(again.watch.remove('event', '7')).toBe(true);
    expect(again.watch.removeAlert(id)).toBe(true);
    expect(raw(again).prepare('SELECT COUNT(*) FROM alert_fires').pluck().get()).toBe(0);
    again.close();
  });

  it('lists the active alerts as they are after every change: added, observed, paused, resumed, removed', () => {
    const user = UserData.open(tempDir(), 'local', () => 1000);
    const alert = (conditionId: string) => ({ conditionId, ref: '1', question: 'Q', tokens: ['1', '2'], kind: 'price' as const, outcome: 0, tokenId: '1', op: '>=' as const, threshold: 600_000n, armed: true });
    expect(user.watch.activeAlerts()).toEqual([]);
    const a = user.watch.addAlert(alert('0xa'));
    const b = user.watch.addAlert(alert('0xb'));
    expect(user.watch.activeAlerts().map((x) => x.id).sort()).toEqual([a, b].sort());
    expect(user.watch.activeAlerts(new Set(['0xb'])).map((x) => x.id)).toEqual([b]);
    user.watch.observe(a, 610_000n, true);
    expect(user.watch.activeAlerts().find((x) => x.id === a)).toMatchObject({ armed: false, value: 610_000n });
    user.watch.updateAlert(a, { paused: true });
    expect(user.watch.activeAlerts().map((x) => x.id)).toEqual([b]);
    user.watch.updateAlert(a, { paused: false });
    user.watch.removeAlert(b);
    expect(user.watch.activeAlerts().map((x) => x.id)).toEqual([a]);
    user.close();
  });
});

describe('opening a profile’s user data', () => {
  it('takes over an older release’s journal file, cache snapshots and draft file, once', () => {
    const dir = tempDir();
    // The journal as the first release wrote it: its own file, version 0.
    const journal = new Database(join(dir, 'journal-local.sqlite'));
    journal.pragma('journal_mode = WAL');
    journal.exec(USER_MIGRATIONS[0]?.up as string);
    insertOrder(journal);
    journal.close();
    // Snapshots as the cache kept them.
    mkdirSync(join(dir, 'cache'));
    const cache = new Database(join(dir, 'cache', 'cache-local.sqlite'));
    cache.exec('CREATE TABLE snapshots (account TEXT NOT NULL, at INTEGER NOT NULL, value_micros INTEGER NOT NULL, cash_pnl_micros INTEGER NOT NULL, positions TEXT NOT NULL, PRIMARY KEY (account, at)) WITHOUT ROWID');
    cache.prepare("INSERT INTO snapshots VALUES ('0xab', 1000, 12500000, -500000, '[]')").run();
    cache.close();
    writeFileSync(join(dir, 'ticket-local.json'), JSON.stringify({ lines: [{ key: 'k1', price: '0.4x', size: '10' }], results: {}, updatedAt: 5 }));

    const user = UserData.open(dir, 'local', () => 99);
    expect(existsSync(join(dir, 'journal-local.sqlite'))).toBe(false);
    expect(user.path).toBe(userDataFile(dir, 'local'));
    expect(journalOf(user).entries(undefined, 10)).toEqual([expect.objectContaining({ orderId: '0xabc', state: 'open', sizeMatched: '0' })]);
    // Kept, but not drawn: it held the positions alone, without cash or realised P&L (migration 7).
    expect(raw(user).prepare("SELECT value_micros FROM snapshots WHERE account = '0xab'").pluck().get()).toBe(12500000);
    expect(user.snapshots.history('0xab')).toEqual([]);
    expect(user.draft()).toMatchObject({ lines: [{ key: 'k1', price: '0.4x', size: '10' }], updatedAt: 5 });
    user.saveDraft({ lines: [], results: {}, updatedAt: 6 });
    user.close();

    // Brought in once: the old draft file does not come back over a newer draft.
    const again = UserData.open(dir, 'local', () => 100);
    expect(again.draft()).toEqual({ lines: [], results: {}, updatedAt: 6 });
    expect(raw(again).prepare("SELECT COUNT(*) FROM snapshots WHERE account = '0xab'").pluck().get()).toBe(1);
    again.close();
  });

  it('leaves a torn draft file where it is and opens an empty ticket', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ticket-local.json'), '{"lines": [tor');
    const user = UserData.open(dir, 'local');
    expect(user.draft()).toEqual({ lines: [], results: {}, updatedAt: 0 });
    expect(existsSync(join(dir, 'ticket-local.json'))).toBe(true);
    user.close();
  });

  it('refuses a file written by a newer build, naming it', () => {
    const dir = tempDir();
    const db = new Database(userDataFile(dir, 'local'));
    db.pragma('user_version = 99');
    db.close();
    expect(() => UserData.open(dir, 'local')).toThrow(/cannot open the user data .*user-local\.sqlite: user data file .* has schema version 99, newer than this build knows/);
  });
});
