// Live prices through the core against the real local venue's market channel: a watched token's
// book follows another trader's orders within a second without a request, a fill of a resting
// order of ours is told at once, a cut or lossy feed is resubscribed, and a venue without the
// channel is polled with nothing trying to connect.
import { bestFirst } from '@shared/domain/book-order.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, EventPayload, LiveStatus } from '@shared/ipc/contract.js';
import { catalogChanged } from '../../../venue/market-index.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from '../../../venue/test-support.js';
import { Trader } from '../../../venue/trading/test-trader.js';
import type { CoreOptions } from '../index.js';
import { caller, coreFor, coreForFile } from '../test-support.js';
import { countRequests, liveRelay, priceReads, type Relay } from './test-support.js';

const h = coreForFile();
const fast = { baseDelayMs: 50, maxDelayMs: 400, random: () => 0.5, lingerMs: 0 };

interface Market {
  cid: string;
  yes: string;
  no: string;
  negRisk: boolean;
}

let picked = 0;
/**
 * An active market made easy to trade (tick 0.01, minimum 5), its resting orders cancelled so its
 * book is what the test puts there; a new one per call.
 */
function quietMarket(venue: TestVenue): Market {
  const m = venue.db.prepare("SELECT condition_id, neg_risk FROM markets WHERE status = 'active' ORDER BY id LIMIT 1 OFFSET ?").get(picked++) as { condition_id: string; neg_risk: number };
  venue.db.prepare('UPDATE markets SET tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0, min_order_age = 0 WHERE condition_id = ?').run(m.condition_id);
  catalogChanged(venue.db);
  const resting = venue.db.prepare("SELECT id, owner FROM orders WHERE condition_id = ? AND status IN ('live', 'delayed')").all(m.condition_id) as Array<{ id: string; owner: string }>;
  for (const owner of new Set(resting.map((r) => r.owner))) venue.exchange.cancel(owner, resting.filter((r) => r.owner === owner).map((r) => r.id));
  const [yes, no] = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(m.condition_id) as Array<{ token_id: string }>).map((t) => t.token_id) as [string, string];
  expect(venue.exchange.book(yes).depth('BUY')).toEqual([]);
  return { cid: m.condition_id, yes, no, negRisk: m.neg_risk === 1 };
}

/** Another trader, funded and holding tokens of `m` to sell. */
async function trader(venue: TestVenue, m: Market): Promise<Trader> {
  const t = await Trader.create(venue.urls);
  venue.exchange.fund(t.address.toLowerCase(), 500_000_000);
  venue.exchange.mint(t.address.toLowerCase(), m.cid, 200_000_000, 500_000);
  return t;
}

async function place(t: Trader, m: Market, token: string, side: 'BUY' | 'SELL', price: string, size: string, type: 'GTC' | 'FAK' = 'GTC'): Promise<void> {
  const r = await t.post([t.order(token, side, price, size, { negRisk: m.negRisk, type })]);
  expect(r.body).toMatchObject([{ success: true }]);
}

type Seen = { name: EventName; payload: unknown; at: number };
const open: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

