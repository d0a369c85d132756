// The search box at the top (focus with /): typing narrows the markets list and opens a panel of
// hits grouped by kind — markets, events, series, tags, traders, comments — each with what its
// row shows. Enter opens the first hit (or the one ↓ ↑ moved to); Esc clears.
import { useId, useState, type RefObject } from 'react';
import { useUi } from '../../state/ui';
import { usePrefetch } from '../../api/hooks';
import { HitLine, listSearchInput, useHits, useOpenHit } from './hits';

const PER_KIND = 4;

export function SearchBox({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }): React.JSX.Element {
  const search = useUi((s) => s.search);
  const setSearch = useUi((s) => s.setSearch);
  const go = useUi((s) => s.go);
  const [open, setOpen] = useState(false);
  // -1: the input itself; 0..n-1: a hit, moved to with ↓ ↑.
  const [active, setActive] = useState(-1);
  const { groups, ordered, status } = useHits(search, PER_KIND, open, true);
  const openHit = useOpenHit();
  const prefetch = usePrefetch();
  const list = useId();
  const choose = (index: number): void => {
    const hit = ordered[index];
    if (!hit) return;
    openHit(hit);
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
  };
  const onKey = (e: React.KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (ordered.length === 0) return;
      e.preventDefault();
      setOpen(true);
      setActive((a) => (e.key === 'ArrowDown' ? Math.min(ordered.length - 1, a + 1) : Math.max(-1, a - 1)));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(Math.max(0, active));
    }
  };
  const shown = open && search.trim().length > 0;
  let at = -1;
  return (
    <div className="sh-box">
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        placeholder="Search markets, events, traders…  (/)"
        // Named as before: other fields' names (Event, Tag, Series) must not be part of it.
        aria-label="Search markets"
        title="Markets, events, series, tags, traders and comments"
        aria-expanded={shown && ordered.length > 0}
        aria-controls={list}
        aria-activedescendant={shown && active >= 0 ? `${list}-${active}` : undefined}
        value={search}
        onChange={(e) => {
          // The list's search is asked at the keystroke; the list and the panel read its answer.
          if (e.target.value.trim()) prefetch('markets.search', listSearchInput(e.target.value, useUi.getState().filters));
          setSearch(e.target.value);
          setOpen(true);
          setActive(-1);
          go('markets');
        }}
        // Focused again (with /), the last words are selected: typing replaces them.
        onFocus={(e) => (setOpen(true), e.currentTarget.select())}
        onBlur={() => setOpen(false)}
        onKeyDown={onKey}
      />
      {shown && groups.length > 0 ? (
        <div className="sh-panel" id={list} role="listbox" aria-label="Search results" data-testid="search-results">
          {status !== 'all' ? <div className="sh-note muted">{status === 'active' ? 'Open' : status === 'closed' ? 'Closed' : 'Archived'} markets and events only, as the list is filtered.</div> : null}
          {groups.map((g) => (
            <div key={g.kind} role="group" className="sh-group" data-group={g.kind}>
              <div className="sh-heading">{g.heading}</div>
              {g.hits.map((h) => {
                at += 1;
                const i = at;
                return (
                  <div
                    key={`${h.kind}-${h.id}`}
                    id={`${list}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className="sh-item"
                    data-testid="search-hit"
                    onMouseDown={(e) => (e.preventDefault(), choose(i))}
                    onMouseEnter={() => setActive(i)}
                  >
                    <HitLine hit={h} />
                  </div>
                );
              })}
            </div>
          ))}
          <div className="sh-note muted">Enter opens the {active >= 0 ? 'chosen' : 'first'} hit · ↓ ↑ move · Esc clears</div>
        </div>
      ) : null}
    </div>
  );
}
