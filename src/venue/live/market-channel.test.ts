// The live market channel (venue-profile I) of a real venue on 127.0.0.1: books and their changes
// as they happen, whoever makes them, and the channel's bounds.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { Book } from '@shared/spec/trading.js';
import { LIVE_CLOSE_BEHIND, type LiveMessage } from '@shared/spec/live.js';
import { catalogChanged } from '../market-index.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Trader } from '../trading/test-trader.js';
import type { BookObserver } from '../exchange/feed.js';
import type { MarketChannel } from './market-channel.js';
import { Feed } from './test-feed.js';
import { manualLiveTimers } from './timers.js';

const PING_MS = 120;
let venue: TestVenue;
let url: string;

type Levels = Map<string, string>;

/** A client's copy of the books it follows, built from the messages alone. */
class Mirror {
  readonly books = new Map<string, { seq: number; bids: Levels; asks: Levels }>();
  readonly gaps: string[] = [];
  changes = 0;

  apply(m: LiveMessage): void {
    if (m.type === 'book') {
      this.books.set(m.asset_id, { seq: m.seq, bids: new Map(m.bids.map((l) => [l.price, l.size])), asks: new Map(m.asks.map((l) => [l.price, l.size])) });
    } else if (m.type === 'price_change') {
      const book = this.books.get(m.asset_id);
      if (!book) return void this.gaps.push(`price_change before the book of ${m.asset_id}`);
      if (m.seq !== book.seq + 1) this.gaps.push(`${m.asset_id}: seq ${m.seq} after ${book.seq}`);
      book.seq = m.seq;
      const levels = m.side === 'BUY' ? book.bids : book.asks;
      if (m.size === '0') levels.delete(m.price);
      else levels.set(m.price, m.size);
      this.changes++;
    }
  }

  /** Levels best last, as GET /book lists them. */
  levels(tokenId: string): { bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }> } {
    const book = this.books.get(tokenId);
    const sorted = (levels: Levels | undefined, dir: number) =>
      [...(levels ?? new Map<string, string>())].map(([price, size]) => ({ price, size })).sort((a, b) => dir * (Number(a.price) - Number(b.price)));
    return { bids: sorted(book?.bids, 1), asks: sorted(book?.asks, -1) };
  }
}

/** Token ids of active binary markets the simulator quotes (no taker delay), outcome 0 then 1, market by market. */
function quotedTokens(markets: number): string[] {
  return (
    venue.db
      .prepare(
        `SELECT t.token_id FROM markets m JOIN tokens t ON t.condition_id = m.condition_id
         WHERE m.status = 'active' AND json_array_length(m.outcomes) = 2 AND m.taker_delay = 0 AND m.neg_risk = 0 ORDER BY m.id, t.outcome_index LIMIT ?`,
      )
      .all(markets * 2) as Array<{ token_id: string }>
  ).map((r) => r.token_id);
}

async function book(tokenId: string): Promise<Book> {
  const r = await venue.get('trading', `/book?token_id=${tokenId}`);
  expect(r.status).toBe(200);
  return Book.parse(r.body);
}

let copies: string[] | undefined;

/** The test world has 120 tokens; the subscription limit needs more: paused copies of one market. */
function moreTokens(count: number): string[] {
  copies ??= copyMarkets(venue, 501);
  return copies.slice(0, count);
}

