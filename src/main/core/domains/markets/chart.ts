// An outcome's price chart: buckets with open, high, low, close and volume over a range. Prices
// come from the venue's price history (an optional route) where it has one, else from the
// market's trades (a spec route); volume always comes from the trades.
import { candles, CHART_PLAN, type ChartRange, type PricePoint, type TradePoint } from '@shared/domain/candles.js';
import { formatDataTokenId } from '@shared/domain/token-ids.js';
import type { TradingMarket } from '@shared/spec/index.js';
import { notOfferedMessage } from '../../capabilities.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import { FRESH } from '../../context.js';

/** Trades read for volume and, without a price history, for prices: one page, newest first. */
export const CHART_TRADES = 2000;

type MarketRead = (s: Session, conditionId: string, maxAge: number) => Promise<TradingMarket>;

export interface ChartArgs {
  tokenId: string;
  conditionId?: string | undefined;
  range: ChartRange;
}

export function priceChart(s: Session, market: MarketRead, nowMs: number, { tokenId, conditionId, range }: ChartArgs) {
  const { span, fidelity, step } = CHART_PLAN[range];
  const nowSec = Math.floor(nowMs / 1000);
  // Buckets sit on the clock's boundaries; the last one is the one running now.
  const to = Math.floor(nowSec / step) * step + step;
  const from = to - span;
  const load = async () => {
    let points: PricePoint[] | undefined;
    if (s.capabilities.mayHave('pricesHistory')) {
      try {
        const endTs = Math.floor(nowSec / 60) * 60;
        points = (await s.capabilities.use('pricesHistory', () => s.clients.trading.pricesHistory({ market: tokenId, startTs: from, endTs, fidelity }))).history;
      } catch (err) {
        if ((err as { code?: string }).code !== 'NOT_OFFERED' || !conditionId) throw err;
      }
    }
    if (!points && !conditionId) throw new AppError('NOT_OFFERED', notOfferedMessage('pricesHistory'));
    const m = conditionId ? await market(s, conditionId, FRESH.settings) : undefined;
    const traded = m && conditionId ? await outcomeTrades(s, m, conditionId, tokenId) : { trades: [], oldest: undefined };
    return {
      candles: candles(points ?? [], traded.trades, from, to, step),
      source: points ? ('prices-history' as const) : ('trades' as const),
      step,
      ...(m ? { tickSize: String(m.minimum_tick_size) } : {}),
      // A full page of trades may not reach back to the range's start: volume begins here.
      ...(traded.oldest !== undefined && traded.oldest > from ? { volumeFrom: traded.oldest } : {}),
    };
  };
  return s.cached('trading', '/chart', { token: tokenId, market: conditionId ?? '', range }, FRESH.prices, load);
}

/** The outcome's trades from the data surface, with the oldest time a full page reached. */
async function outcomeTrades(s: Session, m: TradingMarket, conditionId: string, tokenId: string): Promise<{ trades: TradePoint[]; oldest: number | undefined }> {
  const index = m.tokens.findIndex((t) => String(t.token_id) === tokenId);
  if (index < 0) throw new AppError('NOT_FOUND', `token ${tokenId} is not an outcome of market ${conditionId}`);
  const asset = formatDataTokenId(conditionId.toLowerCase(), index);
  const page = await s.clients.data.trades({ market: conditionId, limit: CHART_TRADES, takerOnly: true });
  const trades: TradePoint[] = [];
  let oldest: number | undefined;
  // Oldest first, so trades of the same second keep their order in a bucket.
  for (const t of [...page].reverse()) {
    const ts = Number(t.timestamp);
    if (page.length >= CHART_TRADES && Number.isFinite(ts)) oldest = oldest === undefined ? ts : Math.min(oldest, ts);
    const ofOutcome = String(t.asset).toLowerCase() === asset || (t.outcomeIndex !== undefined && Number(t.outcomeIndex) === index);
    if (!ofOutcome || !Number.isFinite(ts)) continue;
    const price = Number(t.price);
    const cash = t.usdcSize !== undefined ? Number(t.usdcSize) : price * Number(t.size ?? 0);
    trades.push({ t: ts, p: price, cash });
  }
  return { trades, oldest };
}
