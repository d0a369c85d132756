// Every request a client builds names an endpoint of params.ts and only that endpoint's query
// parameters: a deployment ignores any other, and the app then shows some other record.
import { describe, expect, it } from 'vitest';
import { endpointOf, type ParamMethod, type ParamSurface } from '@shared/spec/params.js';
import { CatalogClient, createClients, DataClient, TradingClient, type Clients } from './index.js';

const URLS = { catalogUrl: 'http://venue.test/catalog', tradingUrl: 'http://venue.test/trading', dataUrl: 'http://venue.test/data' };
const WALLET = '0x1234567890abcdef1234567890abcdef12345678';
const CID = `0x${'ab'.repeat(32)}`;
const TOKEN = '1234567890';
const sign = () => ({});

interface Sent {
  surface: ParamSurface;
  method: ParamMethod;
  path: string;
  keys: string[];
}

/** Clients whose HTTP layer records each request and answers `{}` without any network. */
function recording(): { clients: Clients; sent: Sent[] } {
  const sent: Sent[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const surface = (['catalog', 'trading', 'data'] as const).find((s) => url.pathname.startsWith(`/${s}/`) || url.pathname === `/${s}`);
    if (!surface) throw new Error(`request outside the three surfaces: ${url.href}`);
    sent.push({ surface, method: (init?.method ?? 'GET') as ParamMethod, path: url.pathname.slice(surface.length + 1), keys: [...new Set(url.searchParams.keys())] });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { clients: createClients(URLS, { fetch: fake, policy: { retries: 0, timeoutMs: 1000 } }), sent };
}

// One case per client method, with the queries the services build (catalog.ts, markets.ts,
// portfolio.ts, orders.ts, sync.ts's rawPage): every key they pass appears here.
const catalogCases: Record<string, (c: CatalogClient) => Promise<unknown>> = {
  markets: async (c) => {
    await c.markets({ limit: 1 });
    await c.markets({ limit: 100, offset: 0, active: true, closed: false, archived: true, tag_id: '4', event_id: '9', mirror: true, creator: WALLET, order: 'endDate', ascending: false });
    await c.markets({ tag_slug: 'x', tag: 'x', event_slug: 'e', eventSlug: 'e', conditionId: CID, condition_id: CID, slug: 's' });
  },
  marketBySlug: (c) => c.marketBySlug('will-it-rain', { creator: WALLET }),
  marketTags: (c) => c.marketTags('123', { creator: WALLET }),
  events: async (c) => {
    await c.events({ limit: 50, offset: 0, active: true, tag_id: '4', series_slug: 'weekly' });
    await c.events({ slug: 'an-event', limit: 1 });
    await c.events({ limit: 100, offset: 200, order: 'id', ascending: true });
  },
  series: (c) => c.series({ limit: 50, offset: 0 }),
  tags: (c) => c.tags({ limit: 100, offset: 0 }),
  comments: (c) => c.comments({ parent_entity_type: 'Event', parent_entity_id: '7', holders_only: false, limit: 40, offset: 0 }),
  commentsByUser: (c) => c.commentsByUser(WALLET, { limit: 40, offset: 0 }),
  publicSearch: (c) => c.publicSearch({ q: 'rain', limit: 10 }),
};

const dataCases: Record<string, (c: DataClient) => Promise<unknown>> = {
  trades: async (c) => {
    await c.trades({ market: CID, limit: 10, offset: 0, takerOnly: true });
    await c.trades({ user: WALLET, limit: 100, offset: 0, side: 'BUY', market: `${CID},${CID}`, takerOnly: false });
  },
  positions: async (c) => {
    await c.positions({ user: WALLET, limit: 500, offset: 0, sizeThreshold: 0 });
    await c.positions({ user: WALLET, limit: 100, offset: 0, sortBy: 'CASHPNL', sortDirection: 'ASC', redeemable: true, mergeable: false, sizeThreshold: 1, title: 'rain', market: CID });
  },
  holders: (c) => c.holders({ market: CID, limit: 20 }),
  leaderboard: (c) => c.leaderboard({ category: 'OVERALL', timePeriod: 'ALL', orderBy: 'PNL', limit: 25, offset: 0 }),
};

const tradingCases: Record<string, (c: TradingClient) => Promise<unknown> | unknown> = {
  syncClock: (c) => c.syncClock(),
  measureClock: (c) => c.measureClock(),
  serverNow: (c) => c.serverNow(),
  market: (c) => c.market(CID),
  marketByToken: (c) => c.marketByToken(TOKEN),
  samplingSimplifiedMarkets: (c) => c.samplingSimplifiedMarkets('MA=='),
  settings: (c) => c.settings(CID),
  prices: (c) => c.prices([{ token_id: TOKEN, side: 'BUY' }]),
  lastTradesPrices: (c) => c.lastTradesPrices([TOKEN]),
  time: (c) => c.time(),
  version: (c) => c.version(),
  book: (c) => c.book(TOKEN),
  pricesHistory: (c) => c.pricesHistory({ market: TOKEN, startTs: 1, endTs: 2, fidelity: 5 }),
  tickSize: (c) => c.tickSize(TOKEN),
  negRisk: (c) => c.negRisk(TOKEN),
  feeRate: (c) => c.feeRate(TOKEN),
  createApiKey: (c) => c.createApiKey({}),
  deriveApiKey: (c) => c.deriveApiKey({}),
  postOrders: (c) => c.postOrders([{}], sign),
  cancel: (c) => c.cancel(['0x1'], sign),
  cancelAll: (c) => c.cancelAll(sign),
  openOrders: async (c) => {
    await c.openOrders(sign);
    await c.openOrders(sign, { next_cursor: 'MTAw' });
  },
  balance: (c) => c.balance(sign),
  redeem: (c) => c.redeem(CID, sign),
};

/** Methods that send nothing. */
const LOCAL = new Set(['serverNow']);

const methodsOf = (proto: object): string[] =>
  Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor' && typeof Object.getOwnPropertyDescriptor(proto, n)?.value === 'function').sort();

describe('the requests the clients build', () => {
  const clients: Array<[string, object, Record<string, (c: never) => unknown>, (c: Clients) => unknown]> = [
    ['CatalogClient', CatalogClient.prototype, catalogCases, (c) => c.catalog],
    ['DataClient', DataClient.prototype, dataCases, (c) => c.data],
    ['TradingClient', TradingClient.prototype, tradingCases, (c) => c.trading],
  ];

  for (const [name, proto, cases, pick] of clients) {
    it(`${name}: every method has a case`, () => {
      expect(methodsOf(proto).filter((m) => !(m in cases))).toEqual([]);
    });

    it(`${name}: every request is of a listed endpoint, with only its listed query names`, async () => {
      for (const method of methodsOf(proto)) {
        const run = cases[method];
        if (!run) continue; // reported by the test above
        const { clients: all, sent } = recording();
        try {
          await run(pick(all) as never);
        } catch {
          // The fake answers `{}`, which most schemas refuse: only the request matters here.
        }
        if (LOCAL.has(method)) {
          expect(sent, method).toEqual([]);
          continue;
        }
        expect(sent.length, `${name}.${method} sends a request`).toBeGreaterThan(0);
        for (const r of sent) {
          const endpoint = endpointOf(r.surface, r.method, r.path);
          expect(endpoint, `${name}.${method}: ${r.surface} ${r.method} ${r.path} is an endpoint of params.ts`).toBeDefined();
          const unlisted = r.keys.filter((k) => !endpoint?.query.includes(k));
          expect(unlisted, `${name}.${method}: query names ${endpoint?.path} does not list`).toEqual([]);
        }
      }
    });
  }

  it('sends every query key it is given (nothing dropped on the way)', async () => {
    const { clients: c, sent } = recording();
    await c.catalog.events({ limit: 5, series_slug: 'weekly', slug: 'e' }).catch(() => undefined);
    expect(sent).toEqual([{ surface: 'catalog', method: 'GET', path: '/events', keys: ['limit', 'series_slug', 'slug'] }]);
  });
});