function copyMarkets(venue: TestVenue, count: number): string[] {
  const base = venue.db.prepare("SELECT * FROM markets WHERE status = 'active' AND json_array_length(outcomes) = 2 ORDER BY id LIMIT 1").get() as Record<string, unknown>;
  const maxId = (venue.db.prepare('SELECT MAX(id) AS id FROM markets').get() as { id: number }).id;
  const cols = Object.keys(base);
  const insertMarket = venue.db.prepare(`INSERT INTO markets (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
  const insertToken = venue.db.prepare('INSERT INTO tokens (token_id, condition_id, outcome_index, outcome) VALUES (?, ?, ?, ?)');
  const ids: string[] = [];
  venue.db.transaction(() => {
    for (let i = 0; ids.length < count; i++) {
      const conditionId = `0x${(0xfeed0000 + i).toString(16).padStart(64, '0')}`;
      insertMarket.run({ ...base, id: maxId + 1 + i, condition_id: conditionId, slug: `${String(base['slug'])}-copy-${i}`, status: 'paused' });
      for (const outcome of [0, 1]) {
        const tokenId = String(10n ** 70n + BigInt(i * 2 + outcome));
        insertToken.run(tokenId, conditionId, outcome, outcome === 0 ? 'Yes' : 'No');
        ids.push(tokenId);
      }
    }
  })();
  catalogChanged(venue.db);
  return ids;
}

/** Stops the simulator; a tick already queued may still run. */
async function quiet(): Promise<void> {
  if (!venue.simulator) return;
  venue.simulator.stop();
  await sleep(100);
}

beforeAll(async () => {
  venue = await startTestVenue({ simulator: { tickMs: 25, marketsPerTick: 30, takersPerTick: 3 }, live: { pingMs: PING_MS } });
  const version = (await venue.get('trading', '/version')).body as { streams?: { market?: string } };
  url = version.streams?.market ?? '';
});
afterAll(async () => {
  await venue?.stop();
});

describe('the live market channel', () => {
  it('is advertised in GET /version and answers a plain GET with 426', async () => {
    expect(url).toBe(`ws://127.0.0.1:${venue.port}/trading/ws/market`);
    const plain = await fetch(url.replace(/^ws/, 'http'));
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ code: 'UPGRADE_REQUIRED', error: expect.stringContaining('WebSocket') });
    await expect(Feed.open(url.replace('/ws/market', '/ws/elsewhere'))).rejects.toThrow('HTTP 404');
  });

  it('a book and its ordered changes, applied by a client, equal GET /book (HTTP orders, cancels and the simulator)', async () => {
    const tokens = quotedTokens(8);
    const feed = await Feed.open(url);
    const mirror = new Mirror();
    feed.ws.on('message', () => mirror.apply(feed.received[feed.received.length - 1] as LiveMessage));
    feed.send({ type: 'subscribe', assets_ids: tokens });
    await feed.count('book', (m) => m.type === 'book', tokens.length);

    // Resting bids on a quoted token and a cancel, while the simulator requotes and trades.
    const token = tokens[0] as string;
    const { min_order_size: minSize = 5, tick_size: tick = 0.01 } = await book(token);
    const size = String(Math.max(5, minSize));
    // The highest price the tick allows: at or above any ask, however near 1 the market trades.
    const top = (1 - tick).toFixed(Math.max(2, -Math.floor(Math.log10(tick))));
    const trader = await Trader.create(venue.urls);
    const placed = await trader.post(['0.01', '0.02', '0.03'].map((p) => trader.order(token, 'BUY', p, size)));
    expect(placed.body.map((r) => r['status']), JSON.stringify(placed.body)).toEqual(['live', 'live', 'live']);
    expect((await trader.send('DELETE', '/order', { orderID: placed.body[1]?.['orderID'] })).status).toBe(200);
    await sleep(400);

    // Then only these change the books: a buy that takes part of the simulator's ask, and a cancel.
    await quiet();
    const from = feed.received.length;
    const sent = Date.now();
    const taken = await trader.post([trader.order(token, 'BUY', top, size, { type: 'FAK' })]);
    expect(taken.body[0]).toMatchObject({ success: true, status: 'matched' });
    const trade = await feed.until('last_trade_price of the buy', (m) => m.type === 'last_trade_price' && m.asset_id === token && m.side === 'BUY', from, 5_000);
    expect(trade).toMatchObject({ type: 'last_trade_price', asset_id: token, side: 'BUY', size });
    expect(Number(trade.type === 'last_trade_price' ? trade.timestamp : 0)).toBeGreaterThanOrEqual(sent);
    expect((await trader.send('DELETE', '/order', { orderID: placed.body[0]?.['orderID'] })).status).toBe(200);

    await feed.settled();
    expect(mirror.gaps).toEqual([]);
    expect(mirror.changes).toBeGreaterThan(50);
    for (const id of tokens) {
      const { bids, asks } = await book(id);
      expect(mirror.levels(id), id).toEqual({ bids, asks });
    }
    const bids = mirror.levels(token).bids;
    expect(bids).toContainEqual({ price: '0.03', size });
    expect(bids.filter((l) => l.price === '0.01' || l.price === '0.02')).toEqual([]);
    feed.close();
  });

  it('the snapshot has the shape of GET /book, plus its sequence', async () => {
    await quiet();
    const [token] = quotedTokens(1) as [string];
    const feed = await Feed.open(url);
    feed.send({ type: 'subscribe', assets_ids: [token] });
    const snapshot = await feed.until('book', (m) => m.type === 'book');
    const { market, asset_id, bids, asks, tick_size, min_order_size } = await book(token);
    expect(snapshot).toMatchObject({ market, asset_id, bids, asks, tick_size, min_order_size, type: 'book', seq: expect.any(Number) });
    feed.close();
  });

  it('stops telling a token after unsubscribe, and tells nothing of tokens nobody follows', async () => {
    await quiet();
    // Tokens no other test follows.
    const [a, b] = quotedTokens(12).slice(16) as [string, string];
    const channel = venue.exchange.observer as BookObserver;
    let described = 0;
    const count = (tokenId: string): void => void (tokenId === a || tokenId === b ? described++ : 0);
    venue.exchange.observer = { watches: (t) => channel.watches(t), reset: () => channel.reset(), level: (c) => (count(c.tokenId), channel.level(c)), trade: (t) => channel.trade(t) };
    try {
      const trader = await Trader.create(venue.urls);
      const size = String(Math.max(5, (await book(a)).min_order_size ?? 5, (await book(b)).min_order_size ?? 5));
      const rest = async (tokenId: string) => expect((await trader.post([trader.order(tokenId, 'BUY', '0.01', size)])).body[0]).toMatchObject({ success: true });
      await rest(a);
      expect(described).toBe(0);

      const feed = await Feed.open(url);
      feed.send({ type: 'subscribe', assets_ids: [a, b] });
      await feed.count('book', (m) => m.type === 'book', 2);
      await rest(a);
      await feed.until('price_change of a', (m) => m.type === 'price_change' && m.asset_id === a);
      feed.send({ type: 'unsubscribe', assets_ids: [a] });
      await feed.settled();
      const after = feed.received.length;
      const seen = described;
      await rest(a);
      await rest(b);
      await feed.until('price_change of b', (m) => m.type === 'price_change' && m.asset_id === b, after);
      await feed.settled();
      expect(feed.received.slice(after).filter((m) => 'asset_id' in m && m.asset_id === a)).toEqual([]);
      expect(described).toBe(seen + 1); // b's change only
      feed.close();
    } finally {
      venue.exchange.observer = channel;
    }
  });

  it('sends every followed book again when the books are rebuilt (a failed batch)', async () => {
    await quiet();
    const tokens = quotedTokens(3).slice(4);
    const feed = await Feed.open(url);
    feed.send({ type: 'subscribe', assets_ids: tokens });
    const first = await feed.count('book', (m) => m.type === 'book', tokens.length);
    const from = feed.received.length;
    venue.exchange.reload();
    const again = await feed.count('book again', (m) => m.type === 'book', tokens.length, from);
    for (const m of again) {
      const before = first.find((b) => b.type === 'book' && m.type === 'book' && b.asset_id === m.asset_id);
      expect(m.type === 'book' && before?.type === 'book' && m.seq > before.seq).toBe(true);
    }
    feed.close();
  });

  it('follows 500 tokens per connection and refuses the 501st in words', async () => {
    const ids = moreTokens(501);
    const feed = await Feed.open(url);
    feed.send({ type: 'subscribe', assets_ids: ids.slice(0, 300) });
    feed.send({ type: 'subscribe', assets_ids: ids.slice(300, 500) });
    const books = await feed.count('book', (m) => m.type === 'book', 500);
    expect(new Set(books.map((m) => (m.type === 'book' ? m.asset_id : ''))).size).toBe(500);
    const from = feed.received.length;
    feed.send({ type: 'subscribe', assets_ids: [ids[500]] });
    const refused = await feed.until('error', (m) => m.type === 'error', from);
    expect(refused).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', error: expect.stringMatching(/at most 500 tokens.*501/) });
    // Following again what it follows already counts nothing twice (and sends nothing).
    const again = feed.received.length;
    feed.send({ type: 'subscribe', assets_ids: [ids[0]] });
    await feed.settled();
    expect(feed.received.slice(again).filter((m) => m.type !== 'pong')).toEqual([]);
    // Room made by unsubscribing is room to subscribe.
    feed.send({ type: 'unsubscribe', assets_ids: [ids[0]] });
    feed.send({ type: 'subscribe', assets_ids: [ids[500]] });
    await feed.until('book of the 501st', (m) => m.type === 'book' && m.asset_id === ids[500], from);
    feed.close();
  });

  it('answers malformed messages and unknown tokens with an error, and stays open', async () => {
    const feed = await Feed.open(url);
    const [token] = quotedTokens(1) as [string];
    const cases: Array<[unknown, RegExp]> = [
      ['not json', /not JSON/],
      [{ type: 'dance' }, /type must be one of subscribe, unsubscribe, ping, pong/],
      [{ type: 'subscribe' }, /assets_ids/],
      [{ type: 'subscribe', assets_ids: 'abc' }, /assets_ids must be an array/],
      [{ type: 'subscribe', assets_ids: [1] }, /assets_ids\[0\]/],
      [{ type: 'subscribe', assets_ids: [] }, /at least one/],
      [{ type: 'subscribe', assets_ids: Array.from({ length: 501 }, (_, i) => String(i)) }, /at most 500/],
      [[1, 2], /type/],
    ];
    for (const [message, words] of cases) {
      const from = feed.received.length;
      feed.send(message);
      const answer = await feed.until(`error for ${JSON.stringify(message).slice(0, 40)}`, (m) => m.type === 'error', from);
      expect(answer, JSON.stringify(message).slice(0, 80)).toMatchObject({ code: 'INVALID_MESSAGE', error: expect.stringMatching(words) });
    }
    let from = feed.received.length;
    feed.ws.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect(await feed.until('error for binary', (m) => m.type === 'error', from)).toMatchObject({ error: expect.stringMatching(/not binary/) });

    from = feed.received.length;
    feed.send({ type: 'subscribe', assets_ids: [token, '123', '0x9'] });
    const unknown = await feed.until('unknown tokens', (m) => m.type === 'error', from);
    expect(unknown).toMatchObject({ code: 'UNKNOWN_TOKEN', assets_ids: ['123', '0x9'], error: expect.stringMatching(/123, 0x9/) });
    expect(feed.received.slice(from).some((m) => m.type === 'book' && m.asset_id === token)).toBe(true);
    await feed.settled();
    expect(feed.ws.readyState).toBe(WebSocket.OPEN);
    feed.close();
  });

  it('pings on the set interval', async () => {
    const feed = await Feed.open(url);
    const opened = Date.now();
    await feed.count('ping', (m) => m.type === 'ping', 3, 0, 10 * PING_MS);
    const elapsed = Date.now() - opened;
    // Never sooner than the interval; how late on a busy machine is bounded by the count's wait.
    expect(elapsed).toBeGreaterThanOrEqual(3 * PING_MS - 20);
    feed.close();
  });

  it('cuts off a client that stops reading with 4008 once it is more than 1000 messages behind', async () => {
    // A venue whose pings come too late to cut the client off first (see the next describe).
    const late = await startTestVenue({ live: { pingMs: 60_000 } });
    onTestFinished(() => late.stop());
    const url = ((await late.get('trading', '/version')).body as { streams: { market: string } }).streams.market;
    const ids = copyMarkets(late, 500);
    const slow = await Feed.open(url);
    slow.send({ type: 'subscribe', assets_ids: ids });
    await slow.count('book', (m) => m.type === 'book', 500);
    slow.ws.pause();
    // Each unsubscribe and subscribe again sends 500 books anew: far more than the socket buffers hold.
    for (let i = 0; i < 120; i++) {
      slow.send({ type: 'unsubscribe', assets_ids: ids });
      slow.send({ type: 'subscribe', assets_ids: ids });
    }
    await sleep(1_000);
    const healthy = await Feed.open(url);
    await healthy.settled(); // the venue serves others meanwhile
    slow.ws.resume();
    const closed = await Promise.race([slow.closed, sleep(5_000).then(() => undefined)]);
    expect(closed).toMatchObject({ code: LIVE_CLOSE_BEHIND, reason: expect.stringMatching(/1000 messages behind/) });
    const books = slow.received.filter((m) => m.type === 'book').length;
    expect(books).toBeLessThan(121 * 500);
    healthy.close();
  });
});