/** A core of its own on `venue`, its pushes kept with the time they came. */
function core(venue: TestVenue, opts: Partial<CoreOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-live-'));
  const events: Seen[] = [];
  const c = coreFor(dir, venue, { emit: (name, payload) => events.push({ name, payload, at: Date.now() }), ...opts });
  open.push(() => {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const call = caller(() => c);
  const of = <N extends EventName>(name: N) => events.filter((e) => e.name === name).map((e) => e.payload as EventPayload<N>);
  const status = () => call.ok<LiveStatus>('live.status');
  /** Until `n` watched books are current on a live feed. */
  const live = (n: number) => expect.poll(status, { timeout: 5000, interval: 20 }).toMatchObject({ state: 'live', live: n });
  const book = (tokenId: string) => call.ok<{ data: { bids: unknown[]; asks: unknown[] }; ageMs: number }>('markets.book', { tokenId });
  return { c, events, of, status, live, book, ...call };
}

/** GET /book from the venue itself: what the core's copy must equal. */
/** The venue's book, best first as the core serves books (the venue lists them best last). */
async function venueBook(venue: TestVenue, tokenId: string): Promise<{ bids: unknown[]; asks: unknown[] }> {
  const r = await venue.get('trading', `/book?token_id=${tokenId}`);
  const b = r.body as { bids: Array<{ price: string }>; asks: Array<{ price: string }> };
  return { bids: bestFirst(b.bids, 'bids'), asks: bestFirst(b.asks, 'asks') };
}

describe('a watched token', () => {
  it("follows another trader's orders within a second, with no request for the book after its snapshot", async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    await place(t, m, m.yes, 'BUY', '0.40', '10');
    const x = core(venue);
    await x.ok('live.watch', { key: 'market-page', tokenIds: [m.yes, m.no] });
    await x.live(2);
    expect((await x.book(m.yes)).data.bids).toEqual([{ price: '0.4', size: '10' }]);
    // The market's outcomes and last trades are read once; nothing of the book after this.
    await x.ok('markets.quotes', { conditionId: m.cid });
    const seen = countRequests(venue);

    const sent = Date.now();
    await place(t, m, m.yes, 'BUY', '0.43', '7');
    await expect.poll(async () => (await x.book(m.yes)).data.bids[0], { timeout: 1000, interval: 20 }).toEqual({ price: '0.43', size: '7' });
    const isPush = (e: Seen) => e.name === 'market.live' && (e.payload as EventPayload<'market.live'>).bestBid === '0.43';
    await expect.poll(() => x.events.some(isPush), { timeout: 1000, interval: 20 }).toBe(true);
    const pushed = x.events.find(isPush);
    expect(pushed?.payload).toMatchObject({ tokenId: m.yes, conditionId: m.cid, bestBid: '0.43', bestAsk: null, bookChanged: true });
    expect((pushed?.at ?? Infinity) - sent).toBeLessThan(1000);

    const quotes = await x.ok<{ data: Array<{ tokenId: string; bestBid?: string }>; ageMs: number }>('markets.quotes', { conditionId: m.cid });
    expect(quotes.data.find((q) => q.tokenId === m.yes)).toMatchObject({ bestBid: '0.43' });
    expect(quotes.ageMs).toBe(0);
    expect(priceReads(seen)).toEqual([]);
    expect(await x.book(m.yes)).toMatchObject({ ageMs: 0, data: await venueBook(venue, m.yes) });
  });

  it('is priced from its live book, as current, and follows it without a read', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    await place(t, m, m.yes, 'BUY', '0.40', '10');
    await place(t, m, m.yes, 'SELL', '0.44', '10');
    const x = core(venue);
    await x.ok('live.watch', { key: 'list', tokenIds: [m.yes] });
    await x.live(1);
    const before = Date.now();
    expect(await x.ok('markets.prices', { tokenIds: [m.yes] })).toEqual([{ tokenId: m.yes, price: '0.42', basis: 'mid', at: expect.any(Number), live: true }]);
    const seen = countRequests(venue);
    await place(t, m, m.yes, 'BUY', '0.42', '5');
    await expect.poll(async () => (await x.ok<Array<{ price: string; at: number }>>('markets.prices', { tokenIds: [m.yes] }))[0]?.price, { timeout: 1000, interval: 20 }).toBe('0.43');
    const [p] = await x.ok<Array<{ at: number; live: boolean }>>('markets.prices', { tokenIds: [m.yes] });
    // Current as of the asking: the feed would have told of any change.
    expect(p?.live).toBe(true);
    expect(p?.at).toBeGreaterThanOrEqual(before);
    // The change's push carries the same price, so a screen shows it without asking.
    await expect.poll(() => x.of('market.live').at(-1)?.price, { timeout: 1000, interval: 20 }).toEqual({ tokenId: m.yes, price: '0.43', basis: 'mid', at: expect.any(Number), live: true });
    expect(x.of('market.live').at(-1)?.price?.at).toBeGreaterThanOrEqual(before);
    expect(priceReads(seen)).toEqual([]);
  });

  it("carries no price where the book does not decide it and the last trade would need a read", async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    const x = core(venue);
    await x.ok('live.watch', { key: 'list', tokenIds: [m.yes] });
    await x.live(1);
    // A one-sided book: the price is the last trade, which the feed has not seen.
    await place(t, m, m.yes, 'BUY', '0.30', '5');
    await expect.poll(() => x.of('market.live').at(-1)?.bestBid, { timeout: 1000, interval: 20 }).toBe('0.3');
    expect(x.of('market.live').at(-1)?.price).toBeUndefined();
  });

  it('pushes at most a few changes a second per token, the last one with the final prices', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    const x = core(venue, { live: { throttleMs: 250 } });
    await x.ok('live.watch', { key: 'list', tokenIds: [m.yes] });
    await x.live(1);
    const from = x.events.length;
    const started = Date.now();
    // Fifteen levels in one batch: fifteen changes on the wire within milliseconds.
    const r = await t.post(Array.from({ length: 15 }, (_, i) => t.order(m.yes, 'BUY', `0.${10 + i}`, '5', { negRisk: m.negRisk })));
    expect(r.body).toHaveLength(15);
    await expect.poll(() => x.of('market.live').at(-1)?.bestBid, { timeout: 1000, interval: 20 }).toBe('0.24');
    const pushes = x.events.slice(from).filter((e) => e.name === 'market.live');
    const window = Math.max(...pushes.map((e) => e.at)) - started;
    expect(pushes.length).toBeLessThanOrEqual(Math.floor(window / 250) + 2);
    expect(pushes.length).toBeLessThan(15);
    expect((await x.book(m.yes)).data.bids).toHaveLength(15);
  });

  it("raises the notice of a fill of the account's resting order within a second, long before the watcher's next pass", async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const x = core(venue, { watch: { everyMs: 120_000 } });
    await x.ok('accounts.unlock', { passphrase: 'pw' });
    const acct = await x.ok<{ id: string }>('accounts.createLocal', {});
    const [placed] = await x.ok<Array<{ success: boolean; orderId: string }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.yes, side: 'BUY', price: '0.40', size: '5' }] });
    expect(placed?.success).toBe(true);
    // No screen watches the token: the core follows it for the order resting on it.
    await x.live(1);
    const seller = await trader(venue, m);
    const sent = Date.now();
    await place(seller, m, m.yes, 'SELL', '0.40', '5', 'FAK');
    await expect.poll(() => x.of('notices.raised'), { timeout: 1000, interval: 20 }).toContainEqual(expect.objectContaining({ kind: 'fill', orderId: placed?.orderId }));
    const told = x.events.find((e) => e.name === 'notices.raised');
    expect((told?.at ?? Infinity) - sent).toBeLessThan(1000);
  });
});

