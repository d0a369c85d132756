// Leniency rules of the response schemas: coercion, nulls, dates, JSON-in-string fields, issues.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CatalogMarket, Event } from './catalog.js';
import { ErrorBody, formatError, formatIssue } from './common.js';
import { LeaderboardEntry, Position, Trade } from './data.js';
import {
  ApiKeyCreds, Book, LastTradePrice, MarketSettings, OrderPlacementItem, OrderResult, PriceMap, PricesHistory, SimplifiedMarket,
  TradingMarket, VersionInfo,
} from './trading.js';

const market = { id: 1, conditionId: '0xabc' };
const firstIssue = (r: z.ZodSafeParseResult<unknown>) => (r.success ? 'parsed' : formatIssue(r.error.issues[0]!));

describe('coercion and nulls', () => {
  it('coerces numeric ids to strings and numeric strings to numbers', () => {
    const m = CatalogMarket.parse({ ...market, volume: '12.5', liquidity: 3 });
    expect(m.id).toBe('1');
    expect(m.volume).toBe(12.5);
    expect(m.liquidity).toBe(3);
    const t = Trade.parse({ size: '5.4', price: '0.5', timestamp: '1729000180', outcomeIndex: '1', side: 'buy' });
    expect(t).toMatchObject({ size: 5.4, price: 0.5, timestamp: 1729000180, outcomeIndex: 1, side: 'BUY' });
  });

  it('accepts "true"/"false" strings as booleans', () => {
    expect(Position.parse({ redeemable: 'true', mergeable: 'false' })).toMatchObject({ redeemable: true, mergeable: false });
  });

  it('treats null (and an empty non-text value) as absent, but keeps empty text', () => {
    const p = Position.parse({ size: null, endDate: '', title: null, icon: '', redeemable: null });
    expect(p.size).toBeUndefined();
    expect(p.endDate).toBeUndefined();
    expect(p.title).toBeUndefined();
    expect(p.icon).toBe('');
    expect(p.redeemable).toBeUndefined();
  });

  it('keeps null where the spec says nullable', () => {
    expect(LeaderboardEntry.parse({ xUsername: null, verifiedBadge: null })).toMatchObject({ xUsername: null, verifiedBadge: null });
    const s = MarketSettings.parse({ ...settings, gst: null });
    expect(s.gst).toBeNull();
  });

  it('keeps unknown fields', () => {
    expect(Trade.parse({ size: 1, somethingNew: { a: 1 } })['somethingNew']).toEqual({ a: 1 });
  });

  it('rejects values of the wrong kind at the field', () => {
    expect(firstIssue(Trade.safeParse({ size: 'lots' }))).toMatch(/^size: /);
    expect(firstIssue(Position.safeParse({ redeemable: 'yes' }))).toMatch(/^redeemable: /);
    expect(firstIssue(Trade.safeParse({ outcomeIndex: 1.5 }))).toMatch(/^outcomeIndex: /);
    expect(firstIssue(CatalogMarket.safeParse({ conditionId: '0x1' }))).toMatch(/^id: /);
  });
});

describe('date-time fields', () => {
  it.each([
    ['2024-07-31T12:00:00Z', '2024-07-31T12:00:00.000Z'],
    ['2024-07-01T17:48:35.918Z', '2024-07-01T17:48:35.918Z'],
    ['2024-07-01T17:28:01.116524Z', '2024-07-01T17:28:01.116Z'],
    ['2023-11-02 21:46:19.507+00', '2023-11-02T21:46:19.507Z'],
    ['2024-07-31', '2024-07-31T00:00:00.000Z'],
    [1722427200, '2024-07-31T12:00:00.000Z'],
    ['1722427200000', '2024-07-31T12:00:00.000Z'],
    [1722427200000, '2024-07-31T12:00:00.000Z'],
  ])('%s is normalised', (input, iso) => {
    expect(CatalogMarket.parse({ ...market, endDate: input }).endDate).toBe(iso);
  });

  it('an unparseable date is an issue at that field', () => {
    expect(firstIssue(CatalogMarket.safeParse({ ...market, endDate: 'next week' }))).toBe('endDate: Invalid input: not a date: "next week"');
    expect(firstIssue(CatalogMarket.safeParse({ ...market, events: [{ startDate: '2024-02-30' }] }))).toBe(
      'events[0].startDate: Invalid input: not a date: "2024-02-30"',
    );
    expect(firstIssue(CatalogMarket.safeParse({ ...market, endDate: true }))).toBe('endDate: Invalid input: expected a date');
  });
});

