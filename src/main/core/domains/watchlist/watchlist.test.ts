// The watchlist through the core, on a real venue and real user-data files: starred markets and
// events survive a restart, belong to their profile, and filter the markets list.
import { describe, expect, it, vi } from 'vitest';
import { formatMicros } from '@shared/domain/money.js';
import type { WatchItem } from '@shared/ipc/watchlist.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { coreFor, coreForFile, sellInto, tradable, venueProfile } from '../../test-support.js';

const h = coreForFile();

const list = () => h.ok<WatchItem[]>('watchlist.list');
const listed = (input: Record<string, unknown> = {}) => h.ok<{ data: { rows: Array<{ conditionId: string }>; total: number } }>('markets.list', { watchlist: true, ...input });

describe('the watchlist', () => {
  it('stars markets and events, lists them with the catalog’s figures, keeps them across a restart, and unstars them', async () => {
    const seen: Array<[string, unknown]> = [];
    h.core.close();
    h.core = coreFor(h.dir, h.venue, { emit: (name, payload) => seen.push([name, payload]) });
    const a = tradable(h.venue, 0);
    const b = tradable(h.venue, 1);
    const event = h.venue.db.prepare('SELECT id, title FROM events ORDER BY id LIMIT 1').get() as { id: number; title: string };
    expect(await list()).toEqual([]);
    expect((await listed()).data).toEqual({ rows: [], total: 0 });

    // Nothing synced yet: a starred market is read from the venue by its condition id.
    const starred = await h.ok<WatchItem>('watchlist.add', { kind: 'market', id: a.cid.toUpperCase().replace('0X', '0x') });
    expect(starred).toMatchObject({ kind: 'market', id: a.cid.toLowerCase(), title: a.question, status: 'open', outcomes: ['Yes', 'No'] });
    expect(starred.outcomePrices).toHaveLength(2);
    expect(seen).toContainEqual(['watchlist.changed', { kind: 'market', id: a.cid.toLowerCase(), starred: true }]);
    await h.ok('watchlist.add', { kind: 'market', id: b.cid, title: b.question });
    await h.ok('watchlist.add', { kind: 'event', id: String(event.id), title: 'kept if the catalog lacks it' });
    expect((await list()).map((w) => [w.kind, w.id])).toEqual(
      expect.arrayContaining([['market', a.cid.toLowerCase()], ['market', b.cid.toLowerCase()], ['event', String(event.id)]]),
    );

    // "Watchlist only" on the markets list: exactly the starred markets, under the other filters too.
    await h.ok('sync.start');
    await vi.waitFor(async () => expect(await h.ok('sync.status')).toMatchObject({ running: false, lastSyncAt: expect.any(Number) }), { timeout: 20_000, interval: 100 });
    const only = await listed({ sort: 'question', ascending: true });
    expect(only.data.total).toBe(2);
    expect(only.data.rows.map((r) => r.conditionId.toLowerCase()).sort()).toEqual([a.cid, b.cid].map((c) => c.toLowerCase()).sort());
    expect((await listed({ status: 'closed' })).data.total).toBe(0);

    h.core.close();
    h.core = coreFor(h.dir, h.venue);
    const after = await list();
    expect(after).toHaveLength(3);
    expect(after.find((w) => w.kind === 'event')).toMatchObject({ id: String(event.id), title: event.title });
    expect(await h.ok('watchlist.remove', { kind: 'market', id: a.cid })).toEqual({ removed: true });
    expect(await h.ok('watchlist.remove', { kind: 'market', id: a.cid })).toEqual({ removed: false });
    expect((await listed()).data.rows.map((r) => r.conditionId.toLowerCase())).toEqual([b.cid.toLowerCase()]);
  });

  it('belongs to its profile: another profile has its own, and switching back finds the first as it was', async () => {
    const a = tradable(h.venue, 2);
    await h.ok('watchlist.add', { kind: 'market', id: a.cid });
    const mine = (await list()).map((w) => w.id);
    expect(mine).toContain(a.cid.toLowerCase());
    const other = await h.ok<{ id: string }>('profiles.add', { ...venueProfile(h.venue, 'Other desk'), kind: undefined });
    await h.ok('profiles.switch', { id: other.id });
    expect(await list()).toEqual([]);
    expect((await listed()).data.total).toBe(0);
    const b = tradable(h.venue, 3);
    await h.ok('watchlist.add', { kind: 'market', id: b.cid });
    expect((await list()).map((w) => w.id)).toEqual([b.cid.toLowerCase()]);
    await h.ok('profiles.switch', { id: 'local' });
    expect((await list()).map((w) => w.id)).toEqual(mine);
  });

  it('refuses what it cannot star, naming the field', async () => {
    expect(await h.fails('watchlist.add', { kind: 'trader', id: 'x' })).toMatchObject({ code: 'INVALID_INPUT', field: 'kind' });
    expect(await h.fails('watchlist.add', { kind: 'market', id: '' })).toMatchObject({ code: 'INVALID_INPUT', field: 'id' });
  });
});

describe('the markets list’s 24h change', () => {
  it('is the Yes price now minus its last trade a day ago or earlier, exactly', async () => {
    const m = tradable(h.venue, 4);
    const cutoff = Date.now() - 86_400_000;
    // Taker fills are the venue's trades; the one at or before the cutoff is the price then.
    const then = h.venue.db.prepare("SELECT price FROM fills WHERE condition_id = ? AND outcome_index = 0 AND role = 'T' AND ts <= ? ORDER BY ts DESC, id DESC LIMIT 1").get(m.cid, cutoff) as { price: number } | undefined;
    const buyer = await Trader.create(h.venue.urls);
    h.venue.exchange.fund(buyer.address.toLowerCase(), 100_000_000);
    await buyer.post([buyer.order(m.tokens[0] as string, 'BUY', '0.73', '5', { negRisk: m.negRisk })]);
    await sellInto(h.venue, m, 0, '0.73', '5');
    const [row] = (await h.ok<{ data: Array<{ conditionId: string; change24h?: string }> }>('markets.changes', { conditionIds: [m.cid] })).data;
    expect(row?.conditionId).toBe(m.cid);
    if (then) expect(row?.change24h).toBe(formatMicros(730_000n - BigInt(then.price)));
    else expect(row).not.toHaveProperty('change24h');
    expect(await h.fails('markets.changes', { conditionIds: [] })).toMatchObject({ code: 'INVALID_INPUT', field: 'conditionIds' });
  });
});
