// The core as the renderer meets it: the router over the contract, offline answers, and every
// contract entry answering with output that fits the contract, and what a call makes stale. Each
// feature's own behaviour is tested beside its domain (domains/<name>/*.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, type CallName } from '@shared/ipc/contract.js';
import { toMicros } from '@shared/domain/money.js';
import { startTestVenue } from '../../venue/test-support.js';
import { caller, coreFor, coreForFile, tradable } from './test-support.js';

const h = coreForFile();

describe('contract and router', () => {
  it('refuses unknown calls and bad input, naming the field', async () => {
    expect((await h.fails('nope.never')).code).toBe('UNKNOWN_CALL');
    const bad = await h.fails('markets.list', { limit: 0 });
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'limit' });
    // The field in words; the call's internal name is no help to a person.
    expect(bad.message).toBe('Limit: Too small: expected number to be >=1');
    expect((await h.fails('portfolio.positions', { address: 'me' })).field).toBe('address');
  });

  it('answers every contract entry with output that fits the contract', async () => {
    const { venue } = h;
    const m = tradable(venue);
    const called = new Set<CallName>();
    const ok = <T = unknown>(name: CallName, input: unknown = {}) => (called.add(name), h.ok<T>(name, input));
    const slug = (venue.db.prepare("SELECT slug FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { slug: string }).slug;
    const event = venue.db.prepare('SELECT id, slug FROM events ORDER BY id LIMIT 1').get() as { id: number; slug: string };
    const wallet = (venue.db.prepare('SELECT wallet FROM positions GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
    const commenter = (venue.db.prepare('SELECT user_address FROM comments LIMIT 1').get() as { user_address: string }).user_address;
    const parent = venue.db.prepare("SELECT parent_entity_id AS id FROM comments WHERE parent_entity_type = 'Event' LIMIT 1").get() as { id: number };

    await ok('app.info');
    expect(await ok('app.damagedFiles')).toEqual([]);
    await ok('app.revealDataFolder');
    await ok('app.checkForUpdates');
    await ok('settings.get');
    await ok('settings.set', { confirm: true });
    await ok('drafts.save', { lines: [] });
    await ok('drafts.load');
    await ok('profiles.list');
    await ok('profiles.test');
    await ok('venue.capabilities');
    // This core's host started no venue of its own; local-venue.test.ts restarts a real one.
    expect(await ok('venue.status')).toEqual({ local: null });
    called.add('venue.restart');
    expect((await h.fails('venue.restart')).code).toBe('NOT_OFFERED');
    called.add('venue.newWorld');
    expect(await h.fails('venue.newWorld')).toMatchObject({ code: 'NOT_OFFERED', message: 'this Kairos did not start the local venue itself, so it cannot start a new world on it' });
    const profile = await ok<{ id: string }>('profiles.add', { name: 'Same venue', catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url, headerPrefix: 'SERVICE' });
    expect(await ok('profiles.setSigning', { id: profile.id, signing: { source: 'preset', preset: 'family-production-137' } })).toMatchObject({ signing: { source: 'preset' } });
    await ok('profiles.switch', { id: profile.id });
    await ok('profiles.switch', { id: 'local' });

    await ok('markets.list', { limit: 5 });
    expect((await ok<{ data: { slug: string } }>('markets.get', { idOrSlug: slug })).data.slug).toBe(slug);
    await ok('markets.settings', { conditionId: m.cid });
    // The full venue's sources agree with each other: nothing to say.
    expect((await ok<{ data: { disagreements: string[] } }>('markets.reading', { conditionId: m.cid })).data.disagreements).toEqual([]);
    await ok('markets.quotes', { conditionId: m.cid });
    await ok('markets.book', { tokenId: m.tokens[0] });
    await ok('markets.prices', { tokenIds: m.tokens });
    await ok('markets.history', { tokenId: m.tokens[0] });
    await ok('markets.trades', { conditionId: m.cid });
    await ok('markets.holders', { conditionId: m.cid });
    await ok('markets.changes', { conditionIds: [m.cid] });
    expect(await ok('watchlist.add', { kind: 'market', id: m.cid })).toMatchObject({ kind: 'market', id: m.cid.toLowerCase(), title: m.question });
    expect(await ok('markets.list', { watchlist: true })).toMatchObject({ data: { total: 1, rows: [{ conditionId: m.cid }] } });
    expect(await ok('watchlist.list')).toHaveLength(1);
    expect(await ok('watchlist.remove', { kind: 'market', id: m.cid })).toEqual({ removed: true });
    const alert = await ok<{ id: number }>('alerts.create', { conditionId: m.cid, condition: { kind: 'price', outcome: 0, op: '>=', price: '0.9' } });
    expect(await ok('alerts.update', { id: alert.id, paused: true })).toMatchObject({ paused: true, words: 'Yes ≥ 90¢' });
    expect(await ok('alerts.list')).toHaveLength(1);
    expect(await ok('alerts.remove', { id: alert.id })).toEqual({ removed: true });
    expect(await ok('notices.list', { unreadOnly: true })).toEqual({ items: [], unread: 0, total: 0 });
    expect(await ok('notices.markRead', { all: true })).toEqual({ marked: 0, unread: 0 });
    expect((await ok<{ data: { id: string } }>('events.get', { idOrSlug: event.slug })).data.id).toBe(String(event.id));
    await ok('events.list', { limit: 3 });
    await ok('series.list');
    await ok('tags.list');
    await ok('events.browse', { limit: 3 });
    await ok('events.outcomes', { idOrSlug: event.slug });
    await ok('series.browse', { limit: 3 });
    await ok('tags.browse', { limit: 3 });
    await ok('comments.list', { parentType: 'Event', parentId: String(parent.id) });
    expect((await ok<{ data: unknown[] }>('comments.byUser', { address: commenter })).data.length).toBeGreaterThan(0);
    await ok('leaderboard.list');
    await ok('traders.get', { address: commenter });
    expect(await ok('traders.follow', { address: commenter, minTradeUsd: '10' })).toMatchObject({ address: commenter.toLowerCase(), minTradeUsd: '10' });
    expect(await ok('traders.following')).toHaveLength(1);
    await ok('traders.seen', { address: commenter });
    expect(await ok('traders.unfollow', { address: commenter })).toEqual({ removed: true });
    await ok('sync.start');
    await ok('markets.search', { query: slug.slice(0, 4) });
    await ok('sync.status');
    expect(await ok('live.watch', { key: 'contract', tokenIds: m.tokens })).toMatchObject({ watching: m.tokens.length, pollSeconds: 5 });
    await ok('live.status');
    expect(await ok('live.unwatch', { key: 'contract' })).toMatchObject({ watching: 0 });

    expect((await ok<{ data: unknown[] }>('portfolio.positions', { address: wallet })).data.length).toBeGreaterThan(0);
    expect((await ok<{ data: unknown[] }>('portfolio.trades', { address: wallet })).data.length).toBeGreaterThan(0);
    expect(await ok('accounts.unlock', { passphrase: 'pw' })).toEqual({ locked: false });
    const acct = await ok<{ id: string; address: string }>('accounts.createLocal', { label: 'Paper' });
    const imported = await ok<{ id: string }>('accounts.import', { privateKey: '11'.repeat(32), label: 'Imported' });
    await ok('accounts.list');
    // No keychain here; accounts.test.ts moves a vault to one.
    called.add('accounts.moveToKeychain');
    expect((await h.fails('accounts.moveToKeychain')).code).toBe('NOT_OFFERED');
    await ok('portfolio.balance', { accountId: acct.id });
    expect(await ok('portfolio.history', { accountId: imported.id })).toEqual([]);
    const line = { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.02', size: '5' };
    await ok('orders.preview', { accountId: acct.id, lines: [line] });
    await ok('orders.submit', { accountId: acct.id, lines: [line] });
    await ok('orders.open', { accountId: acct.id });
    await ok('orders.journal', { accountId: acct.id });
    await ok('orders.cancel', { accountId: acct.id, all: true });
    expect(await ok('markets.resolution', { conditionIds: [m.cid] })).toMatchObject({ data: [{ state: 'open' }] });
    const settled = tradable(venue, 1);
    venue.exchange.mint(acct.address.toLowerCase(), settled.cid, 5_000_000, 500_000);
    venue.exchange.setMarketStatus(settled.cid, 'resolved', 0);
    expect(await ok('portfolio.redeem', { accountId: acct.id, conditionId: settled.cid })).toMatchObject({ payout: '5' });
    const pnl = (await ok<{ data: { pnl: string; realised: string; unrealised: string } }>('portfolio.pnl', { accountId: acct.id })).data;
    expect(toMicros(pnl.pnl)).toBe((toMicros(pnl.realised) ?? 0n) + (toMicros(pnl.unrealised) ?? 0n));
    expect(await ok('accounts.renewKeys', { id: imported.id })).toMatchObject({ id: imported.id });
    expect(await ok('accounts.remove', { id: imported.id })).toEqual({ removed: true });
    expect(await ok('accounts.lock')).toEqual({ locked: true });
    await ok('cache.reset');
    expect(CALL_NAMES.filter((n) => !called.has(n))).toEqual([]);
  });
});

describe('what a call makes stale', () => {
  it('is pushed as calls.stale once the call ran, worked or not, and nothing for a read', async () => {
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-stale-'));
    const seen: unknown[] = [];
    const c = coreFor(d, h.venue, { emit: (name, payload) => name === 'calls.stale' && void seen.push(payload) });
    const call = caller(() => c);
    try {
      await call.ok('accounts.unlock', { passphrase: 'pw' });
      expect(seen).toEqual([{ names: ['accounts.list'] }]);
      const acct = await call.ok<{ id: string }>('accounts.createLocal', {});
      expect(seen.at(-1)).toEqual({ names: ['accounts.list'] });
      await call.ok('accounts.list');
      await call.ok('profiles.list');
      expect(seen).toHaveLength(2);
      const { venue } = h;
      await call.ok('profiles.add', { name: 'Again', catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url, headerPrefix: 'SERVICE' });
      expect(seen.at(-1)).toEqual({ names: ['profiles.list'] });
      // Refused by the venue (nothing of ours rests there): the orders are asked again all the same.
      await call.ok('orders.cancel', { accountId: acct.id, orderIds: ['0xnone'] });
      expect(seen.at(-1)).toEqual({ names: ['orders.open', 'orders.journal'] });
      const m = tradable(venue);
      const line = { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.02', size: '5' };
      expect((await call.fails('orders.submit', { accountId: 'nobody', lines: [line] })).code).toBe('NO_ACCOUNT');
      expect(seen.at(-1)).toEqual({ names: ['orders.open', 'orders.journal', 'portfolio.positions', 'portfolio.balance', 'portfolio.trades', 'portfolio.history', 'portfolio.pnl'] });
    } finally {
      await c.close();
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('offline', () => {
  it('answers reads from the cache marked stale, and refuses writes with OFFLINE', async () => {
    const own = await startTestVenue();
    const d = mkdtempSync(join(tmpdir(), 'kairos-core-offline-'));
    try {
      const c = coreFor(d, own);
      const first = caller(() => c);
      await first.ok('markets.list', { limit: 10 });
      await first.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await first.ok<{ id: string }>('accounts.createLocal', {});
      c.close();
      await own.stop();
      // Older than the freshness window: the cache must try the venue, fail, and serve stale.
      const seen: unknown[] = [];
      const again = coreFor(d, own, { emit: (name, payload) => seen.push([name, payload]), clock: { now: () => Date.now() + 3_600_000 }, http: { policy: { timeoutMs: 1000, retries: 0 } } });
      const later = caller(() => again);
      try {
        expect(await later.ok('markets.list', { limit: 10 })).toMatchObject({ stale: true });
        expect(seen).toContainEqual(['connection.changed', expect.objectContaining({ surface: 'catalog', online: false })]);
        await later.ok('accounts.unlock', { passphrase: 'pw' });
        expect((await later.fails('orders.cancel', { accountId: acct.id, all: true })).code).toBe('OFFLINE');
      } finally {
        again.close();
      }
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
