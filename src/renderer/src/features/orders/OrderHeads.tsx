// The columns an open order and a sent order have in common, in one order on both tables.
import { cents, size } from '../../ui/format';
import { shortId, type OrderRow } from './rows';

export function OrderHeads(): React.JSX.Element {
  return (
    <>
      <th>Market</th>
      <th>Outcome</th>
      <th>Side</th>
      <th className="num">Price</th>
      <th className="num">Size</th>
      <th className="num">Filled</th>
      <th>Type</th>
    </>
  );
}

/** The cells under OrderHeads, for one order. */
export function OrderCells({ row: r }: { row: OrderRow }): React.JSX.Element {
  return (
    <>
      <td className="ord-market" title={r.question ?? r.tokenId}>
        {r.question ?? <span className="mono muted">{shortId(r.tokenId)}</span>}
      </td>
      <td>{r.outcome ?? '—'}</td>
      <td className={r.side === 'BUY' ? 'yes' : 'no'}>{r.side === 'BUY' ? 'Buy' : 'Sell'}</td>
      <td className="num" title={`probability ${Math.round(Number(r.price) * 1000) / 10}%`}>{cents(r.price)}</td>
      <td className="num">{size(r.size)}</td>
      <td className="num">{Number(r.filled) > 0 ? size(r.filled) : <span className="muted">0</span>}</td>
      <td>{r.type}</td>
    </>
  );
}
