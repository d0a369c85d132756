// The service family's liquidity-rewards programmes and builder reads (venue-profile E), from what
// the venue's world holds: a market's rewards rate, minimum size and maximum spread come from its
// settings and its programme runs over the market's life; the paper venue pays no reward, so
// every earning is nothing. It records no builder attribution: a builder code on an order is
// taken and earns no fee, so builders have no trades here and a fee rate of 0.
import { END_CURSOR } from '@shared/domain/cursor.js';
import type { Db } from '../db/open.js';
import { badParam } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { marketPage } from './family-reads.js';
import { auth } from './orders.js';
import { marketRow, REWARD_ASSET, tradingMarket } from './reads.js';

type Row = Record<string, unknown>;

const REWARDED = "WHERE status = 'active' AND rewards_daily_rate > 0";
const BUILDER_CODE = /^0x[0-9a-fA-F]{64}$/;

const day = (ms: unknown): string => new Date(ms as number).toISOString().slice(0, 10);

/** A rewarded market as the family lists it in its rewards programmes. */
function marketReward(db: Db, m: Row): Row {
  const t = tradingMarket(db, m);
  const event = t['event'] as Row;
  return {
    condition_id: m['condition_id'],
    question: m['question'],
    market_slug: m['slug'],
    event_slug: event['slug'],
    image: m['image'],
    rewards_max_spread: m['rewards_max_spread'],
    rewards_min_size: m['rewards_min_size'],
    tokens: (t['tokens'] as Row[]).map((k) => ({ token_id: k['token_id'], outcome: k['outcome'], price: k['price'] })),
    rewards_config: [
      // total_rewards: what the programme has paid out, nothing on paper.
      { asset_address: REWARD_ASSET, start_date: day(m['start_date']), end_date: day(m['end_date']), rate_per_day: m['rewards_daily_rate'], total_rewards: 0 },
    ],
  };
}

function needDate(q: Record<string, unknown>): void {
  const date = q['date'];
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badParam('date', 'date must be YYYY-MM-DD');
}

function builderCode(raw: unknown, param: string): string {
  if (typeof raw !== 'string' || !BUILDER_CODE.test(raw)) throw badParam(param, `${param} must be a builder code: 0x followed by 64 hex digits`);
  return raw;
}

export function registerFamilyProgrammes(s: Surface, ctx: VenueContext): void {
  const { db } = ctx;

  s.get('/rewards/markets/current', [], (req) => marketPage(db, req, REWARDED, (m) => marketReward(db, m)));

  // One market's programme: the market when it is rewarded, else an empty page.
  s.get('/rewards/markets/:condition_id', [], (req) => {
    const m = marketRow(db, (req.params as { condition_id: string }).condition_id);
    const data = (m['rewards_daily_rate'] as number) > 0 ? [marketReward(db, m)] : [];
    return { limit: 100, count: data.length, next_cursor: END_CURSOR, data };
  });

  // The wallet's earnings per rewarded market with each programme: nothing earned on paper.
  s.get('/rewards/user/markets', [], (req) => {
    const who = auth(req, ctx, '/rewards/user/markets');
    needDate(req.query as Record<string, unknown>);
    return marketPage(db, req, REWARDED, (m) => ({ ...marketReward(db, m), maker_address: who.address, earning_percentage: 0, earnings: [] }));
  }, { signed: '/rewards/user/markets' });

  // Unsigned as the family's TypeScript client sends it (others sign it; the headers are not needed).
  s.get('/builder/trades', [], (req) => {
    builderCode((req.query as Record<string, unknown>)['builder_code'], 'builder_code');
    return { limit: 100, count: 0, next_cursor: END_CURSOR, data: [] };
  });

  s.get('/fees/builder-fees/:builder_code', [], (req) => {
    builderCode((req.params as { builder_code: string }).builder_code, 'builder_code');
    return { builder_maker_fee_rate_bps: 0, builder_taker_fee_rate_bps: 0 };
  });
}
