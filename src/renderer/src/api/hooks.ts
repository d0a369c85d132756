// The one react-query binding over the contract: server state lives here, nowhere else.
import { useInfiniteQuery, useMutation, useQuery, type InfiniteData, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, CallName, CallOutput } from '@shared/ipc/contract';
import { keyOf, pagesKeyOf } from './keys';
import { liveCovers, useLiveVersion } from './live';
import { call, type IpcCallError } from './transport';

type CallOptions<N extends CallName> = Omit<UseQueryOptions<CallOutput<N>, IpcCallError>, 'queryKey' | 'queryFn'>;

/**
 * One call's answer. A read the core answers from its live books does not poll while the feed
 * is live (each change refreshes it instead); it polls at the screen's interval otherwise.
 */
export function useCall<N extends CallName>(name: N, input: CallInput<N>, options: CallOptions<N> = {}) {
  useLiveVersion(name);
  const every = options.refetchInterval;
  const refetchInterval: CallOptions<N>['refetchInterval'] =
    every === undefined || every === false ? every : (q) => (liveCovers(name, input, q.state.data) ? false : typeof every === 'function' ? every(q) : every);
  return useQuery<CallOutput<N>, IpcCallError>({ queryKey: keyOf(name, input), queryFn: () => call(name, input), ...options, ...(refetchInterval !== undefined ? { refetchInterval } : {}) });
}

export function useMutate<N extends CallName>(name: N) {
  return useMutation<CallOutput<N>, IpcCallError, CallInput<N>>({ mutationFn: (input) => call(name, input) });
}

/** A paged call (offset/limit) as one growing list; `next` loads the following page. */
export function useCallPages<N extends CallName>(name: N, input: CallInput<N>, pageSize: number, sizeOf: (page: CallOutput<N>) => number) {
  return useInfiniteQuery<CallOutput<N>, IpcCallError, InfiniteData<CallOutput<N>>, readonly unknown[], number>({
    queryKey: pagesKeyOf(name, input),
    queryFn: ({ pageParam }) => call(name, { ...input, limit: pageSize, offset: pageParam } as CallInput<N>),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (sizeOf(last) < pageSize ? undefined : all.length * pageSize),
  });
}
