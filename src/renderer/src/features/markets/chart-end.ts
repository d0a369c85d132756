// Where a price chart's line ends: at the price every screen shows now, in the bucket its time
// falls in (the last bucket, or a later one), so the chart does not end where the price was at
// its last history read. A price older than the last bucket is not drawn: the chart is newer.
import type { Candle } from '@shared/domain/candles';

export function chartEnd(last: Candle | undefined, step: number | undefined, now: { price: string; at: number } | undefined): { t: number; c: number } | undefined {
  if (!last || !step || !now) return undefined;
  const at = Math.floor(now.at / 1000);
  const c = Number(now.price);
  if (at < last.t || !Number.isFinite(c)) return undefined;
  return { t: last.t + Math.floor((at - last.t) / step) * step, c };
}