describe('a feed that is cut', () => {
  let relay: Relay;
  const through = async (venue: TestVenue, opts: Partial<CoreOptions> = {}) => {
    relay = await liveRelay();
    open.push(() => relay.close());
    return core(venue, { live: { ...fast, open: relay.open }, ...opts });
  };

  it('is resubscribed after the venue closes it with 4008, with the book right again', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    const x = await through(venue);
    await x.ok('live.watch', { key: 'page', tokenIds: [m.yes] });
    await x.live(1);
    relay.cut(4008, true);
    await expect.poll(x.status, { timeout: 2000, interval: 20 }).toMatchObject({ state: 'reconnecting', live: 0 });
    // Changes while cut off are not lost: the new subscription's snapshot holds them.
    await place(t, m, m.yes, 'BUY', '0.31', '6');
    await place(t, m, m.yes, 'SELL', '0.77', '8');
    const seen = countRequests(venue);
    relay.resume();
    await x.live(1);
    const served = (await x.book(m.yes)).data;
    expect(priceReads(seen)).toEqual([]);
    expect(served).toMatchObject(await venueBook(venue, m.yes));
    expect(served.bids).toEqual([{ price: '0.31', size: '6' }]);
    expect(relay.sent.filter((s) => s.type === 'subscribe' && s.assets_ids?.includes(m.yes)).length).toBe(2);
    expect(x.of('live.status').map((s) => s.state)).toEqual(expect.arrayContaining(['live', 'reconnecting']));
  });

  it('stops pricing a token as live when cut, dated when it was last current, and reads the venue once that is old', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    await place(t, m, m.yes, 'BUY', '0.40', '10');
    await place(t, m, m.yes, 'SELL', '0.44', '10');
    let now = Date.now();
    const x = await through(venue, { clock: { now: () => now } });
    await x.ok('live.watch', { key: 'page', tokenIds: [m.yes] });
    await x.live(1);
    const price = () => x.ok<Array<{ price: string; at: number; live: boolean }>>('markets.prices', { tokenIds: [m.yes] }).then((r) => r[0]);
    const lastLive = now;
    expect(await price()).toMatchObject({ price: '0.42', live: true, at: lastLive });
    relay.cut(1001, true);
    await expect.poll(x.status, { timeout: 2000, interval: 20 }).toMatchObject({ live: 0 });
    // While cut: the last price it streamed, no longer live and dated when it last was.
    const seen = countRequests(venue);
    now += 2000;
    expect(await price()).toMatchObject({ price: '0.42', live: false, at: lastLive });
    expect(priceReads(seen)).toEqual([]);
    // Once older than the freshness window, the venue's price map is read again.
    await place(t, m, m.yes, 'BUY', '0.42', '5');
    now += 5000;
    expect(await price()).toMatchObject({ price: '0.43', live: false, at: now });
    expect(priceReads(seen)).toEqual(['POST /trading/prices']);
  });

  it('is resubscribed when a change is lost (a gap in seq), and the book is the venue’s again', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    const x = await through(venue);
    await x.ok('live.watch', { key: 'page', tokenIds: [m.yes] });
    await x.live(1);
    relay.dropNext((msg) => msg.type === 'price_change' && msg.asset_id === m.yes);
    await place(t, m, m.yes, 'BUY', '0.20', '5');
    await place(t, m, m.yes, 'BUY', '0.10', '9');
    await expect.poll(async () => (await x.book(m.yes)).data.bids, { timeout: 2000, interval: 20 }).toEqual([
      { price: '0.2', size: '5' },
      { price: '0.1', size: '9' },
    ]);
    expect(relay.dropped).toHaveLength(1);
    // Left and followed anew (a venue sends nothing for a token already followed): live again.
    await x.live(1);
    const asks = relay.sent.filter((s) => s.assets_ids?.includes(m.yes)).map((s) => s.type);
    expect(asks).toEqual(['subscribe', 'unsubscribe', 'subscribe']);
  });

  it('comes back when the venue stops and starts again, with the books right', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kairos-live-venue-'));
    const world = { dataDir, size: 'small' as const, seed: 7, anchor: TEST_ANCHOR };
    let venue = await startTestVenue(world);
    open.push(async () => {
      await venue.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    await place(t, m, m.yes, 'BUY', '0.45', '5');
    const x = core(venue, { live: fast, http: { policy: { timeoutMs: 1000, retries: 0 } } });
    await x.ok('live.watch', { key: 'page', tokenIds: [m.yes] });
    await x.live(1);
    await venue.stop();
    await expect.poll(x.status, { timeout: 3000, interval: 20 }).not.toMatchObject({ state: 'live' });
    venue = await startTestVenue({ ...world, port: venue.port });
    await x.live(1);
    expect((await x.book(m.yes)).data).toMatchObject(await venueBook(venue, m.yes));
    // And it streams again: an order after the restart shows within a second.
    await place(t, m, m.yes, 'BUY', '0.47', '5');
    await expect.poll(async () => (await x.book(m.yes)).data.bids[0], { timeout: 1000, interval: 20 }).toEqual({ price: '0.47', size: '5' });
  });

  it('closes with its Session when the profile is switched', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const x = await through(venue);
    await x.ok('live.watch', { key: 'page', tokenIds: [m.yes] });
    await x.live(1);
    expect(relay.connections()).toBe(1);
    const other = await x.ok<{ id: string }>('profiles.add', { name: 'Same venue again', catalogUrl: venue.urls.catalog_url, tradingUrl: venue.urls.trading_url, dataUrl: venue.urls.data_url, headerPrefix: 'SERVICE' });
    await x.ok('profiles.switch', { id: other.id });
    await expect.poll(() => relay.connections(), { timeout: 2000, interval: 20 }).toBe(0);
    // The new venue's feed starts with nothing watched.
    expect(await x.status()).toMatchObject({ watching: 0 });
  });
});

