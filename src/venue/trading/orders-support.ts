// What the order tests share: a fresh market with the settings a test needs, a trader's
// inventory, and reads and placements checked against the spec's schemas.
import { expect } from 'vitest';
import { OpenOrdersPage, OrderResult, BalanceAllowance } from '@shared/spec/index.js';
import { catalogChanged } from '../market-index.js';
import type { Db } from '../db/open.js';
import type { Exchange } from './exchange.js';
import { units, type Trader } from './test-trader.js';

export interface Market {
  conditionId: string;
  tokens: [string, string];
  takerBps: number;
  makerBps: number;
  takerOnly: boolean;
}

export type Result = Record<string, unknown>;

/** The helpers over the venue `of` gives (started in the test file's beforeAll). */
export function orderKit(of: () => { db: Db; exchange: Exchange }) {
  const used = new Set<string>();

  /** A fresh active binary market with a 0.01 tick, minimum size 5 and the given settings. */
  function market(settings: Record<string, number> = {}): Market {
    const venue = of();
    const row = venue.db
      .prepare(
        `SELECT m.condition_id FROM markets m WHERE m.status = 'active' AND json_array_length(m.outcomes) = 2 ORDER BY m.id`,
      )
      .all() as Array<{ condition_id: string }>;
    const pick = row.find((r) => !used.has(r.condition_id));
    if (!pick) throw new Error('the test world ran out of active markets');
    used.add(pick.condition_id);
    const sets = { neg_risk: 0, tick_size: 10_000, min_size: 5, taker_delay: 0, seconds_delay: 0, min_order_age: 0, screening: 0, maker_base_fee: 0, taker_base_fee: 100, fee_taker_only: 1, ...settings };
    venue.db.prepare(`UPDATE markets SET ${Object.keys(sets).map((k) => `${k} = @${k}`).join(', ')} WHERE condition_id = @cid`).run({ ...sets, cid: pick.condition_id });
    catalogChanged(venue.db);
    const tokens = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(pick.condition_id) as Array<{ token_id: string }>).map((t) => t.token_id);
    return { conditionId: pick.condition_id, tokens: [tokens[0] as string, tokens[1] as string], takerBps: sets.taker_base_fee, makerBps: sets.maker_base_fee, takerOnly: sets.fee_taker_only === 1 };
  }

  /** Gives a trader `size` of each outcome of the market (a split of cash), so it can sell. */
  function inventory(t: Trader, m: Market, size: string): void {
    of().exchange.mint(t.address.toLowerCase(), m.conditionId, Number(units(size)), 500_000);
  }

  async function balance(t: Trader): Promise<bigint> {
    const r = await t.send<unknown>('GET', '/balance-allowance');
    expect(r.status).toBe(200);
    return BigInt(BalanceAllowance.parse(r.body).balance);
  }

  async function openOrders(t: Trader): Promise<Array<Record<string, unknown>>> {
    const r = await t.send<unknown>('GET', '/data/orders');
    expect(r.status).toBe(200);
    return OpenOrdersPage.parse(r.body).data;
  }

  async function place(t: Trader, items: unknown[]): Promise<Result[]> {
    const r = await t.post(items);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toHaveLength(items.length);
    for (const item of r.body) OrderResult.parse(item);
    return r.body;
  }

  /** A two-level book on outcome 0 from `maker` (given 100 of each outcome): asks 0.33 and 0.35, bids 0.31 and 0.29, 10 shares each. */
  async function twoLevelBook(maker: Trader, m: Market): Promise<Result[]> {
    inventory(maker, m, '100');
    return place(maker, [
      maker.order(m.tokens[0], 'SELL', '0.35', '10'),
      maker.order(m.tokens[0], 'SELL', '0.33', '10'),
      maker.order(m.tokens[0], 'BUY', '0.29', '10'),
      maker.order(m.tokens[0], 'BUY', '0.31', '10'),
    ]);
  }

  return { market, inventory, balance, openOrders, place, twoLevelBook };
}
