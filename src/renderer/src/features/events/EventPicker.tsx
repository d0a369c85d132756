// The markets list's event filter: a combobox over every event of the synced catalog, found by
// the words of its title (not a menu of the first hundred). ↓ ↑ move, Enter picks, Esc closes.
import { useId, useRef, useState } from 'react';
import { useCall } from '../../api/hooks';
import { shortDate } from '../../ui/format';
import './events.css';

export function EventPicker({ value, onChange }: { value: string | undefined; onChange(id: string | undefined): void }): React.JSX.Element {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useId();
  const input = useRef<HTMLInputElement>(null);
  // Where the list shows: under the input, kept inside the window.
  const [at, setAt] = useState({ left: 0, top: 0 });
  const place = (): void => {
    const r = input.current?.getBoundingClientRect();
    if (r) setAt({ left: Math.max(8, Math.min(r.left, window.innerWidth - 428)), top: r.bottom + 2 });
  };
  const typed = text.trim();
  const hits = useCall('events.browse', { query: typed, status: 'all', sort: 'volume', limit: 20 }, { enabled: open && typed.length > 0, placeholderData: (prev) => prev });
  // The chosen event's title, whichever way it was chosen.
  const current = useCall('events.browse', { id: value ?? '', status: 'all', limit: 1 }, { enabled: value !== undefined });
  const rows = typed ? (hits.data?.data.rows ?? []) : [];
  const chosen = current.data?.data.rows[0];
  const pick = (id: string | undefined): void => {
    onChange(id);
    setText('');
    setOpen(false);
    setActive(0);
  };
  const onKey = (e: React.KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.max(0, Math.min(rows.length - 1, a + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter') {
      const row = rows[active];
      if (row) {
        e.preventDefault();
        pick(row.id);
      }
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      setText('');
      setOpen(false);
    }
  };
  return (
    <div className="picker ev-picker">
      <input
        role="combobox"
        aria-label="Event"
        aria-expanded={open && rows.length > 0}
        aria-controls={list}
        aria-activedescendant={open && rows[active] ? `${list}-${active}` : undefined}
        placeholder={value ? (chosen?.title ?? 'Event chosen') : 'Any event'}
        title={chosen?.title}
        value={text}
        ref={input}
        onChange={(e) => (setText(e.target.value), setOpen(true), setActive(0), place())}
        onFocus={() => (setOpen(true), place())}
        onBlur={() => setOpen(false)}
        onKeyDown={onKey}
        className={value ? 'ev-picked' : undefined}
        data-testid="event-filter"
      />
      {value ? (
        <button className="ev-clear" aria-label="Clear" title="Show the markets of every event" onClick={() => pick(undefined)}>
          ×
        </button>
      ) : null}
      {open && typed ? (
        <ul className="picker-list" role="listbox" id={list} aria-label="Events found" style={at}>
          {rows.length === 0 && hits.isSuccess ? <li className="muted">No event matches “{typed}”.</li> : null}
          {rows.map((r, i) => (
            <li
              key={r.id}
              id={`${list}-${i}`}
              role="option"
              aria-selected={i === active}
              data-event={r.id}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => (e.preventDefault(), pick(r.id))}
            >
              {r.negRisk ? <span className="badge">bracket</span> : null}
              {r.title} <span className="muted">· {r.markets} mkts · {shortDate(r.endDate)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