describe('screens', () => {
  it('share tokens by reference: a token stays subscribed until the last screen lets it go, and a lapsed watch ends', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const relay = await liveRelay();
    open.push(() => relay.close());
    let now = Date.now();
    const x = core(venue, { clock: { now: () => now }, live: { ...fast, open: relay.open, leaseMs: 60_000 } });
    await x.ok('live.watch', { key: 'list', tokenIds: [m.yes, m.no] });
    await x.ok('live.watch', { key: 'page', tokenIds: [m.yes] });
    await x.live(2);
    await x.ok('live.unwatch', { key: 'list' });
    expect(await x.status()).toMatchObject({ watching: 1, live: 1 });
    await expect.poll(() => relay.sent.at(-1)).toEqual({ type: 'unsubscribe', assets_ids: [m.no] });
    // The page is not renewed within its lease (its window closed): a later watch sweeps it.
    now += 61_000;
    await x.ok('live.watch', { key: 'other', tokenIds: [m.no] });
    await expect.poll(x.status).toMatchObject({ watching: 1, live: 1 });
    expect(relay.sent.some((s) => s.type === 'unsubscribe' && s.assets_ids?.includes(m.yes))).toBe(true);
  });

  it('keeps a token followed a moment after its last watch goes: the next screen showing it finds it live, its trades kept', async () => {
    const { venue } = h;
    const m = quietMarket(venue);
    const t = await trader(venue, m);
    const relay = await liveRelay();
    open.push(() => relay.close());
    const x = core(venue, { live: { ...fast, lingerMs: 1_000, open: relay.open } });
    await x.ok('live.watch', { key: 'page', tokenIds: [m.yes] });
    await x.live(1);
    await place(t, m, m.yes, 'BUY', '0.30', '5');
    // The market page goes, the watchlist showing the same market comes a moment later.
    await x.ok('live.unwatch', { key: 'page' });
    expect(await x.status()).toMatchObject({ watching: 0 });
    await x.ok('live.watch', { key: 'watchlist', tokenIds: [m.yes] });
    await x.live(1);
    expect(relay.sent.filter((s) => s.assets_ids?.includes(m.yes)).map((s) => s.type)).toEqual(['subscribe']);
    // Nobody watches it: let go once it has lingered.
    await x.ok('live.unwatch', { key: 'watchlist' });
    await expect.poll(() => relay.sent.at(-1), { timeout: 5_000, interval: 50 }).toEqual({ type: 'unsubscribe', assets_ids: [m.yes] });
  });

  it("moves a list's watch with its rows: rows scrolled in are subscribed, rows scrolled away let go, rows kept not asked again", async () => {
    const { venue } = h;
    const [a, b, c] = [quietMarket(venue), quietMarket(venue), quietMarket(venue)] as [Market, Market, Market];
    const relay = await liveRelay();
    open.push(() => relay.close());
    const x = core(venue, { live: { ...fast, open: relay.open } });
    await x.ok('live.watch', { key: 'list', tokenIds: [a.yes, b.yes] });
    await x.live(2);
    const from = relay.sent.length;
    // Scrolled by one row: a goes off screen, c comes on.
    await x.ok('live.watch', { key: 'list', tokenIds: [b.yes, c.yes] });
    await x.live(2);
    expect(relay.sent.slice(from)).toEqual([{ type: 'unsubscribe', assets_ids: [a.yes] }, { type: 'subscribe', assets_ids: [c.yes] }]);
    expect(await x.status()).toMatchObject({ state: 'live', watching: 2, live: 2 });
    // A row scrolled away is read from the venue again, no longer priced as live.
    const [pa, pc] = await Promise.all([a.yes, c.yes].map(async (t) => (await x.ok<Array<{ live: boolean }>>('markets.prices', { tokenIds: [t] }))[0]));
    expect(pc).toMatchObject({ live: true });
    expect(pa?.live ?? false).toBe(false);
  });

  it('refuses a watch of more than 500 tokens, naming the field', async () => {
    const e = await h.fails('live.watch', { key: 'k', tokenIds: Array.from({ length: 501 }, (_, i) => String(i + 1)) });
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'tokenIds' });
  });
});

