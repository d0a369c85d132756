// Value (cash + positions) and P&L (realised + unrealised) of the account over time, from the
// snapshots the core takes with each answer of its P&L.
import { BaselineSeries, createChart, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { followTheme, themeColor } from '../../ui/chart-theme';
import { usd } from '../../ui/format';
import type { HistoryPoint } from './csv';

const HEIGHT = 200;

/** One point per second (the chart's time unit), the last snapshot of each second winning. */
function perSecond(points: readonly HistoryPoint[], pick: (p: HistoryPoint) => string): Array<{ time: UTCTimestamp; value: number }> {
  const out = new Map<number, number>();
  for (const p of points) out.set(Math.floor(p.at / 1000), Number(pick(p)));
  return [...out].sort((a, b) => a[0] - b[0]).map(([t, v]) => ({ time: t as UTCTimestamp, value: v }));
}

export function ValueChart({ points }: { points: readonly HistoryPoint[] }): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ chart: IChartApi; value: ISeriesApi<'Line'>; pnl: ISeriesApi<'Baseline'> } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const probe = (name: string): string => themeColor(el, name);
    const c = createChart(el, {
      height: HEIGHT,
      autoSize: true,
      layout: { background: { color: 'transparent' } },
      grid: { vertLines: { visible: false } },
      rightPriceScale: { borderVisible: false },
      // P&L on its own scale: beside a cash balance of thousands, a gain of cents would lie flat.
      leftPriceScale: { borderVisible: false, visible: true },
      timeScale: { borderVisible: false, timeVisible: true },
      localization: { priceFormatter: usd },
    });
    const value = c.addSeries(LineSeries, { lineWidth: 2, title: 'Value', priceLineVisible: false });
    const pnl = c.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topFillColor1: 'transparent',
      topFillColor2: 'transparent',
      bottomFillColor1: 'transparent',
      bottomFillColor2: 'transparent',
      lineWidth: 2,
      title: 'P&L',
      priceScaleId: 'left',
      priceLineVisible: false,
    });
    const paint = (): void => {
      c.applyOptions({ layout: { textColor: probe('--muted') }, grid: { horzLines: { color: probe('--hair') } } });
      value.applyOptions({ color: probe('--accent') });
      pnl.applyOptions({ topLineColor: probe('--yes'), bottomLineColor: probe('--no') });
    };
    const unfollow = followTheme(paint);
    chart.current = { chart: c, value, pnl };
    return () => {
      unfollow();
      c.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Without a cash balance the value is the positions alone: redeeming a winner would draw it
    // falling to $0, which reads as a loss. Only values that include cash are drawn.
    chart.current?.value.setData(perSecond(points.filter((p) => p.cash !== undefined), (p) => p.value));
    chart.current?.pnl.setData(perSecond(points, (p) => p.pnl));
    chart.current?.chart.timeScale().fitContent();
  }, [points]);

  return (
    <div ref={box} style={{ height: HEIGHT, position: 'relative' }} data-testid="value-chart">
      {points.length === 0 ? (
        <p className="muted" style={{ position: 'absolute', top: HEIGHT / 2 - 20, width: '100%', textAlign: 'center', zIndex: 1 }}>
          No snapshots in this range yet. Kairos records the value each time positions are refreshed.
        </p>
      ) : null}
    </div>
  );
}
