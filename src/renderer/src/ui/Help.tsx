// The keyboard shortcuts sheet (?).

export function Help({ onClose }: { onClose: () => void }): React.JSX.Element {
  return (
    <div className="help" role="dialog" aria-label="Keyboard shortcuts" onClick={onClose}>
      <p><kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>K</kbd> command palette; it also takes <code>buy 10 yes 45</code>, <code>sell all no</code>, <code>cancel all</code>, <code>ladder yes 40-45 x5 size 10</code>, <code>follow 0x…</code>, <code>alert yes &gt;= 60</code> (on a market page, or with the market named after them) — Enter opens the preview, nothing is sent</p>
      <p><kbd>/</kbd> search markets · <kbd>Esc</kbd> back out</p>
      <p><kbd>↑</kbd> <kbd>↓</kbd> move in the list</p>
      <p><kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>Enter</kbd> sign and send the order ticket</p>
      <p><kbd>B</kbd> / <kbd>S</kbd> buy / sell on a market page; <kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>Enter</kbd> sends it</p>
      <p><kbd>M</kbd> Limit / Market order on a market page; <kbd>↑</kbd> <kbd>↓</kbd> in a price step it a tick</p>
      <p><kbd>Enter</kbd> in a market search picks the first match</p>
      <p><kbd>?</kbd> this sheet</p>
    </div>
  );
}
