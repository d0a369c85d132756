// Price history of an outcome (lightweight-charts), with the 1H…ALL ranges. A venue without
// price history says so in place of the chart; one drawn from trades says where it came from.
import { createChart, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useCall } from '../../api/hooks';
import { ErrorState, NotOffered } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';

const RANGES = ['1H', '6H', '1D', '1W', 'ALL'] as const;

/** `conditionId` lets the core draw the history from trades where the venue has no price history. */
export function PriceChart({ tokenId, conditionId }: { tokenId: string; conditionId?: string }): React.JSX.Element {
  const [range, setRange] = useState<(typeof RANGES)[number]>('1W');
  const history = useCall('markets.history', { tokenId, ...(conditionId ? { conditionId } : {}), range }, { refetchInterval: (q) => (isNotOffered(q.state.error) ? false : 30_000) });
  const lacking = isNotOffered(history.error) && !history.data;
  const failed = history.isError && !history.data && !lacking;
  const showChart = !lacking && !failed;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ chart: IChartApi; series: ISeriesApi<'Line'> } | null>(null);

  useEffect(() => {
    if (!showChart || !box.current) return;
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
  }, [showChart]);

  useEffect(() => {
    const points = history.data?.data.history ?? [];
    chart.current?.series.setData(points.map((p) => ({ time: p.t as UTCTimestamp, value: p.p })));
    chart.current?.chart.timeScale().fitContent();
  }, [history.data, showChart]);

  const empty = history.data && history.data.data.history.length === 0;
  // No `source` means the venue's own price history.
  const fromTrades = history.data?.data.source === 'trades';
  return (
    <div>
      <div className="tabs" hidden={lacking}>
        {RANGES.map((r) => (
          <button key={r} aria-pressed={r === range} onClick={() => setRange(r)}>{r}</button>
        ))}
      </div>
      {lacking ? (
        <div style={{ height: 180, display: 'grid', alignItems: 'center' }}>
          <NotOffered testId="history-not-offered">Price history not offered by this venue.</NotOffered>
        </div>
      ) : failed ? (
        <div style={{ height: 180 }}>
          <ErrorState error={history.error} retry={() => void history.refetch()} />
        </div>
      ) : (
        <div ref={box} style={{ height: 180, position: 'relative' }} data-testid="price-chart">
          {empty ? <p className="muted" style={{ position: 'absolute', top: 70, width: '100%', textAlign: 'center' }}>No trades in this range.</p> : null}
        </div>
      )}
      {fromTrades ? <p className="muted chart-note" data-testid="history-from-trades">Drawn from trades: this venue has no price history.</p> : null}
    </div>
  );
}
