// Picks a market by local search, then one of its outcomes (with the current best prices).
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { call } from '../../api/transport';
import { cents } from '../../ui/format';

export interface Picked {
  conditionId: string;
  label: string;
}

export function MarketSearch({ onPick, placeholder = 'Find a market…' }: { onPick(m: Picked): void; placeholder?: string }): React.JSX.Element {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const hits = useCall('markets.search', { query: q, limit: 8, kinds: ['markets'] }, { enabled: q.trim().length > 1 });
  const pick = async (id: string): Promise<void> => {
    try {
      const m = await call('markets.get', { idOrSlug: id });
      // A market whose trading ended (or resolved) takes no orders: it never goes on the ticket.
      const standing = m.data.closed === true ? undefined : await call('markets.resolution', { conditionIds: [String(m.data.conditionId)] }).catch(() => undefined);
      const state = standing?.data[0]?.state;
      if (m.data.closed === true || state === 'closed' || state === 'resolved') {
        setError(`Trading ended on “${String(m.data.question ?? id)}”: it takes no orders, so it cannot go on the ticket.`);
        return;
      }
      onPick({ conditionId: String(m.data.conditionId), label: String(m.data.question ?? m.data.slug ?? id) });
      setQ('');
      setOpen(false);
      setError(undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <div className="picker">
      <input
        aria-label="Market search"
        placeholder={placeholder}
        value={q}
        onChange={(e) => (setQ(e.target.value), setOpen(true))}
        onKeyDown={(e) => {
          const first = hits.data?.[0];
          if (e.key === 'Enter' && first) {
            e.preventDefault();
            void pick(first.id);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && q.trim().length > 1 && hits.data ? (
        <ul className="picker-list" role="listbox">
          {hits.data.length === 0 ? <li className="muted">No market matches.</li> : null}
          {hits.data.map((h) => (
            <li key={h.id} role="option" aria-selected={false} onMouseDown={(e) => (e.preventDefault(), void pick(h.id))}>
              {h.title}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <span className="no">{error}</span> : null}
    </div>
  );
}

export function OutcomeSelect({ conditionId, tokenId, outcome, onChange }: { conditionId: string; tokenId: string; outcome?: string; onChange(tokenId: string, outcome: string): void }): React.JSX.Element {
  const quotes = useCall('markets.quotes', { conditionId }, { enabled: conditionId !== '' });
  const list = quotes.data?.data ?? [];
  // Without prices (venue away or throttling) the line still shows the outcome it was saved with.
  const kept = tokenId !== '' && !list.some((q) => q.tokenId === tokenId);
  return (
    <select aria-label="Outcome" value={tokenId} title={quotes.error ? `No prices: ${quotes.error.message}` : undefined} onChange={(e) => onChange(e.target.value, list.find((q) => q.tokenId === e.target.value)?.outcome ?? '')}>
      {tokenId === '' ? <option value="">Outcome…</option> : null}
      {kept ? <option value={tokenId}>{outcome || 'Outcome'}{quotes.isFetching ? '' : ' · no prices'}</option> : null}
      {list.map((q) => (
        <option key={q.tokenId} value={q.tokenId}>
          {q.outcome} · bid {cents(q.bestBid)} / ask {cents(q.bestAsk)}
        </option>
      ))}
    </select>
  );
}
