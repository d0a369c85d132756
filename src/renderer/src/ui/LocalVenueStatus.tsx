// The status bar's word on the embedded local venue: nothing while it runs, a note while it is
// starting or being restarted (on a new world, how far its generation has come), and once it is
// down, that it stopped with a button to start it again — or, when it cannot start on its folder,
// only that (the banner above the screens says why and what can be done). Each time it comes up
// the catalog sync resumes.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCall, useMutate } from '../api/hooks';
import { call } from '../api/transport';
import { keyOf } from '../api/keys';
import { venueNote } from './venue-note';
import './venue-status.css';

export function LocalVenueStatus(): React.JSX.Element | null {
  const status = useCall('venue.status', {});
  const restart = useMutate('venue.restart');
  const client = useQueryClient();
  const local = status.data?.local;
  const last = useRef(local?.state);
  useEffect(() => {
    const state = local?.state;
    if (state === 'running' && last.current !== undefined && last.current !== 'running') void call('sync.start', {}).catch(() => undefined);
    last.current = state;
  }, [local?.state]);
  if (!local) return null;
  if (local.state === 'starting' || local.state === 'restarting' || restart.isPending) {
    const state = local.state === 'starting' ? 'starting' : 'restarting';
    return (
      <span className="venue-status" role="status" data-testid="venue-status" data-state={state} data-percent={local.progress?.percent}>
        <span className="dot wait" />
        {venueNote({ ...local, state })}
      </span>
    );
  }
  if (local.state === 'running') return null;
  // Why and what to do are said above the screens (VenueProblem.tsx): a plain restart would fail again.
  if (local.problem) {
    return (
      <span className="venue-status" role="status" data-testid="venue-status" data-state="down" data-problem={local.problem.kind} title={local.problem.detail}>
        <span className="dot off" />
        Local venue cannot start
      </span>
    );
  }
  return (
    <span className="venue-status" role="status" data-testid="venue-status" data-state="down" title={local.reason ? `${local.reason.charAt(0).toUpperCase()}${local.reason.slice(1)}.` : undefined}>
      <span className="dot off" />
      Local venue stopped —{' '}
      <button onClick={() => restart.mutate({}, { onSuccess: (answer) => client.setQueryData(keyOf('venue.status', {}), answer) })}>Restart</button>
      {restart.error ? <span className="no" role="alert">{restart.error.message}</span> : null}
    </span>
  );
}
