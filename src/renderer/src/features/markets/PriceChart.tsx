// An outcome's price chart (lightweight-charts): 1H…ALL, buckets that keep their high and low,
// volume bars, the other outcome on request, and a crosshair readout. Colours follow the theme.
// A venue without price history says so in place of the chart; one drawn from trades says so.
import {
  CandlestickSeries, createChart, HistogramSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi, type MouseEventParams, type Time, type UTCTimestamp,
} from 'lightweight-charts';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { centDigits, type Candle, type ChartRange } from '@shared/domain/candles';
import { CENTS_PER_DOLLAR } from '@shared/domain/units';
import { useCall } from '../../api/hooks';
import { useTokenPrice } from '../../api/prices';
import { chartFrame, followTheme, paintFrame, themeColor } from '../../ui/chart-theme';
import { RangeTabs } from '../../ui/RangeTabs';
import { chartEnd } from './chart-end';
import { dateTime, usd } from '../../ui/format';
import { ErrorState, NotOffered } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';

const HEIGHT = 220;

export interface ChartOutcome {
  tokenId: string;
  label: string;
}

interface Drawn {
  chart: IChartApi;
  close: ISeriesApi<'Line'>;
  high: ISeriesApi<'Line'>;
  low: ISeriesApi<'Line'>;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  other: ISeriesApi<'Line'>;
}

/**
 * `conditionId` lets the core draw prices from trades where the venue has no price history, and
 * count volume. With `follow`, the line ends at the first outcome's price as every screen shows
 * it now. Memoised: the page around it re-renders as its quotes move, the chart only for its own.
 */
