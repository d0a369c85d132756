// The order ticket's checks: each line against its market's rules (tick, minimum size, open
// market, order type), the exact amounts it would sign, and — with an account — the whole
// batch against its cash and tokens; plus the money preview (cost, payout, fee, rest or fill).
import type { CallArgs } from '@shared/ipc/contract.js';
import { formatMicros, parseMicros, tickText } from '@shared/domain/money.js';
import { priceGuard } from '@shared/domain/price-guard.js';
import { DEFAULT_TICK } from '@shared/domain/grid.js';
import { cashFor } from '@shared/domain/units.js';
import { formatDataTokenId } from '@shared/domain/token-ids.js';
import { HttpStatusError } from '../../http/errors.js';
import { checkLine, type BuiltLine, type MarketRules } from './build.js';
import { checkBatch, economics } from './economics.js';
import type { Session } from '../../session.js';
import type { AccountSummary } from '../../vault/vault.js';
import type { Accounts } from '../accounts/accounts.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';
import type { Markets } from '../markets/markets.js';
import { marketReading } from '../markets/market-reading.js';
import type { Portfolio } from '../portfolio/portfolio.js';
import type { JournalOf } from './journal.js';

export type Line = CallArgs<'orders.preview'>['lines'][number];
export type Checked = {
  line: Line;
  problems: Array<{ field: string; message: string }>;
  rules?: MarketRules;
  built?: BuiltLine;
  snapped?: bigint;
  retryAfterSeconds?: number;
  /** Where the market's sources disagree, in words, with the reading taken (market-reading.ts). */
  disagreements?: string[];
};

export interface PreviewDeps {
  accounts: Accounts;
  markets: Markets;
  portfolio: Portfolio;
  journal: JournalOf;
  /** Every open order of the account (open-orders.ts's read, which also settles the journal). */
  openOrders(s: Session, a: AccountSummary): Promise<{ data: { orders: Array<{ side: string; asset_id: string; original_size: string; size_matched: string }> } }>;
}

export type Preview = ReturnType<typeof previewService>;

