// A tape of trades: side, (market,) outcome, price, size, time.
import type { Trade } from '@shared/spec/index';
import { cents, dateTime } from './format';

export function TradesTable({ trades, withMarket = false }: { trades: readonly Trade[]; withMarket?: boolean }): React.JSX.Element {
  return (
    <table>
      <tbody>
        {trades.map((t, i) => (
          <tr key={`${String(t.transactionHash)}-${i}`}>
            <td className={t.side === 'BUY' ? 'yes' : 'no'}>{t.side}</td>
            {withMarket ? <td>{t.title}</td> : null}
            <td>{String(t.outcome ?? '')}</td>
            <td className="num" title={t.price !== undefined ? `probability ${Math.round(Number(t.price) * 1000) / 10}%` : undefined}>{cents(t.price)}</td>
            <td className="num">{t.size}</td>
            <td className="num muted">{dateTime(t.timestamp ? Number(t.timestamp) * 1000 : undefined)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
