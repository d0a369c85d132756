// The markets list from the synced catalog: its order is kept between pages and follows every
// change of the catalog, and of the prices the price sort reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache, type MarketListQuery } from './index.js';

let dir: string;
let cache: Cache;

const market = (id: string, volume24hr: number, price: string) => ({
  id,
  conditionId: `0x${id.padStart(64, '0')}`,
  question: `Market ${id}?`,
  active: true,
  closed: false,
  volume24hr,
  outcomes: ['Yes', 'No'],
  outcomePrices: [price, String(1 - Number(price))],
});
const page = (q: Partial<MarketListQuery>) => {
  const p = cache.listMarkets({ status: 'active', mirror: 'any', sort: 'volume24hr', ascending: false, limit: 2, offset: 0, ...q });
  return { ids: p.rows.map((r) => r.id), total: p.total };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-cache-list-'));
  cache = openCache(dir, 'local');
  cache.ingest('markets', [market('1', 30, '0.2'), market('2', 20, '0.5'), market('3', 10, '0.7')]);
});
afterAll(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the markets list', () => {
  it('pages one order, counting every match', () => {
    expect(page({})).toEqual({ ids: ['1', '2'], total: 3 });
    expect(page({ offset: 2 })).toEqual({ ids: ['3'], total: 3 });
  });

  it('orders again after the catalog changed', () => {
    expect(page({}).ids).toEqual(['1', '2']);
    cache.ingest('markets', [market('3', 99, '0.7')]);
    expect(page({}).ids).toEqual(['3', '1']);
    cache.ingest('markets', [{ ...market('1', 30, '0.2'), closed: true }]);
    expect(page({ limit: 5 })).toEqual({ ids: ['3', '2'], total: 2 });
  });

  it('orders by price again after a price was noted', () => {
    expect(page({ sort: 'lastPrice', status: 'all', limit: 3 }).ids).toEqual(['3', '2', '1']);
    cache.noteLastPrices(`0x${'1'.padStart(64, '0')}`, ['0.95', '0.05']);
    expect(page({ sort: 'lastPrice', status: 'all', limit: 3 }).ids).toEqual(['1', '3', '2']);
  });
});
