// The market channel also reads the service family's subscription messages and text keep-alive,
// beside its own: a client written for the family follows books here unchanged.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Feed } from './test-feed.js';

let venue: TestVenue;
let url: string;
let tokens: string[];

beforeAll(async () => {
  venue = await startTestVenue({ live: { pingMs: 60_000 } });
  url = ((await venue.get('trading', '/version')).body as { streams: { market: string } }).streams.market;
  tokens = (venue.db.prepare("SELECT t.token_id FROM markets m JOIN tokens t ON t.condition_id = m.condition_id WHERE m.status = 'active' ORDER BY m.id, t.outcome_index LIMIT 3").all() as Array<{ token_id: string }>).map((r) => r.token_id);
});
afterAll(async () => {
  await venue?.stop();
});

describe("the family's messages on the market channel", () => {
  it('{"type":"market"} subscribes and {"operation"} changes the set', async () => {
    const [a, b, c] = tokens as [string, string, string];
    const feed = await Feed.open(url);
    feed.send({ type: 'market', assets_ids: [a, b] });
    await feed.count('book', (m) => m.type === 'book', 2);
    expect(feed.received.filter((m) => m.type === 'book').map((m) => (m as { asset_id: string }).asset_id).sort()).toEqual([a, b].sort());
    feed.send({ type: 'MARKET', assets_ids: [c], custom_feature_enabled: false });
    await feed.until('book of c', (m) => m.type === 'book' && m.asset_id === c);

    const from = feed.received.length;
    feed.send({ operation: 'unsubscribe', assets_ids: [a] });
    feed.send({ operation: 'subscribe', assets_ids: [a] });
    await feed.until('book of a again', (m) => m.type === 'book' && m.asset_id === a, from);
    feed.send({ operation: 'watch', assets_ids: [a] });
    await feed.until('error', (m) => m.type === 'error', from);
    feed.close();
  });

  it('answers the text PING with PONG', async () => {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const reply = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
    ws.send('PING');
    expect(await reply).toBe('PONG');
    ws.terminate();
  });
});