describe('a venue without the channel (spec-only)', () => {
  it('is polled every 5 s, and nothing tries to connect', async () => {
    const venue = await startTestVenue({ specOnly: true });
    open.push(() => venue.stop());
    const upgrades: string[] = [];
    venue.app.server.on('upgrade', (req: { url?: string }) => upgrades.push(req.url ?? ''));
    let opened = 0;
    const x = core(venue, {
      live: {
        open: () => {
          opened++;
          throw new Error('no connection should be tried');
        },
      },
    });
    const m = venue.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' ORDER BY id LIMIT 1").get() as { condition_id: string };
    const tokens = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ?').all(m.condition_id) as Array<{ token_id: string }>).map((t) => t.token_id);
    await x.ok('live.watch', { key: 'page', tokenIds: tokens });
    await expect.poll(x.status, { timeout: 5000, interval: 20 }).toMatchObject({ state: 'polling', pollSeconds: 5, live: 0, reason: 'this venue offers no live prices' });
    expect(x.of('live.status').at(-1)).toMatchObject({ state: 'polling', pollSeconds: 5 });
    // Quotes come from the venue's price reads, as before.
    const quotes = await x.ok<{ data: unknown[] }>('markets.quotes', { conditionId: m.condition_id });
    expect(quotes.data).toHaveLength(tokens.length);
    expect(await x.ok('venue.capabilities')).toMatchObject({ routes: expect.arrayContaining([expect.objectContaining({ id: 'live', state: 'lacking' })]) });
    expect(opened).toBe(0);
    expect(upgrades).toEqual([]);
  });
});
