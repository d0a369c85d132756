// Resolved markets: where a market stands (open, paused, trading ended, resolved and to what),
// and redeeming an account's tokens of a resolved market into cash (POST /redeem, venue-profile
// E) where the venue offers it. A venue without the route is told once and never asked again.
import { parseMicros, usdText } from '@shared/domain/money.js';
import { resolutionOf, resolutionWords } from '@shared/domain/resolution.js';
import type { MarketResolution, RedeemResult } from '@shared/ipc/resolution.js';
import type { CatalogMarket, TradingMarket } from '@shared/spec/index.js';
import type { CachedResult } from '../cache/index.js';
import type { RedeemAnswer } from '../clients/index.js';
import { HttpStatusError } from '../http/errors.js';
import { AppError } from '../router.js';
import type { Session } from '../session.js';
import type { AccountSummary } from '../vault/vault.js';
import type { Accounts } from './accounts.js';
import { FRESH, type CoreContext, type HandlersOf } from './context.js';

/** Outcome labels do not change: a day-old copy names them. */
const LABELS_FOR = 86_400_000;

type Read<T> = Pick<CachedResult<T>, 'data' | 'fetchedAt' | 'stale'>;

export function redeemService(ctx: CoreContext, accounts: Accounts, deps: { changed(s: Session, a: AccountSummary): void }) {
  const tradingMarket = (s: Session, cid: string, maxAge: number) => s.cached('trading', `/markets/${cid}`, {}, maxAge, () => s.clients.trading.market(cid));
  const catalogMarket = async (s: Session, cid: string): Promise<Read<CatalogMarket | undefined>> => {
    const r = await s.cached('catalog', '/markets', { conditionId: cid }, FRESH.catalog, () => s.clients.catalog.markets({ conditionId: cid }));
    return { ...r, data: r.data.find((m) => String(m.conditionId).toLowerCase() === cid.toLowerCase()) };
  };

  /**
   * One market's standing. The trading surface is read first (its status and winner flags are
   * current); the catalog only where that leaves the result open — an ended market without a
   * named winner, or no trading answer at all.
   */
  const standing = async (s: Session, cid: string): Promise<{ r: Omit<MarketResolution, 'redeem'>; reads: Array<Read<unknown>> }> => {
    const reads: Array<Read<unknown>> = [];
    let trading: Read<TradingMarket> | undefined;
    let failed: unknown;
    try {
      trading = await tradingMarket(s, cid, FRESH.prices);
      reads.push(trading);
    } catch (err) {
      failed = err;
    }
    const first = resolutionOf({ trading: trading?.data });
    let catalog: CatalogMarket | undefined;
    if (!trading || first.state === 'closed' || (first.state === 'resolved' && first.winner === undefined)) {
      try {
        const c = await catalogMarket(s, cid);
        catalog = c.data;
        if (catalog) reads.push(c);
      } catch (err) {
        failed ??= err;
      }
    }
    if (!trading && !catalog) throw failed ?? new AppError('NOT_FOUND', `market ${cid} is known to neither the trading surface nor the catalog`);
    const r = resolutionOf({ trading: trading?.data, catalog });
    return { r: { conditionId: cid, ...r, words: resolutionWords(r) }, reads };
  };


  /** The venue's refusals in words a trader reads; anything else as it came. */
  const refusal = (err: unknown): unknown => {
    if (!(err instanceof HttpStatusError)) return err;
    const said = err.message.replace(/^POST \/redeem: /, '');
    if (err.code === 'NOTHING_TO_REDEEM') return new AppError('VENUE_ERROR', 'Nothing to redeem: this account holds no tokens of this market (already redeemed?).');
    if (err.code === 'MARKET_NOT_RESOLVED') return new AppError('VENUE_ERROR', `Not redeemable yet: the market has not resolved (the venue says: ${said}).`);
    return err;
  };

  /** "Redeemed 12.34 Yes for $12.34 and 7.5 No for $0.00: $12.34 into cash." */
  const wordsOf = (r: RedeemResult): string => {
    const each = r.redeemed.map((x) => `${x.size} ${x.outcome ?? 'tokens'} for ${usdText(parseMicros(x.payout) ?? 0n)}`);
    const list = each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1) as string}` : (each[0] ?? 'nothing');
    return `Redeemed ${list}: ${usdText(parseMicros(r.payout) ?? 0n)} into cash.`;
  };

  const redeem = async (accountId: string, conditionId: string): Promise<RedeemResult> => {
    const s = ctx.session();
    const a = accounts.account(accountId);
    const sign = await accounts.signedFor(s, a);
    let answer: RedeemAnswer;
    try {
      answer = await s.capabilities.use('redeem', () => s.clients.trading.redeem(conditionId, sign));
    } catch (err) {
      throw refusal(err);
    } finally {
      // Paid, refused or lost on the way: the account's cash and positions are read again.
      deps.changed(s, a);
    }
    const labels = await tradingMarket(s, conditionId, LABELS_FOR).then(
      (m) => new Map(m.data.tokens.map((t) => [String(t.token_id), String(t.outcome ?? '')])),
      () => new Map<string, string>(),
    );
    const result: Omit<RedeemResult, 'words'> = {
      conditionId: answer.conditionId,
      redeemed: answer.redeemed.map((x) => ({ tokenId: x.asset_id, ...(labels.get(x.asset_id) ? { outcome: labels.get(x.asset_id) as string } : {}), size: x.size, payout: x.payout })),
      payout: answer.payout,
    };
    return { ...result, words: wordsOf({ ...result, words: '' }) };
  };

  const handlers: HandlersOf<'markets.resolution' | 'portfolio.redeem'> = {
    'markets.resolution': async ({ conditionIds }) => {
      const s = ctx.session();
      const ids = [...new Set(conditionIds)];
      const settled = await Promise.allSettled(ids.map((cid) => standing(s, cid)));
      if (settled.every((x) => x.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
      // Never asked by a POST that might redeem: the venue's /version list tells, or the first redeem.
      const caps = s.capabilities;
      if (caps.state('redeem') === 'unknown' && !caps.versionRead && caps.mayHave('version') && settled.some((x) => x.status === 'fulfilled' && x.value.r.state === 'resolved')) {
        await caps.use('version', () => s.clients.trading.version()).catch(() => undefined);
      }
      const redeem = caps.state('redeem');
      const reads = settled.flatMap((x) => (x.status === 'fulfilled' ? x.value.reads : []));
      const data = settled.map((x, i): MarketResolution =>
        x.status === 'fulfilled'
          ? { ...x.value.r, redeem }
          : { conditionId: ids[i] as string, state: 'unknown', outcomes: [], words: `Could not be read: ${(x.reason as Error)?.message ?? String(x.reason)}`, redeem },
      );
      const fetchedAt = Math.min(...reads.map((r) => r.fetchedAt), ctx.clock.now());
      return { data, fetchedAt, stale: reads.some((r) => r.stale), ageMs: Math.max(0, ctx.clock.now() - fetchedAt) };
    },
    'portfolio.redeem': ({ accountId, conditionId }) => ctx.activity.track(() => redeem(accountId, conditionId)),
  };

  return { handlers };
}
