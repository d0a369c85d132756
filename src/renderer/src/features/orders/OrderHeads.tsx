// The columns an open order and a sent order have in common, in one order on both tables. The
// history shows what filled of the size in one column, and the average price of what filled.
import { cents, size } from '../../ui/format';
import { shortId, type OrderRow } from './rows';

export function OrderHeads({ history = false }: { history?: boolean }): React.JSX.Element {
  return (
    <>
      <th>Market</th>
      <th>Outcome</th>
      <th>Side</th>
      <th className="num">Price</th>
      {history ? (
        <>
          <th className="num">Filled / size</th>
          <th className="num">Avg price</th>
        </>
      ) : (
        <>
          <th className="num">Size</th>
          <th className="num">Filled</th>
        </>
      )}
      <th>Type</th>
    </>
  );
}

/** The cells under OrderHeads, for one order; in the history, `avgPrice` where it is known. */
export function OrderCells({ row: r, history = false, avgPrice }: { row: OrderRow; history?: boolean; avgPrice?: string | undefined }): React.JSX.Element {
  const filled = Number(r.filled) > 0;
  return (
    <>
      <td className="ord-market" title={r.question ?? r.tokenId}>
        {r.question ?? <span className="mono muted">{shortId(r.tokenId)}</span>}
      </td>
      <td>{r.outcome ?? '—'}</td>
      <td className={r.side === 'BUY' ? 'yes' : 'no'}>{r.side === 'BUY' ? 'Buy' : 'Sell'}</td>
      <td className="num" title={`probability ${Math.round(Number(r.price) * 1000) / 10}%`}>{cents(r.price)}</td>
      {history ? (
        <>
          <td className="num" data-testid="history-filled" title={`Filled ${size(r.filled)} of ${size(r.size)}`}>
            <span className={filled ? undefined : 'muted'}>{size(r.filled)}</span> / {size(r.size)}
          </td>
          <td className="num" data-testid="history-avg" title={avgPrice ? 'Average price of what filled; fees counted where the venue counted them in its answer' : 'Not known: nothing filled, or the fills were not reported'}>
            {avgPrice ? cents(avgPrice) : <span className="muted">—</span>}
          </td>
        </>
      ) : (
        <>
          <td className="num">{size(r.size)}</td>
          <td className="num">{filled ? size(r.filled) : <span className="muted">0</span>}</td>
        </>
      )}
      <td>{r.type}</td>
    </>
  );
}