export function previewService(ctx: CoreContext, deps: PreviewDeps) {
  /** The market's rules as the reading that risks less where its sources disagree, and the disagreements. */
  const rulesFor = async (s: Session, conditionId: string): Promise<{ rules: MarketRules; disagreements: string[] }> => {
    const r = await marketReading(s, deps.markets.market, conditionId, FRESH.prices);
    const { settings, trading: m } = r.sources as Required<Pick<typeof r.sources, 'settings' | 'trading'>>;
    return {
      rules: {
        tick: r.tick ?? tickText(settings.mts),
        minSize: r.minSize ?? String(settings.mos),
        // A copy kept while the venue throttles or is away still says best; sending asks the venue.
        acceptingOrders: r.acceptingOrders,
        // The exchange orders are signed for, as market settings name it.
        negRisk: settings.nr,
        // The higher of the sources' taker fees (market-reading.ts): the fee shown is never short.
        takerFeeBps: r.takerFeeBps ?? m.taker_base_fee,
        makerFeeBps: m.maker_base_fee,
      },
      disagreements: r.disagreements,
    };
  };

  /** Each line against its market's rules: the exact amounts to sign, or what is wrong. */
  const checkLines = (s: Session, lines: readonly Line[]): Promise<Checked[]> =>
    Promise.all(
      lines.map(async (line): Promise<Checked> => {
        let rules: MarketRules;
        let disagreements: string[];
        try {
          ({ rules, disagreements } = await rulesFor(s, line.conditionId));
        } catch (err) {
          // Throttled with nothing kept: the line is not wrong, it waits for the venue.
          if (err instanceof HttpStatusError && err.status === 429) {
            const wait = err.retryAfterSeconds ?? 1;
            return { line, retryAfterSeconds: wait, problems: [{ field: 'market', message: `the venue is throttling reads of this market's rules; checking again in ${wait} s` }] };
          }
          return { line, problems: [{ field: 'market', message: err instanceof Error ? err.message : String(err) }] };
        }
        const { built, problems, snapped } = checkLine(line, rules);
        if (line.type === 'GTD' && !(line.expiration && line.expiration > ctx.clock.now() / 1000)) problems.push({ field: 'expiration', message: 'a GTD order needs an expiration in the future' });
        if (line.postOnly && (line.type === 'FOK' || line.type === 'FAK')) problems.push({ field: 'postOnly', message: 'post-only applies to GTC and GTD orders' });
        return { line, rules, problems, ...(built ? { built } : {}), ...(snapped !== undefined ? { snapped } : {}), ...(disagreements.length ? { disagreements } : {}) };
      }),
    );

  /**
   * Cash and the tokens of `sells` the account can still commit (positions less what open sell
   * orders hold back), and, in words, what could not be checked. Positions come from the spec's
   * /positions on every venue; cash only where the venue reports balances; open sells from the
   * venue's open orders, or from the journal of orders this app sent where it lists none.
   * Positions name tokens in the data surface's `<condition_id>:<outcome_index>` form, orders by
   * uint256 id: joined through the market's token order.
   */
  const holdingsOf = async (s: Session, a: AccountSummary, sells: Array<{ tokenId: string; conditionId: string }>) => {
    const unchecked: { cash?: string; tokens?: string } = {};
    const why = (err: unknown) => ((err as { code?: string }).code === 'NOT_OFFERED' ? 'this venue does not report balances' : err instanceof Error ? err.message : String(err));
    const cash = await deps.portfolio.balanceOf(s, a).then(
      (r) => parseMicros(r.data.available) ?? 0n,
      (err: unknown) => void (unchecked.cash = `cash not checked: ${why(err)}`),
    );
    let tokens: Map<string, bigint> | undefined;
    if (sells.length) {
      try {
        const [positions, open] = await Promise.all([deps.portfolio.positionsOf(s, a, FRESH.prices).then((r) => r.data), openSells(s, a)]);
        tokens = new Map();
        for (const sell of sells) {
          if (tokens.has(sell.tokenId)) continue;
          const m = await deps.markets.market(s, sell.conditionId, FRESH.prices);
          const index = m.tokens.findIndex((t) => String(t.token_id) === sell.tokenId);
          const dataId = formatDataTokenId(sell.conditionId.toLowerCase(), index);
          const held = positions.find((p) => p.asset === sell.tokenId || String(p.asset).toLowerCase() === dataId);
          tokens.set(sell.tokenId, (parseMicros(String(held?.size ?? 0)) ?? 0n) - (open.get(sell.tokenId) ?? 0n));
        }
      } catch (err) {
        tokens = undefined;
        unchecked.tokens = `tokens not checked: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    return { holdings: { cash, tokens }, unchecked };
  };

  /** Tokens held back by the account's open sell orders, per token id. */
  const openSells = async (s: Session, a: AccountSummary): Promise<Map<string, bigint>> => {
    const out = new Map<string, bigint>();
    const add = (token: string, left: bigint) => out.set(token, (out.get(token) ?? 0n) + left);
    try {
      for (const o of (await deps.openOrders(s, a)).data.orders) {
        if (o.side === 'SELL') add(o.asset_id, (parseMicros(o.original_size) ?? 0n) - (parseMicros(o.size_matched) ?? 0n));
      }
    } catch (err) {
      if ((err as { code?: string }).code !== 'NOT_OFFERED') throw err;
      for (const o of deps.journal(s).reservable(a.id, 'SELL')) add(o.tokenId, (parseMicros(o.size) ?? 0n) - (parseMicros(o.sizeMatched) ?? 0n));
    }
    return out;
  };

  /**
   * The market's outcomes and negative-risk event, for the batch's best and worst case: the event
   * only where every source agrees the market is negative risk, so that a venue contradicting
   * itself never buys the batch credit for outcomes that exclude each other.
   */
  const shapeOf = async (s: Session, conditionId: string): Promise<{ outcomeTokens?: string[]; negRiskEvent?: string }> => {
    try {
      const r = await marketReading(s, deps.markets.market, conditionId, FRESH.prices);
      const m = r.sources.trading as NonNullable<typeof r.sources.trading>;
      const event = r.negRisk ? m.event?.id || m.event?.slug || m.neg_risk_market_id : undefined;
      return { outcomeTokens: m.tokens.map((t) => String(t.token_id)), ...(event ? { negRiskEvent: event } : {}) };
    } catch {
      return {}; // the batch's cases then count the market's outcomes as unknown
    }
  };

  const preview = async (lines: readonly Line[], accountId?: string) => {
    const s = ctx.session();
    const checked = await checkLines(s, lines);
    const shapes = new Map(await Promise.all([...new Set(checked.flatMap((c) => (c.built ? [c.line.conditionId] : [])))].map(async (cid) => [cid, await shapeOf(s, cid)] as const)));
    const best = await deps.markets.bestPrices(s, [...new Set(checked.flatMap((c) => (c.built ? [c.line.tokenId] : [])))]);
    const money = checked.map((c) => {
      if (!c.built || !c.rules) return undefined;
      const quote = best[c.line.tokenId];
      const opposite = c.line.side === 'BUY' ? quote?.SELL : quote?.BUY;
      const bestOpposite = opposite !== undefined ? (parseMicros(opposite) ?? undefined) : undefined;
      const micros = (p: string | undefined) => (p !== undefined ? (parseMicros(p) ?? undefined) : undefined);
      const guard = priceGuard({ side: c.line.side, price: c.built.price, tick: parseMicros(c.rules.tick) ?? DEFAULT_TICK, bestBid: micros(quote?.BUY), bestAsk: micros(quote?.SELL) });
      return { ...economics(c.built, { side: c.line.side, type: c.line.type, postOnly: c.line.postOnly, bestOpposite, takerFeeBps: c.rules.takerFeeBps ?? 0, makerFeeBps: c.rules.makerFeeBps ?? 0 }), ...(guard ? { guard } : {}) };
    });
    const unchecked: string[][] = checked.map(() => []);
    if (accountId) {
      const sells = checked.filter((c) => c.built && c.line.side === 'SELL').map((c) => ({ tokenId: c.line.tokenId, conditionId: c.line.conditionId }));
      const { holdings, unchecked: not } = await holdingsOf(s, deps.accounts.account(accountId), sells);
      const batch = checkBatch(checked.map((c, i) => ({ tokenId: c.line.tokenId, side: c.line.side, ...(c.built && c.problems.length === 0 ? { built: c.built, fee: parseMicros(money[i]?.fee ?? '0') ?? 0n } : {}) })), holdings);
      batch.forEach((p, i) => checked[i]?.problems.push(...p));
      checked.forEach((c, i) => {
        const note = c.line.side === 'BUY' ? not.cash : not.tokens;
        if (c.built && note) unchecked[i]?.push(note);
      });
    }
    return checked.map((c, i) => ({
      ok: c.problems.length === 0,
      ...(unchecked[i]?.length ? { unchecked: unchecked[i] } : {}),
      ...(c.retryAfterSeconds !== undefined ? { retryAfterSeconds: c.retryAfterSeconds } : {}),
      ...(c.snapped !== undefined ? { price: formatMicros(c.snapped) } : {}),
      ...(c.built ? { makerAmount: c.built.makerAmount.toString(), takerAmount: c.built.takerAmount.toString(), notional: formatMicros(cashFor(c.built.size, c.built.price)) } : {}),
      ...(money[i] ?? {}),
      ...(c.built ? shapes.get(c.line.conditionId) : {}),
      ...(c.disagreements ? { disagreements: c.disagreements } : {}),
      problems: c.problems,
    }));
  };

  const handlers: HandlersOf<'orders.preview'> = {
    'orders.preview': ({ lines, accountId }) => preview(lines, accountId),
  };
  return { handlers, checkLines };
}