describe('JSON-in-string fields', () => {
  it('accepts a JSON-encoded string array or a real array', () => {
    const a = CatalogMarket.parse({ ...market, outcomes: '["Yes","No"]', clobTokenIds: ['1', 2], mirrorClobTokenIds: '[]' });
    expect(a.outcomes).toEqual(['Yes', 'No']);
    expect(a.clobTokenIds).toEqual(['1', '2']);
    expect(a.mirrorClobTokenIds).toEqual([]);
  });

  it('applies to event market summaries too', () => {
    const e = Event.parse({ id: 7, markets: [{ id: 1, clobTokenIds: '["11","22"]', mirrorClobTokenIds: ['33', '44'] }], tags: [{ id: 3 }] });
    expect(e.markets?.[0]).toMatchObject({ id: '1', clobTokenIds: ['11', '22'], mirrorClobTokenIds: ['33', '44'] });
    expect(e.tags?.[0]?.id).toBe('3');
  });

  it('malformed JSON is an issue at the field, not a throw', () => {
    expect(firstIssue(CatalogMarket.safeParse({ ...market, outcomes: '["Yes", "No"' }))).toBe('outcomes: Invalid JSON-encoded array: is not valid JSON');
    expect(firstIssue(CatalogMarket.safeParse({ ...market, clobTokenIds: '{"a":1}' }))).toBe('clobTokenIds: Invalid JSON-encoded array: is not a JSON array');
    expect(firstIssue(Event.safeParse({ markets: [{ outcomePrices: '[null]' }] }))).toBe(
      'markets[0].outcomePrices: Invalid JSON-encoded array: item 0 is not a string',
    );
  });
});

const settings = {
  gst: '2025-01-01 18:00:00+00',
  r: { rates: null, min_size: '50', max_spread: 3 },
  c: '0xabc',
  creator: '0xcreator',
  nr: false,
  t: [{ t: '111', o: 'Yes' }, { t: '222', o: 'No', mirror_token_id: '9' }],
  mts: '0.01',
  mos: 5,
  fd: { r: 0.02, e: '2', to: 'true' },
  mbf: 0,
  tbf: '200',
  rfqe: false,
  ibce: true,
  oas: 0,
};

