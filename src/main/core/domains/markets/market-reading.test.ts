// The reading that risks less where a market's sources disagree: the rules alone, and the
// ticket's preview against a venue whose trading surface claims negative risk that its market
// settings and catalog deny (`--misbehave`).
import { describe, expect, it } from 'vitest';
import type { CatalogMarket, MarketSettings, TradingMarket } from '@shared/spec/index.js';
import { contradictedMarkets } from '../../../../venue/misbehaving.js';
import { coreForFile, venueProfile } from '../../test-support.js';
import { agreedNegRisk, readMarket } from './market-reading.js';

const trading = (o: Partial<TradingMarket>): TradingMarket =>
  ({ active: true, closed: false, archived: false, accepting_orders: true, neg_risk: false, minimum_tick_size: 0.01, minimum_order_size: 5, ...o }) as TradingMarket;
const settings = (o: Partial<MarketSettings>): MarketSettings => ({ nr: false, mts: 0.01, mos: 5, ...o }) as MarketSettings;
const catalog = (o: Partial<CatalogMarket>): CatalogMarket => ({ id: '1', conditionId: '0x1', active: true, closed: false, negRisk: false, ...o }) as CatalogMarket;

describe('readMarket', () => {
  it('reads the same rules from sources that agree, with nothing to say', () => {
    const r = readMarket({ trading: trading({ neg_risk: true }), settings: settings({ nr: true }), catalog: catalog({ negRisk: true }) });
    expect(r).toEqual({ negRisk: true, tick: '0.01', minSize: '5', acceptingOrders: true, disagreements: [] });
  });

  it('takes no negative-risk credit unless every source says so, and names who says what', () => {
    const r = readMarket({ trading: trading({ neg_risk: true }), settings: settings({ nr: false }), catalog: catalog({ negRisk: false }) });
    expect(r.negRisk).toBe(false);
    expect(r.disagreements).toEqual([
      'Negative risk: the trading market says yes; market settings and the catalog say no. Read as no: the worst case takes no credit for outcomes that exclude each other.',
    ]);
    expect(agreedNegRisk([true, undefined])).toBe(true);
    expect(agreedNegRisk([true, false])).toBe(false);
    expect(agreedNegRisk([undefined])).toBe(false);
  });

  it('uses the coarser tick and the larger minimum size, exactly', () => {
    const r = readMarket({ trading: trading({ minimum_tick_size: 0.001, minimum_order_size: 5 }), settings: settings({ mts: 0.01, mos: 15 }), catalog: catalog({ orderPriceMinTickSize: 0.001, orderMinSize: 5 }) });
    expect(r.tick).toBe('0.01');
    expect(r.minSize).toBe('15');
    expect(r.disagreements).toEqual([
      'Tick size: the trading market and the catalog say 0.001; market settings says 0.01. Prices use the coarser 0.01.',
      'Minimum size: the trading market and the catalog say 5; market settings says 15. Sizes must reach the larger 15.',
    ]);
  });

  it('figures fees at the higher taker fee any source gives, and says so', () => {
    expect(readMarket({ trading: trading({ taker_base_fee: 100 }), settings: settings({ tbf: 100 }) })).toMatchObject({ takerFeeBps: 100, disagreements: [] });
    const r = readMarket({ trading: trading({ taker_base_fee: 0 }), settings: settings({ tbf: 150 }) });
    expect(r.takerFeeBps).toBe(150);
    expect(r.disagreements).toEqual(['Taker fee: the trading market says 0 bps; market settings says 150 bps. Fees are figured at the higher 150 bps.']);
  });

  it('treats a market as closed when any source says it is closed or not accepting orders', () => {
    const r = readMarket({ trading: trading({}), settings: settings({}), catalog: catalog({ closed: true }) });
    expect(r.acceptingOrders).toBe(false);
    expect(r.disagreements).toEqual(['Status: the trading market says open for orders; the catalog says closed or not accepting orders. Treated as not accepting orders.']);
    expect(readMarket({ trading: trading({ accepting_orders: false }), catalog: catalog({ acceptingOrders: true }) }).acceptingOrders).toBe(false);
    expect(readMarket({ trading: trading({}) }).acceptingOrders).toBe(true);
  });
});

type Preview = { ok: boolean; cost?: string; negRiskEvent?: string; disagreements?: string[]; problems: unknown[] };

describe('the ticket on a venue that contradicts itself about negative risk', () => {
  const h = coreForFile({ venue: { specOnly: true, representation: 'varied', misbehave: true, rateLimitScale: 0 } });

  it("previews each line with no negative-risk event and says which sources disagree", async () => {
    const profile = await h.ok<{ id: string }>('profiles.add', { ...venueProfile(h.venue, 'Misbehaving deployment'), kind: undefined });
    await h.ok('profiles.switch', { id: profile.id });
    const cids = new Set(contradictedMarkets(h.venue.db));
    const rows = (h.venue.db.prepare("SELECT condition_id, event_id, min_size FROM markets WHERE status = 'active' ORDER BY event_id, id").all() as Array<{ condition_id: string; event_id: number; min_size: number }>).filter((m) => cids.has(m.condition_id.toLowerCase()));
    const event = rows[0]?.event_id;
    const markets = rows.filter((m) => m.event_id === event);
    expect(markets.length).toBeGreaterThan(1);
    const lines = markets.map((m) => {
      const token = (h.venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? AND outcome_index = 0').get(m.condition_id) as { token_id: string }).token_id;
      return { conditionId: m.condition_id, tokenId: token, side: 'BUY', price: '0.5', size: String(m.min_size) };
    });
    const previews = await h.ok<Preview[]>('orders.preview', { lines });
    for (const p of previews) {
      expect(p.problems).toEqual([]);
      expect(p.negRiskEvent).toBeUndefined();
      expect(p.disagreements).toEqual([expect.stringMatching(/^Negative risk: the trading market says yes; market settings and the catalog say no\. Read as no/)]);
    }
    // The market page reads the same, with the disagreement to say.
    const { data: reading } = await h.ok<{ data: { negRisk: boolean; acceptingOrders: boolean; disagreements: string[] } }>('markets.reading', { conditionId: lines[0]?.conditionId });
    expect(reading).toMatchObject({ negRisk: false, acceptingOrders: true });
    expect(reading.disagreements).toEqual(previews[0]?.disagreements);
  });
});
