// Price history of an outcome (lightweight-charts), with the 1H…ALL ranges.
import { createChart, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useCall } from '../../api/hooks';

const RANGES = ['1H', '6H', '1D', '1W', 'ALL'] as const;

export function PriceChart({ tokenId }: { tokenId: string }): React.JSX.Element {
  const [range, setRange] = useState<(typeof RANGES)[number]>('1W');
  const history = useCall('markets.history', { tokenId, range }, { refetchInterval: 30_000 });
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ chart: IChartApi; series: ISeriesApi<'Line'> } | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const css = getComputedStyle(document.documentElement);
    const c = createChart(box.current, {
      height: 180,
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: css.getPropertyValue('--muted').trim() || '#888' },
      grid: { vertLines: { visible: false }, horzLines: { color: css.getPropertyValue('--hair').trim() || '#333' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true },
    });
    const series = c.addSeries(LineSeries, { color: css.getPropertyValue('--yes').trim() || '#3fbf7f', lineWidth: 2, priceFormat: { type: 'custom', formatter: (p: number) => `${Math.round(p * 100)}¢` } });
    chart.current = { chart: c, series };
    return () => {
      c.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const points = history.data?.data.history ?? [];
    chart.current?.series.setData(points.map((p) => ({ time: p.t as UTCTimestamp, value: p.p })));
    chart.current?.chart.timeScale().fitContent();
  }, [history.data]);

  const empty = history.data && history.data.data.history.length === 0;
  return (
    <div>
      <div className="tabs">
        {RANGES.map((r) => (
          <button key={r} aria-pressed={r === range} onClick={() => setRange(r)}>{r}</button>
        ))}
      </div>
      <div ref={box} style={{ height: 180, position: 'relative' }} data-testid="price-chart">
        {empty ? <p className="muted" style={{ position: 'absolute', top: 70, width: '100%', textAlign: 'center' }}>No trades in this range.</p> : null}
      </div>
    </div>
  );
}
