// The shared loading, error and stale states every screen uses.
import type { IpcCallError } from '../api/transport';
import { asOf } from './format';

export function Skeleton({ rows = 8 }: { rows?: number }): React.JSX.Element {
  return (
    <div aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" />
      ))}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: IpcCallError | null; retry: () => void }): React.JSX.Element {
  return (
    <div className="error" role="alert">
      <p>
        {error?.code === 'OFFLINE' ? 'The venue cannot be reached and nothing is cached for this yet.' : (error?.message ?? 'Something failed.')}
      </p>
      <button onClick={retry}>Retry</button>
    </div>
  );
}

export function Stamp({ fetchedAt, stale }: { fetchedAt: number; stale: boolean }): React.JSX.Element | null {
  if (!stale) return null;
  return <span className="stamp" title="The venue could not be reached; this is the last answer Kairos saved.">as of {asOf(fetchedAt)}</span>;
}

/** Said where rows of the venue's answer were not what was asked and were dropped (the core checks every list read). */
export function Filtered({ dropped, testId }: { dropped: number | undefined; testId?: string }): React.JSX.Element | null {
  if (!dropped) return null;
  return (
    <p className="venue-note" role="note" data-testid={testId ?? 'filtered'} title="Kairos checks every answer against what it asked for and leaves out what does not belong.">
      The venue’s answer was filtered: {dropped} {dropped === 1 ? 'row' : 'rows'} that did not match what was asked {dropped === 1 ? 'was' : 'were'} dropped.
    </p>
  );
}

/** What the venue does not offer, said in place of what would be shown. */
export function NotOffered({ children, testId }: { children: React.ReactNode; testId?: string }): React.JSX.Element {
  return (
    <p className="not-offered" role="note" data-testid={testId ?? 'not-offered'}>
      {children}
    </p>
  );
}

/** A failed action's message, in place, for a person. */
export function Failure({ error }: { error: IpcCallError | null }): React.JSX.Element | null {
  if (!error) return null;
  return (
    <p className="no" role="alert">
      {error.message}
    </p>
  );
}
