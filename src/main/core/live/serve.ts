// Price reads answered from the live feed's books when every token they name is current, so a
// screen asking again on a `market.live` gets the venue's book at once, without a request.
// Anything not current is read from the venue as before (the caller's fallback).
import type { CallOutput } from '@shared/ipc/contract.js';
import type { TradingMarket } from '@shared/spec/index.js';
import type { CachedResult } from '../cache/index.js';
import type { Session } from '../session.js';

type Quotes = CallOutput<'markets.quotes'>['data'];

export function fresh<T>(data: T, now: number): CachedResult<T> {
  return { data, fetchedAt: now, stale: false, ageMs: 0 };
}

/** Best bid (BUY) and ask (SELL) per token, as the venue's price map gives them; undefined unless all are live. */
export function liveBest(s: Session, tokenIds: readonly string[]): Record<string, { BUY?: string; SELL?: string }> | undefined {
  const out: Record<string, { BUY?: string; SELL?: string }> = {};
  for (const t of tokenIds) {
    const best = s.live.best(t);
    if (!best) return undefined;
    out[t] = { ...(best.bid !== null ? { BUY: best.bid } : {}), ...(best.ask !== null ? { SELL: best.ask } : {}) };
  }
  return out;
}

/**
 * A market's quotes from the live books: best prices from them, the last trade from the feed
 * where one came since subscribing, else from the venue's last trades read after subscribing
 * (anything older could miss a trade).
 */
export async function liveQuotes(s: Session, conditionId: string, market: (maxAgeMs: number) => Promise<TradingMarket>, now: number): Promise<CachedResult<Quotes> | undefined> {
  if (!s.live.hasMarket(conditionId)) return undefined;
  // Outcomes and their tokens do not change; the market is read again only every few minutes.
  const m = await market(300_000);
  const ids = m.tokens.map((t) => String(t.token_id));
  const since = ids.map((t) => s.live.subscribedAt(t));
  if (ids.length === 0 || since.some((at) => at === undefined)) return undefined;
  const unknown = ids.filter((t) => !s.live.lastTrade(t)).sort();
  const last = new Map<string, { price: string; side?: 'BUY' | 'SELL' }>();
  if (unknown.length > 0) {
    const after = Math.max(...(since as number[]));
    const r = await s.cached('trading', '/last-trades-prices', { tokens: unknown.join(',') }, Math.max(0, now - after), () => s.clients.trading.lastTradesPrices(unknown));
    for (const x of r.data) if (x.token_id && x.price) last.set(x.token_id, { price: x.price, ...(x.side ? { side: x.side } : {}) });
  }
  const quotes = m.tokens.map((t) => {
    const id = String(t.token_id);
    const best = s.live.best(id);
    const trade = s.live.lastTrade(id) ?? last.get(id);
    return {
      tokenId: id,
      outcome: String(t.outcome ?? ''),
      ...(best?.bid ? { bestBid: best.bid } : {}),
      ...(best?.ask ? { bestAsk: best.ask } : {}),
      ...(trade?.price ? { lastPrice: trade.price } : {}),
      ...(trade?.side ? { lastSide: trade.side } : {}),
    };
  });
  // A book may have gone out of date while the reads above were awaited.
  if (ids.some((t) => !s.live.best(t))) return undefined;
  return fresh(quotes, now);
}

/** List rows with each outcome's price (the venue's mark: its last trade) from fills seen live. */
export function withLivePrices<R extends { clobTokenIds: string[]; outcomePrices: string[] }>(s: Session, rows: R[]): R[] {
  return rows.map((r) => {
    let changed = false;
    const prices = r.clobTokenIds.map((t, i) => {
      const p = s.live.lastTrade(t)?.price;
      if (p === undefined || p === r.outcomePrices[i]) return r.outcomePrices[i] as string;
      changed = true;
      return p;
    });
    return changed && prices.every((p) => p !== undefined) ? { ...r, outcomePrices: prices } : r;
  });
}
