// Trading-surface reads over HTTP: every route parses with the shared (strict) schemas, and the
// prices follow the live book and the fills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Book, MarketSettings, PricesHistory, SamplingSimplifiedMarketsPage, TradingMarketStrict, VersionInfo, LastTradePrice, PriceMap,
} from '@shared/spec/index.js';
import { catalogChanged } from '../market-index.js';
import { startTestVenue, type TestVenue } from '../test-support.js';
import { Trader } from './test-trader.js';

let venue: TestVenue;
let cid: string;
let tokens: string[];

beforeAll(async () => {
  venue = await startTestVenue();
  cid = (venue.db.prepare("SELECT condition_id FROM markets WHERE status = 'active' AND neg_risk = 0 ORDER BY id LIMIT 1").get() as { condition_id: string }).condition_id;
  venue.db.prepare('UPDATE markets SET tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0, min_order_age = 0 WHERE condition_id = ?').run(cid);
  catalogChanged(venue.db);
  tokens = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(cid) as Array<{ token_id: string }>).map((t) => t.token_id);
});
afterAll(async () => {
  await venue?.stop();
});

describe('market reads', () => {
  it('GET /markets/{condition_id} and /markets-by-token carry every required field', async () => {
    const r = await venue.get('trading', `/markets/${cid}`);
    expect(r.status).toBe(200);
    const m = TradingMarketStrict.parse(r.body);
    expect(m).toMatchObject({ condition_id: cid, accepting_orders: true, minimum_tick_size: 0.01, minimum_order_size: 5 });
    expect(m.tokens.map((t) => t.token_id)).toEqual(tokens);
    expect(m.assets_ids).toEqual(tokens);
    expect((await venue.get('trading', `/markets-by-token/${tokens[1]}`)).body).toEqual(r.body);
    expect((await venue.get('trading', `/markets/0x${'0'.repeat(64)}`)).status).toBe(404);
    expect((await venue.get('trading', '/markets/nope')).body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'condition_id' });
    // Mirror ids appear only on mirrors.
    const mirror = venue.db.prepare('SELECT condition_id FROM markets WHERE mirror_condition_id IS NOT NULL LIMIT 1').get() as { condition_id: string } | undefined;
    expect('mirror_condition_id' in (r.body as object)).toBe(false);
    if (mirror) expect((await venue.get('trading', `/markets/${mirror.condition_id}`)).body).toHaveProperty('mirror_condition_id');
  });

  it('GET /clob-markets/{condition_id} omits itode unless set', async () => {
    const r = await venue.get('trading', `/clob-markets/${cid}`);
    const s = MarketSettings.parse(r.body);
    expect(s).toMatchObject({ c: cid, mts: 0.01, mos: 5, oas: 0 });
    expect('itode' in (r.body as object)).toBe(false);
    venue.db.prepare('UPDATE markets SET taker_delay = 1, seconds_delay = 3 WHERE condition_id = ?').run(cid);
    expect(((await venue.get('trading', `/clob-markets/${cid}`)).body as { itode?: boolean }).itode).toBe(true);
    venue.db.prepare('UPDATE markets SET taker_delay = 0 WHERE condition_id = ?').run(cid);
  });

  it('pages sampling-simplified-markets with cursors, each market once', async () => {
    const seen = new Set<string>();
    let cursor = 'MA==';
    for (let i = 0; i < 20 && cursor !== 'LTE='; i++) {
      const page = SamplingSimplifiedMarketsPage.parse((await venue.get('trading', `/sampling-simplified-markets?next_cursor=${encodeURIComponent(cursor)}`)).body);
      expect(page.limit).toBe(100);
      expect(page.count).toBe(page.data.length);
      for (const m of page.data) {
        expect(seen.has(String(m.condition_id))).toBe(false);
        seen.add(String(m.condition_id));
        expect(m.active).toBe(true);
      }
      cursor = page.next_cursor;
    }
    expect(cursor).toBe('LTE=');
    expect(seen.size).toBeGreaterThan(0);
    expect((await venue.get('trading', '/sampling-simplified-markets?next_cursor=%21%21')).body).toMatchObject({ param: 'next_cursor' });
  });

  it('GET /time, /version, /tick-size, /neg-risk, /fee-rate', async () => {
    const time = (await venue.get('trading', '/time')).body as number;
    expect(Math.abs(time - Date.now() / 1000)).toBeLessThan(5);
    expect(VersionInfo.parse((await venue.get('trading', '/version')).body).domain).toMatchObject({ name: 'Kairos Sandbox Exchange', chainId: 31337, version: '2' });
    expect((await venue.get('trading', `/tick-size?token_id=${tokens[0]}`)).body).toEqual({ minimum_tick_size: 0.01 });
    expect((await venue.get('trading', `/neg-risk?token_id=${tokens[0]}`)).body).toEqual({ neg_risk: false });
    expect((await venue.get('trading', `/fee-rate?token_id=${tokens[0]}`)).body).toHaveProperty('base_fee');
    expect((await venue.get('trading', '/tick-size')).body).toMatchObject({ param: 'token_id' });
    expect((await venue.get('trading', '/tick-size?token_id=123')).status).toBe(404);
  });
});

