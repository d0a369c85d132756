// Tags: every tag the venue lists, with how many markets of the synced catalog carry it (open and
// all) and how many events; a tag opens the markets list filtered by it. A venue without a tag
// list says so in words.
import { useEffect, useState } from 'react';
import { useCall } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { ErrorState, NotOffered, Skeleton, Stamp } from '../../ui/states';
import { isNotOffered } from '../../ui/venue';
import './tags.css';

export function TagsScreen(): React.JSX.Element {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<'markets' | 'label'>('markets');
  const tags = useCall('tags.browse', { sort, limit: 1000, ...(query.trim() ? { query: query.trim() } : {}) }, { placeholderData: (prev) => prev });
  // The first sync brings the counts: asked again when it completes.
  const synced = useCall('sync.status', {}).data?.lastSyncAt;
  const { refetch } = tags;
  useEffect(() => {
    if (synced) void refetch();
  }, [synced, refetch]);
  const setFilters = useUi((s) => s.setFilters);
  const go = useUi((s) => s.go);
  const open = (tagId: string): void => {
    setFilters({ tagId, status: 'active' });
    go('markets');
  };
  return (
    <div className="page tg">
      <div className="tg-bar">
        <h1>Tags</h1>
        {isNotOffered(tags.error) ? null : (
          <>
            <input type="search" aria-label="Find a tag" placeholder="Find a tag…" value={query} onChange={(e) => setQuery(e.target.value)} />
            <div className="tabs tg-sort" role="group" aria-label="Sort tags">
              <button aria-pressed={sort === 'markets'} onClick={() => setSort('markets')}>Most markets</button>
              <button aria-pressed={sort === 'label'} onClick={() => setSort('label')}>A–Z</button>
            </div>
            {tags.data ? <Stamp fetchedAt={tags.data.fetchedAt} stale={tags.data.stale} /> : null}
          </>
        )}
      </div>
      {isNotOffered(tags.error) ? (
        <NotOffered testId="tags-not-offered">
          This venue does not list tags (it has no GET /tags), so its markets cannot be browsed by tag here. Find them by words in the search box, by event on the Events
          screen, or by series on the Series screen.
        </NotOffered>
      ) : tags.isPending ? (
        <Skeleton rows={12} />
      ) : tags.isError ? (
        <ErrorState error={tags.error} retry={() => void tags.refetch()} />
      ) : tags.data.data.rows.length === 0 ? (
        <p className="muted">{query.trim() ? `No tag matches “${query.trim()}”.` : 'No tags yet: they arrive with the catalog sync.'}</p>
      ) : (
        <table className="tg-table" data-testid="tags">
          <thead>
            <tr>
              <th>Tag</th>
              <th className="num">Open markets</th>
              <th className="num">All markets</th>
              <th className="num">Events</th>
            </tr>
          </thead>
          <tbody>
            {tags.data.data.rows.map((t) => (
              <tr key={t.id} data-testid="tag-row" data-tag={t.id} onClick={() => open(t.id)}>
                <td>
                  {/* The row opens the list too; the button is the keyboard's way in. */}
                  <button className="link" onClick={(e) => (e.stopPropagation(), open(t.id))} title={`Open markets tagged ${t.label}`}>{t.label}</button>
                </td>
                <td className="num" data-field="open">{t.openMarkets.toLocaleString()}</td>
                <td className="num muted" data-field="markets">{t.markets.toLocaleString()}</td>
                <td className="num muted">{t.events.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
