// What the markets list says when it has no rows: what the search or filters are, and a button
// that clears them — never a blank pane.
import { filterWords, NO_FILTERS, type FilterLabels, type ListFilters } from './filter-words';

export interface ListEmptyProps {
  search: string;
  filters: ListFilters;
  labels?: FilterLabels;
  /** Whether the watchlist has any market at all (an empty one says how to star). */
  watchlistEmpty?: boolean;
  setFilters(patch: Partial<ListFilters>): void;
  setSearch(text: string): void;
}

export function ListEmpty({ search, filters, labels, watchlistEmpty, setFilters, setSearch }: ListEmptyProps): React.JSX.Element {
  const words = filterWords(filters, labels);
  const q = search.trim();
  const clear = (): void => setFilters(NO_FILTERS);
  if (filters.watchlist && watchlistEmpty && !q) {
    return (
      <div className="list-empty" data-testid="list-empty">
        <p>Your watchlist has no markets yet. Star a market with ☆ to follow it here.</p>
        <button type="button" onClick={() => setFilters({ watchlist: false })}>Show all markets</button>
      </div>
    );
  }
  if (q) {
    return (
      <div className="list-empty" data-testid="list-empty">
        <p>
          No market matches “{q}”{words.length ? ` with ${words.map((w) => `‘${w}’`).join(', ')}` : ''}. Try another word{words.length ? ', or clear the filters' : ''}.
        </p>
        <span style={{ display: 'flex', gap: 6 }}>
          <button type="button" onClick={() => setSearch('')}>Clear the search</button>
          {words.length ? <button type="button" onClick={clear}>Clear the {words.length > 1 ? 'filters' : 'filter'}</button> : null}
        </span>
      </div>
    );
  }
  if (words.length) {
    return (
      <div className="list-empty" data-testid="list-empty">
        <p>No market matches {words.map((w) => `‘${w}’`).join(', ')}.</p>
        <button type="button" onClick={clear}>Clear the {words.length > 1 ? 'filters' : 'filter'}</button>
      </div>
    );
  }
  return (
    <div className="list-empty" data-testid="list-empty">
      <p>No markets yet: the catalog is still being read from the venue. They appear here as they arrive.</p>
    </div>
  );
}
