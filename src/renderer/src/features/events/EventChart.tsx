// Every outcome's Yes price over time on one chart (lightweight-charts, as the market page's), one
// line per outcome with a legend that follows the crosshair; colours from the theme's series
// palette. Read from each outcome's price history (`markets.history`), drawn from trades where
// the venue keeps none; a venue without either says so in place of the chart.
import { createChart, LineSeries, type IChartApi, type ISeriesApi, type MouseEventParams, type Time, type UTCTimestamp } from 'lightweight-charts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { centDigits, type ChartRange } from '@shared/domain/candles';
import { centsText } from '@shared/domain/money';
import { CENTS_PER_DOLLAR } from '@shared/domain/units';
import { keyOf } from '../../api/keys';
import { priceOf } from '../../api/prices';
import { call, type IpcCallError } from '../../api/transport';
import { chartFrame, followTheme, paintFrame, themeColor } from '../../ui/chart-theme';
import { RangeTabs } from '../../ui/RangeTabs';
import { dateTime } from '../../ui/format';
import { ErrorState, NotOffered } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';
import { chartEnd } from '../markets/chart-end';
import { seriesVar } from './chart-lines';

const HEIGHT = 220;

export interface ChartLine {
  tokenId: string;
  conditionId: string;
  label: string;
}

export function EventChart({ lines }: { lines: readonly ChartLine[] }): React.JSX.Element {
  const [range, setRange] = useState<ChartRange>('1W');
  const histories = useQueries({
    queries: lines.map((l) => {
      const input = { tokenId: l.tokenId, conditionId: l.conditionId, range };
      return {
        queryKey: keyOf('markets.history', input),
        queryFn: () => call('markets.history', input),
        staleTime: 5_000,
        refetchInterval: (q: { state: { error: unknown } }) => (isNotOffered(q.state.error) ? false : 30_000),
      };
    }),
  });
  const lacking = histories.length > 0 && histories.every((h) => isNotOffered(h.error) && !h.data);
  const failed = !lacking && histories.length > 0 && histories.every((h) => h.isError && !h.data);
  const digits = centDigits(histories.find((h) => h.data?.data.tickSize)?.data?.data.tickSize);
  const price = useMemo(() => (p: number) => `${(p * Number(CENTS_PER_DOLLAR)).toFixed(digits)}¢`, [digits]);
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<{ chart: IChartApi; series: Array<ISeriesApi<'Line'>> } | null>(null);
  const [hover, setHover] = useState<{ at: number; values: Array<number | undefined> } | null>(null);
  const key = lines.map((l) => l.tokenId).join();

  useEffect(() => {
    const el = box.current;
    if (lacking || failed || !el) return;
    const chart = createChart(el, chartFrame(HEIGHT, { top: 0.08, bottom: 0.08 }));
    const series = lines.map(() => chart.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false, lastValueVisible: true }));
    const paint = (): void => {
      paintFrame(chart, el);
      series.forEach((s, i) => s.applyOptions({ color: themeColor(el, seriesVar(i)) }));
    };
    const unfollow = followTheme(paint);
    drawn.current = { chart, series };
    return () => {
      unfollow();
      chart.remove();
      drawn.current = null;
    };
  }, [lacking, failed, key]);

  useEffect(() => {
    for (const s of drawn.current?.series ?? []) s.applyOptions({ priceFormat: { type: 'custom', formatter: price, minMove: 10 ** -(digits + 2) } });
  }, [price, digits, key, lacking, failed]);

  const points = histories.map((h) => h.data?.data.candles);
  const stamp = histories.map((h) => h.dataUpdatedAt).join();
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    d.series.forEach((s, i) => s.setData((points[i] ?? []).map((k) => ({ time: k.t as UTCTimestamp, value: k.c }))));
    d.chart.timeScale().fitContent();
  }, [stamp, key, lacking, failed]);

  // Each line ends at the outcome's price as every screen shows it now, in the bucket it falls in
  // (the page re-renders on every newer price): a history read every 30 s lags behind it.
  const ends = lines.map((l, i) => chartEnd(points[i]?.at(-1), histories[i]?.data?.data.step, priceOf(l.tokenId)));
  const endKey = ends.map((e) => (e ? `${e.t}:${e.c}` : '')).join();
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    ends.forEach((e, i) => e && d.series[i]?.update({ time: e.t as UTCTimestamp, value: e.c }));
  }, [endKey, stamp, key, lacking, failed]);

  // The legend reads each line at the crosshair; off the chart, each outcome's price now.
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const byTime = points.map((p) => new Map((p ?? []).map((k) => [k.t, k.c])));
    const move = (p: MouseEventParams<Time>): void => {
      if (typeof p.time !== 'number') return setHover(null);
      const t = p.time;
      setHover({ at: t, values: byTime.map((m) => m.get(t)) });
    };
    d.chart.subscribeCrosshairMove(move);
    return () => d.chart.unsubscribeCrosshairMove(move);
  }, [stamp, key, lacking, failed]);

  const empty = histories.length > 0 && histories.every((h) => h.data && h.data.data.candles.length === 0);
  const fromTrades = histories.some((h) => h.data?.data.source === 'trades');
  return (
    <div className="price-chart ev-chart">
      <div className="chart-bar" hidden={lacking}>
        <RangeTabs range={range} onChange={setRange} />
        <span className="muted mono">{hover ? dateTime(hover.at * 1000) : '\u00a0'}</span>
      </div>
      {lacking ? (
        <div style={{ height: HEIGHT, display: 'grid', alignItems: 'center' }}>
          <NotOffered testId="history-not-offered">Price history not offered by this venue.</NotOffered>
        </div>
      ) : failed ? (
        <div style={{ height: HEIGHT }}>
          <ErrorState error={(histories[0]?.error as IpcCallError | null | undefined) ?? null} retry={() => histories.forEach((h) => void h.refetch())} />
        </div>
      ) : (
        <div ref={box} style={{ height: HEIGHT, position: 'relative' }} data-testid="event-chart">
          {empty ? <p className="muted" style={{ position: 'absolute', top: HEIGHT / 2 - 10, width: '100%', textAlign: 'center', zIndex: 1 }}>No trades in this range.</p> : null}
        </div>
      )}
      <ul className="ev-legend" data-testid="event-chart-legend" aria-label="Outcomes drawn" hidden={lacking}>
        {lines.map((l, i) => {
          const at = hover ? hover.values[i] : undefined;
          const now = priceOf(l.tokenId)?.price;
          const shown = hover ? (at !== undefined ? price(at) : '—') : centsText(now);
          return (
            <li key={l.tokenId} data-token={l.tokenId}>
              <span className="ev-swatch" style={{ background: `var(${seriesVar(i)})` }} aria-hidden />
              <span className="ev-legend-label" title={l.label}>{l.label}</span>
              <span className="num">{shown}</span>
            </li>
          );
        })}
      </ul>
      {fromTrades ? <p className="muted chart-note" data-testid="history-from-trades">Drawn from trades where the venue has no price history.</p> : null}
    </div>
  );
}
