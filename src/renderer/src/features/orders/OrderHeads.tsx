// The columns an open order and a sent order have in common, in one order on both tables.
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
