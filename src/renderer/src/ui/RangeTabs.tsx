// The time ranges a price chart offers, as pressed buttons.
import { CHART_RANGES, type ChartRange } from '@shared/domain/candles';

export function RangeTabs({ range, onChange }: { range: ChartRange; onChange(range: ChartRange): void }): React.JSX.Element {
  return (
    <div className="tabs" role="group" aria-label="Range">
      {CHART_RANGES.map((r) => (
        <button key={r} aria-pressed={r === range} onClick={() => onChange(r)}>{r}</button>
      ))}
    </div>
  );
}