describe('a client that asks again or stops reading', () => {
  it('gets nothing for a subscription to tokens it already follows, and the book of each new one', async () => {
    const tokens = quotedTokens(6).slice(6);
    const feed = await Feed.open(url);
    feed.send({ type: 'subscribe', assets_ids: tokens.slice(0, 4) });
    await feed.count('book', (m) => m.type === 'book', 4);
    const from = feed.received.length;
    for (let i = 0; i < 20; i++) feed.send({ type: 'subscribe', assets_ids: tokens.slice(0, 4) });
    feed.send({ type: 'subscribe', assets_ids: tokens });
    await feed.settled();
    const books = feed.received.slice(from).filter((m) => m.type === 'book');
    expect(books.map((m) => m.type === 'book' && m.asset_id).sort()).toEqual(tokens.slice(4).sort());
    feed.close();
  });

  it('is cut off with 4008 once it leaves a ping unanswered until the next, however much the kernel buffers for it', async () => {
    const feed = await Feed.open(url);
    feed.send({ type: 'subscribe', assets_ids: quotedTokens(4) });
    await feed.count('book', (m) => m.type === 'book', 8);
    const healthy = await Feed.open(url);
    // Reads nothing from here on: it cannot answer a ping, though little is sent to it.
    feed.ws.pause();
    await sleep(6 * PING_MS);
    // One that reads keeps its connection through the same pings.
    await healthy.settled();
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    feed.ws.resume();
    const closed = await Promise.race([feed.closed, sleep(5_000).then(() => undefined)]);
    expect(closed).toMatchObject({ code: LIVE_CLOSE_BEHIND, reason: expect.stringMatching(/no answer to a ping within 120 ms/) });
    healthy.close();
  });
});