describe('trading resources', () => {
  it('MarketSettings normalises its nested items', () => {
    const s = MarketSettings.parse(settings);
    expect(s.gst).toBe('2025-01-01T18:00:00.000Z');
    expect(s.r).toEqual({ rates: undefined, min_size: 50, max_spread: 3 });
    expect(s.t.map((x) => x.t)).toEqual(['111', '222']);
    expect(s.fd).toEqual({ r: 0.02, e: 2, to: true });
    expect([s.mts, s.tbf, s.itode]).toEqual([0.01, 200, undefined]);
    const { gst: _gst, ...noGst } = settings;
    expect(firstIssue(MarketSettings.safeParse(noGst))).toMatch(/^gst: /);
  });

  it('TradingMarket requires the starred fields', () => {
    expect(firstIssue(TradingMarket.safeParse({}))).toMatch(/^enable_order_book: /);
  });

  it('SimplifiedMarket accepts an almost empty object', () => {
    expect(SimplifiedMarket.parse({ market_id: '12', tokens: [] })).toMatchObject({ market_id: 12, tokens: [] });
  });

  it('prices stay strings', () => {
    expect(PriceMap.parse({ '111': { BUY: '0.52', SELL: 0.55 }, '222': { BUY: '0.1' } })).toEqual({
      '111': { BUY: '0.52', SELL: '0.55' },
      '222': { BUY: '0.1' },
    });
    expect(LastTradePrice.parse({ token_id: 111, price: '0.5000', side: 'SELL' })).toEqual({ token_id: '111', price: '0.5000', side: 'SELL' });
    expect(LastTradePrice.parse({ token_id: '1', price: '0.5', side: '' }).side).toBeUndefined();
  });

  it('OrderResult keeps amounts as strings', () => {
    const r = OrderResult.parse({ success: false, errorMsg: 'slow down', code: 'RATE_LIMITED', retry_after_seconds: '3', makingAmount: '5000000' });
    expect(r).toMatchObject({ success: false, code: 'RATE_LIMITED', retry_after_seconds: 3, makingAmount: '5000000' });
  });

  it('venue-profile E shapes', () => {
    const book = Book.parse({ market: '0xabc', asset_id: '111', timestamp: '1722427200000', bids: [{ price: '0.5', size: 10 }], asks: [], tick_size: '0.01', min_order_size: '5' });
    expect(book).toMatchObject({ timestamp: '2024-07-31T12:00:00.000Z', bids: [{ price: '0.5', size: '10' }], tick_size: 0.01, min_order_size: 5 });
    expect(PricesHistory.parse({ history: [{ t: 1722427200, p: '0.42' }] }).history).toEqual([{ t: 1722427200, p: 0.42 }]);
    expect(firstIssue(ApiKeyCreds.safeParse({ apiKey: 'k', secret: 's' }))).toMatch(/^passphrase: /);
    expect(VersionInfo.parse({ version: 2, domain: { name: 'Kairos Sandbox Exchange', chainId: 31337 } }).domain?.chainId).toBe(31337);
    expect(ErrorBody.parse({ error: 'limit must be an integer from 1 to 100', code: 'INVALID_PARAMETER', param: 'limit' }).param).toBe('limit');
    expect(ErrorBody.safeParse({ code: 'X' }).success).toBe(false);
  });
});

const order = {
  salt: 123456789,
  maker: '0x1234567890abcdef1234567890abcdef12345678',
  signer: '0x1234567890abcdef1234567890abcdef12345678',
  tokenId: '21742633143463906290569050155826241533067272736897614950488156847949938836455',
  makerAmount: '5000000',
  takerAmount: '10000000',
  side: 'BUY',
  signatureType: 0,
  timestamp: '1722427200000',
  signature: '0xabcdef',
};

describe('OrderPlacementItem', () => {
  it('normalises salt to a string and keeps amounts as strings', () => {
    const item = OrderPlacementItem.parse({ order, orderType: 'GTC', owner: 'key-1' });
    expect(item.order.salt).toBe('123456789');
    expect(item.order.makerAmount).toBe('5000000');
    expect(item.postOnly).toBeUndefined();
  });

  it('accepts the venue-profile D extras, moving postOnly/deferExec to the item', () => {
    const item = OrderPlacementItem.parse({
      order: { ...order, salt: '42', expiration: 1722430000, nonce: '0', feeRateBps: 0, taker: '0x0000000000000000000000000000000000000000', postOnly: true },
      orderType: 'GTD',
      owner: 'key-1',
      deferExec: false,
    });
    expect(item).toMatchObject({ postOnly: true, deferExec: false, order: { salt: '42', expiration: '1722430000', feeRateBps: '0' } });
  });

  it('names the bad field', () => {
    const bad = (patch: object, extra: object = {}) => firstIssue(OrderPlacementItem.safeParse({ order: { ...order, ...patch }, orderType: 'GTC', owner: 'k', ...extra }));
    expect(bad({ salt: 'abc' })).toBe('order.salt: Invalid input: expected an unsigned integer');
    expect(bad({ maker: '0x12' })).toBe('order.maker: Invalid input: expected a 0x-prefixed 20-byte address');
    expect(bad({ side: 'HOLD' })).toMatch(/^order\.side: /);
    expect(bad({}, { orderType: 'IOC' })).toMatch(/^orderType: /);
    expect(bad({ signatureType: 256 })).toMatch(/^order\.signatureType: /);
  });

  it('formatError gives the first issue as one line', () => {
    const r = OrderPlacementItem.safeParse({ order: { ...order, takerAmount: '1.5' }, orderType: 'GTC', owner: 'k' });
    expect(r.success).toBe(false);
    if (!r.success) expect(formatError(r.error)).toBe('order.takerAmount: Invalid input: expected an unsigned integer');
  });
});
