// Above the screens, once the embedded venue cannot start on its folder: why, in words, and what
// can be done — a new local world (the old folder moved aside, nothing in it deleted), or trying
// again once another process lets go of the folder. Afterwards, where the old world is kept.
// What is under way lives in a store, not the banner: the banner goes while the new world starts.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { VenueProblem, VenueStatus } from '@shared/ipc/venue-status';
import { keyOf } from '../api/keys';
import { call } from '../api/transport';
import './venue-status.css';

interface RemedyState {
  pending: boolean;
  error?: string;
  /** Where the old venue folder was moved, once a new world runs. */
  movedTo?: string;
  run(client: QueryClient, which: 'venue.newWorld' | 'venue.restart'): Promise<void>;
  dismiss(): void;
}

export const useVenueRemedy = create<RemedyState>((set) => ({
  pending: false,
  async run(client, which) {
    set({ pending: true, error: undefined });
    try {
      const answer = await call(which, {});
      client.setQueryData(keyOf('venue.status', {}), { local: answer.local });
      set({ pending: false, ...('movedTo' in answer ? { movedTo: answer.movedTo } : {}) });
    } catch (err) {
      set({ pending: false, error: err instanceof Error ? err.message : String(err) });
    }
  },
  dismiss: () => set({ movedTo: undefined, error: undefined }),
}));

/** Whether the banner has something to say for this status. */
export function useVenueBannerShown(local: VenueStatus | null | undefined): boolean {
  const { pending, movedTo, error } = useVenueRemedy();
  return local?.problem !== undefined || pending || movedTo !== undefined || error !== undefined;
}

function ProblemWords({ problem }: { problem: VenueProblem }): React.JSX.Element {
  const client = useQueryClient();
  const { pending, run } = useVenueRemedy();
  return (
    <>
      <strong>The local venue cannot start: {problem.title}.</strong>
      {problem.remedy === 'new-world' ? (
        <>
          <button disabled={pending} onClick={() => void run(client, 'venue.newWorld')}>Start a new local world</button>
          <span className="hint">Its folder is moved aside and kept (nothing in it is deleted); the orders, positions and API keys made there stay with it.</span>
        </>
      ) : (
        <>
          <button disabled={pending} onClick={() => void run(client, 'venue.restart')}>Try again</button>
          <span className="hint">once the other process has stopped.</span>
        </>
      )}
      <span className="said">{problem.detail}</span>
    </>
  );
}

export function VenueProblemBanner({ local }: { local: VenueStatus | null | undefined }): React.JSX.Element | null {
  const { pending, movedTo, error, dismiss } = useVenueRemedy();
  const problem = local?.problem;
  if (problem) {
    return (
      <div className="banner venue-problem" role="alert" data-testid="venue-problem" data-kind={problem.kind}>
        <ProblemWords problem={problem} />
        {error ? <span className="no">{error}</span> : null}
      </div>
    );
  }
  if (pending) return <div className="banner venue-problem" role="status" data-testid="venue-problem">Starting a new local world…</div>;
  if (movedTo === undefined && error === undefined) return null;
  return (
    <div className="banner venue-problem" role="status" data-testid="venue-new-world">
      {movedTo !== undefined ? (
        <span>
          A new local world has started. The old one is kept in <code>{movedTo}</code>. Your local accounts keep their wallet keys; each needs a new API key from this world (Settings → Accounts → Renew API key).
        </span>
      ) : (
        <span className="no">{error}</span>
      )}
      <button onClick={dismiss}>Dismiss</button>
    </div>
  );
}