export const PriceChart = memo(function PriceChart({ outcomes, conditionId, follow = false }: { outcomes: readonly ChartOutcome[]; conditionId?: string; follow?: boolean }): React.JSX.Element {
  const [range, setRange] = useState<ChartRange>('1W');
  const [style, setStyle] = useState<'line' | 'candles'>('line');
  const [compare, setCompare] = useState(false);
  const main = outcomes[0] as ChartOutcome;
  const now = useTokenPrice(follow ? main.tokenId : undefined);
  const second = outcomes[1];
  const poll = { refetchInterval: (q: { state: { error: unknown } }) => (isNotOffered(q.state.error) ? false : 30_000) };
  const withMarket = conditionId ? { conditionId } : {};
  const history = useCall('markets.history', { tokenId: main.tokenId, ...withMarket, range }, poll);
  const otherHistory = useCall('markets.history', { tokenId: second?.tokenId ?? '', ...withMarket, range }, { ...poll, enabled: compare && second !== undefined });
  const lacking = isNotOffered(history.error) && !history.data;
  const failed = history.isError && !history.data && !lacking;
  const showChart = !lacking && !failed;
  const data = history.data?.data;
  const digits = centDigits(data?.tickSize);
  const price = useMemo(() => (p: number) => `${(p * Number(CENTS_PER_DOLLAR)).toFixed(digits)}¢`, [digits]);
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [hover, setHover] = useState<{ at: number; candle: Candle; other?: number } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!showChart || !el) return;
    const c = createChart(el, { ...chartFrame(HEIGHT, { top: 0.08, bottom: 0.24 }), crosshair: { horzLine: { labelVisible: true } } });
    const thin = { lineWidth: 1 as const, lineStyle: LineStyle.Dotted, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false };
    const high = c.addSeries(LineSeries, thin);
    const low = c.addSeries(LineSeries, thin);
    const close = c.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false });
    const candles = c.addSeries(CandlestickSeries, { priceLineVisible: false, visible: false });
    const other = c.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false, visible: false });
    // Volume on its own scale in the bottom fifth, under the price.
    const volume = c.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false });
    c.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 }, visible: false });
    const paint = (): void => {
      const yes = themeColor(el, '--yes');
      const no = themeColor(el, '--no');
      paintFrame(c, el);
      close.applyOptions({ color: yes });
      high.applyOptions({ color: yes });
      low.applyOptions({ color: yes });
      candles.applyOptions({ upColor: yes, downColor: no, wickUpColor: yes, wickDownColor: no, borderVisible: false });
      other.applyOptions({ color: no });
      volume.applyOptions({ color: themeColor(el, '--hair') });
    };
    const unfollow = followTheme(paint);
    drawn.current = { chart: c, close, high, low, candles, volume, other };
    return () => {
      unfollow();
      c.remove();
      drawn.current = null;
    };
  }, [showChart]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    for (const s of [d.close, d.high, d.low, d.candles, d.other]) s.applyOptions({ priceFormat: { type: 'custom', formatter: price, minMove: 10 ** -(digits + 2) } });
  }, [price, digits, showChart]);

  const points = data?.candles;
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const rows = points ?? [];
    const time = (t: number) => t as UTCTimestamp;
    d.close.setData(rows.map((k) => ({ time: time(k.t), value: k.c })));
    d.high.setData(rows.map((k) => ({ time: time(k.t), value: k.h })));
    d.low.setData(rows.map((k) => ({ time: time(k.t), value: k.l })));
    d.candles.setData(rows.map((k) => ({ time: time(k.t), open: k.o, high: k.h, low: k.l, close: k.c })));
    d.volume.setData(rows.map((k) => ({ time: time(k.t), value: k.v })));
    d.chart.timeScale().fitContent();
  }, [points, showChart]);

  // The line's last point is the price now, in the bucket it falls in: a history read every 30 s
  // would otherwise end where the header's price was half a minute ago.
  const last = points?.at(-1);
  const end = chartEnd(last, data?.step, now);
  const endT = end?.t;
  const endC = end?.c;
  useEffect(() => {
    const d = drawn.current;
    if (!d || endT === undefined || endC === undefined) return;
    d.close.update({ time: endT as UTCTimestamp, value: endC });
  }, [endT, endC, points, showChart]);

  const otherPoints = compare ? otherHistory.data?.data.candles : undefined;
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    d.other.setData((otherPoints ?? []).map((k) => ({ time: k.t as UTCTimestamp, value: k.c })));
    d.other.applyOptions({ visible: otherPoints !== undefined });
  }, [otherPoints, showChart]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const lines = style === 'line';
    for (const s of [d.close, d.high, d.low]) s.applyOptions({ visible: lines });
    d.candles.applyOptions({ visible: !lines });
  }, [style, showChart]);

  // The readout follows the crosshair; off the chart it shows the latest bucket.
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const byTime = new Map((points ?? []).map((k) => [k.t, k]));
    const otherByTime = new Map((otherPoints ?? []).map((k) => [k.t, k.c]));
    const move = (p: MouseEventParams<Time>): void => {
      const k = typeof p.time === 'number' ? byTime.get(p.time) : undefined;
      if (!k) return setHover(null);
      const o = otherByTime.get(k.t);
      setHover({ at: k.t, candle: k, ...(o !== undefined ? { other: o } : {}) });
    };
    d.chart.subscribeCrosshairMove(move);
    return () => d.chart.unsubscribeCrosshairMove(move);
  }, [points, otherPoints, showChart]);

  // Off the chart, the readout shows the latest bucket, closing at the price now.
  const latest = last && end ? (end.t === last.t ? { ...last, c: end.c, h: Math.max(last.h, end.c), l: Math.min(last.l, end.c) } : { t: end.t, o: end.c, h: end.c, l: end.c, c: end.c, v: 0 }) : last;
  const shown = hover ?? (latest ? { at: latest.t, candle: latest, ...(otherPoints?.at(-1) ? { other: otherPoints.at(-1)!.c } : {}) } : null);
  const empty = data && data.candles.length === 0;
  const fromTrades = data?.source === 'trades';
  return (
    <div className="price-chart">
      <div className="chart-bar" hidden={lacking}>
        <RangeTabs range={range} onChange={setRange} />
        <div className="tabs" role="group" aria-label="Style">
          <button aria-pressed={style === 'line'} onClick={() => setStyle('line')}>Line</button>
          <button aria-pressed={style === 'candles'} onClick={() => setStyle('candles')}>Candles</button>
        </div>
        {second ? (
          <label className="chart-compare">
            <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} /> Show {second.label}
          </label>
        ) : null}
      </div>
      {lacking ? (
        <div style={{ height: HEIGHT, display: 'grid', alignItems: 'center' }}>
          <NotOffered testId="history-not-offered">Price history not offered by this venue.</NotOffered>
        </div>
      ) : failed ? (
        <div style={{ height: HEIGHT }}>
          <ErrorState error={history.error} retry={() => void history.refetch()} />
        </div>
      ) : (
        <>
          <div className="chart-readout mono" data-testid="chart-readout" aria-live="off">
            {shown ? (
              <>
                <span className="muted">{dateTime(shown.at * 1000)}</span>
                <span className="yes">{main.label} {price(shown.candle.c)}</span>
                <span>O {price(shown.candle.o)}</span>
                <span>H {price(shown.candle.h)}</span>
                <span>L {price(shown.candle.l)}</span>
                {shown.other !== undefined && second ? <span className="no">{second.label} {price(shown.other)}</span> : null}
                <span className="muted">Vol {usd(shown.candle.v)}</span>
              </>
            ) : (
              <span className="muted">&nbsp;</span>
            )}
          </div>
          <div ref={box} style={{ height: HEIGHT, position: 'relative' }} data-testid="price-chart">
            {empty ? <p className="muted" style={{ position: 'absolute', top: HEIGHT / 2 - 10, width: '100%', textAlign: 'center', zIndex: 1 }}>No trades in this range.</p> : null}
          </div>
        </>
      )}
      {fromTrades ? <p className="muted chart-note" data-testid="history-from-trades">Drawn from trades: this venue has no price history.</p> : null}
      {data?.volumeFrom ? <p className="muted chart-note">Volume counted from {dateTime(data.volumeFrom * 1000)} (the latest trades the venue lists).</p> : null}
    </div>
  );
});