describe('prices from the live book and the fills', () => {
  it('POST /prices and /last-trades-prices take at most 500 items; more is a 400 naming the body', async () => {
    for (const path of ['/prices', '/last-trades-prices']) {
      const items = (n: number) => JSON.stringify(Array.from({ length: n }, () => ({ token_id: tokens[0] })));
      expect((await venue.post('trading', path, items(500))).status, path).toBe(200);
      const over = await venue.post('trading', path, items(501));
      expect(over, path).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMETER', param: 'body' } });
      expect(String((over.body as { error: string }).error)).toContain('500');
    }
  });

  it('POST /prices and GET /book follow resting orders; /last-trades-prices follows fills', async () => {
    const prices = () => venue.post('trading', '/prices', JSON.stringify([{ token_id: tokens[0] }, { token_id: tokens[0], side: 'BUY' }]));
    expect(PriceMap.parse((await prices()).body)).toEqual({ [tokens[0] as string]: {} });
    const buyer = await Trader.create(venue.urls);
    const seller = await Trader.create(venue.urls);
    venue.exchange.mint(seller.address.toLowerCase(), cid, 100_000_000, 500_000);
    await buyer.post([buyer.order(tokens[0] as string, 'BUY', '0.41', '10'), buyer.order(tokens[0] as string, 'BUY', '0.41', '5'), buyer.order(tokens[0] as string, 'BUY', '0.40', '7')]);
    await seller.post([seller.order(tokens[0] as string, 'SELL', '0.47', '8')]);
    const only = await venue.post('trading', '/prices', JSON.stringify([{ token_id: tokens[0], side: 'SELL' }]));
    expect(only.body).toEqual({ [tokens[0] as string]: { SELL: '0.47' } });
    const both = await venue.post('trading', '/prices', JSON.stringify([{ token_id: tokens[0] }]));
    expect(both.body).toEqual({ [tokens[0] as string]: { BUY: '0.41', SELL: '0.47' } });
    const book = Book.parse((await venue.get('trading', `/book?token_id=${tokens[0]}`)).body);
    // Best last, as the service family lists books.
    expect(book.bids).toEqual([{ price: '0.4', size: '7' }, { price: '0.41', size: '15' }]);
    expect(book.asks).toEqual([{ price: '0.47', size: '8' }]);
    expect(book).toMatchObject({ market: cid, asset_id: tokens[0], tick_size: 0.01, min_order_size: 5 });

    await seller.post([seller.order(tokens[0] as string, 'SELL', '0.41', '12', { type: 'FAK' })]);
    const last = await venue.post('trading', '/last-trades-prices', JSON.stringify([{ token_id: tokens[0] }, { token_id: tokens[1] }]));
    const lastRows = (last.body as unknown[]).map((x) => LastTradePrice.parse(x));
    expect(lastRows.find((x) => x.token_id === tokens[0])).toEqual({ token_id: tokens[0], price: '0.41', side: 'SELL' });
    expect((await venue.post('trading', '/prices', JSON.stringify([{ token_id: tokens[0] }]))).body).toEqual({ [tokens[0] as string]: { BUY: '0.41', SELL: '0.47' } });
    expect(Book.parse((await venue.get('trading', `/book?token_id=${tokens[0]}`)).body).bids.at(-1)).toEqual({ price: '0.41', size: '3' });

    const bad = await venue.post('trading', '/prices', JSON.stringify([{ token_id: tokens[0] }, { token_id: '999' }]));
    expect(bad).toMatchObject({ status: 400, body: { param: 'body[1].token_id' } });
    expect((await venue.post('trading', '/prices', '{"token_id":1}')).status).toBe(400);
  });

  it('GET /prices-history buckets the fills at the asked fidelity', async () => {
    const t = venue.db
      .prepare("SELECT t.token_id, f.condition_id, f.outcome_index, COUNT(*) AS n FROM fills f JOIN tokens t ON t.condition_id = f.condition_id AND t.outcome_index = f.outcome_index WHERE f.role = 'T' GROUP BY 1 ORDER BY n DESC LIMIT 1")
      .get() as { token_id: string; condition_id: string; outcome_index: number };
    const first = venue.db.prepare("SELECT MIN(ts) AS a, MAX(ts) AS b FROM fills WHERE condition_id = ? AND outcome_index = ? AND role = 'T'").get(t.condition_id, t.outcome_index) as { a: number; b: number };
    const startTs = Math.floor(first.a / 1000);
    const endTs = Math.ceil(first.b / 1000);
    const r = await venue.get('trading', `/prices-history?market=${t.token_id}&startTs=${startTs}&endTs=${endTs}&fidelity=1440`);
    const { history } = PricesHistory.parse(r.body);
    // Hand computation: last taker fill price per day bucket counted from startTs.
    const fills = venue.db.prepare("SELECT ts, price FROM fills WHERE condition_id = ? AND outcome_index = ? AND role = 'T' ORDER BY ts, id").all(t.condition_id, t.outcome_index) as Array<{ ts: number; price: number }>;
    const expected = new Map<number, number>();
    for (const f of fills) expected.set(startTs + Math.floor((Math.floor(f.ts / 1000) - startTs) / 86_400) * 86_400, f.price / 1e6);
    expect(history).toEqual([...expected].map(([bucket, p]) => ({ t: bucket, p })));
    expect((await venue.get('trading', `/prices-history?market=${t.token_id}&fidelity=0`)).body).toMatchObject({ param: 'fidelity' });
    expect((await venue.get('trading', `/prices-history?market=${t.token_id}&startTs=10&endTs=5`)).body).toMatchObject({ param: 'startTs' });
    expect((await venue.get('trading', '/prices-history')).body).toMatchObject({ param: 'market' });
  });
});