describe('many clients that go silent together', () => {
  it('are pinged on different turns of the ping wheel and cut off a few per turn of the event loop', async () => {
    // The channel's timers are the test's: its clock moves only when the test says, and what it
    // leaves for a later turn of the event loop runs one turn at a time.
    const timers = manualLiveTimers();
    const ping = 1_000;
    const v = await startTestVenue({ simulator: false, live: { pingMs: ping, timers } });
    onTestFinished(() => v.stop());
    const channel = v.exchange.observer as MarketChannel;
    const url = ((await v.get('trading', '/version')).body as { streams: { market: string } }).streams.market;
    const tokens = (v.db.prepare("SELECT t.token_id FROM tokens t JOIN markets m ON m.condition_id = t.condition_id WHERE m.status = 'active' ORDER BY t.token_id LIMIT 6").all() as Array<{ token_id: string }>).map((r) => r.token_id);
    // Sixty clients connect at the same instant of the channel's clock; one more keeps reading.
    const silent = await Promise.all(Array.from({ length: 60 }, () => Feed.open(url)));
    const healthy = await Feed.open(url);
    for (const feed of [...silent, healthy]) feed.send({ type: 'subscribe', assets_ids: tokens });
    await Promise.all([...silent, healthy].map((f) => f.count('book', (m) => m.type === 'book', tokens.length)));
    for (const feed of silent) feed.ws.pause();
    expect(channel.connections).toBe(61);

    // Three ping intervals, a turn of the wheel (a twentieth of one) at a time; after each, the
    // event loop's turns until no close waits, counting the closes sent on each.
    const cutPerWheelTurn: number[] = [];
    const closedPerLoopTurn: number[] = [];
    for (let turn = 0; turn < 60; turn++) {
      const before = channel.connections;
      timers.advance(ping / 20);
      cutPerWheelTurn.push(before - channel.connections);
      while (channel.cutting > 0) {
        const waiting = channel.cutting;
        timers.turn();
        closedPerLoopTurn.push(waiting - channel.cutting);
      }
      // The one that reads answers each ping before its next is due.
      await healthy.settled();
    }
    // All sixty were cut off, on at least five turns of the wheel (a quarter of an interval), at
    // most twelve on one; and at most eight closes were sent on one turn of the event loop.
    expect(cutPerWheelTurn.reduce((a, b) => a + b, 0)).toBe(60);
    expect(cutPerWheelTurn.filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...cutPerWheelTurn)).toBeLessThanOrEqual(12);
    expect(Math.max(...closedPerLoopTurn)).toBeLessThanOrEqual(8);
    expect(closedPerLoopTurn.length).toBeGreaterThan(5);
    expect(channel.connections).toBe(1);
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    // Each silent client reads its 4008 once it reads again.
    for (const feed of silent) feed.ws.resume();
    const closes = await Promise.all(silent.map((f) => Promise.race([f.closed, sleep(5_000).then(() => undefined)])));
    expect(closes.filter((c) => c?.code === LIVE_CLOSE_BEHIND && /no answer to a ping within 1000 ms/.test(c.reason))).toHaveLength(60);
    healthy.close();
  });
});

describe('in spec-only mode', () => {
  it('has neither the channel nor its advertisement', async () => {
    const spec = await startTestVenue({ specOnly: true });
    try {
      expect((await spec.get('trading', '/version')).status).toBe(404);
      const ws = `${spec.urls.trading_url.replace(/^http/, 'ws')}/ws/market`;
      await expect(Feed.open(ws)).rejects.toThrow('HTTP 404');
      expect(spec.exchange.observer).toBeUndefined();
    } finally {
      await spec.stop();
    }
  });
});
