// The fat-finger guard on its line: why the price is far from the book, in words, and the
// trader's explicit yes for this very price (a changed price asks again).
import './ticket.css';

export interface Guard {
  words: string;
  confirmed: boolean;
  onConfirm(yes: boolean): void;
}

export function GuardConfirm({ guard, testId }: { guard: Guard; testId: string }): React.JSX.Element {
  return (
    <label className={`guard${guard.confirmed ? ' confirmed' : ''}`} data-testid={testId} data-confirmed={String(guard.confirmed)}>
      <input type="checkbox" aria-label="I mean this price" checked={guard.confirmed} onChange={(e) => guard.onConfirm(e.target.checked)} />
      <span>{guard.confirmed ? guard.words.replace(/ — confirm$/, ' — confirmed') : guard.words}</span>
    </label>
  );
}
