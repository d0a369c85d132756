// Where a market stands (open, paused, trading ended, resolved and to what), read from the
// trading surface and, where that leaves it open, the catalog.
import { resolutionOf, resolutionWords } from '@shared/domain/resolution.js';
import type { MarketResolution } from '@shared/ipc/resolution.js';
import type { CatalogMarket, TradingMarket } from '@shared/spec/index.js';
import type { CachedResult } from '../../cache/index.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';

type Read<T> = Pick<CachedResult<T>, 'data' | 'fetchedAt' | 'stale'>;

export function resolutionService(ctx: CoreContext) {
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

  const handlers: HandlersOf<'markets.resolution'> = {
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
  };
  /** Each market's standing, as `markets.resolution` answers it. */
  const resolutions = async (conditionIds: string[]): Promise<MarketResolution[]> => (await handlers['markets.resolution']({ conditionIds })).data;
  return { handlers, resolutions };
}
