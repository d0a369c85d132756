// Price-chart buckets: each keeps its open, high, low and close, so a wide range does not
// hide a spike inside one bucket, and the volume traded in it.

export const CHART_RANGES = ['1H', '6H', '1D', '1W', '1M', 'ALL'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/**
 * Per range: the time covered, the fidelity (minutes) asked of a price history — fine enough
 * that a spike survives, at most ~8,700 points — and the width of one drawn bucket.
 */
export const CHART_PLAN: Record<ChartRange, { span: number; fidelity: number; step: number }> = {
  '1H': { span: 3_600, fidelity: 1, step: 60 },
  '6H': { span: 21_600, fidelity: 1, step: 300 },
  '1D': { span: 86_400, fidelity: 1, step: 900 },
  '1W': { span: 604_800, fidelity: 5, step: 3_600 },
  '1M': { span: 2_592_000, fidelity: 5, step: 14_400 },
  ALL: { span: 7_776_000, fidelity: 15, step: 86_400 },
};

export interface Candle {
  /** Bucket start, epoch seconds. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Cash traded in the bucket (display only). */
  v: number;
}

export interface PricePoint {
  t: number;
  p: number;
}

export interface TradePoint extends PricePoint {
  /** Cash of the trade. */
  cash: number;
}

/**
 * Buckets of `step` seconds from `from` (inclusive) to `to` (exclusive). Prices come from the
 * history's points and the trades' own prices; a bucket with neither carries the last close
 * forward, so the line stays continuous after the first price. Buckets before any price are left
 * out.
 */
export function candles(points: readonly PricePoint[], trades: readonly TradePoint[], from: number, to: number, step: number): Candle[] {
  const count = Math.max(0, Math.ceil((to - from) / step));
  const byBucket: Array<{ prices: PricePoint[]; v: number } | undefined> = new Array(count);
  const put = (t: number, p: number | undefined, cash: number) => {
    if (t < from || t >= to) return;
    const i = Math.floor((t - from) / step);
    const b = (byBucket[i] ??= { prices: [], v: 0 });
    if (p !== undefined && Number.isFinite(p)) b.prices.push({ t, p });
    b.v += cash;
  };
  for (const pt of points) put(pt.t, pt.p, 0);
  for (const tr of trades) put(tr.t, tr.p, Number.isFinite(tr.cash) ? tr.cash : 0);

  const out: Candle[] = [];
  let close: number | undefined;
  for (let i = 0; i < count; i++) {
    const b = byBucket[i];
    const t = from + i * step;
    if (b && b.prices.length > 0) {
      // Stable by time: a trade and a history point of the same second keep their input order.
      const prices = b.prices.slice().sort((a, c) => a.t - c.t);
      let h = -Infinity;
      let l = Infinity;
      for (const x of prices) {
        if (x.p > h) h = x.p;
        if (x.p < l) l = x.p;
      }
      const o = close ?? prices[0]!.p;
      close = prices[prices.length - 1]!.p;
      out.push({ t, o, h: Math.max(h, o), l: Math.min(l, o), c: close, v: b.v });
    } else if (close !== undefined) {
      out.push({ t, o: close, h: close, l: close, c: close, v: b?.v ?? 0 });
    }
  }
  return out;
}

/** Digits after the decimal point of a price in cents at this tick size (0.01 → 0, 0.001 → 1). */
export function centDigits(tickSize: number | string | undefined): number {
  const s = String(tickSize ?? '0.01');
  const dot = s.indexOf('.');
  const digits = dot < 0 ? 0 : s.length - dot - 1;
  return Math.max(0, Math.min(4, digits - 2));
}
